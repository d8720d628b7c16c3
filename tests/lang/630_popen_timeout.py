# subprocess.Popen: wait(timeout), communicate(timeout) then kill, send_signal/terminate/kill
import subprocess
from subprocess import Popen, PIPE, TimeoutExpired

p = Popen(['sleep', '5'])
print(p.poll())
try:
    p.wait(timeout=0.1)
except TimeoutExpired as e:
    print('TimeoutExpired:', e, e.cmd, e.timeout)
p.kill()
print(p.wait(), p.returncode, p.poll())
p.kill()  # a finished child: nothing happens

p = Popen(['sleep', '5'])
p.terminate()
print(p.wait())

p = Popen(['sleep', '5'])
p.send_signal(2)
print(p.wait())

p = Popen(['sh', '-c', 'printf part; exec sleep 5'], stdout=PIPE)
try:
    p.communicate(timeout=0.3)
except TimeoutExpired as e:
    print('TimeoutExpired', e.stdout, e.stderr)
p.kill()
print(p.communicate(), p.returncode)

p = Popen(['sh', '-c', 'exec sleep 5'], stdout=PIPE, stderr=PIPE)
try:
    p.communicate(timeout=0.1)
except subprocess.SubprocessError as e:
    print(type(e).__name__, e.stdout, e.stderr)
p.kill()
print(p.communicate(), p.returncode)

p = Popen(['sh', '-c', 'sleep 0.1; echo done'], stdout=PIPE, text=True)
print(p.communicate(timeout=30), p.returncode)

p = Popen(['sh', '-c', 'sleep 0.1; exit 4'])
print(p.wait(timeout=30))

try:
    subprocess.run(['sleep', '5'], timeout=0.1, stdout=open('/dev/null', 'w'))
except TimeoutExpired as e:
    print('run:', type(e).__name__, e.cmd)
