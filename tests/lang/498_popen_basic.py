# subprocess.Popen: communicate, returncode, poll/wait, stderr=STDOUT, DEVNULL, context manager
import subprocess
from subprocess import Popen, PIPE, STDOUT, DEVNULL

p = Popen(['sh', '-c', 'printf "a\\nb"; printf err >&2; exit 3'], stdout=PIPE, stderr=PIPE)
print(isinstance(p.pid, int) and p.pid > 0, p.returncode)
print(p.communicate())
print(p.returncode, p.poll(), p.wait())
print(repr(p))

p = Popen(['sh', '-c', 'echo out; echo err >&2'], stdout=PIPE, stderr=STDOUT)
out, err = p.communicate()
print(out, err, p.returncode)

p = Popen(['sh', '-c', 'echo hidden; echo shown >&2'], stdout=DEVNULL, stderr=PIPE)
print(p.communicate())

p = Popen(['cat'], stdin=PIPE, stdout=PIPE)
print(p.communicate(b'through cat\n'))

p = Popen(['cat'], stdin=DEVNULL, stdout=PIPE)
print(p.communicate())

p = Popen(['sh', '-c', 'exit 7'])
print(p.wait(), p.returncode)

with Popen(['printf', 'x y z'], stdout=PIPE) as p:
    print(p.stdout.read())
print(p.returncode, p.stdout.closed)

p = Popen(['true'])
print(p.communicate(), p.returncode)

p = Popen(['sh', '-c', 'printf "%s|" "$@"', 'sh', 'a b', '', 'c'], stdout=PIPE, text=True)
print(p.communicate())

p = Popen('printf "%s" "$0-$1"', shell=True, stdout=PIPE)
print(p.communicate())
p = Popen(['printf "%s" "$0-$1"', 'zero', 'one'], shell=True, stdout=PIPE)
print(p.communicate())
