# optax.schedules - the submodule, so `import optax.schedules` and `from optax.schedules import x` work;
# the names are those of the namespace that lang/prelude/optax.py builds.
import optax as _optax

_ns = _optax.schedules
constant_schedule = _ns.constant_schedule
cosine_decay_schedule = _ns.cosine_decay_schedule
exponential_decay = _ns.exponential_decay
join_schedules = _ns.join_schedules
linear_schedule = _ns.linear_schedule
piecewise_constant_schedule = _ns.piecewise_constant_schedule
polynomial_schedule = _ns.polynomial_schedule
warmup_constant_schedule = _ns.warmup_constant_schedule
warmup_cosine_decay_schedule = _ns.warmup_cosine_decay_schedule
