# OSError family (errno -> subclass, errno/strerror/filename/filename2, str forms), errno module,
# os.pipe/read/write/fdopen, open(fd, closefd=False), int()/float() of bytes
import errno, os
print(errno.ENOENT, errno.errorcode[errno.ENOENT], errno.errorcode[11], errno.EWOULDBLOCK)
for args in [(2,'m','f',None,'g'), (2,'m','f'), (99999,'m'), ('x',), (1,2,3,4,5,6), (errno.EPIPE,'x'), (errno.EAGAIN,'x'), (errno.ECONNRESET,'x'), (errno.ETIMEDOUT,'t'), (errno.ESRCH,'s'), (errno.ENOTDIR,'d'),(errno.EINTR,'i'),(errno.ECHILD,'c'),(errno.EACCES,'a'),(None,'n')]:
    e = OSError(*args)
    print(type(e).__name__, repr(e), e.args, str(e), e.errno, e.strerror, e.filename, e.filename2)
e = FileNotFoundError(13, 'x'); print(repr(e))
e = OSError(2, 'm'); e.filename = 'q'; print(str(e), e.args)
print(issubclass(BrokenPipeError, ConnectionError), issubclass(ConnectionError, OSError), IOError is OSError, EnvironmentError is OSError)
class MyErr(OSError):
    def __init__(self, *a):
        super().__init__(*a)
e = MyErr(2, 'nf', 'fn'); print(type(e).__name__, e.args, str(e), e.filename)
try:
    open('/nonexistent/x')
except FileNotFoundError as e:
    print('FNF', e.errno, e.filename, e)
try:
    os.listdir('/etc/passwd')
except NotADirectoryError as e:
    print('NAD', e)
try:
    raise TimeoutError('slow')
except OSError as e:
    print(type(e).__name__, e, e.errno)
r, w = os.pipe()
print(os.write(w, b'hello'), os.read(r, 5))
f = os.fdopen(w, 'w')
f.write('abc\n'); f.close()
g = open(r, closefd=False)
print(repr(g.read()))
g.close()
try:
    os.read(r, 1)
    print('r still open')
except OSError as e:
    print('closed', e)
os.close(r)
try:
    os.close(r)
except OSError as e:
    print(type(e).__name__, e)
try:
    open('x.txt', closefd=False)
except ValueError as e:
    print(e)
try:
    os.fdopen('3')
except TypeError as e:
    print(e)
for x in ['int(b"x")','int(bytearray(b"z"),16)','float(b"q")','int(b" 12 ")','int(b"12",16)','float(bytearray(b"2.5"))','int(b"12")','int(bytearray(b"7"))','float(b"1.5")','float(b"1\\xff")','int(b"1_000")','float(b" -inf ")', 'int(b"")', 'float(b"")','int(b"9"*30)']:
  try: print(x, eval(x))
  except Exception as e: print(x, type(e).__name__, e)
# any buffer (memoryview, array.array) converts as its bytes
import array
for x in ['int(memoryview(b"5"))', 'float(memoryview(b"2.5"))', 'int(array.array("b", b"42"))',
          'float(array.array("b", b"4.5"))', 'int(memoryview(b"x"))', 'int(b"0x1f", 0)']:
    try:
        print(x, eval(x))
    except Exception as e:
        print(x, type(e).__name__, e)
# closefd=False: fileno() is the descriptor given, which stays open after close()
r, w = os.pipe()
f = open(w, "w", closefd=False)
print(f.fileno() == w)
f.write("x")
f.close()
print(os.read(r, 1))
os.close(w)
os.close(r)
