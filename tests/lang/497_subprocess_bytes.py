# subprocess with bytes (no text=True): outputs and input as bytes; tempfile binary modes
import subprocess
import tempfile
import os

r = subprocess.run(['printf', 'a\\nb\\0c'], capture_output=True)
print(r.stdout, r.stderr, r.returncode)
print(subprocess.check_output(['echo', 'hi']))
print(subprocess.check_output(['cat'], input=b'bytes in\xff\x00'))
print(subprocess.run(['cat'], input=bytearray(b'xy'), stdout=subprocess.PIPE).stdout)
print(subprocess.run('echo err >&2', shell=True, capture_output=True))
print(subprocess.run(['cat'], input='text in', capture_output=True, text=True).stdout)
print(subprocess.check_output('printf "\\303\\251"', shell=True), subprocess.check_output('printf "\\303\\251"', shell=True, text=True))
print(subprocess.check_output(['cat'], input=None))
out = subprocess.run(['head', '-c', '300000', '/dev/zero'], stdout=subprocess.PIPE).stdout
print(type(out).__name__, len(out), out.count(b'\0'))
for bad in [('text', {}), (b'bytes', {'text': True})]:
    try:
        subprocess.run(['cat'], input=bad[0], capture_output=True, **bad[1])
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
try:
    subprocess.check_output(['sh', '-c', 'printf out; exit 3'])
except subprocess.CalledProcessError as e:
    print(e.returncode, e.output, e)
print(subprocess.getoutput('echo x; echo y'))

# tempfile: binary by default
with tempfile.TemporaryFile() as f:
    f.write(b'\x00\x01binary')
    f.seek(0)
    print(f.read())
with tempfile.NamedTemporaryFile() as f:
    f.write(b'abc')
    f.flush()
    with open(f.name, 'rb') as g:
        print(g.read(), os.path.exists(f.name))
    name = f.name
print(os.path.exists(name))
with tempfile.NamedTemporaryFile('w+', suffix='.txt') as f:
    f.write('text')
    f.seek(0)
    print(f.read(), f.name.endswith('.txt'))
with tempfile.SpooledTemporaryFile(max_size=10) as s:
    s.write(b'small')
    print(s._rolled, s.tell())
    s.write(b' and now bigger than ten')
    print(s._rolled)
    s.seek(0)
    print(s.read())
with tempfile.SpooledTemporaryFile(mode='w+') as s:
    s.write('text spool')
    s.seek(0)
    print(s.read(), s._rolled)
