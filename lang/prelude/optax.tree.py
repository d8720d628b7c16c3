# optax.tree - the submodule, so `import optax.tree` and `from optax.tree import x` work;
# the names are those of the namespace that lang/prelude/optax.py builds.
import optax as _optax

_ns = _optax.tree
add = _ns.add
add_scale = _ns.add_scale
bias_correction = _ns.bias_correction
cast = _ns.cast
cast_like = _ns.cast_like
clip = _ns.clip
div = _ns.div
dtype = _ns.dtype
full_like = _ns.full_like
max = _ns.max
mul = _ns.mul
norm = _ns.norm
ones_like = _ns.ones_like
scale = _ns.scale
sub = _ns.sub
sum = _ns.sum
update_infinity_moment = _ns.update_infinity_moment
update_moment = _ns.update_moment
update_moment_per_elem_norm = _ns.update_moment_per_elem_norm
vdot = _ns.vdot
where = _ns.where
zeros_like = _ns.zeros_like
