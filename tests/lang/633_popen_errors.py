# subprocess.Popen errors: a missing program, a bad cwd, I/O on closed pipes, bad arguments
import subprocess
from subprocess import Popen, PIPE

try:
    Popen(['/nonexistent/prog'])
except FileNotFoundError as e:
    print('FileNotFoundError', e.errno, e.filename)
try:
    Popen(['no-such-program-here-xyz', 'a'])
except OSError as e:
    print(type(e).__name__, e.strerror)
try:
    Popen(['true'], cwd='/nonexistent/dir')
except FileNotFoundError as e:
    print('FileNotFoundError', e.filename)

p = Popen(['cat'], stdin=PIPE, stdout=PIPE)
p.stdin.close()
try:
    p.stdin.write(b'x')
except ValueError as e:
    print('ValueError', e)
print(p.stdout.read(), p.wait())

p = Popen(['cat'], stdin=PIPE, stdout=PIPE)
try:
    p.stdin.write('str to a bytes pipe')
except TypeError as e:
    print('TypeError', e)
p.communicate()

p = Popen(['cat'], stdin=PIPE, stdout=PIPE, text=True)
try:
    p.stdin.write(b'bytes to a text pipe')
except TypeError as e:
    print('TypeError', e)
p.communicate()

try:
    Popen(['true'], text=True, universal_newlines=False)
except subprocess.SubprocessError as e:
    print(type(e).__name__, e)

p = Popen(['sh', '-c', 'exit 2'], stdout=PIPE)
out, err = p.communicate()
print(out, err, p.returncode)
try:
    raise subprocess.CalledProcessError(p.returncode, p.args, out)
except subprocess.CalledProcessError as e:
    print(e)

p = Popen(['sh', '-c', 'kill -9 $$'])
print(p.wait())

p = Popen(['true'])
p.wait()
p.send_signal(15)
p.terminate()
print(p.returncode)
