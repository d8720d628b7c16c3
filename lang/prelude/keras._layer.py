# keras._layer - Keras 3's Layer (build on first call, add_weight, tracking of sublayers, variables
# and seed generators, training propagation), KerasTensor/Node for symbolic graphs, InputLayer/Input.

import inspect
import sys as _sys
import math
import numpy as np
import jax.numpy as jnp
import keras.backend as _kb
import keras.initializers as _ki
import keras.random as _kr

_ctx = {'training': None}
# Keras attaches a mask to a tensor (_keras_mask); JAX arrays here take no attributes and no weak
# references, so masks live in a small table keyed by id, holding the tensor so the id stays its
# own; the oldest entries are dropped past _MASK_LIMIT.
_masks = {}
_MASK_LIMIT = 256


def get_keras_mask(x):
    if isinstance(x, KerasTensor):
        return getattr(x, '_keras_mask', None)
    got = _masks.get(id(x))
    return got[1] if got is not None and got[0] is x else None


def set_keras_mask(x, mask):
    if isinstance(x, KerasTensor):
        x._keras_mask = mask
        return
    if mask is None:
        _masks.pop(id(x), None)
        return
    _masks.pop(id(x), None)
    _masks[id(x)] = (x, mask)
    while len(_masks) > _MASK_LIMIT:
        del _masks[next(iter(_masks))]


def _policy(dtype):
    return {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': dtype},
            'registered_name': None}


# ---------------------------------------------------------------- symbolic tensors

class KerasTensor:
    def __init__(self, shape, dtype='float32', sparse=False, ragged=False, name=None):
        self.shape = tuple(None if d is None else int(d) for d in shape)
        self.dtype = _kb.standardize_dtype(dtype)
        self.sparse = sparse
        self.ragged = ragged
        self.name = name or _kb.auto_name('keras_tensor')
        self._keras_history = None

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        return (f'<KerasTensor shape={self.shape}, dtype={self.dtype}, sparse={self.sparse}, '
                f'ragged={self.ragged}, name={self.name}>')

    def __bool__(self):
        raise TypeError('A symbolic KerasTensor cannot be used as a boolean.')

    def _op(self, op_class, fn, *args):
        # Keras's KerasTensor operators: each makes the node of an ops class (Add, Subtract...)
        import keras._layers_core as _lc
        return _lc._Lambda(fn, op_class)(*args)

    def __add__(self, o):
        return self._op('Add', _op_add, self, o)

    def __radd__(self, o):
        return self._op('Add', _op_add, o, self)

    def __sub__(self, o):
        return self._op('Subtract', _op_sub, self, o)

    def __rsub__(self, o):
        return self._op('Subtract', _op_sub, o, self)

    def __mul__(self, o):
        return self._op('Multiply', _op_mul, self, o)

    def __rmul__(self, o):
        return self._op('Multiply', _op_mul, o, self)

    def __matmul__(self, o):
        return self._op('Matmul', jnp.matmul, self, o)

    def __rmatmul__(self, o):
        return self._op('Matmul', jnp.matmul, o, self)

    def __truediv__(self, o):
        return self._op('TrueDivide', _op_div, self, o)

    def __rtruediv__(self, o):
        return self._op('TrueDivide', _op_div, o, self)

    def __floordiv__(self, o):
        return self._op('FloorDivide', jnp.floor_divide, self, o)

    def __rfloordiv__(self, o):
        return self._op('FloorDivide', jnp.floor_divide, o, self)

    def __mod__(self, o):
        return self._op('Mod', jnp.mod, self, o)

    def __rmod__(self, o):
        return self._op('Mod', jnp.mod, o, self)

    def __pow__(self, o):
        return self._op('Power', jnp.power, self, o)

    def __rpow__(self, o):
        return self._op('Power', jnp.power, o, self)

    def __neg__(self):
        return self._op('Negative', jnp.negative, self)

    def __abs__(self):
        return self._op('Absolute', jnp.abs, self)

    def __lt__(self, o):
        return self._op('Less', jnp.less, self, o)

    def __le__(self, o):
        return self._op('LessEqual', jnp.less_equal, self, o)

    def __gt__(self, o):
        return self._op('Greater', jnp.greater, self, o)

    def __ge__(self, o):
        return self._op('GreaterEqual', jnp.greater_equal, self, o)

    def __ne__(self, o):
        return self._op('NotEqual', jnp.not_equal, self, o)

    __hash__ = object.__hash__

    def __and__(self, o):
        return self._op('LogicalAnd', jnp.logical_and, self, o)

    def __rand__(self, o):
        return self._op('LogicalAnd', jnp.logical_and, o, self)

    def __or__(self, o):
        return self._op('LogicalOr', jnp.logical_or, self, o)

    def __ror__(self, o):
        return self._op('LogicalOr', jnp.logical_or, o, self)

    def __xor__(self, o):
        return self._op('LogicalXor', jnp.logical_xor, self, o)

    def __rxor__(self, o):
        return self._op('LogicalXor', jnp.logical_xor, o, self)

    def __invert__(self):
        return self._op('LogicalNot', jnp.logical_not, self)

    def __getitem__(self, idx):
        return self._op('GetItem', _op_getitem, self, idx)


def _op_add(a, b):
    return a + b


def _op_sub(a, b):
    return a - b


def _op_mul(a, b):
    return a * b


def _op_div(a, b):
    return a / b


def _op_getitem(a, key):
    # a key read back from JSON is a list; one of slices/Ellipsis/None meant a tuple
    if isinstance(key, list) and any(k is None or k is Ellipsis or isinstance(k, slice)
                                     for k in key):
        key = tuple(key)
    return a[key]


class Node:
    def __init__(self, operation, call_args, call_kwargs, outputs):
        self.operation = operation
        self.arguments = (call_args, call_kwargs)
        self.input_tensors = [t for t in _flatten((call_args, call_kwargs))
                              if isinstance(t, KerasTensor)]
        self.outputs = outputs
        self.output_tensors = [t for t in _flatten(outputs) if isinstance(t, KerasTensor)]
        self.parent_nodes = []
        for t in self.input_tensors:
            if t._keras_history is not None:
                op, ni, ti = t._keras_history
                self.parent_nodes.append(op._inbound_nodes[ni])
        node_index = len(operation._inbound_nodes)
        operation._inbound_nodes.append(self)
        for i, t in enumerate(self.output_tensors):
            t._keras_history = (operation, node_index, i)


def _flatten(x):
    if isinstance(x, (list, tuple)):
        out = []
        for e in x:
            out.extend(_flatten(e))
        return out
    if isinstance(x, dict):
        out = []
        for k in x:
            out.extend(_flatten(x[k]))
        return out
    return [x]


def _map(fn, x):
    if isinstance(x, tuple):
        return tuple(_map(fn, e) for e in x)
    if isinstance(x, list):
        return [_map(fn, e) for e in x]
    if isinstance(x, dict):
        return {k: _map(fn, v) for k, v in x.items()}
    return fn(x)


def _any_symbolic(args, kwargs):
    return any(isinstance(t, KerasTensor) for t in _flatten((args, kwargs)))


def _shape_of(x):
    if isinstance(x, (KerasTensor, _kb.Variable)):
        return tuple(x.shape)
    if hasattr(x, 'shape'):
        return tuple(x.shape)
    if isinstance(x, (list, tuple)) and x and isinstance(x[0], (int, float)):
        return tuple(np.asarray(x).shape)
    return None


def _to_array(x):
    if isinstance(x, _kb.Variable):
        return x.value
    if isinstance(x, (np.ndarray, list, tuple, float, int)) and not isinstance(x, bool):
        a = jnp.asarray(x)
        if a.dtype.name == 'float64':
            a = a.astype(_kb.floatx())
        return a
    return x


# ---------------------------------------------------------------- Layer

class Layer:
    def __new__(cls, *args, **kwargs):
        obj = object.__new__(cls)
        d = obj.__dict__
        d['_layers'] = []
        d['_trainable_variables'] = []
        d['_non_trainable_variables'] = []
        d['_seed_generators'] = []
        d['_losses'] = []
        d['_metrics'] = []
        d['_inbound_nodes'] = []
        d['_tracking'] = True
        d['built'] = False
        d['_trainable'] = True
        d['_build_shapes'] = None
        d['_build_shapes_dict'] = None
        return obj

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        b = cls.__dict__.get('build')
        if b is not None and callable(b) and not getattr(b, '_keras_build_wrapper', False):
            cls.build = _wrap_build(b)

    def __init__(self, *, activity_regularizer=None, trainable=True, dtype=None, autocast=True,
                 name=None, **kwargs):
        input_dim = kwargs.pop('input_dim', None)
        input_shape = kwargs.pop('input_shape', None)
        batch_size = kwargs.pop('batch_size', None)
        kwargs.pop('input_length', None)
        if kwargs:
            raise ValueError('Unrecognized keyword arguments passed to '
                             f'{self.__class__.__name__}: {kwargs}')
        self._input_shape_arg = (input_dim,) if input_dim is not None else (
            tuple(input_shape) if input_shape is not None else None)
        self._batch_size_arg = batch_size
        self.name = name or _kb.auto_name(self.__class__.__name__)
        self._trainable = bool(trainable)
        self._dtype = _kb.standardize_dtype(dtype if not isinstance(dtype, dict)
                                            else dtype.get('config', {}).get('name'))
        self.autocast = autocast
        import keras.regularizers as _kreg
        self.activity_regularizer = _kreg.get(activity_regularizer)
        self.supports_masking = type(self).compute_mask is not Layer.compute_mask
        sig = inspect.signature(self.call)
        self._call_has_training_arg = 'training' in sig.parameters
        p = sig.parameters.get('training')
        self._training_default = (p.default if p is not None and
                                  p.default is not inspect.Parameter.empty else None)
        self._call_has_mask_arg = 'mask' in sig.parameters
        self._called_init = True

    # -- attribute tracking (sublayers, variables, seed generators)
    def __setattr__(self, name, value):
        d = self.__dict__
        if d.get('_tracking', False) and not name.startswith('__'):
            self._track(value)
        object.__setattr__(self, name, value)

    def _track(self, value):
        if isinstance(value, Layer):
            if not any(l is value for l in self._layers):
                self._layers.append(value)
        elif isinstance(value, _kr.SeedGenerator):
            if not any(s is value for s in self._seed_generators):
                self._seed_generators.append(value)
        elif isinstance(value, _kb.Variable):
            lst = self._trainable_variables if value.trainable else self._non_trainable_variables
            if not any(v is value for v in lst):
                lst.append(value)
        elif isinstance(value, (list, tuple)):
            for e in value:
                if isinstance(e, (Layer, _kr.SeedGenerator, _kb.Variable, list, tuple)):
                    self._track(e)
        else:
            # a keras.metrics.Metric attribute (Keras's Layer._metrics); no Metric exists
            # before keras.metrics is imported
            km = _sys.modules.get('keras.metrics')
            if km is not None and isinstance(value, km.Metric) and \
                    not any(m is value for m in self._metrics):
                self._metrics.append(value)

    @property
    def metrics(self):
        out = list(self._metrics)
        for layer in self._layers:
            out.extend(layer.metrics)
        return out

    # -- properties
    @property
    def dtype(self):
        return self._dtype

    @property
    def compute_dtype(self):
        return self._dtype

    @property
    def variable_dtype(self):
        return self._dtype

    @property
    def dtype_policy(self):
        return _policy(self._dtype)

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        value = bool(value)
        self.__dict__['_trainable'] = value
        for v in self._trainable_variables:
            v.trainable = value
        for layer in self._layers:
            layer.trainable = value

    def _own_weights(self):
        return self._trainable_variables + self._non_trainable_variables

    def _collect(self, attr):
        out = []
        seen = set()
        for v in getattr(self, attr)():
            if id(v) not in seen:
                seen.add(id(v))
                out.append(v)
        for layer in self._layers:
            for v in (layer.variables if attr == '_own_variables' else layer.weights):
                if id(v) not in seen:
                    seen.add(id(v))
                    out.append(v)
        return out

    def _own_variables(self):
        return self._own_weights() + [s.state for s in self._seed_generators]

    @property
    def weights(self):
        return self._collect('_own_weights')

    @property
    def trainable_weights(self):
        if not self.trainable:
            return []
        return [v for v in self.weights if v.trainable]

    @property
    def non_trainable_weights(self):
        if not self.trainable:
            return self.weights
        return [v for v in self.weights if not v.trainable]

    @property
    def variables(self):
        return self._collect('_own_variables')

    @property
    def trainable_variables(self):
        if not self.trainable:
            return []
        return [v for v in self.variables if v.trainable]

    @property
    def non_trainable_variables(self):
        if not self.trainable:
            return self.variables
        return [v for v in self.variables if not v.trainable]

    @property
    def losses(self):
        sc = _kb.get_stateless_scope()
        if sc is not None and sc.collect_losses:
            out = list(sc.losses)
        else:
            out = list(self._losses)
            for layer in self._flatten_layers(include_self=False):
                out.extend(layer._losses)
        for v in self.trainable_weights:
            if v.regularizer is None:
                continue
            val = sc.get_current_value(v) if sc is not None else None
            out.append(v.regularizer(v.value if val is None else val))
        return out

    def _flatten_layers(self, include_self=True, recursive=True):
        out = [self] if include_self else []
        seen = {id(self)}
        stack = list(self._layers)
        while stack:
            layer = stack.pop(0)
            if id(layer) in seen:
                continue
            seen.add(id(layer))
            out.append(layer)
            if recursive:
                stack = list(layer._layers) + stack
        return out

    def add_loss(self, loss):
        sc = _kb.get_stateless_scope()
        if sc is not None and sc.collect_losses:
            sc.add_loss(loss)
        else:
            self._losses.append(loss)

    # -- weights
    def add_weight(self, shape=None, initializer=None, dtype=None, trainable=True,
                   autocast=True, regularizer=None, constraint=None, aggregation='none',
                   overwrite_with_gradient=False, name=None):
        shape = () if shape is None else tuple(shape)
        dtype = _kb.standardize_dtype(dtype or self._dtype)
        if initializer is None:
            initializer = 'glorot_uniform' if dtype.startswith('float') else 'zeros'
        initializer = _ki.get(initializer)
        with _kb.name_scope(self.name, caller=self):
            v = _kb.Variable(initializer, shape=shape, dtype=dtype, trainable=trainable,
                             autocast=autocast, name=name)
        import keras.regularizers as _kreg
        v.regularizer = _kreg.get(regularizer)
        v.constraint = constraint
        (self._trainable_variables if trainable else self._non_trainable_variables).append(v)
        if not self.trainable:
            v.trainable = False
        return v

    def get_weights(self):
        return [v.numpy() for v in self.weights]

    def set_weights(self, weights):
        mine = self.weights
        if len(mine) != len(weights):
            raise ValueError(f"You called `set_weights(weights)` on layer '{self.name}' with a "
                             f'weight list of length {len(weights)}, but the layer was expecting '
                             f'{len(mine)} weights.')
        for v, w in zip(mine, weights):
            if tuple(v.shape) != tuple(np.shape(w)):
                raise ValueError(f'Layer {self.name} weight shape {v.shape} is not compatible '
                                 f'with provided weight shape {tuple(np.shape(w))}.')
            v.assign(w)

    def count_params(self):
        if not self.built:
            raise ValueError(f"You tried to call `count_params` on layer '{self.name}', but the "
                             "layer isn't built. You can build it manually via: "
                             '`layer.build(input_shape)`.')
        return int(sum(math.prod(v.shape) for v in self.weights))

    # -- build / call
    def build(self, input_shape):
        if not self.__dict__.get('_auto_building') and type(self).build is Layer.build and \
                any(not l.built for l in self._layers):
            import warnings
            warnings.warn(f"`build()` was called on layer '{self.name}', however the layer does "
                          "not have a `build()` method implemented and it looks like it has "
                          "unbuilt state. This will cause the layer to be marked as built, "
                          "despite not being actually built, which may cause failures down the "
                          "line. Make sure to implement a proper `build()` method.")
        self.built = True

    def call(self, *args, **kwargs):
        raise NotImplementedError(f'Layer {self.__class__.__name__} does not have a `call()` '
                                  'method implemented.')

    def compute_mask(self, inputs, previous_mask=None):
        return previous_mask

    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        first = args[0] if args else next(iter(kwargs.values()), None)
        if isinstance(first, (list, tuple)) and first and not isinstance(first[0], (int, float)):
            shape = [_shape_of(t) for t in first]
        elif isinstance(first, dict):
            shape = {k: _shape_of(t) for k, t in first.items()}
        else:
            shape = _shape_of(first)
        self._build_shapes = shape
        # the call builds the sublayers next (Keras traces call() first): no warning for them
        self.__dict__['_auto_building'] = True
        try:
            with _kb.name_scope(self.name, caller=self):
                self.build(shape)
        finally:
            self.__dict__['_auto_building'] = False
        self.built = True

    def _resolve_training(self, kwargs):
        if not self._call_has_training_arg:
            kwargs.pop('training', None)
            return None
        t = kwargs.get('training')
        if t is None:
            t = _ctx['training']
        if t is None:
            t = self._training_default
        kwargs['training'] = t
        return t

    def __call__(self, *args, **kwargs):
        if not getattr(self, '_called_init', False):
            raise RuntimeError(f"You forgot to call `super().__init__()` in the `__init__()` "
                               f'method of {self.__class__.__name__}.')
        if not self._call_has_mask_arg:
            kwargs.pop('mask', None)
        args = tuple(_map(_to_array, a) if i == 0 else a for i, a in enumerate(args))
        if _any_symbolic(args, kwargs):
            return self._symbolic_call(args, kwargs)
        first = args[0] if args else None
        tensor_args = [a for a in args if hasattr(a, 'shape') or isinstance(a, (list, tuple))]
        if kwargs.get('mask') is not None:
            previous_mask = kwargs['mask']
        else:
            previous_mask = _map(get_keras_mask, first)
            if self._call_has_mask_arg and len(tensor_args) == 1:
                kwargs['mask'] = previous_mask
        if _ctx.get('depth', 0) == 0 and _kb.get_stateless_scope() is None:
            # a new outermost call: the losses of the previous one go (as Keras)
            for layer in self._flatten_layers():
                del layer._losses[:]
        with _kb.name_scope(self.name, caller=self):
            self._maybe_build(args, kwargs)
            training = self._resolve_training(kwargs)
            _ctx['depth'] = _ctx.get('depth', 0) + 1
            saved = _ctx['training']
            if training is not None:
                _ctx['training'] = training
            try:
                out = self.call(*args, **kwargs)
            finally:
                _ctx['training'] = saved
                _ctx['depth'] -= 1
            if self.activity_regularizer is not None:
                for o in _flatten(out):
                    loss = self.activity_regularizer(o)
                    if o.ndim > 0 and o.shape[0]:
                        loss = loss / o.shape[0]
                    self.add_loss(loss)
        if self.supports_masking:
            flat = _flatten(out)
            if not all(get_keras_mask(o) is not None for o in flat):
                masks = self.compute_mask(first, previous_mask)
                if masks is not None:
                    for o, m in zip(flat, _flatten(masks)):
                        if m is not None and get_keras_mask(o) is None:
                            set_keras_mask(o, m)
        return out

    def _symbolic_call(self, args, kwargs):
        # masks are symbolic too (Keras's _set_mask_metadata): a KerasTensor's _keras_mask is
        # another KerasTensor (Embedding's NotEqual node), passed on as the `mask` argument, so
        # the node records it and the graph computes it
        if self._call_has_training_arg and kwargs.get('training') is None and \
                self._training_default is not None:
            # Keras records the call signature's default in the node (and in get_config)
            kwargs['training'] = self._training_default
        first = args[0] if args else None
        previous_mask = _map(lambda t: getattr(t, '_keras_mask', None)
                             if isinstance(t, KerasTensor) else None, first)
        if kwargs.get('mask') is not None:
            previous_mask = kwargs['mask']
        elif self._call_has_mask_arg and len(args) == 1 and \
                any(m is not None for m in _flatten(previous_mask)):
            kwargs['mask'] = previous_mask
        with _kb.name_scope(self.name, caller=self):
            self._maybe_build(args, kwargs)
        outs = self.compute_output_spec(*args, **kwargs)
        Node(self, args, kwargs, outs)
        if self.supports_masking:
            flat = [o for o in _flatten(outs) if isinstance(o, KerasTensor)]
            try:
                masks = self.compute_mask(first, previous_mask)
            except Exception:
                # a mask rule that needs concrete arrays (two masks combined): the eager
                # call still computes it when the graph runs
                masks = None
            if masks is not None:
                for o, m in zip(flat, _flatten(masks)):
                    if isinstance(m, KerasTensor) and getattr(o, '_keras_mask', None) is None:
                        o._keras_mask = m
        return outs

    def compute_output_spec(self, *args, **kwargs):
        if type(self).compute_output_shape is not Layer.compute_output_shape:
            first = args[0]
            shp = _map(lambda t: t.shape if isinstance(t, KerasTensor) else t, first)
            out = self.compute_output_shape(shp)
            dt = _flatten(first)[0].dtype
            if isinstance(out, tuple) and all(d is None or isinstance(d, int) for d in out):
                return KerasTensor(out, dt)
            return _map_shapes(lambda s: KerasTensor(s, dt), out)
        return _eval_spec(self.call, args, kwargs, self._call_has_training_arg)

    def compute_output_shape(self, input_shape):
        raise NotImplementedError

    def get_build_config(self):
        if self._build_shapes_dict is not None:
            return {'shapes_dict': self._build_shapes_dict}
        if self._build_shapes is not None:
            return {'input_shape': self._build_shapes}
        return None

    def build_from_config(self, config):
        if config and 'input_shape' in config and not self.built:
            with _kb.name_scope(self.name, caller=self):
                self.build(config['input_shape'])
            self._build_shapes = config['input_shape']
            self.built = True
        elif config and 'shapes_dict' in config and not self.built:
            self.build(**config['shapes_dict'])

    def get_config(self):
        cfg = {'name': self.name, 'trainable': self.trainable,
               'dtype': _policy(self._dtype)}
        if self.activity_regularizer is not None:
            import keras.regularizers as _kreg
            cfg['activity_regularizer'] = _kreg.serialize(self.activity_regularizer)
        return cfg

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if isinstance(config.get('dtype'), dict):
            config['dtype'] = config['dtype'].get('config', {}).get('name')
        return cls(**config)

    def stateless_call(self, trainable_variables, non_trainable_variables, *args,
                       return_losses=False, **kwargs):
        return _stateless_call(self, trainable_variables, non_trainable_variables, args, kwargs,
                               return_losses)

    @property
    def input(self):
        return self._inbound_nodes[0].input_tensors[0] if len(
            self._inbound_nodes[0].input_tensors) == 1 else self._inbound_nodes[0].input_tensors

    @property
    def output(self):
        return self._inbound_nodes[0].outputs

    def __repr__(self):
        return f'<{self.__class__.__name__} name={self.name}, built={self.built}>'


def _map_shapes(fn, x):
    if isinstance(x, tuple) and all(d is None or isinstance(d, int) for d in x):
        return fn(x)
    if isinstance(x, (list, tuple)):
        return type(x)(_map_shapes(fn, e) for e in x)
    if isinstance(x, dict):
        return {k: _map_shapes(fn, v) for k, v in x.items()}
    return fn(x)


def _eval_spec(fn, args, kwargs, has_training):
    # Output shapes by running the call on zeros twice, with different sizes for the unknown
    # dimensions: a dimension that changes between the two runs is unknown (None) in the output.
    results = []
    for sizes in ((2, 9), (3, 10)):
        def concrete(t):
            if isinstance(t, KerasTensor):
                shape = tuple((sizes[0] if i == 0 else sizes[1]) if d is None else d
                              for i, d in enumerate(t.shape))
                return jnp.zeros(shape, dtype=t.dtype)
            return t
        a = _map(concrete, args)
        k = _map(concrete, kwargs)
        if has_training:
            k['training'] = False
        with _kb.StatelessScope():
            results.append(fn(*a, **k))
    r0, r1 = results

    def spec(x, y):
        if not hasattr(x, 'shape'):
            return x
        shape = tuple(None if a != b else a for a, b in zip(x.shape, y.shape))
        return KerasTensor(shape, x.dtype.name if hasattr(x.dtype, 'name') else x.dtype)
    return _zip_map(spec, r0, r1)


def _zip_map(fn, a, b):
    if isinstance(a, (list, tuple)):
        return type(a)(_zip_map(fn, x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return {k: _zip_map(fn, a[k], b[k]) for k in a}
    return fn(a, b)


def _stateless_call(layer, trainable_variables, non_trainable_variables, args, kwargs,
                    return_losses):
    tv = layer.trainable_variables
    ntv = layer.non_trainable_variables
    if len(trainable_variables) != len(tv):
        raise ValueError('Argument `trainable_variables` must be a list of tensors corresponding '
                         f'1:1 to {layer.__class__.__name__}().trainable_variables. Received list '
                         f'with length {len(trainable_variables)}, but expected {len(tv)} '
                         'variables.')
    if len(non_trainable_variables) != len(ntv):
        raise ValueError('Argument `non_trainable_variables` must be a list of tensors '
                         f'corresponding 1:1 to {layer.__class__.__name__}().non_trainable_'
                         f'variables. Received list with length {len(non_trainable_variables)}, '
                         f'but expected {len(ntv)} variables.')
    mapping = list(zip(tv, trainable_variables)) + list(zip(ntv, non_trainable_variables))
    args = tuple(_map(_to_array, a) if i == 0 else a for i, a in enumerate(args))
    with _kb.StatelessScope(state_mapping=mapping, collect_losses=return_losses) as scope:
        if not layer.built:
            layer._maybe_build(args, kwargs)
        # as Keras: call() directly, with no call context, so `training` reaches only the
        # layers that call() passes it to
        if not layer._call_has_training_arg:
            kwargs.pop('training', None)
        outputs = layer.call(*args, **kwargs)
        losses = layer.losses if return_losses else None
    new_ntv = []
    for v in ntv:
        nv = scope.get_current_value(v)
        new_ntv.append(nv)
    if return_losses:
        return outputs, new_ntv, losses
    return outputs, new_ntv


def _wrap_build(fn):
    # Keras's build_wrapper: build() called directly, not only from __call__, runs in the
    # layer's name scope, records the shapes it was given (get_build_config, summary) and
    # marks the layer built
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        sig = None

    def build(self, *args, **kwargs):
        with _kb.name_scope(self.__dict__.get('name') or type(self).__name__, caller=self):
            out = fn(self, *args, **kwargs)
        bound = None
        if sig is not None:
            try:
                bound = sig.bind(self, *args, **kwargs).arguments
            except TypeError:
                bound = None
        if bound is not None:
            shapes = {k: bound[k] for k in list(bound)[1:]}
            d = self.__dict__
            if len(shapes) == 1:
                d['_build_shapes'] = next(iter(shapes.values()))
                d['_build_shapes_dict'] = None
            elif shapes:
                d['_build_shapes_dict'] = shapes
        self.built = True
        return out
    build._keras_build_wrapper = True
    build.__name__ = getattr(fn, '__name__', 'build')
    build.__qualname__ = getattr(fn, '__qualname__', 'build')
    build.__doc__ = getattr(fn, '__doc__', None)
    build.__wrapped__ = fn
    return build


Layer.build = _wrap_build(Layer.build)


# ---------------------------------------------------------------- InputLayer / Input

class InputLayer(Layer):
    def __init__(self, shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None,
                 input_tensor=None, optional=False, name=None, ragged=None, **kwargs):
        kwargs.pop('input_shape', None) if False else None
        if 'input_shape' in kwargs:
            shape = kwargs.pop('input_shape')
        if 'batch_input_shape' in kwargs:
            batch_shape = kwargs.pop('batch_input_shape')
        super().__init__(name=name or _kb.auto_name('input_layer'), dtype=dtype)
        if shape is not None and batch_shape is not None:
            raise ValueError('You cannot pass both `shape` and `batch_shape` at the same time.')
        if shape is None and batch_shape is None and input_tensor is None:
            raise ValueError('You must pass a `shape` argument.')
        if input_tensor is not None:
            batch_shape = input_tensor.shape
        elif batch_shape is None:
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            batch_shape = (batch_size,) + shape
        self.batch_shape = tuple(batch_shape)
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        self.optional = optional
        self.built = True
        if input_tensor is None:
            input_tensor = KerasTensor(self.batch_shape, dtype=self._dtype, sparse=self.sparse,
                                       name=name)
        Node(self, (), {}, input_tensor)
        self._input_tensor = input_tensor

    @property
    def output(self):
        return self._input_tensor

    def call(self):
        return None

    def get_config(self):
        return {'batch_shape': self.batch_shape, 'dtype': self._dtype, 'sparse': self.sparse,
                'ragged': self.ragged, 'name': self.name, 'optional': self.optional}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def Input(shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None, name=None,
          tensor=None, optional=False, ragged=None):
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, sparse=sparse,
                       batch_shape=batch_shape, name=name, input_tensor=tensor,
                       optional=optional, ragged=ragged)
    return layer.output
