# keras._trainer - Model.compile/fit/evaluate/predict/*_on_batch as Keras 3 does them on JAX:
# one jit-compiled step over stateless_call, value_and_grad and optimizer.stateless_apply; a
# subclass's own train_step/test_step/predict_step (Keras's JAXTrainer API) is called instead.

import math as _math
import warnings as _warnings
import numpy as np
import jax
import jax.numpy as jnp
import keras.backend as _kb
import keras.optimizers as _optimizers
import keras.losses as _losses
import keras.metrics as _metrics
import keras.callbacks as _callbacks


# ---- compile -----------------------------------------------------------------------------------
class _State:
    pass


def _is_binary_or_sparse(y_true, y_pred):
    yt, yp = np.shape(y_true), np.shape(y_pred)
    is_binary = yp[-1] == 1
    is_sparse = len(yt) < len(yp) or (yt[-1] == 1 and yp[-1] > 1)
    return is_binary, is_sparse


def _object_name(obj):
    if hasattr(obj, 'name') and isinstance(obj.name, str):
        return obj.name
    if hasattr(obj, '__name__'):
        return _kb.to_snake_case(obj.__name__)
    return _kb.to_snake_case(obj.__class__.__name__)


def _get_metric(identifier, y_true, y_pred):
    if identifier is None:
        raise ValueError('Expected metric, received `None`')
    if str(identifier).lower() not in ('accuracy', 'acc'):
        obj = _metrics.get(identifier)
    else:
        is_binary, is_sparse = _is_binary_or_sparse(y_true, y_pred)
        if is_binary:
            obj = _metrics.BinaryAccuracy(name=str(identifier))
        elif is_sparse:
            obj = _metrics.SparseCategoricalAccuracy(name=str(identifier))
        else:
            obj = _metrics.CategoricalAccuracy(name=str(identifier))
    name = identifier if isinstance(identifier, str) else _object_name(obj)
    if not isinstance(obj, _metrics.Metric):
        obj = _metrics.MeanMetricWrapper(obj)
    obj.name = name
    return obj


def _get_loss(identifier, y_true, y_pred):
    if identifier is None:
        return None
    if str(identifier).lower() not in ('crossentropy', 'ce'):
        obj = _losses.get(identifier)
    else:
        is_binary, is_sparse = _is_binary_or_sparse(y_true, y_pred)
        obj = (_losses.binary_crossentropy if is_binary else
               _losses.sparse_categorical_crossentropy if is_sparse else
               _losses.categorical_crossentropy)
    if not isinstance(obj, _losses.Loss):
        name = identifier if isinstance(identifier, str) else _object_name(obj)
        obj = _losses.LossFunctionWrapper(obj, name=name)
    return obj


def compile(model, optimizer='rmsprop', loss=None, loss_weights=None, metrics=None,
            weighted_metrics=None, run_eagerly=False, steps_per_execution=1, jit_compile='auto',
            auto_scale_loss=True):
    if metrics is not None and not isinstance(metrics, (list, tuple, dict)):
        raise ValueError("Expected `metrics` argument to be a list, tuple, or dict. Received "
                         f"instead: metrics={metrics} of type {type(metrics)}")
    st = _State()
    st.optimizer = _optimizers.get(optimizer)
    st.loss_spec = loss
    st.loss_weights = loss_weights
    st.metrics_spec = metrics
    st.weighted_spec = weighted_metrics
    st.jit = (not run_eagerly) if jit_compile == 'auto' else bool(jit_compile and not run_eagerly)
    st.loss_fns = None
    st.user_metrics = None
    st.weighted_flags = []
    st.loss_tracker = _metrics.Mean(name='loss')
    st.metric_entries = []
    st.compile_metrics = CompileMetrics(st)
    st.train_fn = st.test_fn = st.predict_fn = None
    st.compile_config = {'optimizer': _optimizers.serialize(st.optimizer), 'loss': loss,
                         'loss_weights': loss_weights, 'metrics': metrics,
                         'weighted_metrics': weighted_metrics, 'run_eagerly': run_eagerly,
                         'steps_per_execution': steps_per_execution, 'jit_compile': st.jit}
    model._keras_train = st
    model.optimizer = st.optimizer
    model.loss = loss
    model.compiled = True
    model.stop_training = False
    model.jit_compile = st.jit
    model.run_eagerly = run_eagerly


def _state(model, method):
    st = getattr(model, '_keras_train', None)
    if st is None or not getattr(model, 'compiled', False):
        raise ValueError("You must call `compile()` before using the model.")
    return st


def _flat(y):
    if isinstance(y, dict):
        return [y[k] for k in sorted(y)]
    if isinstance(y, (list, tuple)):
        out = []
        for e in y:
            out.extend(_flat(e))
        return out
    return [y]


def _output_names(model):
    names = getattr(model, 'output_names', None)
    if names:
        return list(names)
    outs = model.__dict__.get('outputs') if hasattr(model, '__dict__') else None
    if outs and all(getattr(t, '_keras_history', None) for t in outs):
        return [t._keras_history[0].name for t in outs]
    return None


def _build_compile(model, st, y_true, y_pred):
    yts, yps = _flat(y_true), _flat(y_pred)
    n = len(yps)
    names = _output_names(model)
    spec = st.loss_spec
    if spec is None:
        st.loss_fns = []
    elif n == 1 and not isinstance(spec, (list, tuple, dict)):
        st.loss_fns = [_get_loss(spec, yts[0], yps[0])]
    else:
        if isinstance(spec, dict):
            if not names:
                raise ValueError("A dict of losses needs a model with named outputs")
            spec = [spec.get(k) for k in names]
        elif not isinstance(spec, (list, tuple)):
            spec = [spec] * n
        if len(spec) != n:
            raise ValueError(f"For a model with {n} outputs, `loss` must list {n} losses. "
                             f"Received: loss={st.loss_spec}")
        st.loss_fns = [_get_loss(s, a, b) for s, a, b in zip(spec, yts, yps)]
    w = st.loss_weights
    if isinstance(w, dict):
        w = [w.get(k, 1.0) for k in (names or [])]
    elif w is not None and not isinstance(w, (list, tuple)):
        w = [w]
    st.loss_w = list(w) if w is not None else [None] * len(st.loss_fns)
    # CompileLoss tracks each output's unweighted loss when there are several
    st.loss_metrics = []
    if len(st.loss_fns) > 1:
        for i in range(len(st.loss_fns)):
            oname = names[i] if names and i < len(names) else f"output_{i}"
            # Keras makes them inside CompileLoss, whose name scopes their variables
            with _kb.name_scope('compile_loss'):
                st.loss_metrics.append(_metrics.Mean(name=f"{oname}_loss"))

    def build_list(spec, weighted):
        out = []
        if spec is None:
            return out
        if isinstance(spec, dict):
            for k in (names or []):
                i = names.index(k)
                ms = spec.get(k)
                if ms is None:
                    continue
                for m in (ms if isinstance(ms, (list, tuple)) else [ms]):
                    obj = _get_metric(m, yts[i], yps[i])
                    if n > 1:
                        obj._out_prefix = f"{k}_"
                    out.append((i, obj, weighted))
            return out
        if n > 1 and len(spec) == n and all(isinstance(s, (list, tuple)) for s in spec):
            for i, ms in enumerate(spec):
                for m in ms:
                    obj = _get_metric(m, yts[i], yps[i])
                    if names:
                        obj._out_prefix = f"{names[i]}_"
                    out.append((i, obj, weighted))
            return out
        for m in spec:
            out.append((0, _get_metric(m, yts[0], yps[0]), weighted))
        return out
    st.extra_metrics = _tracked_metrics(model)
    entries = build_list(st.metrics_spec, False) + build_list(st.weighted_spec, True)
    st.metric_entries = entries
    st.user_metrics = [e[1] for e in entries]
    for m in st.user_metrics:
        if not hasattr(m, '_direction'):
            fn = getattr(m, '_fn', None)
            if fn is not None and fn in (_losses.mean_squared_error, _losses.mean_absolute_error,
                                         _losses.mean_absolute_percentage_error,
                                         _losses.binary_crossentropy,
                                         _losses.categorical_crossentropy,
                                         _losses.sparse_categorical_crossentropy,
                                         _losses.kl_divergence):
                m._direction = 'down'
            elif fn is not None and 'accuracy' in getattr(fn, '__name__', ''):
                m._direction = 'up'


class CompileMetrics(_metrics.Metric):
    """The metrics compile() names, as one metric whose result() is a dict (Keras's
    trainers.compile_utils.CompileMetrics); it has no sub-metrics until the first batch."""

    def __init__(self, st):
        _metrics.Metric.__init__(self, name='compile_metrics')
        self._st = st

    @property
    def built(self):
        return self._st.loss_fns is not None

    @property
    def metrics(self):
        return list(self._st.user_metrics or []) if self.built else []

    @property
    def variables(self):
        out = []
        for m in self.metrics:
            out.extend(m.variables)
        return out

    def reset_state(self):
        for m in self.metrics:
            m.reset_state()

    def update_state(self, y_true, y_pred, sample_weight=None):
        st = self._st
        yts, yps = _flat(y_true), _flat(y_pred)
        for i, m, weighted in st.metric_entries:
            m.update_state(yts[i], yps[i], sample_weight=sample_weight if weighted else None)

    def result(self):
        if not self.built:
            raise ValueError("Cannot get result() since the metric has not yet been built.")
        st = self._st
        res = {}
        entries = st.metric_entries or []
        order = [j for j, e in enumerate(entries) if not e[2]] + \
            [j for j, e in enumerate(entries) if e[2]]
        for name, j in zip(_result_names(st)[1:], order):
            res[name] = entries[j][1].result()
        return res


def model_metrics(model):
    """Model.metrics: the loss tracker, the compiled metrics, each output's loss tracker."""
    st = getattr(model, '_keras_train', None)
    if st is None or not getattr(model, 'compiled', False):
        return _tracked_metrics(model)
    out = [st.loss_tracker]
    if st.metrics_spec is not None or st.weighted_spec is not None:
        out.append(st.compile_metrics)
    out.extend(getattr(st, 'loss_metrics', None) or [])
    return out + _tracked_metrics(model)


def _tracked_metrics(model):
    # the Metric attributes of the model and its layers (not of nested models), as Keras's
    # Trainer.metrics lists them after the compiled ones
    from keras._model import Model
    out = list(model._metrics)
    for layer in model._flatten_layers(include_self=False):
        if not isinstance(layer, Model):
            out.extend(layer.metrics)
    return out


def get_metrics_result(model):
    res = {}
    for m in model.metrics:
        r = m.result()
        if isinstance(r, dict):
            res.update(r)
        else:
            res[m.name] = r
    return res


def _all_metrics(st):
    return [st.loss_tracker] + list(st.user_metrics or []) + \
        list(getattr(st, 'loss_metrics', [])) + list(getattr(st, 'extra_metrics', []))


def _metric_vars(st):
    out = []
    for m in _all_metrics(st):
        out.extend(m.variables)
    return out


def _compute_loss(st, y, y_pred, sw, extra_losses, per_output=None):
    yts, yps = _flat(y), _flat(y_pred)
    total = None
    for i, fn in enumerate(st.loss_fns):
        if fn is None:
            continue
        v = jnp.asarray(fn(yts[i], yps[i], sw)).astype(jnp.float32)
        if per_output is not None:
            per_output.append(v)
        if st.loss_w[i] is not None:
            v = v * st.loss_w[i]
        total = v if total is None else total + v
    for l in extra_losses:
        l = jnp.sum(jnp.asarray(l).astype(jnp.float32))
        total = l if total is None else total + l
    if total is None:
        total = jnp.zeros((), jnp.float32)
    return total


def _update_metrics(st, mv, loss, x, y, y_pred, sw, per_output=()):
    ms = _all_metrics(st)
    nuser = len(st.user_metrics or [])
    nloss = len(getattr(st, 'loss_metrics', []))
    out = []
    pos = 0
    bs = _flat(x)[0].shape[0]
    yts, yps = _flat(y), _flat(y_pred)
    for j, m in enumerate(ms):
        k = len(m.variables)
        vals = mv[pos:pos + k]
        pos += k
        if j == 0:
            vals = m.stateless_update_state(vals, loss, sample_weight=bs)
        elif j > nuser + nloss:
            pass    # a model's own metric: its train_step would update it
        elif j > nuser:
            k2 = j - nuser - 1
            vals = m.stateless_update_state(vals, per_output[k2],
                                            sample_weight=yps[k2].shape[0])
        else:
            i, _, weighted = st.metric_entries[j - 1]
            vals = m.stateless_update_state(vals, yts[i], yps[i],
                                            sample_weight=sw if weighted else None)
        out.extend(vals)
    return out


def _result_names(st):
    # CompileMetrics.result's naming: an output's metrics are prefixed with its name; repeats
    # get _1, _2...; a weighted metric whose name is taken becomes <output>_weighted_<name>
    names = ['loss']
    seen = {}

    def fresh(name):
        if name not in seen:
            seen[name] = 1
            return name
        idx = seen[name]
        seen[name] += 1
        return f"{name}_{idx}"
    entries = getattr(st, 'metric_entries', None) or []
    for weighted_pass in (False, True):
        for i, m, weighted in entries:
            if weighted != weighted_pass:
                continue
            prefix = getattr(m, '_out_prefix', '')
            name = prefix + m.name
            if name not in seen:
                seen[name] = 1
            elif not weighted:
                name = fresh(name)
            else:
                name = fresh(f"{prefix}weighted_{m.name}")
            names.append(name)
    return names + [m.name for m in getattr(st, 'loss_metrics', [])]


def _metric_results(st, mv):
    ms = _all_metrics(st)
    chunks = []
    pos = 0
    for m in ms:
        k = len(m.variables)
        chunks.append(mv[pos:pos + k])
        pos += k
    nuser = len(st.metric_entries or [])
    order = [0] + [j + 1 for j, e in enumerate(st.metric_entries or []) if not e[2]] + \
        [j + 1 for j, e in enumerate(st.metric_entries or []) if e[2]] + \
        list(range(nuser + 1, len(ms)))
    res = {}
    for name, j in zip(_result_names(st), order):
        res[name] = ms[j].stateless_result(chunks[j])
    nfixed = len(ms) - len(getattr(st, 'extra_metrics', []))
    for j in range(nfixed, len(ms)):
        r = ms[j].stateless_result(chunks[j])
        if isinstance(r, dict):
            res.update(r)
        else:
            res[ms[j].name] = r
    return res


def _call_losses(model, tv, ntv, x, training):
    try:
        y_pred, ntv2, losses = model.stateless_call(tv, ntv, x, training=training,
                                                    return_losses=True)
    except TypeError:
        y_pred, ntv2 = model.stateless_call(tv, ntv, x, training=training)
        losses = []
    return y_pred, ntv2, losses


def _make_train_fn(model, st):
    opt = st.optimizer

    def train_step(state, data):
        tv, ntv, ov, mv = state
        x, y, sw = data

        def loss_fn(tv, ntv):
            y_pred, ntv2, losses = _call_losses(model, tv, ntv, x, True)
            per = []
            loss = _compute_loss(st, y, y_pred, sw, losses, per)
            return opt.scale_loss(loss), (loss, y_pred, ntv2, per)
        (_, (loss, y_pred, ntv2, per)), grads = jax.value_and_grad(loss_fn, has_aux=True)(tv, ntv)
        tv2, ov2 = opt.stateless_apply(ov, grads, tv)
        mv2 = _update_metrics(st, mv, loss, x, y, y_pred, sw, per)
        return _metric_results(st, mv2), (tv2, ntv2, ov2, mv2)
    return jax.jit(train_step) if st.jit else train_step


def _make_test_fn(model, st):
    def test_step(state, data):
        tv, ntv, mv = state
        x, y, sw = data
        y_pred, ntv2, losses = _call_losses(model, tv, ntv, x, False)
        per = []
        loss = _compute_loss(st, y, y_pred, sw, losses, per)
        mv2 = _update_metrics(st, mv, loss, x, y, y_pred, sw, per)
        return _metric_results(st, mv2), (tv, ntv2, mv2)
    return jax.jit(test_step) if st.jit else test_step


def _make_predict_fn(model, st):
    def predict_step(state, x):
        tv, ntv = state
        y_pred, ntv2 = model.stateless_call(tv, ntv, x, training=False)
        return y_pred, (tv, ntv2)
    jit = st.jit if st is not None else True
    return jax.jit(predict_step) if jit else predict_step


# ---- the stateless step API (keras/src/backend/jax/trainer.py, trainers/trainer.py) ------------
# A Model subclass may override any of these; fit/evaluate/predict then run the model's own
# train_step/test_step/predict_step over the state tuples Keras passes (metrics_variables in
# model.metrics order) instead of the fused steps above.
_STEP_NAMES = ('train_step', 'test_step', 'predict_step', 'compute_loss_and_updates',
               'compute_loss', 'compute_metrics', 'metrics', 'reset_metrics')


def _custom_steps(model):
    from keras._model import Model, Functional, Sequential
    for k in type(model).__mro__:
        if k in (Model, Functional, Sequential):
            return False
        for name in _STEP_NAMES:
            if name in k.__dict__:
                return True
    return False


def unpack_x_y_sample_weight(data):
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return (data, None, None)
    if len(data) == 1:
        return (data[0], None, None)
    if len(data) == 2:
        return (data[0], data[1], None)
    if len(data) == 3:
        return (data[0], data[1], data[2])
    raise ValueError("Data is expected to be in format `x`, `(x,)`, `(x, y)`, or "
                     f"`(x, y, sample_weight)`, found: {data}")


def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    if y is None:
        return (x,) if isinstance(x, (tuple, list)) else x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


def model_compute_loss(model, x, y, y_pred, sample_weight, training):
    # Trainer.compute_loss: the compiled loss (each output's unweighted loss into its tracker)
    # plus the model's losses (the forward pass's, which compute_loss_and_updates set aside)
    st = getattr(model, '_keras_train', None)
    losses = []
    if st is not None and getattr(model, 'compiled', False) and st.loss_spec is not None:
        if st.loss_fns is None:
            _build_compile(model, st, y, y_pred)
        yts, yps = _flat(y), _flat(y_pred)
        total = None
        for i, fn in enumerate(st.loss_fns):
            if fn is None:
                continue
            v = jnp.asarray(fn(yts[i], yps[i], sample_weight)).astype(jnp.float32)
            if st.loss_metrics:
                st.loss_metrics[i].update_state(v, sample_weight=yps[i].shape[0])
            if st.loss_w[i] is not None:
                v = v * st.loss_w[i]
            total = v if total is None else total + v
        if total is not None:
            losses.append(total)
    override = model.__dict__.get('_losses_override')
    for l in (override if override else model.losses):
        l = jnp.asarray(l)
        if not jnp.issubdtype(l.dtype, jnp.floating):
            l = l.astype(_kb.floatx())
        losses.append(jnp.sum(l))
    if not losses:
        return jnp.zeros((), jnp.float32)
    total = losses[0]
    for l in losses[1:]:
        total = total + l
    return total


def _has_training_arg(fn):
    import inspect
    try:
        return 'training' in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def stateless_compute_loss(model, tv, ntv, mv, x, y, y_pred, sample_weight, training):
    mvars = model.metrics_variables
    mapping = list(zip(model.trainable_variables, tv)) + \
        list(zip(model.non_trainable_variables, ntv)) + list(zip(mvars, mv))
    with _kb.StatelessScope(state_mapping=mapping) as scope:
        if _has_training_arg(model.compute_loss):
            loss = model.compute_loss(x, y, y_pred, sample_weight, training=training)
        else:
            loss = model.compute_loss(x, y, y_pred, sample_weight)
    ntv2 = [scope.get_current_value(v) for v in model.non_trainable_variables]
    mv2 = [scope.get_current_value(v) for v in mvars]
    return loss, (tv, ntv2, mv2)


def compute_loss_and_updates(model, tv, ntv, mv, x, y, sample_weight, training=False,
                             optimizer_variables=None):
    kwargs = {'training': training} if model._call_has_training_arg else {}
    y_pred, ntv, losses = model.stateless_call(tv, ntv, x, return_losses=True, **kwargs)
    if losses:
        model.__dict__['_losses_override'] = list(losses)
    try:
        loss, (tv, ntv, mv) = model.stateless_compute_loss(
            tv, ntv, mv, x=x, y=y, y_pred=y_pred, sample_weight=sample_weight,
            training=training)
    finally:
        model.__dict__['_losses_override'] = []
    unscaled = loss
    opt = model.optimizer
    if training and opt is not None:
        mapping = list(zip(opt.variables, optimizer_variables)) \
            if optimizer_variables is not None else []
        with _kb.StatelessScope(state_mapping=mapping):
            loss = opt.scale_loss(loss)
    return loss, (unscaled, y_pred, ntv, mv)


def compute_metrics(model, x, y, y_pred, sample_weight):
    st = getattr(model, '_keras_train', None)
    if st is not None and (st.metrics_spec is not None or st.weighted_spec is not None):
        st.compile_metrics.update_state(y, y_pred, sample_weight)
    return model.get_metrics_result()


def _update_metrics_variables(model, mv, unscaled_loss, x, y, y_pred, sample_weight):
    mvars = model.metrics_variables
    st = _state(model, 'fit')
    with _kb.StatelessScope(state_mapping=list(zip(mvars, mv))) as scope:
        bs = next(a for a in _flat(x) if a is not None).shape[0]
        st.loss_tracker.update_state(unscaled_loss, sample_weight=bs)
        logs = model.compute_metrics(x, y, y_pred, sample_weight)
    out = []
    for v in mvars:
        nv = scope.get_current_value(v)
        out.append(v.value if nv is None else nv)
    return logs, out


def train_step(model, state, data):
    tv, ntv, ov, mv = state
    x, y, sw = unpack_x_y_sample_weight(data)
    grad_fn = jax.value_and_grad(model.compute_loss_and_updates, has_aux=True)
    (loss, aux), grads = grad_fn(tv, ntv, mv, x, y, sw, training=True, optimizer_variables=ov)
    unscaled, y_pred, ntv, mv = aux
    tv, ov = model.optimizer.stateless_apply(ov, grads, tv)
    logs, mv = _update_metrics_variables(model, mv, unscaled, x, y, y_pred, sw)
    return logs, (tv, ntv, ov, mv)


def test_step(model, state, data):
    tv, ntv, mv = state
    x, y, sw = unpack_x_y_sample_weight(data)
    loss, aux = model.compute_loss_and_updates(tv, ntv, mv, x, y, sw, training=False)
    unscaled, y_pred, ntv, mv = aux
    logs, mv = _update_metrics_variables(model, mv, unscaled, x, y, y_pred, sw)
    return logs, (tv, ntv, mv)


def predict_step(model, state, data):
    tv, ntv = state
    kwargs = {'training': False} if model._call_has_training_arg else {}
    x, _, _ = unpack_x_y_sample_weight(data)
    return model.stateless_call(tv, ntv, x, **kwargs)


def _custom_fn(model, kind, jit):
    if kind == 'train':
        def fn(state, data):
            return model.train_step(state, data)
    elif kind == 'test':
        def fn(state, data):
            return model.test_step(state, data)
    else:
        def fn(state, data):
            out, ntv = model.predict_step(state, data)
            return out, (state[0], ntv)
    return jax.jit(fn) if jit else fn


def _metrics_result_or_logs(model, logs):
    metric_logs = model.get_metrics_result()
    if isinstance(logs, dict) and set(logs.keys()) == set(metric_logs.keys()):
        return metric_logs
    return logs


def _flatten_metrics_in_order(model, logs):
    names = []
    for m in model.metrics:
        if isinstance(m, CompileMetrics):
            names += [sub.name for sub in m.metrics]
        else:
            names.append(m.name)
    out = [logs[n] for n in names if n in logs]
    out += [logs[k] for k in sorted(logs) if k not in names]
    return out[0] if len(out) == 1 else out


def _pack_batch(batch):
    return pack_x_y_sample_weight(*batch)


# ---- data ------------------------------------------------------------------------------------
def _to_np(a):
    if a is None:
        return None
    if isinstance(a, dict):
        return {k: _to_np(v) for k, v in a.items()}
    if isinstance(a, (list, tuple)) and len(a) and hasattr(a[0], 'shape') and \
            not isinstance(a[0], (int, float)):
        return type(a)(_to_np(e) for e in a)
    return np.asarray(a)


def _nmap(fn, a):
    if a is None:
        return None
    if isinstance(a, dict):
        return {k: _nmap(fn, v) for k, v in a.items()}
    if isinstance(a, (list, tuple)):
        return type(a)(_nmap(fn, e) for e in a)
    return fn(a)


def _num_samples(x):
    leaves = [a for a in _flat(x) if a is not None]
    if not leaves:
        raise ValueError("Expected input data, received None")
    for a in leaves:
        if not hasattr(a, 'shape') or len(a.shape) == 0:
            raise ValueError(f"Expected arrays with a batch dimension, received: {a!r}")
    n = int(leaves[0].shape[0])
    for a in leaves:
        if int(a.shape[0]) != n:
            sizes = ", ".join(str(int(b.shape[0])) for b in leaves)
            raise ValueError("Data cardinality is ambiguous. Make sure all arrays contain the "
                             f"same number of samples. Received sizes: {sizes}")
    return n


class _Batches:
    def __init__(self, x, y=None, sw=None, batch_size=None, steps=None, shuffle=False,
                 class_weight=None):
        if isinstance(x, tuple) and y is None and len(x) in (2, 3) and not hasattr(x, 'shape'):
            pass
        self.x, self.y, self.sw = _to_np(x), _to_np(y), _to_np(sw)
        if class_weight is not None and self.y is not None:
            if self.sw is not None:
                raise ValueError("Arguments `sample_weight` and `class_weight` cannot be "
                                 "specified at the same time.")
            yy = _flat(self.y)[0]
            labels = np.argmax(yy, axis=-1) if yy.ndim > 1 and yy.shape[-1] > 1 else \
                yy.reshape(yy.shape[0], -1)[:, 0].astype('int64')
            self.sw = np.asarray([class_weight.get(int(c), 1.0) for c in labels], np.float32)
        self.n = _num_samples([self.x, self.y, self.sw])
        self.batch_size = batch_size or 32
        self.num_full = self.n // self.batch_size
        self.partial = self.n % self.batch_size
        self.size = self.num_full + (1 if self.partial else 0)
        self.steps = steps
        self.shuffle = shuffle
        self._it = None

    @property
    def num_batches(self):
        return self.steps if self.steps else self.size

    def _gen(self):
        perm = np.random.permutation(self.n) if self.shuffle and self.shuffle != 'batch' else None
        for i in range(self.size):
            start = i * self.batch_size
            stop = min((i + 1) * self.batch_size, self.n)
            if self.shuffle == 'batch':
                idx = np.random.permutation(stop - start) + start
            elif perm is not None:
                idx = perm[start:stop]
            else:
                idx = slice(start, stop)
            yield tuple(_nmap(lambda a: a[idx], d) for d in (self.x, self.y, self.sw))

    def epoch(self):
        if not self.steps:
            yield from self._gen()
            return
        for _ in range(self.steps):
            if self._it is None:
                self._it = self._gen()
            try:
                yield next(self._it)
            except StopIteration:
                self._it = None
                _warnings.warn("Your input ran out of data; interrupting training. Make sure "
                               "that your dataset or generator can generate at least "
                               "`steps_per_epoch * epochs` batches.")
                return


def _split_xy(x, y, sw):
    if y is None and isinstance(x, tuple) and len(x) in (2, 3):
        return (x + (None,))[:3] if len(x) == 2 else x
    return x, y, sw


def _ensure_built(model, st, x, y):
    # as Keras's _symbolic_build: a model marked built (a subclass's build() that did not
    # build its sublayers) still runs on a batch when a layer in it is not built
    need_model = not getattr(model, 'built', True) or \
        not all(getattr(l, 'built', True) for l in model._flatten_layers())
    need_compile = st is not None and st.loss_fns is None
    if not (need_model or need_compile):
        return
    if not need_model and st.loss_spec is None and st.metrics_spec is None and \
            st.weighted_spec is None:
        # nothing in compile() needs a batch's shapes: Keras skips the symbolic call (a
        # model with no call(), like a GAN whose train_step drives its sub-models, works)
        _build_compile(model, st, None, None)
        if not st.optimizer.built:
            st.optimizer.build(model.trainable_variables)
        return
    with _kb.StatelessScope():
        y_pred = model(_nmap(jnp.asarray, x), training=False)
    if need_compile:
        _build_compile(model, st, y if y is not None else y_pred, y_pred)
    if st is not None and not st.optimizer.built:
        st.optimizer.build(model.trainable_variables)


def _values(vs):
    return [v.value for v in vs]


def _assign(vs, vals):
    for v, x in zip(vs, vals):
        v.assign(x)


# ---- fit / evaluate / predict ------------------------------------------------------------------
def fit(model, x=None, y=None, batch_size=None, epochs=1, verbose='auto', callbacks=None,
        validation_split=0.0, validation_data=None, shuffle=True, class_weight=None,
        sample_weight=None, initial_epoch=0, steps_per_epoch=None, validation_steps=None,
        validation_batch_size=None, validation_freq=1):
    st = _state(model, 'fit')
    x, y, sample_weight = _split_xy(x, y, sample_weight)
    if validation_split and validation_data is None:
        arrays = (_to_np(x), _to_np(y), _to_np(sample_weight))
        n = _num_samples(arrays[0])
        split_at = int(_math.floor(n * (1.0 - validation_split)))
        if split_at == 0 or split_at == n:
            raise ValueError(f"Training data contains {n} samples, which is not sufficient to "
                             "split it into a validation and training set as specified by "
                             f"`validation_split={validation_split}`. Either provide more "
                             "data, or a different value for the `validation_split` argument.")
        x, y, sample_weight = (_nmap(lambda a: a[:split_at], d) for d in arrays)
        validation_data = tuple(_nmap(lambda a: a[split_at:], d) for d in arrays)
    if validation_data is not None:
        vd = tuple(validation_data)
        if len(vd) not in (2, 3):
            raise ValueError("When passing a `validation_data` argument, it must contain "
                             "either 2 items (x_val, y_val), or 3 items (x_val, y_val, "
                             f"val_sample_weights). Received a tuple of {len(vd)} items.")
        val_x, val_y, val_sw = (vd + (None,))[:3]
    data = _Batches(x, y, sample_weight, batch_size, steps_per_epoch, shuffle, class_weight)
    first = next(data._gen()) if data.size else None
    if first is None:
        raise ValueError("Expected input data with at least one sample")
    _ensure_built(model, st, first[0], first[1])
    if not isinstance(callbacks, _callbacks.CallbackList):
        callbacks = _callbacks.CallbackList(callbacks, add_history=True,
                                            add_progbar=verbose != 0, verbose=verbose,
                                            epochs=epochs, steps=data.num_batches, model=model)
    custom = _custom_steps(model)
    if st.train_fn is None:
        st.train_fn = _custom_fn(model, 'train', st.jit) if custom else \
            _make_train_fn(model, st)
    model.stop_training = False
    training_logs = {}
    callbacks.on_train_begin()
    tvs, ntvs = model.trainable_variables, model.non_trainable_variables
    ovs = st.optimizer.variables
    mvs = model.metrics_variables if custom else _metric_vars(st)
    for epoch in range(initial_epoch, epochs):
        _reset_metrics(model, st, custom)
        callbacks.on_epoch_begin(epoch)
        state = (_values(tvs), _values(ntvs), _values(ovs), _values(mvs))
        logs = {}
        for step, batch in enumerate(data.epoch()):
            callbacks.on_train_batch_begin(step)
            logs, state = st.train_fn(state, _pack_batch(batch) if custom else batch)
            callbacks.on_train_batch_end(step, logs)
            if model.stop_training:
                break
        for vs, vals in zip((tvs, ntvs, ovs, mvs), state):
            _assign(vs, vals)
        epoch_logs = dict(_metrics_result_or_logs(model, logs) if custom else
                          _metric_results(st, state[3]))
        if validation_data is not None and _should_eval(epoch, validation_freq):
            val_logs = evaluate(model, val_x, val_y, sample_weight=val_sw,
                                batch_size=validation_batch_size or batch_size,
                                steps=validation_steps, callbacks=callbacks, return_dict=True)
            epoch_logs.update({'val_' + k: v for k, v in val_logs.items()})
        callbacks.on_epoch_end(epoch, epoch_logs)
        training_logs = epoch_logs
        if model.stop_training:
            break
    callbacks.on_train_end(logs=training_logs)
    return model.history


def _reset_metrics(model, st, custom):
    if custom:
        model.reset_metrics()
    else:
        for m in _all_metrics(st):
            m.reset_state()


def _should_eval(epoch, freq):
    epoch += 1
    if isinstance(freq, int):
        return epoch % freq == 0
    if isinstance(freq, list):
        return epoch in freq
    raise ValueError("Expected `validation_freq` to be a list or int. Received: "
                     f"validation_freq={freq} of the type {type(freq)}.")


def _flatten_in_order(st, logs):
    names = [m.name for m in _all_metrics(st)]
    out = [logs[n] for n in names if n in logs]
    out += [logs[k] for k in sorted(logs) if k not in names]
    return out[0] if len(out) == 1 else out


def evaluate(model, x=None, y=None, batch_size=None, verbose='auto', sample_weight=None,
             steps=None, callbacks=None, return_dict=False, **kwargs):
    st = _state(model, 'evaluate')
    if kwargs:
        raise ValueError(f"Arguments not recognized: {kwargs}")
    x, y, sample_weight = _split_xy(x, y, sample_weight)
    data = _Batches(x, y, sample_weight, batch_size, steps, False)
    first = next(data._gen())
    _ensure_built(model, st, first[0], first[1])
    if not isinstance(callbacks, _callbacks.CallbackList):
        callbacks = _callbacks.CallbackList(callbacks, add_progbar=verbose != 0, verbose=verbose,
                                            epochs=1, steps=data.num_batches, model=model)
    custom = _custom_steps(model)
    if st.test_fn is None:
        st.test_fn = _custom_fn(model, 'test', st.jit) if custom else _make_test_fn(model, st)
    callbacks.on_test_begin()
    _reset_metrics(model, st, custom)
    tvs, ntvs = model.trainable_variables, model.non_trainable_variables
    mvs = model.metrics_variables if custom else _metric_vars(st)
    state = (_values(tvs), _values(ntvs), _values(mvs))
    model.stop_evaluating = False
    logs = {}
    for step, batch in enumerate(data.epoch()):
        callbacks.on_test_batch_begin(step)
        logs, state = st.test_fn(state, _pack_batch(batch) if custom else batch)
        callbacks.on_test_batch_end(step, logs)
        if model.stop_evaluating:
            break
    _assign(ntvs, state[1])
    _assign(mvs, state[2])
    if custom:
        logs = _callbacks._pythonify_logs(_metrics_result_or_logs(model, logs))
    else:
        logs = _callbacks._pythonify_logs(_metric_results(st, state[2]))
    callbacks.on_test_end(logs)
    if return_dict:
        return logs
    return _flatten_metrics_in_order(model, logs) if custom else _flatten_in_order(st, logs)


def predict(model, x, batch_size=None, verbose='auto', steps=None, callbacks=None):
    st = getattr(model, '_keras_train', None)
    x, _, _ = _split_xy(x, None, None)
    data = _Batches(x, None, None, batch_size, steps, False)
    first = next(data._gen())
    if not getattr(model, 'built', True):
        with _kb.StatelessScope():
            model(_nmap(jnp.asarray, first[0]), training=False)
    if not isinstance(callbacks, _callbacks.CallbackList):
        callbacks = _callbacks.CallbackList(callbacks, add_progbar=verbose != 0, verbose=verbose,
                                            epochs=1, steps=data.num_batches, model=model)
    custom = _custom_steps(model)
    fn = st.predict_fn if st is not None else getattr(model, '_keras_predict_fn', None)
    if fn is None:
        fn = _custom_fn(model, 'predict', st.jit if st is not None else True) if custom else \
            _make_predict_fn(model, st)
        if st is not None:
            st.predict_fn = fn
        else:
            model._keras_predict_fn = fn
    callbacks.on_predict_begin()
    tvs, ntvs = model.trainable_variables, model.non_trainable_variables
    state = (_values(tvs), _values(ntvs))
    outs = None
    model.stop_predicting = False
    for step, batch in enumerate(data.epoch()):
        callbacks.on_predict_batch_begin(step)
        y, state = fn(state, _pack_batch(batch) if custom else batch[0])
        flat = [np.asarray(a) for a in _flat(y)]
        outs = [[a] for a in flat] if outs is None else [o + [a] for o, a in zip(outs, flat)]
        callbacks.on_predict_batch_end(step, {'outputs': y})
        if model.stop_predicting:
            break
    _assign(ntvs, state[1])
    callbacks.on_predict_end()
    cat = [np.concatenate(o) for o in outs]
    return _unflatten_like(y, cat)


def _unflatten_like(struct, flat):
    it = iter(flat)

    def rebuild(s):
        if isinstance(s, dict):
            return {k: rebuild(s[k]) for k in sorted(s)}
        if isinstance(s, (list, tuple)):
            return type(s)(rebuild(e) for e in s)
        return next(it)
    return rebuild(struct)


def train_on_batch(model, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
    st = _state(model, 'train_on_batch')
    data = _Batches(x, y, sample_weight, None, None, False, class_weight)
    batch = (data.x, data.y, data.sw)
    _ensure_built(model, st, data.x, data.y)
    custom = _custom_steps(model)
    if st.train_fn is None:
        st.train_fn = _custom_fn(model, 'train', st.jit) if custom else \
            _make_train_fn(model, st)
    _reset_metrics(model, st, custom)
    tvs, ntvs = model.trainable_variables, model.non_trainable_variables
    ovs = st.optimizer.variables
    mvs = model.metrics_variables if custom else _metric_vars(st)
    logs, state = st.train_fn((_values(tvs), _values(ntvs), _values(ovs), _values(mvs)), batch)
    for vs, vals in zip((tvs, ntvs, ovs, mvs), state):
        _assign(vs, vals)
    logs = _callbacks._pythonify_logs(logs)
    if return_dict:
        return logs
    return _flatten_metrics_in_order(model, logs) if custom else _flatten_in_order(st, logs)


def test_on_batch(model, x, y=None, sample_weight=None, return_dict=False):
    st = _state(model, 'test_on_batch')
    data = _Batches(x, y, sample_weight, None, None, False)
    batch = (data.x, data.y, data.sw)
    _ensure_built(model, st, data.x, data.y)
    custom = _custom_steps(model)
    if st.test_fn is None:
        st.test_fn = _custom_fn(model, 'test', st.jit) if custom else _make_test_fn(model, st)
    _reset_metrics(model, st, custom)
    tvs, ntvs = model.trainable_variables, model.non_trainable_variables
    mvs = model.metrics_variables if custom else _metric_vars(st)
    logs, state = st.test_fn((_values(tvs), _values(ntvs), _values(mvs)), batch)
    _assign(ntvs, state[1])
    _assign(mvs, state[2])
    logs = _callbacks._pythonify_logs(logs)
    if return_dict:
        return logs
    return _flatten_metrics_in_order(model, logs) if custom else _flatten_in_order(st, logs)


def predict_on_batch(model, x):
    x = _to_np(x)
    if not getattr(model, 'built', True):
        with _kb.StatelessScope():
            model(_nmap(jnp.asarray, x), training=False)
    st = getattr(model, '_keras_train', None)
    custom = _custom_steps(model)
    fn = _custom_fn(model, 'predict', st.jit if st is not None else True) if custom else \
        _make_predict_fn(model, st)
    tvs, ntvs = model.trainable_variables, model.non_trainable_variables
    y, state = fn((_values(tvs), _values(ntvs)), (x,) if custom else x)
    _assign(ntvs, state[1])
    return _nmap(np.asarray, y)


# ---- saving (keras.saving holds the file formats) -----------------------------------------------
def save(model, filepath, overwrite=True, zipped=None, **kwargs):
    import keras.saving as _s
    return _s.save_model(model, filepath, overwrite=overwrite, **kwargs)


def save_weights(model, filepath, overwrite=True, **kwargs):
    import keras.saving as _s
    return _s.save_weights(model, filepath, overwrite=overwrite)


def load_weights(model, filepath, skip_mismatch=False, **kwargs):
    import keras.saving as _s
    return _s.load_weights(model, filepath, skip_mismatch=skip_mismatch)
