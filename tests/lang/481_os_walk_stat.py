import os
import tempfile
d = tempfile.mkdtemp()
if os.path.exists(d):
    for r, ds, fs in os.walk(d, topdown=False):
        for f in fs: os.remove(os.path.join(r, f))
        os.rmdir(r)
os.makedirs(d + '/a/b')
open(d + '/a/x.txt', 'w').write('hello')
open(d + '/a/b/y.txt', 'w').write('hi')
for r, ds, fs in os.walk(d):
    ds.sort()
    print(r[len(d):], ds, sorted(fs))
st = os.stat(d + '/a/x.txt')
print(st.st_size, st[6], len(list(st)))
print(sorted(e.name for e in os.scandir(d + '/a')), [e.is_dir() for e in sorted(os.scandir(d+'/a'), key=lambda e: e.name)])
print(os.path.normpath('a//b/../c/./d'), os.path.relpath('/a/b/c', '/a/d'), os.path.isabs('/x'))
print(os.path.commonpath(['/a/b/c', '/a/b/d']), os.path.commonprefix(['abc', 'abd']))
print(os.path.abspath('/x/../y'), os.path.splitext('a/b.tar.gz'), os.path.expandvars('$NOPE_X/a'))
import sys
sys.stdout.flush()
print(os.system('echo from-system; exit 3'))
print(os.access(d, os.W_OK), os.path.islink(d), os.path.realpath(d + '/a/../zz') == os.path.realpath(d) + '/zz')
for r, ds, fs in os.walk(d, topdown=False):
    for f in fs: os.remove(os.path.join(r, f))
    os.rmdir(r)
print(os.path.exists(d))
try: os.stat('/nonexist')
except FileNotFoundError as e: print(e)
p = os.path
print(p.join('a', '/b', 'c'), p.split('/a/b/'), p.basename('x/y.txt'), p.dirname('x/y.txt'), p.splitext('.bashrc'))
print(p.relpath('a/b', 'a'), p.relpath('/x', '/x'), p.normpath('//a/b'), p.normpath('../../a/.'), p.commonpath(['a/b', 'a/c']))
print(os.fspath('x'), os.sep, os.curdir, os.pardir, os.pathsep, os.devnull)
try: os.fspath(3)
except TypeError as e: print(e)
