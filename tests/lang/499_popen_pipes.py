# subprocess.Popen's stdin/stdout as file objects: write, close, readline, iteration, read(n),
# text and bytes, universal newlines, encoding
from subprocess import Popen, PIPE

with Popen(['cat'], stdin=PIPE, stdout=PIPE, text=True) as p:
    print(p.stdin.writable(), p.stdout.readable(), p.stdin.closed)
    n = p.stdin.write('one\ntwo\n')
    print(n)
    p.stdin.writelines(['three\n', 'four'])
    p.stdin.flush()
    p.stdin.close()
    print(p.stdin.closed)
    print(repr(p.stdout.readline()))
    for line in p.stdout:
        print(repr(line))
    print(repr(p.stdout.readline()), repr(p.stdout.read()))
print(p.returncode)

p = Popen(['cat'], stdin=PIPE, stdout=PIPE)
p.stdin.write(b'abc\ndef\nghi')
p.stdin.close()
print(p.stdout.read(2), p.stdout.read(3), p.stdout.readline(), p.stdout.readlines())
p.stdout.close()
print(p.wait())

p = Popen(['sh', '-c', 'printf "x\\r\\ny\\rz\\n"'], stdout=PIPE, universal_newlines=True)
print(repr(p.stdout.readline()), repr(p.stdout.readline()), repr(p.stdout.read()))
p.wait()
p = Popen(['sh', '-c', 'printf "x\\r\\ny\\rz\\n"'], stdout=PIPE)
print(repr(p.stdout.read()))
p.wait()
p = Popen(['sh', '-c', 'printf "x\\r\\ny\\rz\\n"'], stdout=PIPE, text=True)
print(p.communicate())

s = 'h\u00e9llo w\u00f6rld \u20ac\n'
p = Popen(['cat'], stdin=PIPE, stdout=PIPE, encoding='utf-8')
print(p.communicate(s))
p = Popen(['cat'], stdin=PIPE, stdout=PIPE, text=True)
p.stdin.write(s * 3)
p.stdin.close()
print(p.stdout.read(3), p.stdout.read(5), repr(p.stdout.readline()), len(p.stdout.read()))
p.wait()

p = Popen(['sh', '-c', 'printf "1\\n2\\n3\\n"'], stdout=PIPE)
print([int(x.decode()) for x in p.stdout])
p.wait()

p = Popen(['sh', '-c', 'read a; echo got $a; read b; echo got $b'], stdin=PIPE, stdout=PIPE, text=True)
p.stdin.write('first\n')
p.stdin.flush()
print(repr(p.stdout.readline()))
p.stdin.write('second\n')
p.stdin.close()
print(repr(p.stdout.readline()))
p.stdout.close()
p.wait()
try:
    p.stdout.read()
except ValueError as e:
    print('ValueError', e)
