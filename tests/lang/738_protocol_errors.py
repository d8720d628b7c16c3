# Protocol errors worded as CPython 3.11 words them: an exception from __set_name__ is raised
# again as RuntimeError from it; zip() and str.join() on what cannot be iterated (join rewords
# only iter()'s TypeError, not one raised while iterating); __class_getitem__ = None;
# __new__ = None; object's methods on int/str subclass instances see the subclass.


def t(label, f):
    try:
        r = f()
        print(label, '->', repr(r))
    except Exception as e:
        print(label, '!!', type(e).__name__, e)
        c = e.__cause__
        if c is not None:
            print('   cause', type(c).__name__, c, e.__suppress_context__)


class Bad:
    def __set_name__(self, owner, name):
        raise ValueError('no ' + name)


def make():
    class K:
        first = 1
        attr = Bad()
    return K


t('set_name', make)


class NoneSN:
    __set_name__ = None


def make2():
    class K2:
        b = NoneSN()


t('set_name None', make2)


class Good:
    def __set_name__(self, owner, name):
        self.where = (owner.__name__, name)


class K3:
    g = Good()


print('set_name ok', K3.g.where)

t('zip 1', lambda: zip(object()))
t('zip 2', lambda: zip([1], 5))
t('zip ok', lambda: list(zip('ab', [1, 2])))
t('join int', lambda: ','.join(5))
t('join obj', lambda: '-'.join(object()))


class It:
    __iter__ = None


t('join iter None', lambda: ','.join(It()))


def gen():
    yield 'a'
    raise TypeError('inside')


t('join gen', lambda: ','.join(gen()))
t('join items', lambda: ','.join(['a', 1]))
t('join str', lambda: ','.join('abc'))
t('join dict', lambda: ','.join({'x': 1, 'y': 2}))


class CG:
    __class_getitem__ = None


t('class_getitem None', lambda: CG[int])


class LG(list):
    __class_getitem__ = None


t('list sub class_getitem None', lambda: LG[int])


class CG2:
    def __class_getitem__(cls, k):
        return (cls.__name__, k)


t('class_getitem', lambda: CG2[int])


class N:
    __new__ = None


t('new None', lambda: N())


class MyI(int):
    pass


class MyS(str):
    pass


i = MyI(7)
t('int sub setattr', lambda: (i.__setattr__('tag', 1), i.tag))
t('int sub repr', lambda: object.__repr__(i).split(' at ')[0])
t('str sub getstate', lambda: MyS('x').__getstate__())
t('int sub bit_length', lambda: i.bit_length())
