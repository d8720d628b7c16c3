# gzip files and one-shot (de)compression, io.BytesIO / io.StringIO
import gzip, io, os
p = '/tmp/_sable_gz_test.gz'
with gzip.open(p, 'wb') as f:
    f.write(b'line one\nline two\n' * 3)
with gzip.open(p, 'rb') as f:
    print(f.read(5), f.readline(), f.read())
with gzip.open(p, 'rt') as f:
    print(f.readline(), list(f))
with gzip.open(p, 'wt') as f:
    f.write('héllo\n')
with gzip.open(p) as f:
    print(f.read())
print(gzip.decompress(gzip.compress(b'abc' * 10)), gzip.decompress(gzip.compress(b'x', mtime=0) + gzip.compress(b'y')))
print(gzip.compress(b'abc', mtime=0))
os.remove(p)
b = io.BytesIO(b'ab\ncd'); print(b.read(1), b.readline(), b.tell(), b.read(), b.getvalue()); b.seek(0); b.write(b'XY'); print(b.getvalue(), list(io.BytesIO(b'1\n2\n')))
s = io.StringIO(); s.write('hi\n'); s.write('there'); print(repr(s.getvalue())); s.seek(0); print(s.readline(), s.read(), s.tell())
with io.StringIO('a\nb') as s: print(list(s))
print(io.open is open)
try: gzip.decompress(b'nope')
except gzip.BadGzipFile as e: print(e)
