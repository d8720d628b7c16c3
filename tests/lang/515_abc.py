# abc: ABC, ABCMeta, abstractmethod; instantiating an abstract class is a TypeError
from abc import ABC, ABCMeta, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    @abstractmethod
    def name(self): ...
    def describe(self):
        return f"{self.name()} {self.area()}"
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
    def name(self): return "square"
class Half(Shape):
    def area(self): return 1
for C in (Shape, Half):
    try:
        C()
    except TypeError as e:
        print(e)
print(Sq(3).describe(), isinstance(Sq(2), Shape), type(Shape).__name__, sorted(Shape.__abstractmethods__))
class P(metaclass=ABCMeta):
    @property
    @abstractmethod
    def v(self): ...
class Q(P):
    @property
    def v(self): return 5
print(Q().v, Q.__abstractmethods__)
