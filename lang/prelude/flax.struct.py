# flax.struct - frozen dataclasses that are pytrees: fields are children unless marked
# field(pytree_node=False), which makes them static (part of the tree structure), as Flax's.

import dataclasses
from jax import tree_util


def field(pytree_node=True, **kwargs):
    f = dataclasses.field(**kwargs)
    f.metadata = {'pytree_node': pytree_node}
    return f


def dataclass(clz=None, **kwargs):
    if clz is None:
        def wrap(c):
            return dataclass(c, **kwargs)
        return wrap
    if '_flax_dataclass' in clz.__dict__:
        return clz
    if 'frozen' not in kwargs:
        kwargs['frozen'] = True
    data_clz = dataclasses.dataclass(clz, **kwargs)
    data_fields = []
    meta_fields = []
    for f in dataclasses.fields(data_clz):
        md = getattr(f, 'metadata', None)
        if md is not None and not md.get('pytree_node', True):
            meta_fields.append(f.name)
        else:
            data_fields.append(f.name)

    def replace(self, **updates):
        return dataclasses.replace(self, **updates)

    data_clz.replace = replace
    tree_util.register_dataclass(data_clz, data_fields, meta_fields)
    data_clz._flax_dataclass = True
    return data_clz


class PyTreeNode:
    def __init_subclass__(cls, **kwargs):
        dataclass(cls, **kwargs)
