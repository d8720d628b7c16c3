# keras._layers_rnn - Keras 3's recurrent layers: SimpleRNN/LSTM/GRU cells and layers, the generic
# RNN(cell), Bidirectional and TimeDistributed, run with lax.scan as Keras's JAX backend does.

import jax.numpy as jnp
from jax import lax
import keras.backend as _kb
import keras.initializers as _ki
import keras.activations as _ka
import keras.regularizers as _kr
import keras.random as _krand
from keras._layer import Layer


def _ser_init(x):
    return _ki.serialize(x) if hasattr(x, 'get_config') else x


def _val(v):
    return v.value if isinstance(v, _kb.Variable) else v


def _is_nested(x):
    return isinstance(x, (list, tuple))


# ---------------------------------------------------------------- dropout masks (DropoutRNNCell)

class DropoutRNNCell:
    def _create_dropout_mask(self, step_input, rate):
        count = getattr(self, 'dropout_mask_count', None)
        ones = jnp.ones_like(step_input)
        if count is None:
            return _krand.dropout(ones, rate, seed=self.seed_generator)
        return [_krand.dropout(ones, rate, seed=self.seed_generator) for _ in range(count)]

    def get_dropout_mask(self, step_input):
        if getattr(self, '_dropout_mask', None) is None and self.dropout > 0:
            self._dropout_mask = self._create_dropout_mask(step_input, self.dropout)
        return getattr(self, '_dropout_mask', None)

    def get_recurrent_dropout_mask(self, step_input):
        if getattr(self, '_recurrent_dropout_mask', None) is None and self.recurrent_dropout > 0:
            self._recurrent_dropout_mask = self._create_dropout_mask(step_input,
                                                                     self.recurrent_dropout)
        return getattr(self, '_recurrent_dropout_mask', None)

    def reset_dropout_mask(self):
        self._dropout_mask = None

    def reset_recurrent_dropout_mask(self):
        self._recurrent_dropout_mask = None


_ABSENT = object()


def _from_config_args(config):
    # a copy of a layer's config with its dtype policy as the name, as Layer.from_config takes it
    config = dict(config)
    if isinstance(config.get('dtype'), dict):
        config['dtype'] = config['dtype'].get('config', {}).get('name')
    return config


def _check_units(units):
    if not isinstance(units, int) or units <= 0:
        raise ValueError('Received an invalid value for argument `units`, expected a positive '
                         f'integer, got {units}.')


class _CellBase(Layer, DropoutRNNCell):
    def _common_config(self):
        return {'units': self.units, 'activation': _ka.serialize(self.activation),
                'use_bias': self.use_bias,
                'kernel_initializer': _ser_init(self.kernel_initializer),
                'recurrent_initializer': _ser_init(self.recurrent_initializer),
                'bias_initializer': _ser_init(self.bias_initializer),
                'kernel_regularizer': _kr.serialize(self.kernel_regularizer),
                'recurrent_regularizer': _kr.serialize(self.recurrent_regularizer),
                'bias_regularizer': _kr.serialize(self.bias_regularizer),
                'kernel_constraint': None, 'recurrent_constraint': None,
                'bias_constraint': None, 'dropout': self.dropout,
                'recurrent_dropout': self.recurrent_dropout, 'seed': self.seed}

    def _cell_setup(self, units, activation, use_bias, kernel_initializer, recurrent_initializer,
                    bias_initializer, kernel_regularizer, recurrent_regularizer, bias_regularizer,
                    dropout, recurrent_dropout, recurrent_activation=_ABSENT):
        # the attributes every cell here has, in Keras's order (LSTMCell and GRUCell add
        # recurrent_activation; the seed generator is made by the caller: first in SimpleRNNCell,
        # last in LSTMCell and GRUCell, as Keras orders their tracking)
        self.units = units
        self.activation = _ka.get(activation)
        if recurrent_activation is not _ABSENT:
            self.recurrent_activation = _ka.get(recurrent_activation)
        self.use_bias = use_bias
        self.kernel_initializer = _ki.get(kernel_initializer)
        self.recurrent_initializer = _ki.get(recurrent_initializer)
        self.bias_initializer = _ki.get(bias_initializer)
        self.kernel_regularizer = _kr.get(kernel_regularizer)
        self.recurrent_regularizer = _kr.get(recurrent_regularizer)
        self.bias_regularizer = _kr.get(bias_regularizer)
        self.dropout = min(1.0, max(0.0, dropout))
        self.recurrent_dropout = min(1.0, max(0.0, recurrent_dropout))

    def _gate_setup(self, gates, implementation, units, activation, recurrent_activation,
                    use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                    kernel_regularizer, recurrent_regularizer, bias_regularizer, dropout,
                    recurrent_dropout, seed):
        # LSTMCell's and GRUCell's shared attributes; recurrent dropout needs the per-gate form
        # (implementation 1), which draws one mask per gate
        self.implementation = implementation
        self._cell_setup(units, activation, use_bias, kernel_initializer, recurrent_initializer,
                         bias_initializer, kernel_regularizer, recurrent_regularizer,
                         bias_regularizer, dropout, recurrent_dropout, recurrent_activation)
        if self.recurrent_dropout != 0.0:
            self.implementation = 1
        if self.implementation == 1:
            self.dropout_mask_count = gates
        self.seed = seed
        self.seed_generator = _krand.SeedGenerator(seed=seed)

    def _weights(self, input_dim, n, bias_shape, bias_init):
        self.kernel = self.add_weight(shape=(input_dim, self.units * n), name='kernel',
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer)
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units * n),
                                                name='recurrent_kernel',
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer)
        if self.use_bias:
            self.bias = self.add_weight(shape=bias_shape, name='bias', initializer=bias_init,
                                        regularizer=self.bias_regularizer)
        else:
            self.bias = None

    def _per_gate(self, inputs, h_tm1, k, b, n, training):
        # implementation 1 (LSTMCell's and GRUCell's): each of the n gates' input projection
        # (with its bias) and recurrent input, each under its own dropout mask when training
        u = self.units
        if training and 0.0 < self.dropout < 1.0:
            dp = self.get_dropout_mask(inputs)
            xs = [inputs * dp[j] for j in range(n)]
        else:
            xs = [inputs] * n
        x = [jnp.matmul(xs[j], k[:, j * u:(j + 1) * u]) for j in range(n)]
        if b is not None:
            x = [x[j] + b[j * u:(j + 1) * u] for j in range(n)]
        if training and 0.0 < self.recurrent_dropout < 1.0:
            rdp = self.get_recurrent_dropout_mask(h_tm1)
            hs = [h_tm1 * rdp[j] for j in range(n)]
        else:
            hs = [h_tm1] * n
        return x, hs

    def get_initial_state(self, batch_size=None):
        sizes = self.state_size if _is_nested(self.state_size) else [self.state_size]
        return [jnp.zeros((batch_size, d), dtype=self.compute_dtype) for d in sizes]


class SimpleRNNCell(_CellBase):
    def __init__(self, units, activation='tanh', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal',
                 bias_initializer='zeros', kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None, **kwargs):
        _check_units(units)
        super().__init__(**kwargs)
        self.seed = seed
        self.seed_generator = _krand.SeedGenerator(seed)
        self._cell_setup(units, activation, use_bias, kernel_initializer, recurrent_initializer,
                         bias_initializer, kernel_regularizer, recurrent_regularizer,
                         bias_regularizer, dropout, recurrent_dropout)
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        self._weights(input_shape[-1], 1, (self.units,), self.bias_initializer)
        self.built = True

    def call(self, sequence, states, training=False):
        prev = states[0] if _is_nested(states) else states
        dp = self.get_dropout_mask(sequence)
        rdp = self.get_recurrent_dropout_mask(prev)
        if training and dp is not None:
            sequence = sequence * dp
        h = jnp.matmul(sequence, _val(self.kernel))
        if self.bias is not None:
            h = h + _val(self.bias)
        if training and rdp is not None:
            prev = prev * rdp
        out = h + jnp.matmul(prev, _val(self.recurrent_kernel))
        if self.activation is not None:
            out = self.activation(out)
        return out, ([out] if _is_nested(states) else out)

    def get_config(self):
        return {**self._common_config(), **super().get_config()}


class LSTMCell(_CellBase):
    def __init__(self, units, activation='tanh', recurrent_activation='sigmoid', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal',
                 bias_initializer='zeros', unit_forget_bias=True, kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, seed=None, **kwargs):
        _check_units(units)
        implementation = kwargs.pop('implementation', 2)
        super().__init__(**kwargs)
        self._gate_setup(4, implementation, units, activation, recurrent_activation, use_bias,
                         kernel_initializer, recurrent_initializer, bias_initializer,
                         kernel_regularizer, recurrent_regularizer, bias_regularizer, dropout,
                         recurrent_dropout, seed)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [self.units, self.units]
        self.output_size = self.units

    def build(self, input_shape):
        u = self.units
        init = self.bias_initializer
        if self.unit_forget_bias:
            def bias_init(_, *args, **kwargs):
                return jnp.concatenate([init((u,), *args, **kwargs),
                                        _ki.get('ones')((u,), *args, **kwargs),
                                        init((u * 2,), *args, **kwargs)])
        else:
            bias_init = init
        self._weights(input_shape[-1], 4, (u * 4,), bias_init)
        self.built = True

    def call(self, inputs, states, training=False):
        h_tm1, c_tm1 = states[0], states[1]
        u = self.units
        k = _val(self.kernel)
        rk = _val(self.recurrent_kernel)
        b = _val(self.bias) if self.use_bias else None
        if self.implementation == 1:
            x, hs = self._per_gate(inputs, h_tm1, k, b, 4, training)
            z = [x[j] + jnp.matmul(hs[j], rk[:, j * u:(j + 1) * u]) for j in range(4)]
        else:
            if training and 0.0 < self.dropout < 1.0:
                inputs = inputs * self.get_dropout_mask(inputs)
            zz = jnp.matmul(inputs, k) + jnp.matmul(h_tm1, rk)
            if b is not None:
                zz = zz + b
            z = jnp.split(zz, 4, axis=1)
        i = self.recurrent_activation(z[0])
        f = self.recurrent_activation(z[1])
        c = f * c_tm1 + i * self.activation(z[2])
        o = self.recurrent_activation(z[3])
        h = o * self.activation(c)
        return h, [h, c]

    def get_config(self):
        cfg = self._common_config()
        cfg['recurrent_activation'] = _ka.serialize(self.recurrent_activation)
        cfg['unit_forget_bias'] = self.unit_forget_bias
        return {**cfg, **super().get_config()}


class GRUCell(_CellBase):
    def __init__(self, units, activation='tanh', recurrent_activation='sigmoid', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal',
                 bias_initializer='zeros', kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, reset_after=True,
                 seed=None, **kwargs):
        _check_units(units)
        implementation = kwargs.pop('implementation', 2)
        super().__init__(**kwargs)
        self._gate_setup(3, implementation, units, activation, recurrent_activation, use_bias,
                         kernel_initializer, recurrent_initializer, bias_initializer,
                         kernel_regularizer, recurrent_regularizer, bias_regularizer, dropout,
                         recurrent_dropout, seed)
        self.reset_after = reset_after
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        shape = (2, 3 * self.units) if self.reset_after else (3 * self.units,)
        self._weights(input_shape[-1], 3, shape, self.bias_initializer)
        self.built = True

    def call(self, inputs, states, training=False):
        h_tm1 = states[0] if _is_nested(states) else states
        u = self.units
        k = _val(self.kernel)
        rk = _val(self.recurrent_kernel)
        ib = rb = None
        if self.use_bias:
            b = _val(self.bias)
            if self.reset_after:
                ib, rb = b[0], b[1]
            else:
                ib = b
        if self.implementation == 1:
            x, hs = self._per_gate(inputs, h_tm1, k, ib, 3, training)
            rz = jnp.matmul(hs[0], rk[:, :u])
            rr = jnp.matmul(hs[1], rk[:, u:2 * u])
            if self.reset_after and rb is not None:
                rz = rz + rb[:u]
                rr = rr + rb[u:2 * u]
            z = self.recurrent_activation(x[0] + rz)
            r = self.recurrent_activation(x[1] + rr)
            if self.reset_after:
                rh = jnp.matmul(hs[2], rk[:, 2 * u:])
                if rb is not None:
                    rh = rh + rb[2 * u:]
                rh = r * rh
            else:
                rh = jnp.matmul(r * hs[2], rk[:, 2 * u:])
            hh = self.activation(x[2] + rh)
        else:
            if training and 0.0 < self.dropout < 1.0:
                inputs = inputs * self.get_dropout_mask(inputs)
            mx = jnp.matmul(inputs, k)
            if ib is not None:
                mx = mx + ib
            x_z, x_r, x_h = jnp.split(mx, 3, axis=-1)
            if self.reset_after:
                inner = jnp.matmul(h_tm1, rk)
                if rb is not None:
                    inner = inner + rb
            else:
                inner = jnp.matmul(h_tm1, rk[:, :2 * u])
            z = self.recurrent_activation(x_z + inner[:, :u])
            r = self.recurrent_activation(x_r + inner[:, u:2 * u])
            if self.reset_after:
                rh = r * inner[:, 2 * u:]
            else:
                rh = jnp.matmul(r * h_tm1, rk[:, 2 * u:])
            hh = self.activation(x_h + rh)
        h = z * h_tm1 + (1 - z) * hh
        return h, ([h] if _is_nested(states) else h)

    def get_config(self):
        cfg = self._common_config()
        cfg['recurrent_activation'] = _ka.serialize(self.recurrent_activation)
        cfg['reset_after'] = self.reset_after
        return {**cfg, **super().get_config()}


# ---------------------------------------------------------------- the loop (backend.rnn on JAX)

def _swap(x):
    return jnp.swapaxes(x, 0, 1)


def _tree_where(m, a, b):
    if _is_nested(a):
        return type(a)(_tree_where(m, x, y) for x, y in zip(a, b))
    return jnp.where(m, a, b)


def _backend_rnn(step, inputs, initial_states, go_backwards, mask, zero_output_for_mask):
    xs = _swap(inputs)
    init = tuple(initial_states)
    if mask is not None:
        m = jnp.asarray(mask).astype('bool')
        if m.ndim == 2:
            m = jnp.expand_dims(m, -1)
        m = _swap(m)

        def _step(states, cur):
            x, cm = cur
            is_masked = jnp.all(jnp.logical_not(cm), axis=-1, keepdims=True)
            out, new = step(x, states)
            if zero_output_for_mask:
                mo = jnp.where(is_masked, jnp.zeros_like(out), out)
            else:
                prev = states[0]
                if _is_nested(prev):
                    prev = states[-1][0]
                mo = jnp.where(is_masked, prev, out)
            new = tuple(_tree_where(is_masked, s, ns) for s, ns in zip(states, new))
            return new, mo
        scan_xs = (xs, m)
    else:
        def _step(states, x):
            out, new = step(x, states)
            return tuple(new), out
        scan_xs = xs
    new_states, outputs = lax.scan(_step, init, scan_xs, reverse=go_backwards)
    if go_backwards:
        outputs = jnp.flip(outputs, axis=0)
    last = outputs[-1]
    return last, _swap(outputs), list(new_states)


class RNN(Layer):
    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, zero_output_for_mask=False, **kwargs):
        if isinstance(cell, (list, tuple)):
            raise ValueError('Stacked RNN cells (a list of cells) are not supported here; '
                             'stack RNN layers instead.')
        if not hasattr(cell, 'call'):
            raise ValueError(f'Argument `cell` should have a `call` method. Received: cell={cell}')
        if not hasattr(cell, 'state_size'):
            raise ValueError('The RNN cell should have a `state_size` attribute (single integer '
                             'or list of integers, one integer per RNN state). '
                             f'Received: cell={cell}')
        if stateful:
            raise ValueError('stateful=True is not supported by this RNN implementation.')
        super().__init__(**kwargs)
        self.zero_output_for_mask = zero_output_for_mask
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.supports_masking = True
        self.states = None
        ss = cell.state_size
        if not isinstance(ss, (list, tuple, int)):
            raise ValueError('state_size must be an integer, or a list/tuple of integers '
                             '(one for each state tensor).')
        self.single_state = isinstance(ss, int)
        self.state_size = [ss] if self.single_state else list(ss)

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        b, t = sequences_shape[0], sequences_shape[1]
        states = [(b, s) for s in self.state_size]
        out = getattr(self.cell, 'output_size', None) or self.state_size[0]
        shape = (b, t, out) if self.return_sequences else (b, out)
        if self.return_state:
            return (shape, *states)
        return shape

    def compute_mask(self, _, mask):
        if _is_nested(mask):
            mask = mask[0]
        out = mask if self.return_sequences else None
        if self.return_state:
            return [out] + [None for _ in self.state_size]
        return out

    def build(self, sequences_shape, initial_state_shape=None):
        if sequences_shape and isinstance(sequences_shape[0], (list, tuple)):
            sequences_shape = sequences_shape[0]
        sequences_shape = tuple(sequences_shape)
        if len(sequences_shape) != 3:
            raise ValueError(f"Input 0 with name 'None' of layer '{self.name}' is incompatible "
                             f'with the layer: expected ndim=3, found '
                             f'ndim={len(sequences_shape)}. Full shape received: '
                             f'{tuple(sequences_shape)}')
        step_shape = (sequences_shape[0],) + tuple(sequences_shape[2:])
        if isinstance(self.cell, Layer) and not self.cell.built:
            with _kb.name_scope(self.cell.name, caller=self.cell):
                self.cell.build(step_shape)
            self.cell._build_shapes = step_shape
            self.cell.built = True
        self.built = True

    def get_initial_state(self, batch_size):
        fn = getattr(self.cell, 'get_initial_state', None)
        if fn is None:
            return [jnp.zeros((batch_size, d), dtype=self.cell.compute_dtype)
                    for d in self.state_size]
        s = fn(batch_size=batch_size)
        return list(s) if _is_nested(s) else [s]

    def inner_loop(self, sequences, initial_state, mask, training=False):
        cell_kwargs = {}
        if isinstance(self.cell, Layer) and self.cell._call_has_training_arg:
            cell_kwargs['training'] = training

        def step(x, states):
            out, new = self.cell(x, list(states), **cell_kwargs)
            if not _is_nested(new):
                new = [new]
            return out, new
        if not _is_nested(initial_state):
            initial_state = [initial_state]
        return _backend_rnn(step, sequences, initial_state, self.go_backwards, mask,
                            self.zero_output_for_mask)

    def call(self, sequences, initial_state=None, mask=None, training=False):
        if sequences.ndim != 3:
            raise ValueError(f"Input 0 with name 'None' of layer '{self.name}' is incompatible "
                             f'with the layer: expected ndim=3, found ndim={sequences.ndim}. '
                             f'Full shape received: {tuple(sequences.shape)}')
        if _is_nested(mask):
            mask = mask[0]
        if initial_state is None:
            initial_state = self.get_initial_state(sequences.shape[0])
        if not _is_nested(initial_state):
            initial_state = [initial_state]
        initial_state = [jnp.asarray(_val(s), dtype=self.cell.compute_dtype)
                         for s in initial_state]
        if isinstance(self.cell, DropoutRNNCell):
            self.cell.get_dropout_mask(sequences[:, 0, :])
            self.cell.get_recurrent_dropout_mask(initial_state[0])
        try:
            last, outputs, states = self.inner_loop(sequences, initial_state, mask, training)
        finally:
            if isinstance(self.cell, DropoutRNNCell):
                self.cell.reset_dropout_mask()
                self.cell.reset_recurrent_dropout_mask()
        out = outputs if self.return_sequences else last
        if self.return_state:
            return (out, *states)
        return out

    def get_config(self):
        cfg = {'return_sequences': self.return_sequences, 'return_state': self.return_state,
               'go_backwards': self.go_backwards, 'stateful': self.stateful,
               'unroll': self.unroll, 'zero_output_for_mask': self.zero_output_for_mask}
        if type(self) is RNN:
            import keras._config as _c
            cfg['cell'] = _c.serialize_layer(self.cell)
        return {**super().get_config(), **cfg}

    @classmethod
    def from_config(cls, config):
        import keras._config as _c
        config = _from_config_args(config)
        cell = _c.deserialize_layer(config.pop('cell'))
        return cls(cell, **config)


class _CellRNN(RNN):
    """The LSTM/GRU/SimpleRNN layers: an RNN over their own cell, built from the same arguments."""
    _cell_cls = None
    _cell_name = None
    _cell_args = ()

    def __init__(self, units, *, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False, activity_regularizer=None,
                 use_cudnn='auto', **kwargs):
        cell_kw = {k: kwargs.pop(k) for k in list(kwargs) if k in self._cell_args}
        cell_kw.pop('kernel_constraint', None)
        cell = self._cell_cls(units, dtype=kwargs.get('dtype'),
                              trainable=kwargs.get('trainable', True), name=self._cell_name,
                              **cell_kw)
        if use_cudnn not in ('auto', True, False):
            raise ValueError('Invalid valid received for argument `use_cudnn`. Expected one of '
                             f"{{'auto', True, False}}. Received: use_cudnn={use_cudnn}")
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         activity_regularizer=activity_regularizer, **kwargs)
        self.use_cudnn = use_cudnn

    def call(self, sequences, initial_state=None, mask=None, training=False):
        return RNN.call(self, sequences, initial_state=initial_state, mask=mask,
                        training=training)

    def __getattr__(self, name):
        cell = self.__dict__.get('cell')
        if cell is not None and name in ('units', 'activation', 'recurrent_activation',
                                         'use_bias', 'kernel_initializer',
                                         'recurrent_initializer', 'bias_initializer',
                                         'unit_forget_bias', 'dropout', 'recurrent_dropout',
                                         'reset_after', 'kernel_regularizer',
                                         'recurrent_regularizer', 'bias_regularizer', 'seed'):
            return getattr(cell, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def get_config(self):
        cfg = self.cell.get_config()
        for k in ('name', 'trainable', 'dtype'):
            cfg.pop(k, None)
        out = {**RNN.get_config(self), **cfg}
        out['activity_regularizer'] = _kr.serialize(self.activity_regularizer)
        return out

    @classmethod
    def from_config(cls, config):
        config = _from_config_args(config)
        config.pop('zero_output_for_mask', None)
        return cls(**config)


_COMMON = ('activation', 'use_bias', 'kernel_initializer', 'recurrent_initializer',
           'bias_initializer', 'kernel_regularizer', 'recurrent_regularizer', 'bias_regularizer',
           'kernel_constraint', 'recurrent_constraint', 'bias_constraint', 'dropout',
           'recurrent_dropout', 'seed', 'implementation')


class SimpleRNN(_CellRNN):
    _cell_cls = SimpleRNNCell
    _cell_name = 'simple_rnn_cell'
    _cell_args = _COMMON

    def get_config(self):
        cfg = super().get_config()
        cfg.pop('seed', None)  # as Keras: SimpleRNN's config has no seed
        return cfg


class LSTM(_CellRNN):
    _cell_cls = LSTMCell
    _cell_name = 'lstm_cell'
    _cell_args = _COMMON + ('recurrent_activation', 'unit_forget_bias')


class GRU(_CellRNN):
    _cell_cls = GRUCell
    _cell_name = 'gru_cell'
    _cell_args = _COMMON + ('recurrent_activation', 'reset_after')


# ---------------------------------------------------------------- Bidirectional, TimeDistributed

def _clone_rnn(layer, name, go_backwards):
    # as Keras: serialize the layer and build a new one from its config, so the initializers
    # (seed None) draw fresh seeds in the same order as Keras's deserialization
    cfg = layer.get_config()
    cfg['name'] = name
    cfg['go_backwards'] = go_backwards
    if isinstance(layer, _CellRNN):
        clone = type(layer).from_config(cfg)
        # Keras's clone goes through deserialization, which builds a built layer at once,
        # outside any name scope: a reloaded Bidirectional's weights are forward_lstm/...
        bc = layer.get_build_config()
        if bc is not None and layer.built:
            clone.build_from_config(bc)
        return clone
    import keras._config as _c
    cfg2 = _c.serialize_layer(layer)
    cfg2['config']['name'] = name
    cfg2['config']['go_backwards'] = go_backwards
    return _c.deserialize_layer(cfg2)


def _strip(name, prefix):
    return name[len(prefix):] if name.startswith(prefix) else name


class Bidirectional(Layer):
    def __init__(self, layer, merge_mode='concat', weights=None, backward_layer=None, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError('Please initialize `Bidirectional` layer with a '
                             f'`keras.layers.Layer` instance. Received: {layer}')
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError('`backward_layer` need to be a `keras.layers.Layer` '
                             f'instance. Received: {backward_layer}')
        if merge_mode not in ['sum', 'mul', 'ave', 'concat', None]:
            raise ValueError(f'Invalid merge mode. Received: {merge_mode}. Merge mode should be '
                             'one of {"sum", "mul", "ave", "concat", None}')
        super().__init__(**kwargs)
        self.forward_layer = _clone_rnn(layer, 'forward_' + _strip(layer.name, 'forward_'),
                                        layer.go_backwards)
        if backward_layer is None:
            self.backward_layer = _clone_rnn(layer, 'backward_' + _strip(layer.name, 'backward_'),
                                             not layer.go_backwards)
        else:
            self.backward_layer = backward_layer
        if self.forward_layer.go_backwards == self.backward_layer.go_backwards:
            raise ValueError('Forward layer and backward layer should have different '
                             '`go_backwards` value. Received: forward_layer.go_backwards '
                             f'{self.forward_layer.go_backwards}, '
                             f'backward_layer.go_backwards={self.backward_layer.go_backwards}')
        for a in ('stateful', 'return_sequences', 'return_state'):
            if getattr(self.forward_layer, a) != getattr(self.backward_layer, a):
                raise ValueError('Forward layer and backward layer are expected to have the same '
                                 f'value for attribute "{a}", got '
                                 f'"{getattr(self.forward_layer, a)}" for forward layer and '
                                 f'"{getattr(self.backward_layer, a)}" for backward layer')
        for lay in (self.forward_layer, self.backward_layer):
            if getattr(lay, 'zero_output_for_mask', None) is not None:
                lay.zero_output_for_mask = lay.return_sequences
        self.merge_mode = merge_mode
        self.stateful = layer.stateful
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self.supports_masking = True

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        shape = self.forward_layer.compute_output_shape(sequences_shape)
        if self.return_state:
            shape, st = shape[0], tuple(shape[1:])
        if self.merge_mode == 'concat':
            shape = tuple(shape[:-1]) + (shape[-1] * 2,)
        elif self.merge_mode is None:
            shape = [shape, shape]
        if self.return_state:
            if self.merge_mode is None:
                return tuple(shape) + st + st
            return (shape,) + st + st
        return tuple(shape) if self.merge_mode is not None else shape

    def build(self, sequences_shape, initial_state_shape=None):
        for lay in (self.forward_layer, self.backward_layer):
            if not lay.built:
                with _kb.name_scope(lay.name, caller=lay):
                    lay.build(sequences_shape)
                lay._build_shapes = sequences_shape
                lay.built = True
        self.built = True

    def call(self, sequences, initial_state=None, mask=None, training=None):
        kwargs = {}
        if self.forward_layer._call_has_training_arg:
            kwargs['training'] = training
        if self.forward_layer._call_has_mask_arg:
            kwargs['mask'] = mask
        fs = bs = None
        if initial_state is not None:
            half = len(initial_state) // 2
            fs, bs = initial_state[:half], initial_state[half:]
        y = self.forward_layer(sequences, initial_state=fs, **kwargs)
        y_rev = self.backward_layer(sequences, initial_state=bs, **kwargs)
        if self.return_state:
            states = tuple(y[1:]) + tuple(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        if self.return_sequences:
            y_rev = jnp.flip(y_rev, axis=1)
        mm = self.merge_mode
        if mm == 'concat':
            out = jnp.concatenate([y, y_rev], axis=-1)
        elif mm == 'sum':
            out = y + y_rev
        elif mm == 'ave':
            out = (y + y_rev) / 2
        elif mm == 'mul':
            out = y * y_rev
        else:
            out = (y, y_rev)
        if self.return_state:
            return (out + states) if mm is None else (out,) + states
        return out

    def compute_mask(self, _, mask):
        if isinstance(mask, list):
            mask = mask[0]
        if self.return_sequences:
            return (mask, mask) if not self.merge_mode else mask
        return (None, None) if not self.merge_mode else None

    def get_config(self):
        import keras._config as _c
        cfg = {'merge_mode': self.merge_mode, 'layer': _c.serialize_layer(self.forward_layer),
               'backward_layer': _c.serialize_layer(self.backward_layer)}
        return {**super().get_config(), **cfg}

    @classmethod
    def from_config(cls, config):
        import keras._config as _c
        config = _from_config_args(config)
        layer = _c.deserialize_layer(config.pop('layer'))
        back = config.pop('backward_layer', None)
        if back is not None:
            config['backward_layer'] = _c.deserialize_layer(back)
        return cls(layer, **config)


class TimeDistributed(Layer):
    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError('Please initialize `TimeDistributed` layer with a '
                             f'`keras.layers.Layer` instance. Received: {layer}')
        super().__init__(**kwargs)
        self.layer = layer
        self.supports_masking = True

    def build(self, input_shape):
        if len(input_shape) < 3:
            raise ValueError('`TimeDistributed` Layer should be passed an `input_shape` with at '
                             f'least 3 dimensions, received: {tuple(input_shape)}')
        child = (input_shape[0],) + tuple(input_shape[2:])
        if not self.layer.built:
            with _kb.name_scope(self.layer.name, caller=self.layer):
                self.layer.build(child)
            self.layer._build_shapes = child
            self.layer.built = True
        self.built = True

    def compute_output_shape(self, input_shape):
        child = self.layer.compute_output_shape((input_shape[0],) + tuple(input_shape[2:]))
        return (child[0], input_shape[1]) + tuple(child[1:])

    def call(self, inputs, training=None, mask=None):
        b, t = inputs.shape[0], inputs.shape[1]
        kw = {}
        if self.layer._call_has_training_arg:
            kw['training'] = training
        flat = jnp.reshape(inputs, (b * t,) + tuple(inputs.shape[2:]))
        y = self.layer.call(flat, **kw)
        return jnp.reshape(y, (b, t) + tuple(y.shape[1:]))

    def compute_mask(self, inputs, mask=None):
        return mask

    def get_config(self):
        import keras._config as _c
        return {**super().get_config(), 'layer': _c.serialize_layer(self.layer)}

    @classmethod
    def from_config(cls, config):
        import keras._config as _c
        config = _from_config_args(config)
        return cls(_c.deserialize_layer(config.pop('layer')), **config)
