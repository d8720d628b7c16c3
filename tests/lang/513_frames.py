# sys._getframe: f_code.co_name, f_lineno, f_back, f_locals of the calling frames
import sys
def g():
    f = sys._getframe(1)
    return f.f_code.co_name, f.f_lineno, f.f_back.f_code.co_name, sorted(f.f_locals)
def h(a, b=2):
    c = 3
    return g()
print(h(1))
def outer():
    return inner()
def inner():
    names = []
    f = sys._getframe()
    while f is not None:
        names.append(f.f_code.co_name)
        f = f.f_back
    return names
print(outer())
try:
    sys._getframe(1000)
except ValueError as e:
    print("ValueError:", e)
