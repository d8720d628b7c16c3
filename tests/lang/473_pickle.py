# pickle: the bytes CPython writes for builtin values in every protocol, round trips, shared
# references and cycles, class instances with __reduce__/__getstate__/__setstate__
import pickle

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return 'Point(%r, %r)' % (self.x, self.y)

class Empty:
    pass

class Custom:
    def __init__(self, v):
        self.v = v
    def __reduce__(self):
        return (Custom, (self.v * 2,))

class Stateful:
    def __init__(self):
        self.a = 1
        self.cache = 'big'
    def __getstate__(self):
        return {'a': self.a}
    def __setstate__(self, st):
        self.a = st['a']
        self.cache = None

values = [None, True, False, 0, 1, 255, 256, 65535, 65536, -1, -2**31, 2**31 - 1, 2**31, -2**31 - 1,
          2**62, -2**62 - 2**62, 0.0, -0.0, 1.5, 1e300, float('inf'), '', 'a', 'héllo €', 'x' * 300,
          b'', b'\x00\xff', b'y' * 300, bytearray(b'ab'), bytearray(), (), (1,), (1, 2), (1, 2, 3),
          (1, 2, 3, 4), [], [1], [1, 'a', None], {}, {'k': 1}, {'a': [1, 2], 'b': (3,), 1: 2.5},
          set(), {1}, frozenset(), frozenset({2}), list(range(1500)), {i: i for i in range(1200)}]
for proto in range(6):
    for v in values:
        s = pickle.dumps(v, proto)
        back = pickle.loads(s)
        print(proto, s if len(s) < 120 else (len(s), s[:60], s[-30:]), back == v, type(back).__name__)
shared = [1, 2]
obj = [shared, shared, {'s': shared}]
for proto in (2, 4, 5):
    s = pickle.dumps(obj, proto)
    back = pickle.loads(s)
    print(s, back, back[0] is back[1], back[2]['s'] is back[0])
cyc = [1]
cyc.append(cyc)
d = {}
d['self'] = d
for proto in range(6):
    s = pickle.dumps(cyc, proto)
    b = pickle.loads(s)
    print(s, b[1] is b)
    s = pickle.dumps(d, proto)
    b = pickle.loads(s)
    print(s, b['self'] is b)
t = ([],)
t[0].append(t)
s = pickle.dumps(t)
print(s, pickle.loads(s)[0][0][0] is not None)
for proto in range(6):
    p = Point(1, [2, 3])
    s = pickle.dumps(p, proto)
    print(s, pickle.loads(s))
print(pickle.dumps(Empty()), type(pickle.loads(pickle.dumps(Empty()))).__name__)
c = pickle.loads(pickle.dumps(Custom(21)))
print(pickle.dumps(Custom(21)), c.v)
st = pickle.loads(pickle.dumps(Stateful()))
print(pickle.dumps(Stateful()), st.a, st.cache)
print(pickle.dumps([Point, Custom, len]))
print(pickle.loads(pickle.dumps([Point, len])) == [Point, len])
big = b'z' * 70000
s = pickle.dumps([big, 'after'])
print(len(s), s[:30], s[70000:])
s = pickle.dumps(['q' * 70000, 1])
print(len(s), s[:20], s[70000:])
print(pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL, issubclass(pickle.UnpicklingError, pickle.PickleError))
import io
f = io.BytesIO()
pickle.dump({'a': 1}, f)
pickle.dump([2], f)
f.seek(0)
print(pickle.load(f), pickle.load(f))
for bad in [b'', b'\x80\x04K', b'\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00K\x01.', b'Z', b'\x80\x04]\x94(K\x01K\x02', b'\x80\x04h\x05.',
            b'\x80\x04t.', b'\x80\x04a.', b'\x80\x04\x8c\x05ab', b'\x80\x09.', b'0.']:
    try:
        print(pickle.loads(bad))
    except Exception as e:
        print(type(e).__name__, e)
# protocol 0/1 text opcodes written by CPython
print(pickle.loads(b"(lp0\nI1\naF2.5\naS'a\\nb'\np1\naVh\\u00e9\np2\na(dp3\nVk\np4\nL12345678901L\nsa."))
print(pickle.loads(b']q\x00(K\x01G@\x04\x00\x00\x00\x00\x00\x00U\x02abq\x01X\x02\x00\x00\x00\xc3\xa9q\x02e.'))
try:
    pickle.dumps(lambda x: x)
except Exception as e:
    print(type(e).__name__)
