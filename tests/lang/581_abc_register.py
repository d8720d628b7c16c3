# isinstance/issubclass go through a metaclass's __instancecheck__/__subclasscheck__:
# abc.ABCMeta.register, __subclasshook__, and typing's runtime_checkable protocols
import abc
from typing import Protocol, runtime_checkable


class Meta(type):
    def __instancecheck__(cls, inst):
        print("instancecheck", cls.__name__, type(inst).__name__)
        return inst == 42

    def __subclasscheck__(cls, sub):
        print("subclasscheck", cls.__name__, sub.__name__)
        return sub is int


class Answer(metaclass=Meta):
    pass


print(isinstance(42, Answer), isinstance(41, Answer))
print(isinstance(Answer(), Answer))
print(issubclass(int, Answer), issubclass(str, Answer))
print(isinstance(42, (str, Answer)))
print(issubclass(Answer, Answer))


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        ...


class Square(Shape):
    def area(self):
        return 4


class Circle:
    def area(self):
        return 3


print(isinstance(Square(), Shape), isinstance(Circle(), Shape))
print(Shape.register(Circle) is Circle)
print(isinstance(Circle(), Shape), issubclass(Circle, Shape))
print(issubclass(int, Shape))


class Sub(Shape):
    pass


class Other:
    pass


Sub.register(Other)
print(issubclass(Other, Sub), issubclass(Other, Shape), isinstance(Other(), Shape))

try:
    Circle.register
except AttributeError as e:
    print("AttributeError")
try:
    Square.register(Shape)
except RuntimeError as e:
    print(e)


class Sized(abc.ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return any("__len__" in B.__dict__ for B in C.__mro__)
        return NotImplemented


class Bag:
    def __len__(self):
        return 0


class BigBag(Bag):
    pass


print(issubclass(Bag, Sized), issubclass(int, Sized), isinstance(BigBag(), Sized))


class MoreSized(Sized):
    pass


print(issubclass(Bag, MoreSized))


@runtime_checkable
class Closable(Protocol):
    def close(self):
        ...


class File:
    def close(self):
        pass


class NotFile:
    pass


print(isinstance(File(), Closable), isinstance(NotFile(), Closable))
print(issubclass(File, Closable), issubclass(NotFile, Closable))


class Plain(Protocol):
    def meth(self):
        ...


try:
    isinstance(File(), Plain)
except TypeError as e:
    print(e)


@runtime_checkable
class HasX(Protocol):
    x: int


class P:
    def __init__(self):
        self.x = 1


print(isinstance(P(), HasX), isinstance(NotFile(), HasX))
try:
    issubclass(P, HasX)
except TypeError as e:
    print(e)
try:
    runtime_checkable(P)
except TypeError as e:
    print(str(e).split(",")[0])
