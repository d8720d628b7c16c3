# np.load of .npz archives (NpzFile: files, [name], .f, mapping, context manager, repr) written by
# NumPy (the fixtures) and by np.savez/np.savez_compressed; .out from NumPy 2
import os
import tempfile
import numpy as np

d = np.load('npz_fixture.npz')
print(repr(d))
print(d.files, list(d), len(d), 'w' in d, 'w.npy' in d, 'q' in d)
print(d['arr_0'], d['w'], d['m'], d['w.npy'].dtype, d['m'].dtype)
print(d.f.w, sorted(d.keys()), d.get('nope'), d.get('m').shape)
for k, v in d.items():
    print(k, v.shape, v.dtype)
try:
    d['zz']
except KeyError as e:
    print('KeyError', e)
d.close()

with np.load('npz_fixture_z.npz', allow_pickle=False) as z:
    print(repr(z))
    print(z['big'][:10], z['big'].sum(), z['u'], z['u'].dtype, z['s'], z['s'].shape, z['s'].dtype)

tmp = tempfile.mkdtemp()
p = os.path.join(tmp, 'out')
a = np.arange(12, dtype=np.float32).reshape(3, 4)
np.savez(p, a, np.array([1, 2, 3]), labels=np.array([0, 1, 1], dtype=np.uint8), flag=np.array(True))
print(sorted(os.listdir(tmp)))
with np.load(p + '.npz') as r:
    print(r.files)
    print(r['arr_0'], r['arr_1'], r['labels'], r['flag'], r['flag'].shape)
    print(np.array_equal(r['arr_0'], a), r['arr_0'].dtype, r['labels'].dtype)

q = os.path.join(tmp, 'c.npz')
np.savez_compressed(q, x=np.zeros(10000), y=np.arange(5))
print(os.path.getsize(q) < 2000)
with np.load(q) as r:
    print(r.files, r['x'].sum(), r['x'].shape, r['y'])

with open(q, 'rb') as f:
    r = np.load(f)
    print(r.files, r['y'])
np.savez(os.path.join(tmp, 'kw.npz'), **{'a b': np.ones(2), 'c': [1.5, 2.5]})
with np.load(os.path.join(tmp, 'kw.npz')) as r:
    print(r.files, r['a b'], r['c'])
with open(os.path.join(tmp, 'fobj.npz'), 'wb') as f:
    np.savez(f, k=np.arange(3))
print(np.load(os.path.join(tmp, 'fobj.npz'))['k'])
np.save(os.path.join(tmp, 'plain.npy'), np.arange(4))
with open(os.path.join(tmp, 'plain.npy'), 'rb') as f:
    print(np.load(f))

try:
    np.savez(os.path.join(tmp, 'dup.npz'), np.arange(2), arr_0=np.arange(3))
except ValueError as e:
    print('ValueError', e)
many = {f'k{i}': np.array(i) for i in range(7)}
np.savez(os.path.join(tmp, 'many.npz'), **many)
r = np.load(os.path.join(tmp, 'many.npz'))
print(repr(r).replace(tmp, 'TMP'))
print(type(r).__name__, [int(r[k]) for k in r])
