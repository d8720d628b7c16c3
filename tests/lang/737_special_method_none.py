# Special methods set to None, as CPython 3.11 treats them: __hash__, __iter__, __contains__
# and __reversed__ = None mean "not supported" (unhashable, not iterable even with
# __getitem__, not a container even when iterable, not reversible even as a sequence); any
# other one is found and called, so the error is "'NoneType' object is not callable" (a dict
# subclass's __missing__ = None included). Subclasses of builtins do not fall back to the
# builtin's method. The ABCs read None as absent.
def t(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "!!", type(e).__name__, e)

class D(dict):
    __missing__ = None
t("missing", lambda: D()['k'])
class D2(dict):
    __missing__ = 5
t("missing5", lambda: D2()['k'])

class H:
    __hash__ = None
t("hash", lambda: hash(H()))
t("hash set", lambda: {H()})
t("hash dict", lambda: {H(): 1})
class I:
    __iter__ = None
t("iter", lambda: iter(I()))
t("for", lambda: [x for x in I()])
t("list", lambda: list(I()))
class IG:
    __iter__ = None
    def __getitem__(self, i):
        if i < 3: return i
        raise IndexError
t("iter getitem", lambda: list(IG()))
class C:
    __contains__ = None
t("contains", lambda: 1 in C())
class CI:
    __contains__ = None
    def __iter__(self): return iter([1])
t("contains iter", lambda: 1 in CI())
class L:
    __len__ = None
t("len", lambda: len(L()))
t("bool len", lambda: bool(L()))
class B:
    __bool__ = None
t("bool", lambda: bool(B()))
t("not", lambda: not B())
t("if", lambda: 1 if B() else 0)
class R:
    __reversed__ = None
    def __len__(self): return 2
    def __getitem__(self, i): return i
t("reversed", lambda: reversed(R()))
class GI:
    __getitem__ = None
t("getitem", lambda: GI()[0])
class SI:
    __setitem__ = None
def f():
    SI()[0] = 1
t("setitem", f)
class DI:
    __delitem__ = None
def g():
    del DI()[0]
t("delitem", g)
class Call:
    __call__ = None
t("call", lambda: Call()())
class Add:
    __add__ = None
t("add", lambda: Add() + 1)
t("radd", lambda: 1 + Add())
class RAdd:
    __radd__ = None
t("radd2", lambda: 1 + RAdd())
class Neg:
    __neg__ = None
t("neg", lambda: -Neg())
class Abs:
    __abs__ = None
t("abs", lambda: abs(Abs()))
class Int:
    __int__ = None
t("int", lambda: int(Int()))
class Flt:
    __float__ = None
t("float", lambda: float(Flt()))
class Idx:
    __index__ = None
t("index", lambda: [1,2][Idx()])
t("operator.index", lambda: __import__('operator').index(Idx()))
class Rnd:
    __round__ = None
t("round", lambda: round(Rnd()))
class Dm:
    __divmod__ = None
t("divmod", lambda: divmod(Dm(), 1))
class Dr:
    __dir__ = None
t("dir", lambda: dir(Dr()))
class Eq:
    __eq__ = None
t("eq", lambda: Eq() == 1)
class Lt:
    __lt__ = None
t("lt", lambda: Lt() < 1)
class Rp:
    __repr__ = None
t("repr", lambda: repr(Rp()))
class St:
    __str__ = None
t("str", lambda: str(St()))
class Fm:
    __format__ = None
t("format", lambda: format(Fm()))
class En:
    __enter__ = None
    def __exit__(self, *a): pass
def w():
    with En(): pass
t("with", w)
class Nx:
    def __iter__(self): return self
    __next__ = None
t("next", lambda: next(Nx()))
class Gattr:
    __getattr__ = None
t("getattr", lambda: Gattr().foo)
class Trunc:
    __trunc__ = None
t("trunc", lambda: __import__('math').trunc(Trunc()))
class Fl:
    __floor__ = None
t("floor", lambda: __import__('math').floor(Fl()))
class Ceil:
    __ceil__ = None
t("ceil", lambda: __import__('math').ceil(Ceil()))
class By:
    __bytes__ = None
t("bytes", lambda: bytes(By()))
class Hs:
    __hash__ = None
import collections.abc
t("Hashable", lambda: isinstance(Hs(), collections.abc.Hashable))
t("Iterable", lambda: isinstance(I(), collections.abc.Iterable))
t("Container", lambda: isinstance(C(), collections.abc.Container))
t("Sized", lambda: isinstance(L(), collections.abc.Sized))
t("Reversible", lambda: isinstance(R(), collections.abc.Reversible))
class IA:
    __iadd__ = None
def ia():
    x = IA(); x += 1
t("iadd", ia)
class LH(list):
    __hash__ = None
t("list hash", lambda: hash(LH()))
class TH(tuple):
    __hash__ = None
t("tuple sub hash", lambda: hash(TH()))
class DH(dict):
    __iter__ = None
t("dict sub iter", lambda: list(DH(a=1)))
class DL(dict):
    __len__ = None
t("dict sub len", lambda: len(DL(a=1)))
class DC(dict):
    __contains__ = None
t("dict sub contains", lambda: 'a' in DC(a=1))
class DG(dict):
    __getitem__ = None
t("dict sub getitem", lambda: DG(a=1)['a'])
class E:
    __eq__ = None
t("eq-hash", lambda: hash(E()))
t("ne", lambda: E() != 1)
t("req", lambda: 1 == E())
class Desc:
    __get__ = None
class HasD:
    d = Desc()
t("get", lambda: HasD().d)
class SetD:
    def __get__(self, o, t): return 1
    __set__ = None
class HasS:
    d = SetD()
def s():
    h = HasS(); h.d = 2; return h.d
t("set", s)
class SN:
    __set_name__ = None
def sn():
    class K:
        a = SN()
t("set_name", sn)
class Meta(type):
    __instancecheck__ = None
class WM(metaclass=Meta): pass
t("instancecheck", lambda: isinstance(1, WM))
class CG:
    __class_getitem__ = None
t("class_getitem", lambda: CG[int])
class Ex:
    def __enter__(self): return self
    __exit__ = None
def ex():
    with Ex(): pass
t("exit", ex)
class SA:
    __setattr__ = None
def sa():
    x = SA(); x.a = 1
t("setattr", sa)
class DA:
    __delattr__ = None
def da():
    x = DA(); del x.a
t("delattr", da)
class LHint:
    __length_hint__ = None
    def __iter__(self): return iter([])
import operator
t("length_hint", lambda: operator.length_hint(LHint()))
class Pos:
    __pos__ = None
t("pos", lambda: +Pos())
class Inv:
    __invert__ = None
t("invert", lambda: ~Inv())
class RM:
    __rmul__ = None
t("rmul", lambda: 2 * RM())
class BoolLen:
    __bool__ = None
    def __len__(self): return 1
t("bool-len", lambda: bool(BoolLen()))
class It:
    __iter__ = None
    def __contains__(self, x): return True
t("in with iter none", lambda: 1 in It())
t("sorted", lambda: sorted(It()))
t("tuple", lambda: tuple(It()))
t("set", lambda: set(It()))
t("enumerate", lambda: enumerate(It()))
t("zip", lambda: zip(It()))
def unp():
    a, b = It()
t("unpack2", unp)
t("str.join", lambda: ",".join(It()))
class TH(tuple):
    __iter__ = None
t("tuple sub list", lambda: list(TH((1,2))))
class SH(str):
    __iter__ = None
t("str sub list", lambda: list(SH("ab")))
class SetH(set):
    __contains__ = None
t("set sub in", lambda: 1 in SetH({1}))
class LR(list):
    __reversed__ = None
t("list sub reversed", lambda: reversed(LR([1])))
class DR(dict):
    __reversed__ = None
t("dict sub reversed", lambda: reversed(DR(a=1)))
class Nxt:
    __next__ = None
    def __iter__(self): return self
t("for next none", lambda: [x for x in Nxt()])
