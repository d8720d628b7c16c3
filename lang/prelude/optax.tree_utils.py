# optax.tree_utils - the submodule, so `import optax.tree_utils` and `from optax.tree_utils import x` work;
# the names are those of the namespace that lang/prelude/optax.py builds.
import optax as _optax

_ns = _optax.tree_utils
tree_add = _ns.tree_add
tree_add_scale = _ns.tree_add_scale
tree_bias_correction = _ns.tree_bias_correction
tree_cast = _ns.tree_cast
tree_clip = _ns.tree_clip
tree_div = _ns.tree_div
tree_dtype = _ns.tree_dtype
tree_full_like = _ns.tree_full_like
tree_l2_norm = _ns.tree_l2_norm
tree_max = _ns.tree_max
tree_mul = _ns.tree_mul
tree_norm = _ns.tree_norm
tree_ones_like = _ns.tree_ones_like
tree_scale = _ns.tree_scale
tree_sub = _ns.tree_sub
tree_sum = _ns.tree_sum
tree_update_infinity_moment = _ns.tree_update_infinity_moment
tree_update_moment = _ns.tree_update_moment
tree_update_moment_per_elem_norm = _ns.tree_update_moment_per_elem_norm
tree_vdot = _ns.tree_vdot
tree_where = _ns.tree_where
tree_zeros_like = _ns.tree_zeros_like
