# pickle and NumPy: pickles written by CPython + NumPy 2 (protocols 2, 4, 5) load as the same
# arrays, and arrays are pickled with the bytes NumPy writes
import pickle
import numpy as np

for proto in (2, 4, 5):
    with open('pickle_numpy_p%d.pkl' % proto, 'rb') as f:
        d = pickle.load(f)
    for k in sorted(d):
        v = d[k]
        if isinstance(v, np.ndarray):
            print(proto, k, v.dtype, v.shape, v.tolist())
        else:
            print(proto, k, v if k != 'shared' else [x.tolist() for x in v])
    print(d['shared'][0] is d['shared'][1], d['shared'][0] is d['f32'])

for a in [np.arange(6, dtype=np.float32).reshape(2, 3), np.array([1.5, -2.0]), np.array([1, 2, 3], dtype=np.int32),
          np.array([True, False]), np.array([0, 255], dtype=np.uint8), np.arange(3, dtype=np.int64),
          np.zeros((2, 0, 2), dtype=np.float32), np.array(2.0)]:
    s = pickle.dumps(a)
    b = pickle.loads(s)
    print(s)
    print(b.dtype, b.shape, b.tolist() == a.tolist())
x = np.ones(3, dtype=np.float32)
print(pickle.dumps([x, x, {'w': x}]))
print(pickle.dumps((np.array([1.0]), np.array([2], dtype=np.int32)), protocol=2))
