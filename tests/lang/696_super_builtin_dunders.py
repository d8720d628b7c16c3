# super().__getitem__ / __setitem__ / __add__ / __repr__ in subclasses of dict, str, int, list reach the
# builtin's slot wrappers; zero-argument super() in a method of an int subclass
class D(dict):
    def __getitem__(self, k):
        return super().__getitem__(k) + 1
    def __setitem__(self, k, v):
        super().__setitem__(k, v * 2)
    def __len__(self):
        return super().__len__() * 10
    def __contains__(self, k):
        return super().__contains__(k) or k == 'any'
    def __repr__(self):
        return 'D' + super().__repr__()
d = D()
d['a'] = 1
print(d['a'], len(d), 'any' in d, 'a' in d, 'b' in d, repr(d))
class S(str):
    def __add__(self, o):
        return S(super().__add__(o).upper())
    def __eq__(self, o):
        return super().__eq__(o.lower()) if isinstance(o, str) else NotImplemented
    __hash__ = str.__hash__
print(S('ab') + 'cd', S('ab') == 'AB', hash(S('x')) == hash('x'))
class I(int):
    def __add__(self, o):
        r = super().__add__(o)
        return r if r is NotImplemented else I(r * 10)
    def __repr__(self):
        return 'I(' + super().__repr__() + ')'
print(I(2) + 3, I(1).__add__(4), I(1).__add__(1.5))
class L(list):
    def __iter__(self):
        for x in super().__iter__():
            yield x * 2
    def __getitem__(self, i):
        return super().__getitem__(i) * 100
print(list(L([1, 2])), L([1, 2])[1], sorted(L([3, 1])))
class K(int):
    def f(self):
        return super().__repr__() + "!"
print(K(7).f())
