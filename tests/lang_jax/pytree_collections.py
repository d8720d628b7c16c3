# OrderedDict and defaultdict as pytree nodes (insertion-ordered / sorted keys, the treedef
# text, unflatten rebuilding the class and default_factory); Counter and other dict subclasses
# are leaves; through tree_map, jit, grad and vmap.
import jax
import jax.numpy as jnp
from collections import OrderedDict, defaultdict, Counter

tu = jax.tree_util

od = OrderedDict([('b', 1.0), ('a', 2.0)])
dd = defaultdict(list, {'b': 1.0, 'a': (2.0, 3.0)})
print(tu.tree_structure(od))
print(tu.tree_structure(dd))
print(tu.tree_structure(defaultdict(None, {'z': 1})))
print(tu.tree_structure(Counter(a=1, b=2)))
print(tu.tree_structure(OrderedDict()), tu.tree_structure(defaultdict(int)))
print(tu.tree_structure(OrderedDict([(1, {'x': 2}), (0, None)])))
print(tu.tree_structure({'d': defaultdict(int, c=1, a=2), 'o': OrderedDict(z=[1, 2], y=3)}))
print(tu.tree_leaves(od), tu.tree_leaves(dd))
print(tu.tree_structure(od).num_leaves, tu.tree_structure(od).num_nodes)

class MyOD(OrderedDict):
    pass

class MyDict(dict):
    pass

print(tu.tree_structure(MyOD(a=1, b=2)), tu.tree_structure(MyDict(a=1)))
print(tu.tree_leaves([Counter('aab'), MyOD(x=1.0)]))

# unflatten rebuilds the same class, with the default_factory
leaves, t = tu.tree_flatten(dd)
r = tu.tree_unflatten(t, [x * 10 for x in leaves])
print(type(r).__name__, r, r.default_factory)
r['new'].append(5)
print(r['new'])
leaves, t = tu.tree_flatten(od)
r = t.unflatten([7, 8])
print(type(r).__name__, r, list(r.keys()))

# structure equality: key order matters for OrderedDict, the factory for defaultdict
print(tu.tree_structure(od) == tu.tree_structure(OrderedDict([('b', 5), ('a', 6)])))
print(tu.tree_structure(od) == tu.tree_structure(OrderedDict([('a', 2.0), ('b', 1.0)])))
print(tu.tree_structure(od) == tu.tree_structure({'a': 1, 'b': 2}))
print(tu.tree_structure(defaultdict(list, {'a': 1})) == tu.tree_structure(defaultdict(list, {'a': 9})))
print(tu.tree_structure(defaultdict(list, {'a': 1})) == tu.tree_structure(defaultdict(int, {'a': 1})))

# tree_map
print(tu.tree_map(lambda x: x + 1, {'o': od, 'd': dd}))
print(tu.tree_map(lambda x, y: x + y, od, OrderedDict([('b', 2.0), ('a', 1.0)])))
for other in ({'a': 1, 'b': 2}, OrderedDict([('a', 2.0), ('b', 1.0)])):
    try:
        tu.tree_map(lambda x, y: x + y, od, other)
    except ValueError:
        print('ValueError')
print(jax.tree.map(lambda x: x * 2, defaultdict(int, k=jnp.arange(3))))

# jit
@jax.jit
def f(p):
    return OrderedDict([('sum', p['w'] + p['b']), ('w2', p['w'] * 2)])

out = f(OrderedDict([('w', jnp.arange(3.0)), ('b', jnp.ones(3))]))
print(type(out).__name__, list(out.keys()), out['sum'], out['w2'])

@jax.jit
def g(d):
    return defaultdict(float, {k: v.sum() for k, v in d.items()})

out = g(defaultdict(float, {'y': jnp.arange(4.0), 'x': jnp.ones(2)}))
print(type(out).__name__, out.default_factory, sorted(out.items()))

# grad
def loss(p):
    return jnp.sum(p['w'] ** 2) + 3.0 * p['b']

gr = jax.grad(loss)(OrderedDict([('w', jnp.array([1.0, 2.0])), ('b', 0.5)]))
print(type(gr).__name__, list(gr.keys()), gr['w'], gr['b'])
gr = jax.grad(loss)(defaultdict(list, {'w': jnp.array([3.0]), 'b': 1.0}))
print(type(gr).__name__, gr.default_factory, gr['w'], gr['b'])

# vmap
vo = jax.vmap(lambda p: p['a'] * p['b'])(OrderedDict([('a', jnp.arange(3.0)), ('b', jnp.full(3, 2.0))]))
print(vo)
vo = jax.vmap(lambda x: OrderedDict([('z', x), ('a', x * x)]))(jnp.arange(3.0))
print(type(vo).__name__, list(vo.keys()), vo['a'])
