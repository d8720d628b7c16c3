# Single inheritance: overriding, super(), chains of __init__, isinstance along the chain
class Shape:
    kind = "shape"
    def __inid__(self, name):
        self.name = name
    def area(self):
        return 0
    def describe(self):
        return f"{self.name} ({self.kind}) area={self.area():.2f}"
class Rect(Shape):
    kind = "rect"
    def __init__(self, w, h):
        super().__init__("rect")
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
class Square(Rect):
    kind = "square"
    def __init__(self, side):
        super().__init__(side, side)
        self.name = "square"
    def describe(self):
        return "Square! " + super().describe()
class Circle(Shape):
    def __init__(self, r):
        Shape.__init__(self, "circle")
        self.r = r
    def area(self):
        return 3.14159 * self.r ** 2
shapes = [Shape("blob"), Rect(2, 3), Square(4), Circle(1)]
for s in shapes:
    print(s.describe())
print([type(s).__name__ for s in shapes], [isinstance(s, Rect) for s in shapes])
print(Square.kind, Circle.kind, Square(2).w, issubclass(Square, Shape))
class Base:
    def __init__(self):
        self.log = ["Base"]
    def hello(self):
        return "base hello"
    def template(self):
        return "[" + self.hook() + "]"
    def hook(self):
        return "base hook"
class Child(Base):
    def __init__(self):
        super().__init__()
        self.log.append("Child")
    def hook(self):
        return "child hook"
class GrandChild(Child):
    def __init__(self):
        super().__init__()
        self.log.append("GrandChild")
    def hello(self):
        return "grand " + super().hello()
g = GrandChild()
print(g.log, g.hello(), g.template(), Base().template())
class NoInit(Child):
    pass
 print(NoInit().log, NoInit().hook())
class Animal:
    sound = "..."
    def speak(self):
        return f"{type(self).__name__} says {self.sound}"
class Dog(Animal):
    sound = "woof"
class Cat(Animal):
    sound = "meow"
    def speak(self):
        return super().speak().upper()
print([a.speak() for a in [Animal(), Dog(), Cat()]])
class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
    def deposit(self, x):
        self.balance += x
        return self
class Savings(Account):
    def __init__(self, owner, rate):
        super().__init__(owner, 100)
        self.rate = rate
    def add_interest(self):
        self.balance += self.balance * self.rate
        return self
s = Savings("ann", 0.5).deposit(100).add_interest()
print(s.owner, s.balance, isinstance(s, Account))
