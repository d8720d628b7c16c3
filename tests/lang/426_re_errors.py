# re: re.error messages, positions, lineno/colno and other errors as CPython reports them
import re

bad = [r'(ab', r'ab)', r'[ab', r'a**', r'*a', r'a{3,2}', r'\q', r'[\A]', r'\x1', r'\u12',
       r'(?z)', r'(?<n>a)', r'(?P', r'(?P<1>a)', r'(?P<a>x)(?P<a>y)', r'(?P=b)', r'(a\1)',
       r'\8', r'[z-a]', r'[\d-z]', r'\400', r'(?#abc', r'(?i', r'(?-i)', r'(?-a:x)', r'(?au)',
       r'a(?i)b', r'^*', r'(?', r'(?P<a', r'(?P<>a)', r'(?(2)a|b)', r'(?(x)a|b)', r'+',
       r'a|*', r'(*)', 'ab\n(cd\nef', 'abc\n\\q', r'x{2}{3}', r'a??+', r'\\\k']
for p in bad:
    try:
        re.compile(p)
        print(repr(p), 'compiled')
    except re.error as e:
        print(repr(p), '->', e, '|', e.msg, e.pos, e.lineno, e.colno, e.pattern == p)
print(issubclass(re.error, Exception), re.error.__name__, re.error.__module__)
e = re.error('custom', 'a\nbc', 3)
print(e, e.msg, e.pos, e.lineno, e.colno, e.args)
e = re.error('plain')
print(e, e.msg, e.pos, e.pattern, e.lineno, e.args)
for args in [(1, 'a'), ('a', 1), ('a', None)]:
    try:
        re.search(*args)
    except TypeError as e:
        print('TypeError', e)
try:
    re.compile('(?<=a+)b')
except re.error as e:
    print('re.error', e)
try:
    raise re.error('nothing to repeat', '*', 0)
except re.error as e:
    print(type(e).__name__, e)
