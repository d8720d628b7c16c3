# open() in binary modes: write/append/read(n)/readline/iteration/seek/tell
import os
p = '/tmp/_sable_bin_test.bin'
with open(p, 'wb') as f:
    print(f.write(b'\x00\x01abc\nline2\n\xff'))
    print(f.tell())
with open(p, 'ab') as f:
    f.write(bytearray(b'tail'))
with open(p, 'rb') as f:
    print(f.read(2), f.tell())
    print(f.readline())
    print(f.read())
    f.seek(0)
    print(list(f))
    f.seek(-4, 2)
    print(f.read(100), f.read(3))
with open(p, 'rb') as f:
    print(f.readlines())
os.remove(p)
