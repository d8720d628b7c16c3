# jax.lax array operations (the non-transformation half): conv, reduce_window, slices, dot_general
import jax.numpy as jnp
from jax import lax


def fmt(a):
    # 5 significant digits: convolution sums may differ from XLA's in the last float32 bit
    return [("%.5g" % v) for v in jnp.ravel(a).tolist()]

x = jnp.arange(2 * 3 * 5 * 5, dtype=jnp.float32).reshape(2, 3, 5, 5) / 10
w = jnp.arange(4 * 3 * 3 * 3, dtype=jnp.float32).reshape(4, 3, 3, 3) / 50
y = lax.conv_general_dilated(x, w, (1, 1), "SAME")
print(y.shape, fmt(y[0, 0, :2, :3]))
y = lax.conv_general_dilated(x, w, (2, 2), "VALID")
print(y.shape, fmt(y[1, 3]))
y = lax.conv_general_dilated(x, w, (1, 1), [(1, 0), (0, 1)], rhs_dilation=(2, 1))
print(y.shape, fmt(y[0, 1, 0]))
xn = jnp.transpose(x, (0, 2, 3, 1))
wn = jnp.transpose(w, (2, 3, 1, 0))
y2 = lax.conv_general_dilated(xn, wn, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
print(y2.shape, fmt(y2[0, :2, :3, 0]))
wg = jnp.ones((6, 1, 2, 2), jnp.float32)
print(repr(lax.conv_general_dilated(x, wg, (1, 1), "VALID", feature_group_count=3)[0, :, 0, 0]))
p = lax.reduce_window(x, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
print(p.shape, fmt(p[0, 0]))
s = lax.reduce_window(x, 0.0, lax.add, (1, 1, 3, 3), (1, 1, 1, 1), "SAME")
print(s.shape, fmt(s[1, 2, 0]))
a = jnp.arange(20).reshape(4, 5)
print(repr(lax.dynamic_slice(a, (1, 2), (2, 2))), repr(lax.dynamic_slice(a, (3, 4), (2, 2))))
print(repr(lax.dynamic_update_slice(a, jnp.zeros((2, 2), jnp.int32), (1, 1))))
print(repr(lax.slice(a, (0, 1), (4, 5), (2, 2))))
print(repr(lax.dot_general(jnp.ones((2, 3, 4)), jnp.ones((2, 4, 5)), (((2,), (1,)), ((0,), (0,)))).shape))
print(repr(lax.pad(jnp.arange(3.0), 0.0, [(1, 2, 1)])))
print(repr(lax.concatenate([jnp.arange(2), jnp.arange(3)], 0)))
print(repr(lax.broadcast_in_dim(jnp.arange(3), (2, 3), (1,))))
print(repr(lax.select(jnp.array([True, False]), jnp.array([1, 2]), jnp.array([3, 4]))))
print(repr(lax.iota(jnp.int32, 4)), repr(lax.rev(jnp.arange(4), (0,))))
print(repr(lax.convert_element_type(jnp.array([1.7, -1.7]), jnp.int32)))
print(repr(lax.integer_pow(jnp.arange(4.0), 3)), repr(lax.rsqrt(jnp.array([4.0]))))
print(repr(lax.clamp(0.0, jnp.array([-1.0, 0.5, 2.0]), 1.0)))
print(repr(lax.argmax(jnp.array([[1, 3], [4, 2]]), 1, jnp.int32)))
print(repr(lax.cumsum(jnp.arange(4), reverse=True)), repr(lax.cummax(jnp.array([1, 3, 2, 5]))))
print(repr(lax.sort(jnp.array([3, 1, 2]))))
print(repr(lax.transpose(jnp.ones((2, 3)), (1, 0)).shape), repr(lax.reshape(jnp.arange(6), (2, 3))))
print(repr(lax.reduce_sum(jnp.ones((2, 3)), (0,))), repr(lax.reduce_max(jnp.arange(6).reshape(2, 3), (1,))))
