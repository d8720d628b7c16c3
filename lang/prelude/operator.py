# operator - the standard operators as functions, and itemgetter/attrgetter/methodcaller as
# classes with CPython's reprs.

_abs = abs

def lt(a, b):
    return a < b

def le(a, b):
    return a <= b

def eq(a, b):
    return a == b

def ne(a, b):
    return a != b

def ge(a, b):
    return a >= b

def gt(a, b):
    return a > b

def not_(a):
    return not a

def truth(a):
    return True if a else False

def is_(a, b):
    return a is b

def is_not(a, b):
    return a is not b

def abs(a):
    return _abs(a)

def add(a, b):
    return a + b

def and_(a, b):
    return a & b

def floordiv(a, b):
    return a // b

def index(a):
    if isinstance(a, bool):
        return int(a)
    if isinstance(a, int):
        return a
    if hasattr(a, '__index__'):
        return a.__index__()
    raise TypeError("'" + type(a).__name__ + "' object cannot be interpreted as an integer")

def inv(a):
    return ~a

invert = inv

def lshift(a, b):
    return a << b

def mod(a, b):
    return a % b

def mul(a, b):
    return a * b

def matmul(a, b):
    return a @ b

def neg(a):
    return -a

def or_(a, b):
    return a | b

def pos(a):
    return +a

def pow(a, b):
    return a ** b

def rshift(a, b):
    return a >> b

def sub(a, b):
    return a - b

def truediv(a, b):
    return a / b

def xor(a, b):
    return a ^ b

def concat(a, b):
    # builtin sequences expose no __getitem__ attribute in Sable
    if not (isinstance(a, (list, tuple, str)) or
            (hasattr(a, '__getitem__') and not isinstance(a, dict))):
        raise TypeError("'" + type(a).__name__ + "' object can't be concatenated")
    return a + b

def contains(a, b):
    return b in a

def countOf(a, b):
    n = 0
    for x in a:
        if x is b or x == b:
            n += 1
    return n

def indexOf(a, b):
    i = 0
    for x in a:
        if x is b or x == b:
            return i
        i += 1
    raise ValueError('sequence.index(x): x not in sequence')

def getitem(a, b):
    return a[b]

def setitem(a, b, c):
    a[b] = c

def delitem(a, b):
    del a[b]

def length_hint(obj, default=0):
    if hasattr(obj, '__len__'):
        return len(obj)
    return default

def iadd(a, b):
    a += b
    return a

def isub(a, b):
    a -= b
    return a

def imul(a, b):
    a *= b
    return a

def iconcat(a, b):
    a += b
    return a

class attrgetter:
    def __init__(self, attr, *attrs):
        names = (attr,) + attrs
        for n in names:
            if not isinstance(n, str):
                raise TypeError('attribute name must be a string')
        self._attrs = names
        self._paths = [n.split('.') for n in names]
    def _one(self, obj, path):
        for name in path:
            obj = getattr(obj, name)
        return obj
    def __call__(self, obj):
        if len(self._paths) == 1:
            return self._one(obj, self._paths[0])
        return tuple([self._one(obj, p) for p in self._paths])
    def __repr__(self):
        return 'operator.attrgetter(' + ', '.join([repr(a) for a in self._attrs]) + ')'

class itemgetter:
    def __init__(self, item, *items):
        self._items = (item,) + items
    def __call__(self, obj):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple([obj[i] for i in self._items])
    def __repr__(self):
        return 'operator.itemgetter(' + ', '.join([repr(a) for a in self._items]) + ')'

class methodcaller:
    def __init__(self, name, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError('method name must be a string')
        self._name = name
        self._args = args
        self._kwargs = kwargs
    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)
    def __repr__(self):
        parts = [repr(self._name)] + [repr(a) for a in self._args]
        for k, v in self._kwargs.items():
            parts.append(k + '=' + repr(v))
        return 'operator.methodcaller(' + ', '.join(parts) + ')'

__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__add__ = add
__sub__ = sub
__mul__ = mul
__truediv__ = truediv
__floordiv__ = floordiv
__mod__ = mod
__pow__ = pow
__neg__ = neg
__pos__ = pos
__getitem__ = getitem
__setitem__ = setitem
__delitem__ = delitem
__contains__ = contains
