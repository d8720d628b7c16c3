"""Module docstring: pass, ellipsis, comments and docstrings in every position."""
# A comment before code
def stub():
    """Only a docstring."""
def stub2():
    pass
def stub3():
    ...
class Empty:
    """A class with only a docstring."""
class Empty2:
    pass
print(stub(), stub2(), stub3(), Empty.__doc__, type(Empty2()).__name__)
print(stub.__doc__, stub2.__doc__)
for i in range(2):
    pass  # trailing comment
if True:
    pass
else:
    pass
while False:
    pass
try:
    pass
except Exception:
    pass
x = ...
print(x, x is Ellipsis, type(x).__name__)
def documented(a, b):
    """Add two numbers.

    Longer description spanning
    several lines.
    """
    # comment inside
    return a + b  # comment after code
print(documented(1, 2))
print(documented.__doc__.splitlines()[0])
s = "# not a comment"
print(s)
t = """# also
not a comment"""
print(t)
# a comment at the end of the file without a newline after it