# globals() and vars() at module level are the live module namespace: writes, deletes, exec into it,
# module.__dict__ is the same dict; locals() in a function stays a snapshot
import weakref
globals()['x'] = 1
print(x)
g = globals()
x = 5
print(g['x'], 'x' in globals())
del globals()['x']
print('x' in globals(), 'x' in g)
try:
    x
except NameError as e:
    print('NameError', e)
y = 3
print(g.get('y'), vars()['y'], locals() is globals(), globals() is g)
def f():
    a = 1
    l = locals()
    a = 2
    return l['a'], 'a' in globals()
print(f())
def setter():
    globals()['made'] = 'yes'
setter()
print(made)
g.update(p=1, q=2)
print(p + q)
print(g.pop('p'), 'p' in g)
try:
    p
except NameError as e:
    print('NameError', e)
exec("z = 10\ndef h(): return z", globals())
print(z, h())
z = 11
print(h(), eval('z + 1', globals()))
class C: pass
c = C()
r = weakref.ref(c)
del c
print(r() is None)
g[1] = 'int key'
print(g[1])
print(sorted(k for k in globals() if isinstance(k, str) and not k.startswith('__') and len(k) == 1))
for i in range(3):
    pass
print(g['i'])
s = 0
for i in range(5):
    s += i
print(g['s'])
try:
    raise ValueError('v')
except ValueError as err:
    print('err' in g)
print('err' in g)
import sys
print(sys.modules[__name__].__dict__ is globals())
sys.modules[__name__].w = 7
print(g['w'], w)
setattr(sys.modules[__name__], 'w', 8)
print(g['w'])
del g['w']
print(hasattr(sys.modules[__name__], 'w'))
