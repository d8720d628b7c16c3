# subprocess.Popen.communicate with large inputs and outputs on both pipes: no deadlock
from subprocess import Popen, PIPE
import subprocess

data = bytes(range(256)) * 8192  # 2 MiB
p = Popen(['cat'], stdin=PIPE, stdout=PIPE, stderr=PIPE)
out, err = p.communicate(data)
print(len(out), out == data, err, p.returncode)

script = 'i=0; while [ $i -lt 3000 ]; do echo "line $i of stdout"; echo "line $i of stderr" >&2; i=$((i+1)); done'
p = Popen(['sh', '-c', script], stdout=PIPE, stderr=PIPE, text=True)
out, err = p.communicate()
print(len(out.splitlines()), len(err.splitlines()), out.splitlines()[-1], err.splitlines()[2999])

p = Popen(['sh', '-c', 'cat; cat >&2 </dev/null; head -c 300000 /dev/zero >&2'], stdin=PIPE, stdout=PIPE, stderr=PIPE)
out, err = p.communicate(b'z' * 500000)
print(len(out), len(err), set(err))

p = Popen(['cat'], stdin=PIPE, stdout=PIPE, text=True)
text = ''.join('%d\u00e9\n' % i for i in range(50000))
out, _ = p.communicate(text)
print(out == text, len(out))

p = Popen(['head', '-c', '10'], stdin=PIPE, stdout=PIPE)
print(p.communicate(b'q' * 1000000))

r = subprocess.run(['cat'], input=data, capture_output=True)
print(len(r.stdout), r.stdout == data)
