# optax - gradient transformations, optimizers, schedules and losses written in Sable, following
# optax 0.2.8's formulas and state layouts (states are its NamedTuple classes, counts int32).

import collections as _collections
import types as _types
import jax
import jax.numpy as jnp
from jax import lax
from jax.tree_util import tree_map as _map, tree_leaves as _leaves, tree_reduce as _reduce

NO_PARAMS_MSG = ('You are using a transformation that requires the current value of '
                 'parameters, but you are not passing `params` when calling `update`.')


def _nt(name, fields):
    return _collections.namedtuple(name, fields, module='optax')


def _is_none(x):
    return x is None


# ---- base ---------------------------------------------------------------------------------
GradientTransformation = _nt('GradientTransformation', ['init', 'update'])
GradientTransformationExtraArgs = _nt('GradientTransformationExtraArgs', ['init', 'update'])
EmptyState = _nt('EmptyState', [])
ScaleByAdamState = _nt('ScaleByAdamState', ['count', 'mu', 'nu'])
ScaleByAmsgradState = _nt('ScaleByAmsgradState', ['count', 'mu', 'nu', 'nu_max'])
ScaleByLionState = _nt('ScaleByLionState', ['count', 'mu'])
ScaleByRmsState = _nt('ScaleByRmsState', ['nu'])
ScaleByRmsWithCountState = _nt('ScaleByRmsWithCountState', ['count', 'nu'])
ScaleByRStdDevState = _nt('ScaleByRStdDevState', ['mu', 'nu'])
ScaleByRStdDevWithCountState = _nt('ScaleByRStdDevWithCountState', ['count', 'mu', 'nu'])
ScaleByRssState = _nt('ScaleByRssState', ['sum_of_squares'])
ScaleByAdaDeltaState = _nt('ScaleByAdaDeltaState', ['e_g', 'e_x'])
ScaleByScheduleState = _nt('ScaleByScheduleState', ['count'])
TraceState = _nt('TraceState', ['trace'])
WeightDecaySchedule = _nt('WeightDecaySchedule', ['count'])
MaskedState = _nt('MaskedState', ['inner_state'])
MaskedNode = _nt('MaskedNode', [])
ApplyIfFiniteState = _nt('ApplyIfFiniteState',
                         ['notfinite_count', 'last_finite', 'total_notfinite', 'inner_state'])
MultiStepsState = _collections.namedtuple(
    'MultiStepsState', ['mini_step', 'gradient_step', 'inner_opt_state', 'acc_grads',
                        'skip_state'], defaults=((),), module='optax')
InjectHyperparamsState = _nt('InjectHyperparamsState', ['count', 'hyperparams', 'inner_state'])
InjectStatefulHyperparamsState = _nt('InjectStatefulHyperparamsState',
                                     ['count', 'hyperparams', 'hyperparams_states',
                                      'inner_state'])
WrappedScheduleState = _nt('WrappedScheduleState', ['count'])
FactoredState = _nt('FactoredState', ['count', 'v_row', 'v_col', 'v'])
EmaState = _nt('EmaState', ['count', 'ema'])
ClipState = EmptyState


class _FactoredResult:
    def __init__(self, update, v_row, v_col, v):
        self.update, self.v_row, self.v_col, self.v = update, v_row, v_col, v

ClipByGlobalNormState = EmptyState
AddDecayedWeightsState = EmptyState
ScaleState = EmptyState


def init_empty_state(params):
    return EmptyState()


def identity():
    def update_fn(updates, state, params=None):
        return updates, state
    return GradientTransformation(init_empty_state, update_fn)


def set_to_zero():
    def update_fn(updates, state, params=None):
        return _map(jnp.zeros_like, updates), state
    return GradientTransformation(init_empty_state, update_fn)


def stateless(f):
    def update_fn(updates, state, params=None):
        return f(updates, params), EmptyState()
    return GradientTransformation(init_empty_state, update_fn)


def stateless_with_tree_map(f):
    def update_fn(updates, state, params=None):
        if params is not None:
            return _map(f, updates, params), EmptyState()
        return _map(lambda u: f(u, None), updates), EmptyState()
    return GradientTransformation(init_empty_state, update_fn)


def with_extra_args_support(tx):
    if isinstance(tx, GradientTransformationExtraArgs):
        return tx

    def update(updates, state, params=None, **extra_args):
        return tx.update(updates, state, params)
    return GradientTransformationExtraArgs(tx.init, update)


# ---- numerics and tree math ---------------------------------------------------------------
def safe_increment(count):
    dt = jnp.asarray(count).dtype
    if jnp.issubdtype(dt, jnp.integer):
        max_value = jnp.iinfo(dt).max
    elif jnp.issubdtype(dt, jnp.floating):
        max_value = jnp.finfo(dt).max
    else:
        raise ValueError(f'Cannot safely increment count with dtype {dt}, valid dtypes are '
                         'subdtypes of "jnp.integer" or "jnp.floating".')
    max_value = jnp.array(max_value, dt)
    one = jnp.array(1, dt)
    return jnp.where(count < max_value, count + one, max_value)


safe_int32_increment = safe_increment


def abs_sq(x):
    return x * x


def safe_norm(x, min_norm, ord=None, axis=None, keepdims=False):
    norm = jnp.linalg.norm(x, ord=ord, axis=axis, keepdims=True)
    x = jnp.where(norm <= min_norm, jnp.ones_like(x), x)
    norm = jnp.squeeze(norm, axis=axis) if not keepdims else norm
    masked_norm = jnp.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims)
    return jnp.where(norm <= min_norm, min_norm, masked_norm)


def _tree_add(x, y, *others):
    return _map(lambda *leaves: sum(leaves), x, y, *others)


def _tree_sub(x, y):
    return _map(lambda a, b: a - b, x, y)


def _tree_mul(x, y):
    return _map(lambda a, b: a * b, x, y)


def _tree_div(x, y):
    return _map(lambda a, b: a / b, x, y)


def _tree_scale(scalar, tree):
    return _map(lambda x: scalar * x, tree)


def _tree_add_scale(x, scalar, y):
    scalar = jnp.asarray(scalar)
    return _map(lambda a, b: None if a is None else a + scalar * b, x, y, is_leaf=_is_none)


def _tree_sum(tree):
    return _reduce(lambda a, b: a + b, _map(jnp.sum, tree), 0)


def _tree_max(tree):
    return _reduce(jnp.maximum, _map(jnp.max, tree), -float('inf'))


def _tree_vdot(x, y):
    return _reduce(lambda a, b: a + b, _map(lambda a, b: jnp.vdot(a, b), x, y), 0)


def _tree_norm(tree, ord=None, squared=False):
    if ord is None or ord == 2:
        sq = _tree_sum(_map(jnp.square, tree))
        return jnp.array(sq if squared else jnp.sqrt(sq))
    if ord == 1:
        ret = _tree_sum(_map(jnp.abs, tree))
    elif ord == jnp.inf or ord in ('inf', 'infinity'):
        ret = _tree_max(_map(jnp.abs, tree))
    else:
        raise ValueError(f'Unsupported ord: {ord}')
    return jnp.array(ret if not squared else jnp.square(ret))


def _tree_zeros_like(tree, dtype=None):
    return _map(lambda x: jnp.zeros_like(x, dtype=dtype), tree)


def _tree_ones_like(tree, dtype=None):
    return _map(lambda x: jnp.ones_like(x, dtype=dtype), tree)


def _tree_full_like(tree, fill_value, dtype=None):
    return _map(lambda x: jnp.full_like(x, fill_value, dtype=dtype), tree)


def _tree_clip(tree, min_value=None, max_value=None):
    return _map(lambda g: jnp.clip(g, min_value, max_value), tree)


def _tree_where(condition, x, y):
    return _map(lambda a, b: jnp.where(condition, a, b), x, y)


def _tree_cast(tree, dtype):
    if dtype is None:
        return tree
    return _map(lambda t: t.astype(dtype), tree)


def _lower_dtype(dtype1, dtype2):
    if jnp.promote_types(dtype1, dtype2) == dtype1:
        return dtype2
    if jnp.promote_types(dtype1, dtype2) == dtype2:
        return dtype1
    raise ValueError(f'Cannot compare dtype of dtype1={dtype1} and dtype2={dtype2}.')


def _higher_dtype(dtype1, dtype2):
    return dtype2 if _lower_dtype(dtype1, dtype2) == dtype1 else dtype1


def _tree_dtype(tree, mixed_dtype_handler=None):
    leaves = _leaves(tree)
    if not leaves:
        return jnp.asarray(leaves).dtype
    dts = [jnp.asarray(x).dtype for x in leaves]
    if mixed_dtype_handler is None:
        for d in dts:
            if d != dts[0]:
                raise ValueError(f'Expected all dtypes to be equal to {dts[0]} but got {d}.')
        return dts[0]
    if mixed_dtype_handler in ('promote', 'highest', 'lowest'):
        f = {'promote': jnp.promote_types, 'highest': _higher_dtype,
             'lowest': _lower_dtype}[mixed_dtype_handler]
        out = dts[0]
        for d in dts[1:]:
            out = f(out, d)
        return out
    raise ValueError(f'Invalid value for mixed_dtype_handler={mixed_dtype_handler!r}, possible '
                     'values are: None, "promote", "highest", "lowest".')


def _tree_cast_like(tree, other):
    return _map(lambda t, o: t.astype(jnp.asarray(o).dtype), tree, other)


def _update_moment(updates, moments, decay, order):
    return _map(lambda g, t: (1 - decay) * (g ** order) + decay * t if g is not None else None,
                updates, moments, is_leaf=_is_none)


def _update_infinity_moment(updates, moments, decay, eps):
    return _map(lambda g, t: jnp.maximum(jnp.abs(g) + eps, decay * t) if g is not None else g,
                updates, moments, is_leaf=_is_none)


def _update_moment_per_elem_norm(updates, moments, decay, order):
    return _map(lambda g, t: (1 - decay) * (g ** order) + decay * t if g is not None else None,
                updates, moments, is_leaf=_is_none)


def _bias_correction(moment, decay, count):
    bc = 1 - decay ** count
    return _map(lambda t: t / bc.astype(t.dtype), moment)


def _canonicalize_dtype(dtype):
    return None if dtype is None else jnp.dtype(dtype)


tree = _types.SimpleNamespace(
    add=_tree_add, sub=_tree_sub, mul=_tree_mul, div=_tree_div, scale=_tree_scale,
    add_scale=_tree_add_scale, sum=_tree_sum, max=_tree_max, vdot=_tree_vdot, norm=_tree_norm,
    zeros_like=_tree_zeros_like, ones_like=_tree_ones_like, full_like=_tree_full_like,
    clip=_tree_clip, where=_tree_where, cast=_tree_cast, cast_like=_tree_cast_like,
    dtype=_tree_dtype,
    update_moment=_update_moment, update_infinity_moment=_update_infinity_moment,
    update_moment_per_elem_norm=_update_moment_per_elem_norm, bias_correction=_bias_correction)
tree_utils = _types.SimpleNamespace(
    tree_add=_tree_add, tree_sub=_tree_sub, tree_mul=_tree_mul, tree_div=_tree_div,
    tree_scale=_tree_scale, tree_add_scale=_tree_add_scale, tree_sum=_tree_sum,
    tree_max=_tree_max, tree_vdot=_tree_vdot, tree_norm=_tree_norm,
    tree_l2_norm=lambda t, squared=False: _tree_norm(t, squared=squared),
    tree_zeros_like=_tree_zeros_like, tree_ones_like=_tree_ones_like,
    tree_full_like=_tree_full_like, tree_clip=_tree_clip, tree_where=_tree_where,
    tree_cast=_tree_cast, tree_dtype=_tree_dtype, tree_update_moment=_update_moment,
    tree_update_infinity_moment=_update_infinity_moment,
    tree_update_moment_per_elem_norm=_update_moment_per_elem_norm,
    tree_bias_correction=_bias_correction)


def global_norm(updates):
    return _tree_norm(updates)


def apply_updates(params, updates):
    return _map(lambda p, u: None if p is None else jnp.asarray(p + u).astype(jnp.asarray(p).dtype),
                params, updates, is_leaf=_is_none)


# ---- combining --------------------------------------------------------------------------------
def chain(*args):
    transforms = [with_extra_args_support(t) for t in args]
    init_fns = [t.init for t in transforms]
    update_fns = [t.update for t in transforms]

    def init_fn(params):
        return tuple(fn(params) for fn in init_fns)

    def update_fn(updates, state, params=None, **extra_args):
        if len(update_fns) != len(state):
            raise ValueError('The number of updates and states has to be the same in chain! '
                             'Make sure you have called init first!')
        new_state = []
        for s, fn in zip(state, update_fns):
            updates, new_s = fn(updates, s, params, **extra_args)
            new_state.append(new_s)
        return updates, tuple(new_state)
    return GradientTransformationExtraArgs(init_fn, update_fn)


def _mask_callable(mask):
    leaves = _leaves(_map(callable, mask))
    return len(leaves) > 0 and all(leaves)


def masked(inner, mask):
    inner = with_extra_args_support(inner)

    def mask_pytree(pytree, mask_tree):
        return _map(lambda m, p: p if m else MaskedNode(), mask_tree, pytree)

    def init_fn(params):
        mask_tree = mask(params) if _mask_callable(mask) else mask
        return MaskedState(inner_state=inner.init(mask_pytree(params, mask_tree)))

    def update_fn(updates, state, params=None, **extra_args):
        mask_tree = mask(updates) if _mask_callable(mask) else mask
        masked_updates = mask_pytree(updates, mask_tree)
        masked_params = None if params is None else mask_pytree(params, mask_tree)
        new_masked, new_inner = inner.update(masked_updates, state.inner_state, masked_params,
                                             **extra_args)
        new_updates = _map(lambda m, new_u, old_u: new_u if m else old_u,
                           mask_tree, new_masked, updates)
        return new_updates, MaskedState(inner_state=new_inner)
    return GradientTransformationExtraArgs(init_fn, update_fn)


# ---- transformations ----------------------------------------------------------------------
def scale(step_size):
    def update_fn(updates, state, params=None):
        return _map(lambda g: step_size * g, updates), state
    return GradientTransformation(init_empty_state, update_fn)


def scale_by_schedule(step_size_fn):
    def init_fn(params):
        return ScaleByScheduleState(count=jnp.zeros([], jnp.int32))

    def update_fn(updates, state, params=None):
        step_size = step_size_fn(state.count)
        updates = _map(lambda g: jnp.array(step_size, dtype=g.dtype) * g, updates)
        return updates, ScaleByScheduleState(count=safe_increment(state.count))
    return GradientTransformation(init_fn, update_fn)


def scale_by_learning_rate(learning_rate=None, *, flip_sign=True):
    if learning_rate is None:
        return identity()
    m = -1 if flip_sign else 1
    if callable(learning_rate):
        return scale_by_schedule(lambda count: m * learning_rate(count))
    return scale(m * learning_rate)


def trace(decay, nesterov=False, accumulator_dtype=None):
    accumulator_dtype = _canonicalize_dtype(accumulator_dtype)

    def init_fn(params):
        return TraceState(trace=_tree_zeros_like(params, dtype=accumulator_dtype))

    def update_fn(updates, state, params=None):
        f = lambda g, t: g + decay * t
        new_trace = _map(lambda g, t: None if g is None else f(g, t), updates, state.trace,
                         is_leaf=_is_none)
        updates = _map(f, updates, new_trace) if nesterov else new_trace
        new_trace = _tree_cast(new_trace, accumulator_dtype)
        return updates, TraceState(trace=new_trace)
    return GradientTransformation(init_fn, update_fn)


def scale_by_adam(b1=0.9, b2=0.999, eps=1e-8, eps_root=0.0, mu_dtype=None, *, nesterov=False):
    mu_dtype = _canonicalize_dtype(mu_dtype)

    def init_fn(params):
        mu = _tree_zeros_like(params, dtype=mu_dtype)
        nu = _tree_zeros_like(params)
        return ScaleByAdamState(count=jnp.zeros([], jnp.int32), mu=mu, nu=nu)

    def update_fn(updates, state, params=None):
        mu = _update_moment(updates, state.mu, b1, 1)
        nu = _update_moment_per_elem_norm(updates, state.nu, b2, 2)
        count_inc = safe_increment(state.count)
        if nesterov:
            mu_hat = _map(lambda m, g: b1 * m + (1 - b1) * g,
                          _bias_correction(mu, b1, safe_increment(count_inc)),
                          _bias_correction(updates, b1, count_inc))
        else:
            mu_hat = _bias_correction(mu, b1, count_inc)
        nu_hat = _bias_correction(nu, b2, count_inc)
        updates = _map(lambda m, v: None if m is None else m / (jnp.sqrt(v + eps_root) + eps),
                       mu_hat, nu_hat, is_leaf=_is_none)
        mu = _tree_cast(mu, mu_dtype)
        nu = _tree_cast_like(nu, state.nu)
        return updates, ScaleByAdamState(count=count_inc, mu=mu, nu=nu)
    return GradientTransformation(init_fn, update_fn)


def scale_by_amsgrad(b1=0.9, b2=0.999, eps=1e-8, eps_root=0.0, mu_dtype=None):
    mu_dtype = _canonicalize_dtype(mu_dtype)

    def init_fn(params):
        return ScaleByAmsgradState(count=jnp.zeros([], jnp.int32),
                                   mu=_tree_zeros_like(params, dtype=mu_dtype),
                                   nu=_tree_zeros_like(params), nu_max=_tree_zeros_like(params))

    def update_fn(updates, state, params=None):
        mu = _update_moment(updates, state.mu, b1, 1)
        nu = _update_moment_per_elem_norm(updates, state.nu, b2, 2)
        count_inc = safe_increment(state.count)
        mu_hat = _bias_correction(mu, b1, count_inc)
        nu_hat = _bias_correction(nu, b2, count_inc)
        nu_max = _map(jnp.maximum, state.nu_max, nu_hat)
        updates = _map(lambda m, v: None if m is None else m / (jnp.sqrt(v + eps_root) + eps),
                       mu_hat, nu_max, is_leaf=_is_none)
        mu = _tree_cast(mu, mu_dtype)
        return updates, ScaleByAmsgradState(count=count_inc, mu=mu, nu=nu, nu_max=nu_max)
    return GradientTransformation(init_fn, update_fn)


def scale_by_adamax(b1=0.9, b2=0.999, eps=1e-8):
    def init_fn(params):
        return ScaleByAdamState(count=jnp.zeros([], jnp.int32), mu=_tree_zeros_like(params),
                                nu=_tree_zeros_like(params))

    def update_fn(updates, state, params=None):
        count_inc = safe_increment(state.count)
        mu = _update_moment(updates, state.mu, b1, 1)
        nu = _update_infinity_moment(updates, state.nu, b2, eps)
        mu_hat = _bias_correction(mu, b1, count_inc)
        updates = _map(lambda m, v: m / v, mu_hat, nu)
        return updates, ScaleByAdamState(count=count_inc, mu=mu, nu=nu)
    return GradientTransformation(init_fn, update_fn)


def scale_by_lion(b1=0.9, b2=0.99, mu_dtype=None, *, mode='hard', smooth_beta=1.0):
    mu_dtype = _canonicalize_dtype(mu_dtype)

    def _comb(g, m):
        x = (1.0 - b1) * g + b1 * m
        if mode == 'hard':
            return jnp.sign(x)
        elif mode == 'smooth':
            return jnp.tanh(smooth_beta * x)
        elif mode == 'refined':
            return jnp.where(jnp.abs(x) < 1.0, x, jnp.sign(x))
        raise ValueError(f'Unknown lion mode: {mode}. '
                         'It needs to be one of ["hard", "smooth", "refined"].')

    def init_fn(params):
        return ScaleByLionState(count=jnp.zeros([], jnp.int32),
                                mu=_tree_zeros_like(params, dtype=mu_dtype))

    def update_fn(updates, state, params=None):
        updates_new = _map(_comb, updates, state.mu)
        mu = _update_moment(updates, state.mu, b2, 1)
        mu = _tree_cast(mu, mu_dtype)
        count_inc = safe_increment(state.count)
        return updates_new, ScaleByLionState(count=count_inc, mu=mu)
    return GradientTransformation(init_fn, update_fn)


def scale_by_rss(initial_accumulator_value=0.1, eps=1e-7):
    def init_fn(params):
        return ScaleByRssState(sum_of_squares=_tree_full_like(params, initial_accumulator_value))

    def update_fn(updates, state, params=None):
        sum_of_squares = _map(lambda g, t: abs_sq(g) + t, updates, state.sum_of_squares)
        inv = _map(lambda t: jnp.where(t > 0, lax.rsqrt(t + eps), 0.0), sum_of_squares)
        return _tree_mul(inv, updates), ScaleByRssState(sum_of_squares=sum_of_squares)
    return GradientTransformation(init_fn, update_fn)


def scale_by_rms(decay=0.9, eps=1e-8, initial_scale=0.0, eps_in_sqrt=True,
                 bias_correction=False):
    def init_fn(params):
        nu = _tree_full_like(params, initial_scale)
        if bias_correction:
            return ScaleByRmsWithCountState(count=jnp.zeros([], jnp.int32), nu=nu)
        return ScaleByRmsState(nu=nu)

    def update_fn(updates, state, params=None):
        nu = _update_moment_per_elem_norm(updates, state.nu, decay, 2)
        if bias_correction:
            count_inc = safe_increment(state.count)
            nu_hat = _bias_correction(nu, decay, count_inc)
        else:
            nu_hat = nu
        if eps_in_sqrt:
            scaling = _map(lambda n: lax.rsqrt(n + eps), nu_hat)
        else:
            scaling = _map(lambda n: 1 / (jnp.sqrt(n) + eps), nu_hat)
        updates = _map(lambda s, g: s * g, scaling, updates)
        if bias_correction:
            return updates, ScaleByRmsWithCountState(count=count_inc, nu=nu)
        return updates, ScaleByRmsState(nu=nu)
    return GradientTransformation(init_fn, update_fn)


def scale_by_stddev(decay=0.9, eps=1e-8, initial_scale=0.0, eps_in_sqrt=True,
                    bias_correction=False):
    def init_fn(params):
        mu = _tree_zeros_like(params)
        nu = _tree_full_like(params, initial_scale)
        if bias_correction:
            return ScaleByRStdDevWithCountState(count=jnp.zeros([], jnp.int32), mu=mu, nu=nu)
        return ScaleByRStdDevState(mu=mu, nu=nu)

    def update_fn(updates, state, params=None):
        mu = _update_moment(updates, state.mu, decay, 1)
        nu = _update_moment_per_elem_norm(updates, state.nu, decay, 2)
        if bias_correction:
            count_inc = safe_increment(state.count)
            mu_hat = _bias_correction(mu, decay, count_inc)
            nu_hat = _bias_correction(nu, decay, count_inc)
        else:
            mu_hat, nu_hat = mu, nu
        if eps_in_sqrt:
            scaling = _map(lambda m, n: lax.rsqrt(n - abs_sq(m) + eps), mu_hat, nu_hat)
        else:
            scaling = _map(lambda m, n: 1 / (jnp.sqrt(n - abs_sq(m)) + eps), mu_hat, nu_hat)
        updates = _map(lambda s, g: s * g, scaling, updates)
        if bias_correction:
            return updates, ScaleByRStdDevWithCountState(count=count_inc, mu=mu, nu=nu)
        return updates, ScaleByRStdDevState(mu=mu, nu=nu)
    return GradientTransformation(init_fn, update_fn)


def scale_by_adadelta(rho=0.9, eps=1e-6):
    def init_fn(params):
        return ScaleByAdaDeltaState(e_g=_tree_zeros_like(params), e_x=_tree_zeros_like(params))

    def update_fn(updates, state, params=None):
        e_g = _update_moment(updates, state.e_g, rho, 2)
        updates = _map(lambda g, cur_e_g, prev_e_x:
                       (jnp.sqrt(prev_e_x + eps) / jnp.sqrt(cur_e_g + eps)) * g,
                       updates, e_g, state.e_x)
        e_x = _update_moment(updates, state.e_x, rho, 2)
        return updates, ScaleByAdaDeltaState(e_g=e_g, e_x=e_x)
    return GradientTransformation(init_fn, update_fn)


def scale_by_trust_ratio(min_norm=0.0, trust_coefficient=1.0, eps=0.0):
    def update_fn(updates, state, params):
        if params is None:
            raise ValueError(NO_PARAMS_MSG)

        def _scale_update(update, param):
            param_norm = safe_norm(param, min_norm)
            update_norm = safe_norm(update, min_norm)
            trust_ratio = trust_coefficient * param_norm / (update_norm + eps)
            zero_norm = jnp.logical_or(param_norm == 0.0, update_norm == 0.0)
            safe_trust_ratio = jnp.where(zero_norm, jnp.array(1.0, dtype=param.dtype), trust_ratio)
            return update * safe_trust_ratio
        return _map(_scale_update, updates, params), state
    return GradientTransformation(init_empty_state, update_fn)


def add_decayed_weights(weight_decay=0.0, mask=None):
    def init_fn(params):
        if callable(weight_decay):
            return WeightDecaySchedule(count=jnp.zeros([], jnp.int32))
        return EmptyState()

    def update_fn(updates, state, params):
        if params is None:
            raise ValueError(NO_PARAMS_MSG)
        if callable(weight_decay):
            new_state = WeightDecaySchedule(safe_increment(state.count))
        else:
            new_state = state
        if isinstance(weight_decay, (int, float)) and weight_decay == 0.0:
            return updates, new_state
        s = weight_decay(state.count) if callable(weight_decay) else weight_decay
        updates = _map(lambda g, p: None if g is None else g + s * p, updates, params,
                       is_leaf=_is_none)
        return updates, new_state
    if mask is not None:
        return masked(GradientTransformation(init_fn, update_fn), mask)
    return GradientTransformation(init_fn, update_fn)


def clip(max_delta):
    def update_fn(updates, state, params=None):
        return _tree_clip(updates, -max_delta, max_delta), state
    return GradientTransformation(init_empty_state, update_fn)


def clip_by_global_norm(max_norm):
    def update_fn(updates, state, params=None):
        g_norm = _tree_norm(updates)
        trigger = jnp.squeeze(g_norm < max_norm)

        def clip_fn(t):
            return lax.select(trigger, t, (t / g_norm.astype(t.dtype)) * max_norm)
        return _map(clip_fn, updates), state
    return GradientTransformation(init_empty_state, update_fn)


def clip_by_block_rms(threshold):
    def update_fn(updates, state, params=None):
        def _clip_fn(u):
            clip_denom = jnp.maximum(1.0, jnp.sqrt(jnp.mean(abs_sq(u))) / threshold)
            return u / clip_denom
        return _map(_clip_fn, updates), state
    return GradientTransformation(init_empty_state, update_fn)


def safe_root_mean_squares(x, min_rms):
    rms = jnp.sqrt(jnp.mean(abs_sq(x)))
    x = jnp.where(rms <= min_rms, jnp.ones_like(x), x)
    return jnp.where(rms <= min_rms, min_rms, jnp.sqrt(jnp.mean(abs_sq(x))))


def scale_by_param_block_rms(min_scale=1e-3):
    def update_fn(updates, state, params):
        if params is None:
            raise ValueError(NO_PARAMS_MSG)
        updates = _map(lambda u, p: u * safe_root_mean_squares(p, min_scale), updates, params)
        return updates, state
    return GradientTransformation(init_empty_state, update_fn)


def ema(decay, debias=True, accumulator_dtype=None):
    accumulator_dtype = _canonicalize_dtype(accumulator_dtype)

    def init_fn(params):
        return EmaState(count=jnp.zeros([], jnp.int32),
                        ema=_tree_zeros_like(params, dtype=accumulator_dtype))

    def update_fn(updates, state, params=None):
        updates = new_ema = _update_moment(updates, state.ema, decay, 1)
        count_inc = safe_increment(state.count)
        if debias:
            updates = _bias_correction(new_ema, decay, count_inc)
        state_ema = _tree_cast(new_ema, accumulator_dtype)
        return updates, EmaState(count=count_inc, ema=state_ema)
    return GradientTransformation(init_fn, update_fn)


def _decay_rate_pow(i, exponent=0.8):
    t = jnp.array(i + 1, jnp.float32)
    return 1.0 - t ** (-exponent)


def _factored_dims(shape, factored, min_dim_size_to_factor):
    if not factored or len(shape) < 2:
        return None
    # a stable argsort of the shape, as np.argsort gives for small ints
    sorted_dims = sorted(range(len(shape)), key=lambda i: shape[i])
    if shape[sorted_dims[-2]] < min_dim_size_to_factor:
        return None
    return int(sorted_dims[-2]), int(sorted_dims[-1])


def _zeros_no_axis(x, axis):
    shape = tuple(d for i, d in enumerate(x.shape) if i != axis)
    return jnp.zeros(shape, x.dtype)


def scale_by_factored_rms(factored=True, decay_rate=0.8, step_offset=0,
                          min_dim_size_to_factor=128, epsilon=1e-30,
                          decay_rate_fn=_decay_rate_pow):
    # each leaf's result is a 4-tuple (update, v_row, v_col, v), split into the state's trees
    def _is_res(x):
        return isinstance(x, _FactoredResult)

    def _to_state(count, result_tree):
        return FactoredState(count=count,
                             v_row=_map(lambda o: o.v_row, result_tree, is_leaf=_is_res),
                             v_col=_map(lambda o: o.v_col, result_tree, is_leaf=_is_res),
                             v=_map(lambda o: o.v, result_tree, is_leaf=_is_res))

    def init_fn(params):
        def _init(param):
            shape, dtype = param.shape, param.dtype
            factored_dims = _factored_dims(shape, factored, min_dim_size_to_factor)
            if factored_dims is not None:
                d1, d0 = factored_dims
                return _FactoredResult(jnp.zeros((1,), dtype=dtype), _zeros_no_axis(param, d0),
                                       _zeros_no_axis(param, d1), jnp.zeros((1,), dtype=dtype))
            return _FactoredResult(jnp.zeros((1,), dtype=dtype), jnp.zeros((1,), dtype=dtype),
                                   jnp.zeros((1,), dtype=dtype), jnp.zeros_like(param))
        return _to_state(jnp.zeros([], jnp.int32), _map(_init, params))

    def update_fn(grads, state, params):
        if params is None:
            raise ValueError(NO_PARAMS_MSG)

        def _update(grad, v_row, v_col, v, param, step):
            shape, dtype = param.shape, param.dtype
            decay_rate_t = decay_rate_fn(step - step_offset, decay_rate)
            new_v_row = jnp.zeros((1,), dtype=dtype)
            new_v_col = jnp.zeros((1,), dtype=dtype)
            new_v = jnp.zeros((1,), dtype=dtype)
            factored_dims = _factored_dims(shape, factored, min_dim_size_to_factor)
            if factored_dims is not None:
                d1, d0 = factored_dims
                grad_sqr = abs_sq(grad) + epsilon
                new_v_row = decay_rate_t * v_row + (1.0 - decay_rate_t) * jnp.mean(grad_sqr,
                                                                                   axis=d0)
                new_v_col = decay_rate_t * v_col + (1.0 - decay_rate_t) * jnp.mean(grad_sqr,
                                                                                   axis=d1)
                new_v_row = new_v_row.astype(dtype)
                new_v_col = new_v_col.astype(dtype)
                reduced_d1 = d1 - 1 if d1 > d0 else d1
                row_col_mean = jnp.mean(new_v_row, axis=reduced_d1, keepdims=True)
                row_factor = (new_v_row / row_col_mean) ** -0.5
                col_factor = (new_v_col) ** -0.5
                update = (grad * jnp.expand_dims(row_factor, axis=d0)
                          * jnp.expand_dims(col_factor, axis=d1))
            else:
                grad_sqr = abs_sq(grad) + epsilon
                new_v = decay_rate_t * v + (1.0 - decay_rate_t) * grad_sqr
                new_v = new_v.astype(dtype)
                update = grad * (new_v) ** -0.5
            return _FactoredResult(update, new_v_row, new_v_col, new_v)
        output = _map(lambda *args: _update(*args, state.count), grads, state.v_row, state.v_col,
                      state.v, params)
        updates = _map(lambda o: o.update, output, is_leaf=_is_res)
        return updates, _to_state(safe_increment(state.count), output)
    return GradientTransformation(init_fn, update_fn)


# ---- optimizers ---------------------------------------------------------------------------
def sgd(learning_rate, momentum=None, nesterov=False, accumulator_dtype=None):
    if momentum is not None:
        opt = trace(decay=momentum, nesterov=nesterov, accumulator_dtype=accumulator_dtype)
    else:
        opt = identity()
    return chain(opt, scale_by_learning_rate(learning_rate))


def adam(learning_rate, b1=0.9, b2=0.999, eps=1e-8, eps_root=0.0, mu_dtype=None, *,
         nesterov=False):
    return chain(scale_by_adam(b1=b1, b2=b2, eps=eps, eps_root=eps_root, mu_dtype=mu_dtype,
                               nesterov=nesterov),
                 scale_by_learning_rate(learning_rate))


def nadam(learning_rate, b1=0.9, b2=0.999, eps=1e-8, eps_root=0.0, mu_dtype=None):
    return adam(learning_rate, b1, b2, eps, eps_root, mu_dtype, nesterov=True)


def adamw(learning_rate, b1=0.9, b2=0.999, eps=1e-8, eps_root=0.0, mu_dtype=None,
          weight_decay=1e-4, mask=None, *, nesterov=False):
    return chain(scale_by_adam(b1=b1, b2=b2, eps=eps, eps_root=eps_root, mu_dtype=mu_dtype,
                               nesterov=nesterov),
                 add_decayed_weights(weight_decay, mask),
                 scale_by_learning_rate(learning_rate))


def nadamw(learning_rate, b1=0.9, b2=0.999, eps=1e-8, eps_root=0.0, mu_dtype=None,
           weight_decay=1e-4, mask=None):
    return adamw(learning_rate, b1, b2, eps, eps_root, mu_dtype, weight_decay, mask,
                 nesterov=True)


def amsgrad(learning_rate, b1=0.9, b2=0.999, eps=1e-8, eps_root=0.0, mu_dtype=None):
    return chain(scale_by_amsgrad(b1=b1, b2=b2, eps=eps, eps_root=eps_root, mu_dtype=mu_dtype),
                 scale_by_learning_rate(learning_rate))


def adamax(learning_rate, b1=0.9, b2=0.999, eps=1e-8):
    return chain(scale_by_adamax(b1=b1, b2=b2, eps=eps), scale_by_learning_rate(learning_rate))


def rmsprop(learning_rate, decay=0.9, eps=1e-8, initial_scale=0.0, eps_in_sqrt=True,
            centered=False, momentum=None, nesterov=False, bias_correction=False):
    mom = trace(decay=momentum, nesterov=nesterov) if momentum is not None else identity()
    if centered:
        return chain(scale_by_stddev(decay=decay, eps=eps, initial_scale=initial_scale,
                                     eps_in_sqrt=eps_in_sqrt, bias_correction=bias_correction),
                     scale_by_learning_rate(learning_rate), mom)
    return chain(scale_by_rms(decay=decay, eps=eps, initial_scale=initial_scale,
                              eps_in_sqrt=eps_in_sqrt, bias_correction=bias_correction),
                 scale_by_learning_rate(learning_rate), mom)


def adagrad(learning_rate, initial_accumulator_value=0.1, eps=1e-7):
    return chain(scale_by_rss(initial_accumulator_value=initial_accumulator_value, eps=eps),
                 scale_by_learning_rate(learning_rate))


def adadelta(learning_rate=None, rho=0.9, eps=1e-6, weight_decay=0.0, weight_decay_mask=None):
    return chain(add_decayed_weights(weight_decay, mask=weight_decay_mask),
                 scale_by_adadelta(rho=rho, eps=eps),
                 scale_by_learning_rate(learning_rate))


def lamb(learning_rate, b1=0.9, b2=0.999, eps=1e-6, eps_root=0.0, weight_decay=0.0, mask=None):
    return chain(scale_by_adam(b1=b1, b2=b2, eps=eps, eps_root=eps_root),
                 add_decayed_weights(weight_decay=weight_decay, mask=mask),
                 scale_by_trust_ratio(),
                 scale_by_learning_rate(learning_rate))


def lion(learning_rate, b1=0.9, b2=0.99, mu_dtype=None, weight_decay=1e-3, mask=None):
    return chain(scale_by_lion(b1=b1, b2=b2, mu_dtype=mu_dtype),
                 add_decayed_weights(weight_decay, mask),
                 scale_by_learning_rate(learning_rate))


def adafactor(learning_rate=None, min_dim_size_to_factor=128, decay_rate=0.8, decay_offset=0,
              multiply_by_parameter_scale=True, clipping_threshold=1.0, momentum=None,
              dtype_momentum=jnp.float32, weight_decay_rate=None, eps=1e-30, factored=True,
              weight_decay_mask=None):
    tx = [scale_by_factored_rms(factored, decay_rate, decay_offset, min_dim_size_to_factor, eps)]
    if clipping_threshold is not None:
        tx.append(clip_by_block_rms(clipping_threshold))
    if learning_rate is not None:
        tx.append(scale_by_learning_rate(learning_rate, flip_sign=False))
    if multiply_by_parameter_scale:
        tx.append(scale_by_param_block_rms())
    if momentum is not None:
        tx.append(ema(momentum, debias=False, accumulator_dtype=dtype_momentum))
    if weight_decay_rate is not None:
        tx.append(add_decayed_weights(weight_decay_rate, mask=weight_decay_mask))
    tx.append(scale(-1))
    return chain(*tx)


# ---- wrappers -----------------------------------------------------------------------------
def apply_if_finite(inner, max_consecutive_errors):
    inner = with_extra_args_support(inner)

    def init(params):
        return ApplyIfFiniteState(notfinite_count=jnp.zeros([], jnp.int32),
                                  last_finite=jnp.array(True, jnp.bool_),
                                  total_notfinite=jnp.zeros([], jnp.int32),
                                  inner_state=inner.init(params))

    def update(updates, state, params=None, **extra_args):
        inner_state = state.inner_state
        flat_updates = _leaves(updates)
        isfinite = jnp.all(jnp.array([jnp.all(jnp.isfinite(p)) for p in flat_updates]))
        notfinite_count = jnp.where(isfinite, jnp.zeros([], jnp.int32),
                                    safe_increment(state.notfinite_count))

        def do_update(_):
            return inner.update(updates, inner_state, params, **extra_args)

        def reject_update(_):
            return _tree_zeros_like(updates), inner_state
        updates, new_inner_state = lax.cond(
            jnp.logical_or(isfinite, notfinite_count > max_consecutive_errors),
            do_update, reject_update, None)
        return updates, ApplyIfFiniteState(
            notfinite_count=notfinite_count, last_finite=isfinite,
            total_notfinite=jnp.where(isfinite, state.total_notfinite,
                                      safe_increment(state.total_notfinite)),
            inner_state=new_inner_state)
    return GradientTransformationExtraArgs(init, update)


def skip_not_finite(updates, gradient_step, params):
    all_is_finite = [jnp.sum(jnp.logical_not(jnp.isfinite(p))) for p in _leaves(updates)]
    num_not_finite = jnp.sum(jnp.array(all_is_finite))
    should_skip = num_not_finite > 0
    return should_skip, {'should_skip': should_skip, 'num_not_finite': num_not_finite}


def skip_large_updates(updates, gradient_step, params, max_squared_norm):
    norm_sq = jnp.sum(jnp.array([jnp.sum(p ** 2) for p in _leaves(updates)]))
    should_skip = jnp.logical_not(norm_sq < max_squared_norm)
    return should_skip, {'should_skip': should_skip, 'norm_squared': norm_sq}


class MultiSteps:
    def __init__(self, opt, every_k_schedule, use_grad_mean=True, should_skip_update_fn=None,
                 accumulator_dtype=jnp.float32):
        self._opt = with_extra_args_support(opt)
        if isinstance(every_k_schedule, int):
            self._every_k_schedule = lambda step: every_k_schedule
        else:
            self._every_k_schedule = every_k_schedule
        self._use_grad_mean = use_grad_mean
        self._accumulator_dtype = _canonicalize_dtype(accumulator_dtype)
        if self._use_grad_mean:
            self._acc_update = lambda grad, acc, *, n_acc: acc + (grad - acc) / (n_acc + 1)
        else:
            self._acc_update = lambda grad, acc, *, n_acc: grad + acc
        if should_skip_update_fn is None:
            def should_skip_update_fn(*unused_args, **unused_kwargs):
                return jnp.array(False, dtype=jnp.bool_), ()
        self._should_skip_update_fn = should_skip_update_fn

    @property
    def inner_opt(self):
        return self._opt

    def init(self, params):
        updates = _tree_zeros_like(params)
        acc_grads = _tree_zeros_like(params, dtype=self._accumulator_dtype)
        gradient_step = jnp.zeros([], dtype=jnp.int32)
        _, skip_state = self._should_skip_update_fn(updates, gradient_step, params)
        return MultiStepsState(mini_step=jnp.zeros([], dtype=jnp.int32),
                               gradient_step=gradient_step,
                               inner_opt_state=self._opt.init(params),
                               acc_grads=acc_grads, skip_state=skip_state)

    def update(self, updates, state, params=None, **extra_args):
        k_steps = self._every_k_schedule(state.gradient_step)
        should_skip_update, skip_state = self._should_skip_update_fn(
            updates, state.gradient_step, params)
        if (should_skip_update.dtype, should_skip_update.shape) != (jnp.bool_, ()):
            raise ValueError(
                'The `should_skip_update_fn` function should return a boolean scalar '
                f'array, but it returned an array of dtype {should_skip_update.dtype}'
                f' and shape {should_skip_update.shape}')

        def _do_update(updates, state, params):
            acc_grads = _map(lambda upd, acc: self._acc_update(upd, acc, n_acc=state.mini_step),
                             updates, state.acc_grads)
            final_updates, new_inner_state = self._opt.update(
                _tree_cast_like(acc_grads, updates), state.inner_opt_state, params=params,
                **extra_args)
            emit = state.mini_step == (k_steps - 1)
            new_state = MultiStepsState(
                mini_step=safe_increment(state.mini_step) % k_steps,
                gradient_step=emit * safe_increment(state.gradient_step)
                + (1 - emit) * state.gradient_step,
                inner_opt_state=_map(lambda st, nst: jnp.asarray(jnp.where(emit, nst, st))
                                     .astype(jnp.asarray(st).dtype),
                                     state.inner_opt_state, new_inner_state),
                acc_grads=_map(lambda ga: jnp.asarray((1 - emit) * ga)
                               .astype(self._accumulator_dtype), acc_grads),
                skip_state=skip_state)
            final_updates = _map(lambda ga: emit * ga, final_updates)
            return final_updates, new_state

        def _skip_update(updates, state, params):
            # optax takes the update's structure from jax.eval_shape; running the inner
            # update and zeroing its result gives the same zeros (the update is pure)
            acc_grads = _tree_cast_like(state.acc_grads, updates)
            shaped, _ = self._opt.update(acc_grads, state.inner_opt_state, params=params,
                                         **extra_args)
            zero_updates = _tree_zeros_like(shaped)
            return zero_updates, MultiStepsState(
                mini_step=state.mini_step, gradient_step=state.gradient_step,
                inner_opt_state=state.inner_opt_state, acc_grads=state.acc_grads,
                skip_state=skip_state)
        return lax.cond(should_skip_update, _skip_update, _do_update, updates, state, params)

    def has_updated(self, state):
        return jnp.logical_and(getattr(state, 'mini_step') == 0,
                               getattr(state, 'gradient_step') > 0)

    def gradient_transformation(self):
        return GradientTransformation(init=self.init, update=self.update)


class WrappedSchedule:
    def __init__(self, schedule_fn):
        self.schedule_fn = schedule_fn

    def init(self):
        return WrappedScheduleState(count=jnp.zeros([], jnp.int32))

    def update(self, state, **extra_args):
        return WrappedScheduleState(count=safe_increment(state.count))

    def __call__(self, state, **extra_args):
        return self.schedule_fn(state.count)


def _is_stateful_schedule(value):
    return callable(value) and callable(getattr(value, 'init', None)) \
        and callable(getattr(value, 'update', None))


def _convert_floats(x, dtype):
    if isinstance(x, jax.Array) and not getattr(x, 'weak_type', False):
        return x
    current_dtype = x.dtype if hasattr(x, 'dtype') else type(x)
    if jnp.issubdtype(current_dtype, jnp.floating):
        return jnp.asarray(x, dtype=dtype)
    return x


def inject_hyperparams(inner_factory, static_args=(), hyperparam_dtype=None):
    import inspect as _inspect
    import numpy as _np
    static_args = {static_args} if isinstance(static_args, str) else set(static_args)
    inner_signature = _inspect.signature(inner_factory)
    if not static_args.issubset(inner_signature.parameters):
        raise ValueError(
            "`static_args` must specify a subset of `inner_factory`'s parameters. "
            f'Given `static_args`: {static_args}. `inner_factory` parameters: '
            f'{set(inner_signature.parameters.keys())}')

    def wrapped_transform(*args, **kwargs):
        bound_arguments = inner_signature.bind(*args, **kwargs)
        bound_arguments.apply_defaults()
        sched_hps, numeric_hps, other_hps = {}, {}, {}
        for name, value in bound_arguments.arguments.items():
            if name in static_args or isinstance(value, bool):
                other_hps[name] = value
            elif _is_stateful_schedule(value):
                sched_hps[name] = value
            elif callable(value):
                sched_hps[name] = WrappedSchedule(value)
            elif isinstance(value, (int, float, jax.Array, _np.ndarray)):
                numeric_hps[name] = value
            else:
                other_hps[name] = value

        def init_fn(params):
            count = jnp.zeros([], jnp.int32)
            dtype = hyperparam_dtype
            if dtype is None:
                dtype = _tree_dtype(params, 'highest')
            hparams = {k: jnp.asarray(_convert_floats(v, dtype)) for k, v in numeric_hps.items()}
            hparams_states = {k: f.init() for k, f in sched_hps.items()}
            hparams.update({k: _convert_floats(f(hparams_states[k]), dtype)
                            for k, f in sched_hps.items()})
            return InjectStatefulHyperparamsState(
                count=count, hyperparams=hparams, hyperparams_states=hparams_states,
                inner_state=inner_factory(**other_hps, **hparams).init(params))

        def update_fn(updates, state, params=None, **extra_args):
            dtype = hyperparam_dtype
            if dtype is None:
                dtype = _tree_dtype(params, 'highest')
            hparams = {k: _convert_floats(v, dtype) for k, v in state.hyperparams.items()}
            hparams.update({k: _convert_floats(f(state.hyperparams_states[k], **extra_args),
                                               dtype)
                            for k, f in sched_hps.items()})
            hyperparams_states = {k: f.update(state.hyperparams_states[k], **extra_args)
                                  for k, f in sched_hps.items()}
            updates, inner_state = with_extra_args_support(
                inner_factory(**other_hps, **hparams)).update(updates, state.inner_state, params,
                                                              **extra_args)
            return updates, InjectStatefulHyperparamsState(
                count=safe_increment(state.count), hyperparams=hparams,
                hyperparams_states=hyperparams_states, inner_state=inner_state)
        return GradientTransformationExtraArgs(init_fn, update_fn)
    return wrapped_transform


def inject_stateful_hyperparams(inner_factory, static_args=(), hyperparam_dtype=None):
    import warnings as _warnings
    _warnings.warn('inject_stateful_hyperparams is deprecated, use inject_hyperparams instead',
                   DeprecationWarning)
    return inject_hyperparams(inner_factory, static_args, hyperparam_dtype)


# ---- schedules ----------------------------------------------------------------------------
def constant_schedule(value):
    return lambda count: value


def polynomial_schedule(init_value, end_value, power, transition_steps, transition_begin=0):
    if transition_steps <= 0:
        return lambda count: init_value
    if transition_begin < 0:
        transition_begin = 0

    def schedule(count):
        count = jnp.clip(count - transition_begin, 0, transition_steps)
        frac = 1 - count / transition_steps
        return (init_value - end_value) * (frac ** power) + end_value
    return schedule


def linear_schedule(init_value, end_value, transition_steps, transition_begin=0):
    return polynomial_schedule(init_value=init_value, end_value=end_value, power=1,
                               transition_steps=transition_steps,
                               transition_begin=transition_begin)


def piecewise_constant_schedule(init_value, boundaries_and_scales=None):
    if boundaries_and_scales is not None:
        if not all(s >= 0.0 for s in boundaries_and_scales.values()):
            raise ValueError('`piecewise_constant_schedule` expects non-negative scale factors')

    def schedule(count):
        v = init_value
        if boundaries_and_scales is not None:
            for threshold, s in sorted(boundaries_and_scales.items()):
                indicator = jnp.maximum(0.0, jnp.sign(threshold - count))
                v = v * indicator + (1 - indicator) * s * v
        return v
    return schedule


def exponential_decay(init_value, transition_steps, decay_rate, transition_begin=0,
                      staircase=False, end_value=None):
    if transition_steps <= 0 or decay_rate == 0:
        return lambda count: init_value
    if transition_begin < 0:
        transition_begin = 0
    clip_fn = None
    if end_value is not None:
        clip_fn = jnp.maximum if decay_rate < 1.0 else jnp.minimum

    def schedule(count):
        decreased_count = count - transition_begin
        p = decreased_count / transition_steps
        if staircase:
            p = jnp.floor(p)
        decayed = jnp.where(decreased_count <= 0, init_value,
                            init_value * jnp.power(decay_rate, p))
        if clip_fn is not None:
            decayed = clip_fn(decayed, end_value)
        return decayed
    return schedule


def cosine_decay_schedule(init_value, decay_steps, alpha=0.0, exponent=1.0):
    if not decay_steps > 0:
        raise ValueError('The cosine_decay_schedule requires positive decay_steps, got'
                         f' decay_steps={decay_steps!r}.')
    steps = float(decay_steps) if isinstance(decay_steps, int) else decay_steps

    def schedule(count):
        count = float(count) if isinstance(count, int) else count
        count = jnp.minimum(count, steps)
        cosine_decay = 0.5 * (1 + jnp.cos(jnp.pi * count / steps))
        decayed = (1 - alpha) * cosine_decay ** exponent + alpha
        return init_value * decayed
    return schedule


def join_schedules(schedules, boundaries):
    def schedule(step):
        output = schedules[0](step)
        for boundary, sch in zip(boundaries, schedules[1:]):
            output = jnp.where(step < boundary, output, sch(step - boundary))
        return output
    return schedule


def warmup_cosine_decay_schedule(init_value, peak_value, warmup_steps, decay_steps,
                                 end_value=0.0, exponent=1.0):
    alpha = 0.0 if peak_value == 0.0 else end_value / peak_value
    return join_schedules([
        linear_schedule(init_value=init_value, end_value=peak_value,
                        transition_steps=warmup_steps),
        cosine_decay_schedule(init_value=peak_value, decay_steps=decay_steps - warmup_steps,
                              alpha=alpha, exponent=exponent)], [warmup_steps])


def warmup_constant_schedule(init_value, peak_value, warmup_steps):
    return join_schedules([
        linear_schedule(init_value=init_value, end_value=peak_value,
                        transition_steps=warmup_steps),
        constant_schedule(peak_value)], [warmup_steps])


schedules = _types.SimpleNamespace(
    constant_schedule=constant_schedule, polynomial_schedule=polynomial_schedule,
    linear_schedule=linear_schedule, piecewise_constant_schedule=piecewise_constant_schedule,
    exponential_decay=exponential_decay, cosine_decay_schedule=cosine_decay_schedule,
    join_schedules=join_schedules, warmup_cosine_decay_schedule=warmup_cosine_decay_schedule,
    warmup_constant_schedule=warmup_constant_schedule)


# ---- losses -------------------------------------------------------------------------------
def _no_where(where):
    if where is not None:
        raise NotImplementedError("optax losses: where= is not supported in Sable")


def _check_floating(x, name):
    if not jnp.issubdtype(jnp.asarray(x).dtype, jnp.floating):
        raise ValueError(f'`{name}` must be a floating point array, got {jnp.asarray(x).dtype}.')


def sigmoid_binary_cross_entropy(logits, labels):
    _check_floating(logits, 'logits')
    logits = jnp.asarray(logits)
    labels = jnp.asarray(labels).astype(logits.dtype)
    log_p = jax.nn.log_sigmoid(logits)
    log_not_p = jax.nn.log_sigmoid(-logits)
    return -labels * log_p - (1.0 - labels) * log_not_p


def softmax_cross_entropy(logits, labels, axis=-1, where=None):
    _no_where(where)
    _check_floating(logits, 'logits')
    logits = jnp.asarray(logits)
    log_probs = jax.nn.log_softmax(logits, axis)
    return -(jnp.asarray(labels) * log_probs).sum(axis)


def softmax_cross_entropy_with_integer_labels(logits, labels, axis=-1, where=None):
    _no_where(where)
    _check_floating(logits, 'logits')
    logits = jnp.asarray(logits)
    labels = jnp.asarray(labels)
    if not jnp.issubdtype(labels.dtype, jnp.integer):
        raise ValueError(f'`labels` must be an integer array, got {labels.dtype}.')
    axis = axis % logits.ndim
    label_logits = jnp.take_along_axis(logits, jnp.expand_dims(labels, axis),
                                       axis=axis).take(0, axis=axis)
    log_normalizers = jax.nn.logsumexp(logits, axis=axis)
    return log_normalizers - label_logits


def squared_error(predictions, targets=None):
    _check_floating(predictions, 'predictions')
    predictions = jnp.asarray(predictions)
    errors = predictions - targets if targets is not None else predictions
    return errors ** 2


def l2_loss(predictions, targets=None):
    return 0.5 * squared_error(jnp.asarray(predictions), targets)


def huber_loss(predictions, targets=None, delta=1.0):
    _check_floating(predictions, 'predictions')
    predictions = jnp.asarray(predictions)
    errors = (predictions - targets) if targets is not None else predictions
    abs_errors = jnp.abs(errors)
    quadratic = jnp.minimum(abs_errors, delta)
    linear = abs_errors - quadratic
    return 0.5 * quadratic ** 2 + delta * linear


def cosine_similarity(predictions, targets, *, epsilon=0.0, axis=-1, where=None):
    _no_where(where)
    _check_floating(predictions, 'predictions')
    _check_floating(targets, 'targets')
    a = jnp.asarray(predictions)
    b = jnp.asarray(targets)
    a_norm = jnp.sqrt(jnp.square(a).sum(axis=axis, keepdims=True).clip(epsilon))
    b_norm = jnp.sqrt(jnp.square(b).sum(axis=axis, keepdims=True).clip(epsilon))
    return ((a / a_norm) * (b / b_norm)).sum(axis=axis)


def cosine_distance(predictions, targets, *, epsilon=0.0, axis=-1, where=None):
    return 1.0 - cosine_similarity(predictions, targets, epsilon=epsilon, axis=axis)


losses = _types.SimpleNamespace(
    sigmoid_binary_cross_entropy=sigmoid_binary_cross_entropy,
    softmax_cross_entropy=softmax_cross_entropy,
    softmax_cross_entropy_with_integer_labels=softmax_cross_entropy_with_integer_labels,
    squared_error=squared_error, l2_loss=l2_loss, huber_loss=huber_loss,
    cosine_similarity=cosine_similarity, cosine_distance=cosine_distance)
