# isinstance, type(), type names, bool as an int subclass, class hierarchy checks
values = [1, 1.5, "s", True, None, [1], (1,), {"a": 1}, {1}, lambda: 0, range(2)]
for v in values:
    print(type(v).__name__, isinstance(v, int), isinstance(v, (list, tuple)), type(v) is int)
print(type(1), type("x"), type(None), type([]), type(int))
print(isinstance(True, int), isinstance(True, bool), isinstance(1, bool), type(True) is bool)
print(isinstance(1, (str, float)), isinstance(1.0, (str, float)), isinstance("x", object))
print(type(1) == int, type(1.0) == float, type("") == str, type([]) == list)
class Animal:
    pass
class Dog(Animal):
    pass
class Puppy(Dog):
    pass
d = Puppy()
print(isinstance(d, Animal), isinstance(d, Dog), isinstance(Animal(), Dog), type(d).__name__)
print(issubclass(Puppy, Animal), issubclass(Animal, Puppy), issubclass(bool, int), issubclass(Dog, Dog))
print(type(d) is Puppy, type(d) is Dog, type(d), Dog)
print(int("3") + int(2.9), str(type(3.0)), float.__name__, Dog.__name__)
def describe(x):
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "int"
    if isinstance(x, float):
        return "float"
    if isinstance(x, str):
        return "str"
    if isinstance(x, (list, tuple)):
        return "sequence of " + str(len(x))
    if isinstance(x, dict):
        return "mapping"
    return "other"
print([describe(v) for v in [True, 3, 2.0, "a", [1, 2], (), {}, None]])
print(type(type(1)), type(len).__name__ in ("builtin_function_or_method", "function"))
print(callable(Dog), callable(d), isinstance(Dog, type))
print(type(3)(4.7), type("a")(5), type([])((1, 2)))
