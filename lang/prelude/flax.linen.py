# flax.linen - Flax 0.12's Module system (setup/@compact, scopes, init/apply, rng folding by
# module path) and its layers, written after flax/linen and flax/core/scope.py so that the same key draws the same parameters.

import hashlib
from types import FunctionType as _FunctionType
import math
import jax
import jax.numpy as jnp
from jax import lax, random
import jax.nn.initializers as _jinit
from jax.nn import (relu, relu6, sigmoid, hard_sigmoid, softplus, soft_sign, log_sigmoid, silu,
                    swish, hard_silu, hard_swish, gelu, elu, celu, selu, leaky_relu, hard_tanh,
                    glu, softmax, log_softmax, standardize, one_hot)
import flax.core as _core
import flax.linen.initializers as initializers

tanh = jnp.tanh
logsumexp = jax.scipy.special.logsumexp if hasattr(jax, 'scipy') else None
FrozenDict = _core.FrozenDict

_MISSING = object()
_unspecified = object()
_stack = []
_capture = []

_DOC = 'https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.'


class FlaxError(Exception):
    pass


def _err(kind, msg):
    cls = type(kind, (FlaxError,), {})
    return cls(msg + ' (' + _DOC + kind + ')')


# ---------------------------------------------------------------- rngs: flax/core/scope.py

def _int_bytes(x):
    out = []
    while x > 0:
        out.append(x & 255)
        x >>= 8
    out.reverse()
    return bytes(out)


def _fold_in_static(rng, data):
    if not data:
        return rng
    m = hashlib.sha1()
    for x in data:
        if isinstance(x, str):
            m.update(x.encode('utf-8'))
        elif isinstance(x, int):
            m.update(_int_bytes(x))
        else:
            raise ValueError(f'Expected int or string, got: {x}')
    d = m.digest()
    h = (d[0] << 24) | (d[1] << 16) | (d[2] << 8) | d[3]
    return random.fold_in(rng, jnp.uint32(h))


class DenyList:
    def __init__(self, deny):
        self.deny = deny


def _in_filter(f, col):
    if f is True:
        return True
    if f is False or f is None:
        return False
    if isinstance(f, str):
        return f == col
    if isinstance(f, DenyList):
        return not _in_filter(f.deny, col)
    return col in f


class _Root:
    def __init__(self, variables, mutable, flags):
        self.variables = variables
        self.mutable = mutable
        self.flags = flags
        self.counters = {}


class _Scope:
    def __init__(self, root, path, rngs):
        self.root = root
        self.path = path
        self.rngs = rngs

    def push(self, name):
        rngs = {k: (v[0], v[1] + (name,)) for k, v in self.rngs.items()}
        return _Scope(self.root, self.path + (name,), rngs)

    def path_text(self):
        return '/' + '/'.join(self.path)

    def make_rng(self, name='params'):
        if name not in self.rngs:
            if 'params' in self.rngs:
                name = 'params'
            else:
                who = self.path[-1] if self.path else None
                raise _err('InvalidRngError', f'{who} needs PRNG for "{name}"')
        counters = self.root.counters.get(self.path)
        if counters is None:
            counters = {}
            self.root.counters[self.path] = counters
        n = counters.get(name, 0) + 1
        counters[name] = n
        key, suffix = self.rngs[name]
        return _fold_in_static(key, suffix + (n,))

    def _collection(self, col, create):
        d = self.root.variables.get(col)
        if d is None:
            if not create:
                return None
            d = {}
            self.root.variables[col] = d
        for p in self.path:
            nxt = d.get(p)
            if nxt is None:
                if not create:
                    return None
                nxt = {}
                d[p] = nxt
            d = nxt
        return d

    def is_mutable_collection(self, col):
        return _in_filter(self.root.mutable, col)

    def has_variable(self, col, name):
        d = self._collection(col, False)
        return d is not None and name in d

    def get_variable(self, col, name, default=None):
        d = self._collection(col, False)
        if d is None or name not in d:
            return default
        return d[name]

    def put_variable(self, col, name, value):
        if not self.is_mutable_collection(col):
            raise _err('ModifyScopeVariableError',
                       f'Cannot update variable "{name}" in "{self.path_text()}" because '
                       f'collection "{col}" is immutable.')
        self._collection(col, True)[name] = value

    def param(self, name, init_fn, *args, **kwargs):
        d = self._collection('params', False)
        if d is not None and name in d:
            return d[name]
        if not self.is_mutable_collection('params'):
            if self.root.variables.get('params') is None:
                raise _err('ScopeCollectionNotFound',
                           f'Tried to access "{name}" from collection "params" in '
                           f'"{self.path_text()}" but the collection is empty.')
            raise _err('ScopeParamNotFoundError',
                       f'Could not find parameter named "{name}" in scope "{self.path_text()}".')
        value = init_fn(self.make_rng('params'), *args, **kwargs)
        self.put_variable('params', name, value)
        return value


def _copy_tree(x):
    if isinstance(x, _core.FrozenDict):
        x = _core.unfreeze(x)
    if isinstance(x, dict):
        return {k: _copy_tree(v) for k, v in x.items()}
    return x


# ---------------------------------------------------------------- Module

def compact(fun):
    fun.compact = True
    return fun


def nowrap(fun):
    fun.nowrap = True
    return fun


class Variable:
    def __init__(self, scope, collection, name):
        self.scope = scope
        self.collection = collection
        self.name = name

    @property
    def value(self):
        return self.scope.get_variable(self.collection, self.name)

    @value.setter
    def value(self, v):
        self.scope.put_variable(self.collection, self.name, v)

    def is_mutable(self):
        return self.scope.is_mutable_collection(self.collection)

    def __repr__(self):
        return f'Variable(collection={self.collection!r}, name={self.name!r}, value={self.value!r})'


class _State:
    def __init__(self):
        self.in_compact_method = False
        self.in_setup = False
        self.setup_called = False
        self.autoname_cursor = {}
        self.children = {}


_RESERVED = {'setup', 'param', 'variable', 'make_rng', 'is_initializing', 'is_mutable_collection',
             'has_variable', 'has_rng', 'get_variable', 'put_variable', 'sow', 'init', 'apply',
             'init_with_output', 'clone', 'bind', 'unbind', 'tabulate', 'variables', 'path',
             'lazy_init'}


def _wrap_method(fun):
    is_compact = getattr(fun, 'compact', False)

    def wrapped(self, *args, **kwargs):
        if self.scope is None:
            if is_compact:
                raise _err('CallCompactUnboundModuleError',
                           "Can't call compact methods on unbound modules")
            return fun(self, *args, **kwargs)
        self._try_setup()
        st = self._state
        outer = not st.in_compact_method
        if is_compact:
            st.in_compact_method = True
        row = None
        if _summary:
            row = [self, fun.__name__, args, kwargs, None]
            _summary[-1].append(row)
        _stack.append(self)
        try:
            y = fun(self, *args, **kwargs)
            if row is not None:
                row[4] = y
            if _capture and _capture[-1] is not None and _capture[-1](self, fun.__name__):
                self.sow('intermediates', fun.__name__, y)
        finally:
            _stack.pop()
            if is_compact and outer:
                st.in_compact_method = False
                st.autoname_cursor = {}
        return y

    wrapped.__name__ = fun.__name__
    wrapped._flax_wrapped = True
    if is_compact:
        wrapped.compact = True
    return wrapped


_summary = []


def _fields_of(cls):
    import dataclasses as _dc
    fields = {}
    for base in reversed(cls.__mro__):
        anns = base.__dict__.get('__annotations__', {})
        for fname in anns:
            if fname in ('parent', 'name') or fname.startswith('_'):
                continue
            v = base.__dict__.get(fname, _MISSING)
            d, fac = v, _MISSING
            if isinstance(v, _dc.Field):
                d = v.default
                fac = v.default_factory
                if d is _dc.MISSING:
                    d = _MISSING
                if fac is _dc.MISSING:
                    fac = _MISSING
                if d is not _MISSING:
                    setattr(base, fname, d)
            if fname in fields and d is _MISSING and fac is _MISSING:
                continue
            fields[fname] = (d, fac)
    return [(k, v[0], v[1]) for k, v in fields.items()]


def _is_module_tree(v):
    if isinstance(v, Module):
        return True
    if isinstance(v, (list, tuple)):
        return any(_is_module_tree(x) for x in v)
    if isinstance(v, dict):
        return any(_is_module_tree(x) for x in v.values())
    return False


class Module:
    def __init_subclass__(cls, **kwargs):
        cls._fields = _fields_of(cls)
        # a field's default stays as given (a subclass reads it from here), as Flax wraps
        # only methods
        names = {f[0] for f in cls._fields}
        for k, v in list(cls.__dict__.items()):
            if k in names:
                continue
            if k in _RESERVED or (k.startswith('__') and k != '__call__') or k.startswith('_'):
                if k != '__call__':
                    continue
            if isinstance(v, (type, staticmethod, classmethod, property)):
                continue
            if not isinstance(v, _FunctionType) or getattr(v, '_flax_wrapped', False) or getattr(v, 'nowrap', False):
                continue
            setattr(cls, k, _wrap_method(v))

    def __init__(self, *args, **kwargs):
        cls = type(self)
        fields = cls._fields
        parent = kwargs.pop('parent', _unspecified)
        name = kwargs.pop('name', None)
        if len(args) > len(fields):
            raise TypeError(f'{cls.__name__}.__init__() takes {len(fields) + 1} positional '
                            f'arguments but {len(args) + 1} were given')
        vals = {}
        for f, a in zip(fields, args):
            vals[f[0]] = a
        names = [f[0] for f in fields]
        for k, v in kwargs.items():
            if k not in names:
                raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument '{k}'")
            if k in vals:
                raise TypeError(f"{cls.__name__}.__init__() got multiple values for argument '{k}'")
            vals[k] = v
        for fname, d, fac in fields:
            if fname in vals:
                v = vals[fname]
            elif fac is not _MISSING:
                v = fac()
            elif d is not _MISSING:
                v = d
            else:
                raise TypeError(f"{cls.__name__}.__init__() missing 1 required positional argument: '{fname}'")
            object.__setattr__(self, fname, v)
        object.__setattr__(self, 'name', name)
        object.__setattr__(self, '_state', _State())
        object.__setattr__(self, 'scope', None)
        if parent is _unspecified:
            parent = _stack[-1] if _stack else None
        object.__setattr__(self, 'parent', parent)
        if parent is None:
            return
        if isinstance(parent, Module):
            if parent._state.in_setup and name is None:
                return
            if parent.scope is None:
                return
            self._attach(parent)
        elif isinstance(parent, _Scope):
            object.__setattr__(self, 'scope', parent)
            self._register_fields()
        else:
            raise ValueError('parent must be None, Module or Scope')

    def _attach(self, parent):
        if self.name is None:
            prefix = type(self).__name__
            cursor = parent._state.autoname_cursor.get(prefix, 0)
            object.__setattr__(self, 'name', f'{prefix}_{cursor}')
            parent._state.autoname_cursor[prefix] = cursor + 1
        object.__setattr__(self, 'parent', parent)
        parent._state.children[self.name] = self
        object.__setattr__(self, 'scope', parent.scope.push(self.name))
        self._register_fields()

    def _register_fields(self):
        for fname, _, _ in type(self)._fields:
            v = getattr(self, fname)
            if _is_module_tree(v):
                object.__setattr__(self, fname, self._register(fname, v))

    def _register(self, name, v):
        if isinstance(v, Module):
            if v.parent is self and v.scope is None:
                object.__setattr__(v, 'name', v.name if v.name is not None else name)
                v._attach(self)
                return v
            if v.scope is not None:
                # bound already (to this module or, as Flax, to the one whose compact made it:
                # shared, not adopted)
                return v
            return v.clone(parent=self, name=v.name if v.name is not None else name)
        if isinstance(v, (list, tuple)):
            out = [self._register(f'{name}_{i}', x) for i, x in enumerate(v)]
            return out if isinstance(v, list) else tuple(out)
        if isinstance(v, dict):
            return {k: self._register(f'{name}_{k}', x) for k, x in v.items()}
        return v

    def __setattr__(self, name, value):
        st = self.__dict__.get('_state')
        if st is None or name.startswith('_'):
            object.__setattr__(self, name, value)
            return
        if not st.in_setup and self.scope is not None:
            raise _err('SetAttributeFrozenModuleError',
                       f'Can\'t set {name}={value!r} for Module of type {type(self).__name__}: '
                       'Module instance is frozen outside of setup method.')
        if st.in_setup and _is_module_tree(value):
            value = self._register(name, value)
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        if name.startswith('_') or name in ('scope', 'parent', 'name'):
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        st = self.__dict__.get('_state')
        if st is not None and self.__dict__.get('scope') is not None and not st.setup_called:
            self._try_setup()
            if name in self.__dict__:
                return self.__dict__[name]
        raise AttributeError(f'"{type(self).__name__}" object has no attribute "{name}".')

    def _try_setup(self):
        st = self._state
        if st.setup_called or self.scope is None:
            return
        st.setup_called = True
        st.in_setup = True
        _stack.append(self)
        try:
            self.setup()
        finally:
            _stack.pop()
            st.in_setup = False

    def setup(self):
        pass

    def __repr__(self):
        parts = [f'{f[0]}={getattr(self, f[0])!r}' for f in type(self)._fields]
        return f'{type(self).__name__}({", ".join(parts)})'

    def clone(self, *, parent=None, **updates):
        kw = {f[0]: getattr(self, f[0]) for f in type(self)._fields}
        if 'name' not in updates:
            kw['name'] = self.name
        kw.update(updates)
        return type(self)(parent=parent, **kw)

    # -- variables
    def _need_scope(self, what):
        if self.scope is None:
            raise ValueError(f"Can't access {what} on unbound modules")

    def param(self, name, init_fn, *init_args, unbox=True, **init_kwargs):
        self._need_scope('variables')
        return self.scope.param(name, init_fn, *init_args, **init_kwargs)

    def variable(self, col, name, init_fn=None, *init_args, unbox=True, **init_kwargs):
        self._need_scope('variables')
        s = self.scope
        if not s.has_variable(col, name):
            if not s.is_mutable_collection(col) or init_fn is None:
                raise _err('ScopeVariableNotFoundError',
                           f'No Variable named "{name}" for collection "{col}" exists in '
                           f'"{s.path_text()}".')
            s.put_variable(col, name, init_fn(*init_args, **init_kwargs))
        return Variable(s, col, name)

    def has_variable(self, col, name):
        self._need_scope('variables')
        return self.scope.has_variable(col, name)

    def get_variable(self, col, name, default=None):
        self._need_scope('variables')
        return self.scope.get_variable(col, name, default)

    def put_variable(self, col, name, value):
        self._need_scope('variables')
        self.scope.put_variable(col, name, value)

    def is_mutable_collection(self, col):
        self._need_scope('variables')
        return self.scope.is_mutable_collection(col)

    def has_rng(self, name):
        self._need_scope('rngs')
        return name in self.scope.rngs

    def make_rng(self, name='params'):
        self._need_scope('rngs')
        return self.scope.make_rng(name)

    def is_initializing(self):
        self._need_scope('flags')
        return bool(self.scope.root.flags.get('initializing', False))

    def sow(self, col, name, value, reduce_fn=None, init_fn=None):
        self._need_scope('variables')
        if not self.scope.is_mutable_collection(col):
            return False
        if reduce_fn is None:
            reduce_fn = lambda xs, x: xs + (x,)
        if init_fn is None:
            init_fn = lambda: ()
        xs = self.scope.get_variable(col, name, _MISSING)
        if xs is _MISSING:
            xs = init_fn()
        self.scope.put_variable(col, name, reduce_fn(xs, value))
        return True

    @property
    def variables(self):
        self._need_scope('variables')
        out = {}
        for col in self.scope.root.variables:
            d = self.scope._collection(col, False)
            if d is not None:
                out[col] = d
        return out

    @property
    def path(self):
        return self.scope.path if self.scope is not None else ()

    # -- top level
    def _run(self, variables, rngs, mutable, flags, method, args, kwargs, capture):
        if rngs is None:
            rngs = {}
        elif not isinstance(rngs, dict):
            rngs = {'params': rngs}
        root = _Root(_copy_tree(variables), mutable, flags)
        scope = _Scope(root, (), {k: (v, ()) for k, v in rngs.items()})
        m = self.clone(parent=scope)
        if method is None:
            method = '__call__'
        if isinstance(method, str):
            fn = getattr(m, method)
            call = lambda: fn(*args, **kwargs)
        else:
            call = lambda: method(m, *args, **kwargs)
        if capture is True:
            capture = lambda mdl, fname: fname == '__call__'
        _capture.append(capture if capture else None)
        try:
            y = call()
        finally:
            _capture.pop()
        out = {k: v for k, v in root.variables.items() if _in_filter(mutable, k)}
        return y, out

    def init_with_output(self, rngs, *args, method=None, mutable=None, capture_intermediates=False, **kwargs):
        if mutable is None:
            mutable = DenyList('intermediates')
            if capture_intermediates:
                mutable = True
        return self._run({}, rngs, mutable, {'initializing': True}, method, args, kwargs,
                         capture_intermediates)

    def init(self, rngs, *args, method=None, mutable=None, capture_intermediates=False, **kwargs):
        return self.init_with_output(rngs, *args, method=method, mutable=mutable,
                                     capture_intermediates=capture_intermediates, **kwargs)[1]

    def apply(self, variables, *args, rngs=None, method=None, mutable=False,
              capture_intermediates=False, **kwargs):
        y, out = self._run(variables, rngs, mutable, {}, method, args, kwargs, capture_intermediates)
        if mutable is False or mutable is None:
            return y
        return y, out

    def tabulate(self, rngs, *args, depth=None, show_repeated=False, mutable=True,
                 console_kwargs=None, table_kwargs={}, column_kwargs={},
                 compute_flops=False, compute_vjp_flops=False, **kwargs):
        import flax.linen.summary as _s
        return _s.tabulate(self, rngs, args, kwargs, depth, mutable, console_kwargs)


def merge_param(name, a, b):
    if a is None and b is None:
        raise ValueError(f'Parameter "{name}" must be passed to the constructor or at call time.')
    if a is not None and b is not None:
        raise ValueError(f'Parameter "{name}" was passed to the constructor and at call time. '
                         'Should be passed just once.')
    if a is None:
        return b
    return a


# ---------------------------------------------------------------- layers

default_kernel_init = _jinit.lecun_normal()
_zeros = _jinit.zeros
_ones = _jinit.ones


def _promote(*xs, dtype=None):
    if dtype is None:
        arrs = [x for x in xs if x is not None]
        dtype = jnp.result_type(*arrs)
    return [None if x is None else jnp.asarray(x, dtype) for x in xs]


def _kernel_bias(mdl, inputs, kernel_shape, mask=None):
    # Dense's and the convolutions' params, kernel then bias (of `features`), the kernel under
    # its mask; returned with the inputs, promoted to mdl.dtype
    kernel = mdl.param('kernel', mdl.kernel_init, kernel_shape, mdl.param_dtype)
    if mask is not None:
        kernel = kernel * mask
    bias = None
    if mdl.use_bias:
        bias = mdl.param('bias', mdl.bias_init, (mdl.features,), mdl.param_dtype)
    return _promote(inputs, kernel, bias, dtype=mdl.dtype)


def _fold_batch(inputs, n_spatial):
    # a convolution's batch dims (all before the spatial ones and the features) as one; the
    # shape they had, or None where there is one already
    nbd = inputs.ndim - (n_spatial + 1)
    if nbd == 1:
        return inputs, None
    batch_shape = inputs.shape[:nbd]
    return jnp.reshape(inputs, (math.prod(batch_shape),) + inputs.shape[nbd:]), batch_shape


def _conv_out(y, bias, batch_shape):
    if bias is not None:
        y = y + jnp.reshape(bias, (1,) * (y.ndim - 1) + bias.shape)
    if batch_shape is not None:
        y = jnp.reshape(y, batch_shape + y.shape[1:])
    return y


class Dense(Module):
    features: int
    use_bias: bool = True
    dtype: object = None
    param_dtype: object = jnp.float32
    precision: object = None
    kernel_init: object = default_kernel_init
    bias_init: object = _zeros

    @compact
    def __call__(self, inputs):
        inputs, kernel, bias = _kernel_bias(self, inputs, (jnp.shape(inputs)[-1], self.features))
        y = lax.dot_general(inputs, kernel, (((inputs.ndim - 1,), (0,)), ((), ())),
                            precision=self.precision)
        if bias is not None:
            y = y + jnp.reshape(bias, (1,) * (y.ndim - 1) + (-1,))
        return y


def _normalize_axes(axes, ndim):
    return tuple(sorted(ax if ax >= 0 else ndim + ax for ax in axes))


def _canonicalize_tuple(x):
    if isinstance(x, (list, tuple)):
        return tuple(x)
    return (x,)


class DenseGeneral(Module):
    features: object
    axis: object = -1
    batch_dims: tuple = ()
    use_bias: bool = True
    dtype: object = None
    param_dtype: object = jnp.float32
    kernel_init: object = default_kernel_init
    bias_init: object = _zeros
    precision: object = None

    @compact
    def __call__(self, inputs):
        features = _canonicalize_tuple(self.features)
        axis = _canonicalize_tuple(self.axis)
        batch_dims = _canonicalize_tuple(self.batch_dims)
        if batch_dims:
            raise NotImplementedError('DenseGeneral: batch_dims is not supported in Sable')
        ndim = inputs.ndim
        axis = _normalize_axes(axis, ndim)
        n_axis, n_features = len(axis), len(features)

        def kernel_init_wrap(rng, shape, dtype=jnp.float32):
            flat_shape = (math.prod([shape[i] for i in range(n_axis)]),
                          math.prod([shape[n_axis + i] for i in range(n_features)]))
            k = self.kernel_init(rng, flat_shape, dtype)
            return jnp.reshape(k, shape)

        kernel_shape = tuple(inputs.shape[ax] for ax in axis) + features
        kernel = self.param('kernel', kernel_init_wrap, kernel_shape, self.param_dtype)
        bias = None
        if self.use_bias:
            def bias_init_wrap(rng, shape, dtype=jnp.float32):
                flat = (math.prod(shape),)
                return jnp.reshape(self.bias_init(rng, flat, dtype), shape)
            bias = self.param('bias', bias_init_wrap, features, self.param_dtype)
        inputs, kernel, bias = _promote(inputs, kernel, bias, dtype=self.dtype)
        contract_ind = tuple(range(0, n_axis))
        out = lax.dot_general(inputs, kernel, ((axis, contract_ind), ((), ())),
                              precision=self.precision)
        if bias is not None:
            out = out + jnp.reshape(bias, (1,) * (out.ndim - len(features)) + features)
        return out


def canonicalize_padding(padding, rank):
    if isinstance(padding, str):
        return padding
    if isinstance(padding, int):
        return [(padding, padding)] * rank
    if isinstance(padding, (list, tuple)) and len(padding) == rank:
        new_pad = []
        for p in padding:
            if isinstance(p, int):
                new_pad.append((p, p))
            elif isinstance(p, (list, tuple)) and len(p) == 2:
                new_pad.append(tuple(p))
            else:
                break
        if len(new_pad) == rank:
            return new_pad
    raise ValueError(f'Invalid padding format: {padding}, should be str, int, or a sequence of '
                     f'len {rank} where each element is an int or pair of ints.')


_SPECS = {1: ('NWC', 'WIO', 'NWC'), 2: ('NHWC', 'HWIO', 'NHWC'), 3: ('NDHWC', 'DHWIO', 'NDHWC')}


class Conv(Module):
    features: int
    kernel_size: object
    strides: object = 1
    padding: object = 'SAME'
    input_dilation: object = 1
    kernel_dilation: object = 1
    feature_group_count: int = 1
    use_bias: bool = True
    mask: object = None
    dtype: object = None
    param_dtype: object = jnp.float32
    precision: object = None
    kernel_init: object = default_kernel_init
    bias_init: object = _zeros

    @compact
    def __call__(self, inputs):
        if isinstance(self.kernel_size, int):
            raise TypeError('Expected Conv kernel_size to be a tuple/list of integers (eg.: [3, 3]) '
                            f'but got {self.kernel_size}.')
        kernel_size = tuple(self.kernel_size)

        def maybe_broadcast(x):
            if x is None:
                x = 1
            if isinstance(x, int):
                return (x,) * len(kernel_size)
            return tuple(x)

        inputs, batch_shape = _fold_batch(inputs, len(kernel_size))
        strides = maybe_broadcast(self.strides)
        input_dilation = maybe_broadcast(self.input_dilation)
        kernel_dilation = maybe_broadcast(self.kernel_dilation)
        padding_lax = canonicalize_padding(self.padding, len(kernel_size))
        if padding_lax == 'CIRCULAR' or padding_lax == 'CAUSAL':
            raise NotImplementedError(f'Conv padding {padding_lax!r} is not supported in Sable')
        if len(kernel_size) not in _SPECS:
            raise NotImplementedError('Conv supports 1 to 3 spatial dimensions')
        in_features = jnp.shape(inputs)[-1]
        if in_features % self.feature_group_count != 0:
            raise ValueError('Number of input features must be divisible by feature_group_count')
        kernel_shape = kernel_size + (in_features // self.feature_group_count, self.features)
        inputs, kernel, bias = _kernel_bias(self, inputs, kernel_shape, self.mask)
        y = lax.conv_general_dilated(inputs, kernel, strides, padding_lax,
                                     lhs_dilation=input_dilation, rhs_dilation=kernel_dilation,
                                     dimension_numbers=_SPECS[len(kernel_size)],
                                     feature_group_count=self.feature_group_count,
                                     precision=self.precision)
        return _conv_out(y, bias, batch_shape)


class ConvTranspose(Module):
    features: int
    kernel_size: object
    strides: object = None
    padding: object = 'SAME'
    kernel_dilation: object = None
    use_bias: bool = True
    mask: object = None
    dtype: object = None
    param_dtype: object = jnp.float32
    precision: object = None
    kernel_init: object = default_kernel_init
    bias_init: object = _zeros
    transpose_kernel: bool = False

    @compact
    def __call__(self, inputs):
        if isinstance(self.kernel_size, int):
            kernel_size = (self.kernel_size,)
        else:
            kernel_size = tuple(self.kernel_size)
        inputs, batch_shape = _fold_batch(inputs, len(kernel_size))
        strides = tuple(self.strides) if self.strides is not None else (1,) * (inputs.ndim - 2)
        in_features = jnp.shape(inputs)[-1]
        if self.transpose_kernel:
            kernel_shape = kernel_size + (self.features, in_features)
        else:
            kernel_shape = kernel_size + (in_features, self.features)
        padding_lax = canonicalize_padding(self.padding, len(kernel_size))
        if padding_lax == 'CIRCULAR':
            raise NotImplementedError("ConvTranspose padding 'CIRCULAR' is not supported in Sable")
        inputs, kernel, bias = _kernel_bias(self, inputs, kernel_shape, self.mask)
        y = _conv_transpose(inputs, kernel, strides, padding_lax, self.kernel_dilation,
                            self.transpose_kernel, _SPECS[len(kernel_size)], self.precision)
        return _conv_out(y, bias, batch_shape)


def _deconv_padding(k, s, padding):
    # jax.lax.conv_transpose's _conv_transpose_padding
    if padding == 'SAME':
        pad_len = k + s - 2
        if s > k - 1:
            pad_a = k - 1
        else:
            pad_a = int(math.ceil(pad_len / 2))
    elif padding == 'VALID':
        pad_len = k + s - 2 + max(k - s, 0)
        pad_a = k - 1
    else:
        raise ValueError('Padding mode must be `SAME` or `VALID`.')
    return (pad_a, pad_len - pad_a)


def _conv_transpose(lhs, rhs, strides, padding, rhs_dilation, transpose_kernel, dn, precision):
    nsp = rhs.ndim - 2
    if rhs_dilation is None:
        rhs_dilation = (1,) * nsp
    rhs_dilation = tuple(rhs_dilation)
    k_sdims = rhs.shape[:nsp]
    effective_k = tuple((k - 1) * r + 1 for k, r in zip(k_sdims, rhs_dilation))
    if isinstance(padding, str):
        pads = [_deconv_padding(k, s, padding) for k, s in zip(effective_k, strides)]
    else:
        pads = [tuple(p) for p in padding]
    if transpose_kernel:
        rhs = jnp.flip(rhs, axis=tuple(range(nsp)))
        rhs = jnp.swapaxes(rhs, nsp, nsp + 1)
    return lax.conv_general_dilated(lhs, rhs, (1,) * nsp, pads, lhs_dilation=tuple(strides),
                                    rhs_dilation=rhs_dilation, dimension_numbers=dn,
                                    precision=precision)


default_embed_init = _jinit.variance_scaling(1.0, 'fan_in', 'normal', out_axis=0)


class Embed(Module):
    num_embeddings: int
    features: int
    dtype: object = None
    param_dtype: object = jnp.float32
    embedding_init: object = default_embed_init

    def setup(self):
        self.embedding = self.param('embedding', self.embedding_init,
                                    (self.num_embeddings, self.features), self.param_dtype)

    def __call__(self, inputs):
        if not jnp.issubdtype(inputs.dtype, jnp.integer):
            raise ValueError('Input type must be an integer or unsigned integer.')
        embedding = self.embedding
        if self.dtype is not None:
            embedding = jnp.asarray(embedding, self.dtype)
        if self.num_embeddings == 1:
            return jnp.where(jnp.broadcast_to(inputs[..., None], inputs.shape + (self.features,)) == 0,
                             embedding, jnp.nan)
        return jnp.take(embedding, inputs, axis=0)

    def attend(self, query):
        return jnp.dot(query, self.embedding.T)


class Dropout(Module):
    rate: float
    broadcast_dims: tuple = ()
    deterministic: object = None
    rng_collection: str = 'dropout'

    @compact
    def __call__(self, inputs, deterministic=None, rng=None):
        deterministic = merge_param('deterministic', self.deterministic, deterministic)
        if self.rate == 0.0 or deterministic:
            return inputs
        if self.rate == 1.0:
            return jnp.zeros_like(inputs)
        keep_prob = 1.0 - self.rate
        if rng is None:
            rng = self.make_rng(self.rng_collection)
        broadcast_shape = list(inputs.shape)
        for dim in self.broadcast_dims:
            broadcast_shape[dim] = 1
        mask = random.bernoulli(rng, p=keep_prob, shape=tuple(broadcast_shape))
        mask = jnp.broadcast_to(mask, inputs.shape)
        return lax.select(mask, inputs / keep_prob, jnp.zeros_like(inputs))


def _canonicalize_axes(rank, axes):
    if not isinstance(axes, (list, tuple)):
        axes = (axes,)
    return tuple(sorted(set(rank + a if a < 0 else a for a in axes)))


def _compute_stats(x, axes, dtype, use_mean=True, use_fast_variance=True):
    if dtype is None:
        dtype = jnp.result_type(x)
    dtype = jnp.promote_types(dtype, jnp.float32)
    x = jnp.asarray(x, dtype)
    axes = _canonicalize_axes(x.ndim, axes)
    if use_mean:
        if use_fast_variance:
            mu = x.mean(axes)
            mu2 = (x * x).mean(axes)
            var = jnp.maximum(0.0, mu2 - mu * mu)
        else:
            mu = x.mean(axes)
            d = x - jnp.expand_dims(mu, axes)
            var = (d * d).mean(axes)
    else:
        var = (x * x).mean(axes)
        mu = jnp.zeros_like(var)
    return mu, var


def _normalize(mdl, x, mean, var, reduction_axes, feature_axes, dtype, param_dtype, epsilon,
               use_bias, use_scale, bias_init, scale_init):
    reduction_axes = _canonicalize_axes(x.ndim, reduction_axes)
    feature_axes = _canonicalize_axes(x.ndim, feature_axes)
    feature_shape = [1] * x.ndim
    reduced_feature_shape = []
    for ax in feature_axes:
        feature_shape[ax] = x.shape[ax]
        reduced_feature_shape.append(x.shape[ax])
    mean = jnp.expand_dims(mean, reduction_axes)
    var = jnp.expand_dims(var, reduction_axes)
    y = x - mean
    mul = lax.rsqrt(var + epsilon)
    args = [x]
    if use_scale:
        scale = mdl.param('scale', scale_init, tuple(reduced_feature_shape), param_dtype)
        scale = scale.reshape(tuple(feature_shape))
        mul = mul * scale
        args.append(scale)
    y = y * mul
    if use_bias:
        bias = mdl.param('bias', bias_init, tuple(reduced_feature_shape), param_dtype)
        bias = bias.reshape(tuple(feature_shape))
        y = y + bias
        args.append(bias)
    if dtype is None:
        dtype = jnp.result_type(*args)
    return jnp.asarray(y, dtype)


class BatchNorm(Module):
    use_running_average: object = None
    axis: int = -1
    momentum: float = 0.99
    epsilon: float = 1e-5
    dtype: object = None
    param_dtype: object = jnp.float32
    use_bias: bool = True
    use_scale: bool = True
    bias_init: object = _zeros
    scale_init: object = _ones
    axis_name: object = None
    axis_index_groups: object = None
    use_fast_variance: bool = True

    @compact
    def __call__(self, x, use_running_average=None, *, mask=None):
        use_running_average = merge_param('use_running_average', self.use_running_average,
                                          use_running_average)
        feature_axes = _canonicalize_axes(x.ndim, self.axis)
        reduction_axes = tuple(i for i in range(x.ndim) if i not in feature_axes)
        feature_shape = tuple(x.shape[ax] for ax in feature_axes)
        ra_mean = self.variable('batch_stats', 'mean', lambda s: jnp.zeros(s, jnp.float32),
                                feature_shape)
        ra_var = self.variable('batch_stats', 'var', lambda s: jnp.ones(s, jnp.float32),
                               feature_shape)
        if use_running_average:
            mean, var = ra_mean.value, ra_var.value
        else:
            mean, var = _compute_stats(x, reduction_axes, self.dtype,
                                       use_fast_variance=self.use_fast_variance)
            if not self.is_initializing():
                ra_mean.value = self.momentum * ra_mean.value + (1 - self.momentum) * mean
                ra_var.value = self.momentum * ra_var.value + (1 - self.momentum) * var
        return _normalize(self, x, mean, var, reduction_axes, feature_axes, self.dtype,
                          self.param_dtype, self.epsilon, self.use_bias, self.use_scale,
                          self.bias_init, self.scale_init)


class LayerNorm(Module):
    epsilon: float = 1e-6
    dtype: object = None
    param_dtype: object = jnp.float32
    use_bias: bool = True
    use_scale: bool = True
    bias_init: object = _zeros
    scale_init: object = _ones
    reduction_axes: object = -1
    feature_axes: object = -1
    axis_name: object = None
    axis_index_groups: object = None
    use_fast_variance: bool = True

    @compact
    def __call__(self, x, *, mask=None):
        mean, var = _compute_stats(x, self.reduction_axes, self.dtype,
                                   use_fast_variance=self.use_fast_variance)
        return _normalize(self, x, mean, var, self.reduction_axes, self.feature_axes, self.dtype,
                          self.param_dtype, self.epsilon, self.use_bias, self.use_scale,
                          self.bias_init, self.scale_init)


class RMSNorm(Module):
    epsilon: float = 1e-6
    dtype: object = None
    param_dtype: object = jnp.float32
    use_scale: bool = True
    scale_init: object = _ones
    reduction_axes: object = -1
    feature_axes: object = -1
    axis_name: object = None
    axis_index_groups: object = None
    use_fast_variance: bool = True

    @compact
    def __call__(self, x, *, mask=None):
        mean, var = _compute_stats(x, self.reduction_axes, self.dtype, use_mean=False,
                                   use_fast_variance=self.use_fast_variance)
        return _normalize(self, x, mean, var, self.reduction_axes, self.feature_axes, self.dtype,
                          self.param_dtype, self.epsilon, False, self.use_scale, _zeros,
                          self.scale_init)


class GroupNorm(Module):
    num_groups: object = 32
    group_size: object = None
    epsilon: float = 1e-6
    dtype: object = None
    param_dtype: object = jnp.float32
    use_bias: bool = True
    use_scale: bool = True
    bias_init: object = _zeros
    scale_init: object = _ones
    reduction_axes: object = None
    axis_name: object = None
    axis_index_groups: object = None
    use_fast_variance: bool = True

    @compact
    def __call__(self, x, *, mask=None):
        if self.reduction_axes is not None:
            reduction_axes = self.reduction_axes
        else:
            reduction_axes = list(range(1, x.ndim - 1)) + [-1]
        feature_axis = -1
        reduction_axes = _canonicalize_axes(x.ndim, reduction_axes)
        if reduction_axes[-1] != (feature_axis % x.ndim):
            raise ValueError('The reduction axes must include the final dimension as this is '
                             'assumed to be the feature axis.')
        if (self.num_groups is None and self.group_size is None) or (
                self.num_groups is not None and self.group_size is not None):
            raise ValueError('Either `num_groups` or `group_size` should be specified. If '
                             '`group_size` is to be specified, pass `num_groups=None` as argument '
                             'to override the default `num_groups` value of 32.')
        channels = x.shape[-1]
        if self.group_size is not None:
            if channels % self.group_size != 0:
                raise ValueError('Number of channels ({}) is not multiple of the group size ({}).'
                                 .format(channels, self.group_size))
            num_groups = channels // self.group_size
        else:
            num_groups = self.num_groups
        if num_groups <= 0 or channels % num_groups != 0:
            raise ValueError('Number of groups ({}) does not divide the number of channels ({}).'
                             .format(num_groups, channels))
        group_size = x.shape[-1] // num_groups
        group_shape = x.shape[:-1] + (num_groups, group_size)
        mean, var = _compute_stats(x.reshape(group_shape), list(reduction_axes[:-1]) + [-1],
                                   self.dtype, use_fast_variance=self.use_fast_variance)
        mean = jnp.repeat(mean, group_size, axis=-1)
        var = jnp.repeat(var, group_size, axis=-1)
        return _normalize(self, x, mean, var, reduction_axes[:-1], (feature_axis,), self.dtype,
                          self.param_dtype, self.epsilon, self.use_bias, self.use_scale,
                          self.bias_init, self.scale_init)


class Sequential(Module):
    layers: object

    def __call__(self, *args, **kwargs):
        if not self.layers:
            raise ValueError(f'Empty Sequential module {self.name}.')
        outputs = self.layers[0](*args, **kwargs)
        for layer in self.layers[1:]:
            if isinstance(outputs, tuple):
                outputs = layer(*outputs)
            elif isinstance(outputs, dict):
                outputs = layer(**outputs)
            else:
                outputs = layer(outputs)
        return outputs


# ---------------------------------------------------------------- pooling (flax/linen/pooling.py)

def pool(inputs, init, reduce_fn, window_shape, strides, padding):
    window_shape = tuple(window_shape)
    num_batch_dims = inputs.ndim - (len(window_shape) + 1)
    strides = tuple(strides) if strides else (1,) * len(window_shape)
    if len(window_shape) != len(strides):
        raise ValueError(f'len({window_shape}) must equal len({strides})')
    strides = (1,) * num_batch_dims + strides + (1,)
    dims = (1,) * num_batch_dims + window_shape + (1,)
    single = False
    if num_batch_dims == 0:
        inputs = inputs[None]
        strides = (1,) + strides
        dims = (1,) + dims
        single = True
    if not isinstance(padding, str):
        padding = tuple(tuple(p) for p in padding)
        if len(padding) != len(window_shape):
            raise ValueError(f'padding {padding} must specify pads for same number of dims as '
                             f'window_shape {window_shape}')
        padding = ((0, 0),) * (inputs.ndim - len(window_shape) - 1) + padding + ((0, 0),)
    y = lax.reduce_window(inputs, init, reduce_fn, dims, strides, padding)
    if single:
        y = jnp.squeeze(y, axis=0)
    return y


def avg_pool(inputs, window_shape, strides=None, padding='VALID', count_include_pad=True):
    y = pool(inputs, 0.0, lax.add, window_shape, strides, padding)
    if count_include_pad:
        y = y / math.prod(window_shape)
    else:
        div_shape = inputs.shape[:-1] + (1,)
        if len(div_shape) - 2 == len(window_shape):
            div_shape = (1,) + div_shape[1:]
        y = y / pool(jnp.ones(div_shape), 0.0, lax.add, window_shape, strides, padding)
    return y


def max_pool(inputs, window_shape, strides=None, padding='VALID'):
    return pool(inputs, -jnp.inf, lax.max, window_shape, strides, padding)


def min_pool(inputs, window_shape, strides=None, padding='VALID'):
    return pool(inputs, jnp.inf, lax.min, window_shape, strides, padding)


# ---------------------------------------------------------------- recurrent (flax/linen/recurrent.py)
# The cells name their Dense children as Flax does, so params and their keys match; RNN runs the
# cell once on the first step (creating params as Flax's lifted scan does with broadcast params),
# then lax.scan over the time axis.

_orthogonal = _jinit.orthogonal()
_ones = _jinit.ones


class RNNCellBase(Module):
    @nowrap
    def initialize_carry(self, rng, input_shape):
        raise NotImplementedError

    @property
    def num_feature_axes(self):
        raise NotImplementedError


def _dense_part(features, use_bias, kernel_init, bias_init, dtype, param_dtype, name):
    return Dense(features=features, use_bias=use_bias, kernel_init=kernel_init,
                 bias_init=bias_init, dtype=dtype, param_dtype=param_dtype, name=name)


class _GatedCell(RNNCellBase):
    # the fields LSTMCell, OptimizedLSTMCell and GRUCell share, in Flax's order (a subclass's
    # own fields follow them); one carry of `features` values (SimpleCell and MGUCell borrow
    # these two methods), which LSTMCell's (c, h) overrides
    features: int
    gate_fn: object = sigmoid
    activation_fn: object = tanh
    kernel_init: object = default_kernel_init
    recurrent_kernel_init: object = _orthogonal
    bias_init: object = _zeros
    dtype: object = None
    param_dtype: object = jnp.float32
    carry_init: object = _zeros

    @nowrap
    def initialize_carry(self, rng, input_shape):
        return self.carry_init(rng, tuple(input_shape[:-1]) + (self.features,), self.param_dtype)

    @property
    def num_feature_axes(self):
        return 1


class LSTMCell(_GatedCell):
    @compact
    def __call__(self, carry, inputs):
        c, h = carry
        hf = h.shape[-1]

        def di(name):
            return _dense_part(hf, False, self.kernel_init, _zeros, self.dtype,
                               self.param_dtype, name)(inputs)

        def dh(name):
            return _dense_part(hf, True, self.recurrent_kernel_init, self.bias_init, self.dtype,
                               self.param_dtype, name)(h)
        i = self.gate_fn(di('ii') + dh('hi'))
        f = self.gate_fn(di('if') + dh('hf'))
        g = self.activation_fn(di('ig') + dh('hg'))
        o = self.gate_fn(di('io') + dh('ho'))
        new_c = f * c + i * g
        new_h = o * self.activation_fn(new_c)
        return (new_c, new_h), new_h

    @nowrap
    def initialize_carry(self, rng, input_shape):
        mem_shape = tuple(input_shape[:-1]) + (self.features,)
        key1, key2 = random.split(rng)
        return (self.carry_init(key1, mem_shape, self.param_dtype),
                self.carry_init(key2, mem_shape, self.param_dtype))


class DenseParams(Module):
    features: int
    use_bias: bool = True
    param_dtype: object = jnp.float32
    precision: object = None
    kernel_init: object = default_kernel_init
    bias_init: object = _zeros

    @compact
    def __call__(self, inputs):
        k = self.param('kernel', self.kernel_init, (inputs.shape[-1], self.features),
                       self.param_dtype)
        b = self.param('bias', self.bias_init, (self.features,), self.param_dtype) \
            if self.use_bias else None
        return k, b


class OptimizedLSTMCell(_GatedCell):
    initialize_carry = LSTMCell.initialize_carry

    @compact
    def __call__(self, carry, inputs):
        c, h = carry
        hf = h.shape[-1]
        pi, ph = {}, {}
        for comp in ('i', 'f', 'g', 'o'):
            pi[comp] = DenseParams(features=hf, use_bias=False, param_dtype=self.param_dtype,
                                   kernel_init=self.kernel_init, bias_init=self.bias_init,
                                   name='i' + comp)(inputs)
            ph[comp] = DenseParams(features=hf, use_bias=True, param_dtype=self.param_dtype,
                                   kernel_init=self.recurrent_kernel_init,
                                   bias_init=self.bias_init, name='h' + comp)(h)
        kh = jnp.concatenate([ph[k][0] for k in 'ifgo'], axis=-1)
        bh = jnp.concatenate([ph[k][1] for k in 'ifgo'], axis=-1)
        ki = jnp.concatenate([pi[k][0] for k in 'ifgo'], axis=-1)
        h2, kh, bh = _promote(h, kh, bh, dtype=self.dtype)
        x2, ki = _promote(inputs, ki, dtype=self.dtype)
        yh = jnp.dot(h2, kh) + jnp.reshape(bh, (1,) * (h2.ndim - 1) + (-1,))
        yi = jnp.dot(x2, ki)
        zh = jnp.split(yh, 4, axis=-1)
        zi = jnp.split(yi, 4, axis=-1)
        i = self.gate_fn(zh[0] + zi[0])
        f = self.gate_fn(zh[1] + zi[1])
        g = self.activation_fn(zh[2] + zi[2])
        o = self.gate_fn(zh[3] + zi[3])
        new_c = f * c + i * g
        new_h = o * self.activation_fn(new_c)
        return (new_c, new_h), new_h


class SimpleCell(RNNCellBase):
    features: int
    activation_fn: object = tanh
    kernel_init: object = default_kernel_init
    recurrent_kernel_init: object = _orthogonal
    bias_init: object = _zeros
    dtype: object = None
    param_dtype: object = jnp.float32
    carry_init: object = _zeros
    residual: bool = False

    @compact
    def __call__(self, carry, inputs):
        hf = carry.shape[-1]
        new = (_dense_part(hf, True, self.kernel_init, self.bias_init, self.dtype,
                           self.param_dtype, 'i')(inputs) +
               _dense_part(hf, False, self.recurrent_kernel_init, _zeros, self.dtype,
                           self.param_dtype, 'h')(carry))
        if self.residual:
            new = new + carry
        new = self.activation_fn(new)
        return new, new

    initialize_carry = _GatedCell.initialize_carry
    num_feature_axes = _GatedCell.num_feature_axes


class GRUCell(_GatedCell):
    @compact
    def __call__(self, carry, inputs):
        h = carry
        hf = h.shape[-1]

        def di(name):
            return _dense_part(hf, True, self.kernel_init, self.bias_init, self.dtype,
                               self.param_dtype, name)(inputs)

        def dh(name, use_bias=False):
            return _dense_part(hf, use_bias, self.recurrent_kernel_init, self.bias_init,
                               self.dtype, self.param_dtype, name)(h)
        r = self.gate_fn(di('ir') + dh('hr'))
        z = self.gate_fn(di('iz') + dh('hz'))
        n = self.activation_fn(di('in') + r * dh('hn', True))
        new_h = (1.0 - z) * n + z * h
        return new_h, new_h


class MGUCell(RNNCellBase):
    features: int
    gate_fn: object = sigmoid
    activation_fn: object = tanh
    kernel_init: object = default_kernel_init
    recurrent_kernel_init: object = _orthogonal
    forget_bias_init: object = _ones
    activation_bias_init: object = _zeros
    dtype: object = None
    param_dtype: object = jnp.float32
    carry_init: object = _zeros
    reset_gate: bool = True

    @compact
    def __call__(self, carry, inputs):
        h = carry
        hf = h.shape[-1]
        f = self.gate_fn(
            _dense_part(hf, True, self.kernel_init, self.forget_bias_init, self.dtype,
                        self.param_dtype, 'if')(inputs) +
            _dense_part(hf, False, self.recurrent_kernel_init, self.activation_bias_init,
                        self.dtype, self.param_dtype, 'hf')(h))
        x = _dense_part(hf, self.reset_gate, self.recurrent_kernel_init,
                        self.activation_bias_init, self.dtype, self.param_dtype, 'hn')(h)
        if self.reset_gate:
            x = x * f
        n = self.activation_fn(
            _dense_part(hf, True, self.kernel_init, self.activation_bias_init, self.dtype,
                        self.param_dtype, 'in')(inputs) + x)
        new_h = (1.0 - f) * n + f * h
        return new_h, new_h

    initialize_carry = _GatedCell.initialize_carry
    num_feature_axes = _GatedCell.num_feature_axes


class ConvLSTMCell(RNNCellBase):
    features: int
    kernel_size: object
    strides: object = None
    padding: object = 'SAME'
    use_bias: bool = True
    dtype: object = None
    param_dtype: object = jnp.float32
    carry_init: object = _zeros

    @compact
    def __call__(self, carry, inputs):
        c, h = carry

        def conv(name):
            return Conv(features=4 * self.features, kernel_size=self.kernel_size,
                        strides=self.strides, padding=self.padding, use_bias=self.use_bias,
                        dtype=self.dtype, param_dtype=self.param_dtype, name=name)
        gates = conv('ih')(inputs) + conv('hh')(h)
        i, g, f, o = jnp.split(gates, 4, axis=-1)
        f = sigmoid(f + 1)
        new_c = f * c + sigmoid(i) * jnp.tanh(g)
        new_h = sigmoid(o) * jnp.tanh(new_c)
        return (new_c, new_h), new_h

    @nowrap
    def initialize_carry(self, rng, input_shape):
        n = self.num_feature_axes
        input_shape = tuple(input_shape)
        mem_shape = input_shape[:-n] + input_shape[-n:-1] + (self.features,)
        key1, key2 = random.split(rng)
        return (self.carry_init(key1, mem_shape, self.param_dtype),
                self.carry_init(key2, mem_shape, self.param_dtype))

    @property
    def num_feature_axes(self):
        return len(self.kernel_size) + 1


def flip_sequences(inputs, seq_lengths, num_batch_dims, time_major):
    time_axis = 0 if time_major else num_batch_dims
    max_steps = inputs.shape[time_axis]
    if seq_lengths is None:
        return jnp.flip(inputs, axis=time_axis)
    seq_lengths = jnp.expand_dims(jnp.asarray(seq_lengths), axis=time_axis)
    idxs = jnp.arange(max_steps - 1, -1, -1)
    if time_major:
        idxs = jnp.reshape(idxs, [max_steps] + [1] * num_batch_dims)
    else:
        idxs = jnp.reshape(idxs, [1] * num_batch_dims + [max_steps])
    idxs = (idxs + seq_lengths) % max_steps
    idxs = jnp.reshape(idxs, list(idxs.shape) + [1] * (inputs.ndim - idxs.ndim))
    return jnp.take_along_axis(inputs, idxs, axis=time_axis)


def _tmap(fn, *xs):
    return jax.tree_util.tree_map(fn, *xs)


class RNN(Module):
    cell: object
    time_major: bool = False
    return_carry: bool = False
    reverse: bool = False
    keep_order: bool = False
    unroll: int = 1
    variable_axes: object = FrozenDict()
    variable_broadcast: object = 'params'
    variable_carry: object = False
    split_rngs: object = FrozenDict({'params': False})

    def __call__(self, inputs, *, initial_carry=None, init_key=None, seq_lengths=None,
                 return_carry=None, time_major=None, reverse=None, keep_order=None):
        return_carry = self.return_carry if return_carry is None else return_carry
        time_major = self.time_major if time_major is None else time_major
        reverse = self.reverse if reverse is None else reverse
        keep_order = self.keep_order if keep_order is None else keep_order
        nfa = self.cell.num_feature_axes
        time_axis = 0 if time_major else inputs.ndim - (nfa + 1)
        if time_axis < 0:
            time_axis += inputs.ndim
        nbatch = len(inputs.shape[1:-nfa]) if time_major else len(inputs.shape[:time_axis])
        if reverse:
            inputs = _tmap(lambda x: flip_sequences(x, seq_lengths, nbatch, time_major), inputs)
        if initial_carry is None:
            if init_key is None:
                init_key = random.key(0)
            input_shape = inputs.shape[:time_axis] + inputs.shape[time_axis + 1:]
            carry = self.cell.initialize_carry(init_key, input_shape)
        else:
            carry = initial_carry
        slice_carry = seq_lengths is not None and return_carry
        xs = jnp.moveaxis(inputs, time_axis, 0)
        cell = self.cell
        if self.is_initializing():
            # create the broadcast params from the first step, outside the loop
            cell(carry, xs[0])

        def step(c, x):
            c, y = cell(c, x)
            return c, ((c, y) if slice_carry else y)
        carry, out = lax.scan(step, carry, xs)
        if slice_carry:
            carries, outputs = out
            last = jnp.asarray(seq_lengths) - 1
            carry = _tmap(lambda a: a[last, jnp.arange(a.shape[1])], carries)
        else:
            outputs = out
        outputs = _tmap(lambda y: jnp.moveaxis(y, 0, time_axis), outputs)
        if reverse and keep_order:
            outputs = _tmap(lambda x: flip_sequences(x, seq_lengths, nbatch, time_major),
                            outputs)
        if return_carry:
            return carry, outputs
        return outputs


def _concatenate(a, b):
    return jnp.concatenate([a, b], axis=-1)


class Bidirectional(Module):
    forward_rnn: object
    backward_rnn: object
    merge_fn: object = _concatenate
    time_major: bool = False
    return_carry: bool = False

    def __call__(self, inputs, *, initial_carry=None, init_key=None, seq_lengths=None,
                 return_carry=None, time_major=None, reverse=None, keep_order=None):
        time_major = self.time_major if time_major is None else time_major
        return_carry = self.return_carry if return_carry is None else return_carry
        if init_key is not None:
            kf, kb = random.split(init_key)
        else:
            kf = kb = None
        cf = cb = None
        if initial_carry is not None:
            cf, cb = initial_carry
        carry_f, out_f = self.forward_rnn(inputs, initial_carry=cf, init_key=kf,
                                          seq_lengths=seq_lengths, return_carry=True,
                                          time_major=time_major, reverse=False)
        carry_b, out_b = self.backward_rnn(inputs, initial_carry=cb, init_key=kb,
                                           seq_lengths=seq_lengths, return_carry=True,
                                           time_major=time_major, reverse=True, keep_order=True)
        outputs = _tmap(self.merge_fn, out_f, out_b)
        if return_carry:
            return (carry_f, carry_b), outputs
        return outputs
