import subprocess, sys, os
r = subprocess.run(['echo', 'hello', 'world'], capture_output=True, text=True)
print(r)
print(repr(r.stdout), r.returncode, repr(r.stderr))
r = subprocess.run('echo out; echo err 1>&2; exit 3', shell=True, capture_output=True, text=True)
print(r.returncode, repr(r.stdout), repr(r.stderr))
print(repr(subprocess.check_output(['printf', 'a\\nb\\n'], text=True)))
print(repr(subprocess.check_output('echo $((6*7))', shell=True, text=True)))
r = subprocess.run(['cat'], input='piped input\nline 2\n', capture_output=True, text=True)
print(repr(r.stdout))
r = subprocess.run(['sh', '-c', 'echo both; echo e >&2'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
print(repr(r.stdout), r.stderr)
r = subprocess.run(['sh', '-c', 'echo hidden'], stdout=subprocess.DEVNULL)
print(r)
try:
    subprocess.run(['false'], check=True)
except subprocess.CalledProcessError as e:
    print('error:', e, e.returncode, e.cmd)
try:
    subprocess.check_output(['sh', '-c', 'echo partial; exit 2'], text=True)
except subprocess.CalledProcessError as e:
    print(e, repr(e.output), repr(e.stdout))
try:
    subprocess.run(['no-such-command-sable-test'])
except FileNotFoundError as e:
    print(type(e).__name__, e.errno, e.filename)
print(subprocess.call(['sh', '-c', 'exit 5']), subprocess.check_call(['true']))
sys.stdout.flush()
subprocess.run(['echo', 'inherited stdout'])
r = subprocess.run(['pwd'], cwd='/', capture_output=True, text=True)
print(r.stdout.strip())
os.environ['SABLE_SUBPROC_X'] = 'from-environ'
print(subprocess.run('echo $SABLE_SUBPROC_X', shell=True, capture_output=True, text=True).stdout.strip())
print(subprocess.run('echo $Y', shell=True, capture_output=True, text=True, env={'Y': 'only'}).stdout.strip())
print(subprocess.getoutput('echo one; echo two'), subprocess.getstatusoutput('exit 4'))
r = subprocess.run(['sh', '-c', 'kill -9 $$'])
print(r.returncode)
try:
    subprocess.run(['sh', '-c', 'kill -15 $$'], check=True)
except subprocess.CalledProcessError as e:
    print(e)
try:
    subprocess.run(['sleep', '5'], timeout=0.2)
except subprocess.TimeoutExpired as e:
    print('timeout:', type(e).__name__, e.cmd)
big = subprocess.run(['seq', '1', '20000'], capture_output=True, text=True).stdout
print(len(big.splitlines()), big.splitlines()[-1])
print(subprocess.PIPE, subprocess.STDOUT, subprocess.DEVNULL)
