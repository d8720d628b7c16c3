# sable._treepath - the key-path half of jax.tree_util (DictKey, SequenceKey, GetAttrKey,
# tree_flatten_with_path, keystr, register_pytree_with_keys, ...), Partial and tree_transpose,
# in Sable over the native flattening (lang/transform/tree.c). Re-exported by jax.tree_util.
from jax.tree_util import (tree_flatten as _flatten, tree_unflatten as _unflatten,
                           tree_structure as _structure, tree_map as _map,
                           register_pytree_node as _register, _node_children)


class DictKey:
    __slots__ = ("key",)

    def __init__(self, key):
        self.key = key

    def __str__(self):
        return "[" + repr(self.key) + "]"

    def __repr__(self):
        return "DictKey(key=" + repr(self.key) + ")"

    def __eq__(self, other):
        return type(other) is DictKey and self.key == other.key

    def __hash__(self):
        return hash(("DictKey", self.key))


class SequenceKey:
    __slots__ = ("idx",)

    def __init__(self, idx):
        self.idx = idx

    def __str__(self):
        return "[" + repr(self.idx) + "]"

    def __repr__(self):
        return "SequenceKey(idx=" + repr(self.idx) + ")"

    def __eq__(self, other):
        return type(other) is SequenceKey and self.idx == other.idx

    def __hash__(self):
        return hash(("SequenceKey", self.idx))


class GetAttrKey:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return "." + self.name

    def __repr__(self):
        return "GetAttrKey(name=" + repr(self.name) + ")"

    def __eq__(self, other):
        return type(other) is GetAttrKey and self.name == other.name

    def __hash__(self):
        return hash(("GetAttrKey", self.name))


class FlattenedIndexKey:
    __slots__ = ("key",)

    def __init__(self, key):
        self.key = key

    def __str__(self):
        return "[<flat index " + str(self.key) + ">]"

    def __repr__(self):
        return "FlattenedIndexKey(key=" + repr(self.key) + ")"

    def __eq__(self, other):
        return type(other) is FlattenedIndexKey and self.key == other.key

    def __hash__(self):
        return hash(("FlattenedIndexKey", self.key))


# classes registered with keys: class -> flatten_with_keys(x) -> (((key, child), ...), aux)
_with_keys = {}


def _children(x):
    """None for a leaf, else the list of (key, child) one level down."""
    fk = _with_keys.get(type(x))
    if fk is not None:
        pairs, _ = fk(x)
        return [(k, c) for k, c in pairs]
    info = _node_children(x)
    if info is None:
        return None
    kind, keys, kids = info
    if kind == "seq":
        return [(SequenceKey(i), c) for i, c in enumerate(kids)]
    if kind == "dict":
        return [(DictKey(k), c) for k, c in zip(keys, kids)]
    if kind == "nt" or kind == "attr":
        return [(GetAttrKey(k), c) for k, c in zip(keys, kids)]
    return [(FlattenedIndexKey(i), c) for i, c in enumerate(kids)]


def _walk(x, path, is_leaf, out):
    if is_leaf is not None and is_leaf(x):
        out.append((path, x))
        return
    kids = _children(x)
    if kids is None:
        out.append((path, x))
        return
    for k, c in kids:
        _walk(c, path + (k,), is_leaf, out)


def tree_flatten_with_path(tree, is_leaf=None):
    """(list of (key path, leaf), treedef): the leaves in tree_flatten's order."""
    out = []
    _walk(tree, (), is_leaf, out)
    return out, _structure(tree, is_leaf=is_leaf)


def tree_leaves_with_path(tree, is_leaf=None):
    out = []
    _walk(tree, (), is_leaf, out)
    return out


def tree_map_with_path(f, tree, *rest, is_leaf=None):
    """tree_map whose f also receives each leaf's key path first."""
    paths = iter([p for p, _ in tree_leaves_with_path(tree, is_leaf)])
    return _map(lambda x, *r: f(next(paths), x, *r), tree, *rest, is_leaf=is_leaf)


def _key_simple(k):
    if isinstance(k, DictKey):
        return str(k.key)
    if isinstance(k, SequenceKey):
        return str(k.idx)
    if isinstance(k, GetAttrKey):
        return k.name
    if isinstance(k, FlattenedIndexKey):
        return str(k.key)
    return str(k)


def keystr(keys, *, simple=False, separator=""):
    """A key path as text: "['a'][0].w", or "a/0/w" with simple=True, separator="/"."""
    if simple:
        return separator.join(_key_simple(k) for k in keys)
    return separator.join(str(k) for k in keys)


def register_pytree_with_keys(nodetype, flatten_with_keys, unflatten_func, flatten_func=None):
    """Register a pytree node whose children have keys (for the *_with_path functions)."""
    if flatten_func is None:
        def flatten_func(x):
            pairs, aux = flatten_with_keys(x)
            return [c for _, c in pairs], aux
    _register(nodetype, flatten_func, unflatten_func)
    _with_keys[nodetype] = flatten_with_keys
    return nodetype


def register_pytree_with_keys_class(cls):
    """A class decorator: cls.tree_flatten_with_keys and the classmethod cls.tree_unflatten."""
    flat = getattr(cls, "tree_flatten", None)
    register_pytree_with_keys(cls, lambda x: x.tree_flatten_with_keys(), cls.tree_unflatten,
                              None if flat is None else (lambda x: x.tree_flatten()))
    return cls


class Partial:
    """functools.partial as a pytree: the bound arguments are its children, the function its
    static part, so a Partial can be passed through jit, vmap and grad. (Not a subclass of
    functools.partial here: Sable's partial is not subclassable.)"""

    def __init__(self, func, *args, **keywords):
        if isinstance(func, Partial):
            args = func.args + args
            keywords = dict(func.keywords, **keywords)
            func = func.func
        if not callable(func):
            raise TypeError("the first argument must be callable")
        self.func = func
        self.args = tuple(args)
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        return self.func(*self.args, *args, **dict(self.keywords, **keywords))

    def __repr__(self):
        parts = [repr(self.func)] + [repr(a) for a in self.args]
        parts += [k + "=" + repr(v) for k, v in self.keywords.items()]
        return "Partial(" + ", ".join(parts) + ")"


_register(Partial, lambda p: ((p.args, p.keywords), p.func),
          lambda func, ch: Partial(func, *ch[0], **ch[1]))


def all_leaves(iterable, is_leaf=None):
    """True if every element is a leaf (its own one-leaf tree)."""
    if is_leaf is None:
        return all(_children(x) is None and x is not None for x in iterable)
    leaves = list(iterable)
    return leaves == _flatten(leaves, is_leaf=is_leaf)[0]


def treedef_is_leaf(treedef):
    return treedef.num_nodes == 1


def tree_transpose(outer_treedef, inner_treedef, pytree_to_transpose):
    """A tree of outer structure whose leaves are trees of inner structure, turned inside out."""
    flat, treedef = _flatten(pytree_to_transpose)
    outer_n = outer_treedef.num_leaves
    if inner_treedef is None:
        if outer_n == 0:
            raise TypeError("tree_transpose: cannot infer the inner structure of an empty tree")
        # the first outer leaf's subtree, found by walking the outer structure
        inner_treedef = _structure(_up_to(outer_treedef, pytree_to_transpose)[0])
    inner_n = inner_treedef.num_leaves
    expected = _structure(_unflatten(outer_treedef,
                                     [_unflatten(inner_treedef, [0] * inner_n)] * outer_n))
    if treedef != expected:
        raise TypeError("Mismatch\n" + repr(treedef) + "\n != \n" + repr(expected))
    it = iter(flat)
    lol = [[next(it) for _ in range(inner_n)] for __ in range(outer_n)]
    subtrees = [_unflatten(outer_treedef, list(col)) for col in zip(*lol)]
    return _unflatten(inner_treedef, subtrees)


def _up_to(treedef, tree):
    """The subtrees of tree at the leaves of treedef (a prefix of tree's structure)."""
    marker = object()
    probe = _unflatten(treedef, [marker] * treedef.num_leaves)
    out = []

    def go(p, t):
        if p is marker:
            out.append(t)
            return
        pk = _children(p)
        tk = _children(t)
        if pk is None or tk is None or len(pk) != len(tk):
            raise TypeError("tree_transpose: the tree does not have the outer structure " +
                            repr(treedef))
        for (_, a), (_, b) in zip(pk, tk):
            go(a, b)

    go(probe, tree)
    return out
