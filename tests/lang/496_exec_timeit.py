# exec/eval with globals and locals dicts (CPython semantics: __builtins__ injected, names bound
# into the dicts), and timeit with statement strings, setup and globals=
import timeit

g = {'x': 3}
exec('y = x * 2\ndef f():\n    return y + x', g)
print(sorted(k for k in g if k != '__builtins__'), g['y'], g['f'](), type(g['__builtins__']))
print(eval('x + y', g), eval('x + z', g, {'z': 10}), eval('len([1, 2])', {}))
loc = {}
exec('a = x + 1\nb = [i * x for i in range(3)]', g, loc)
print(sorted(loc.items()), 'a' in g)
try:
    exec('w = 5\n1 / 0', g)
except ZeroDivisionError as e:
    print('ZeroDivisionError', e, g['w'])
for bad in [[], 'text']:
    try:
        exec('x', bad)
    except TypeError as e:
        print(e)
exec('del y', g)
print('y' in g)
try:
    eval('undefined_name', {})
except NameError as e:
    print(e)
code = compile('total = sum(range(n))', '<cfg>', 'exec')
ns = {'n': 5}
exec(code, ns)
print(ns['total'])
exec('import math\nr = math.sqrt(16)', ns)
print(ns['r'], type(ns['math']).__name__)
exec('class K:\n    v = 7\nobj = K()', ns)
print(ns['obj'].v, ns['K'].__name__)

# timeit
print(timeit.timeit('x * 2', setup='x = 3', number=1000) >= 0)
t = timeit.Timer('s.append(1)', 's = []')
print(t.timeit(5) >= 0, len(t.repeat(3, 4)))
shared = {'acc': []}
timeit.timeit('acc.append(len(acc))', globals=shared, number=7)
print(shared['acc'])
print(timeit.Timer(lambda: None).timeit(3) >= 0)
calls = []
timeit.timeit(lambda: calls.append(1), setup=lambda: calls.append(0), number=3)
print(calls)
print(timeit.Timer('for i in range(3):\n    pass', 'a = 1\nb = 2').src)
for bad_stmt in [5, 'return 1']:
    try:
        timeit.Timer(bad_stmt)
    except (ValueError, SyntaxError) as e:
        print(type(e).__name__)
n, secs = timeit.Timer('pass').autorange()
print(n >= 1, secs >= 0.2)
