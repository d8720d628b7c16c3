# subprocess.Popen with files and fds as streams, cwd, env, shell; run() over files
import os
import subprocess
import sys
import tempfile
from subprocess import Popen, PIPE, STDOUT

d = tempfile.mkdtemp()
path = os.path.join(d, 'out.txt')
with open(path, 'w') as f:
    p = Popen(['sh', '-c', 'echo to file; echo err too >&2'], stdout=f, stderr=STDOUT)
    print(p.wait())
with open(path) as f:
    print(repr(f.read()))

with open(path, 'a') as f:
    p = Popen(['printf', 'by fd\\n'], stdout=f.fileno())
    print(p.wait())
with open(path) as f:
    print(repr(f.read()))

with open(path) as f:
    p = Popen(['tr', 'a-z', 'A-Z'], stdin=f, stdout=PIPE)
    print(p.communicate())

with open(path, 'rb') as f:
    r = subprocess.run(['wc', '-l'], stdin=f, capture_output=True, text=True)
print(r.returncode, r.stdout.strip(), r.stderr)

with open(path, 'w') as f:
    r = subprocess.run(['sh', '-c', 'echo via run'], stdout=f)
print(r)
with open(path) as f:
    print(repr(f.read()))

p = Popen(['pwd'], stdout=PIPE, cwd=d, text=True)
print(p.communicate()[0].strip() == os.path.realpath(d))

p = Popen(['sh', '-c', 'echo "$FOO:$BAR"'], stdout=PIPE, env={'FOO': 'foo', 'PATH': os.environ['PATH']})
print(p.communicate())

p = Popen('echo $0; echo "a  b" | tr -s " "', shell=True, stdout=PIPE, text=True)
print(p.communicate())

sys.stdout.flush()
p = Popen(['sh', '-c', 'echo inherited stdout'])
p.wait()
print('after', p.returncode)

os.remove(path)
os.rmdir(d)
