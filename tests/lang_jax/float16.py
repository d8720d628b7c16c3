# float16 in jax.numpy: 16-bit storage, float32 compute rounded per op; printing, promotion, casts, reductions, dot, grad/jit/vmap, finfo (.out from JAX 0.10.2)
import jax
import jax.numpy as jnp
import numpy as np

DT = jnp.float16
OTHER = jnp.bfloat16
print("dtype", DT, repr(jnp.dtype(DT)), jnp.dtype(DT).itemsize, jnp.dtype(DT).name)
x = jnp.array([0.1, -1.5, 2.25, 1000.3, 3.14159, 1e-3], dtype=DT)
print(repr(x))
print(x)
print(repr(jnp.array([1, 2, 3], dtype=jnp.dtype(DT).name)))
print(repr(jnp.zeros(3, DT)), repr(jnp.ones((2, 2), DT)), repr(jnp.full(2, 7.3, DT)))
print(repr(jnp.arange(6, dtype=DT).reshape(2, 3)))
print(repr(jnp.linspace(0, 1, 5, dtype=DT)))
# arithmetic: computed in float32, rounded once per op
y = jnp.array([3.0, 0.7, -0.3, 2.0, 1e-2, 5.5], dtype=DT)
print(repr(x + y), repr(x - y), repr(x * y), repr(x / y))
print(repr(x ** 2), repr(-x), repr(abs(x)), repr(x // y), repr(x % y))
print(repr(jnp.sqrt(jnp.abs(x))), repr(jnp.exp(y)), repr(jnp.log(jnp.abs(y))))
print(repr(jnp.tanh(x)), repr(jnp.sin(y)), repr(jnp.maximum(x, y)), repr(jnp.minimum(x, y)))
print(repr(jax.nn.relu(x)), repr(jnp.logaddexp(x, y)))
print(repr(x > y), repr(x == x), repr(jnp.where(x > 0, x, y)))
# promotion
print(repr(x + 1), repr(x + 1.5), repr(x * 2), repr(x + jnp.int32(3)), repr(x + jnp.uint8(3)))
print(repr(x + jnp.float32(1)), (x + jnp.ones(6, OTHER)).dtype, repr(x + True))
print(jnp.promote_types(DT, OTHER), jnp.promote_types(DT, jnp.float32), jnp.promote_types(DT, jnp.int32),
      jnp.promote_types(DT, jnp.uint8), jnp.promote_types(DT, jnp.bool_), jnp.result_type(DT, 1.0),
      jnp.result_type(DT, 1), jnp.result_type(OTHER, jnp.int32), jnp.result_type(jnp.int32, 1.0))
# casts
for d in [jnp.bool_, jnp.uint8, jnp.uint32, jnp.int32, jnp.float32, OTHER]:
    z = jnp.array([0.0, 1.7, 2.5, 254.9, 3.2, 65.5], DT).astype(d)
    print(jnp.dtype(d).name, repr(z), repr(z.astype(DT)))
print(repr(jnp.array([1e-8, 1e5, -1e5, 65519.9, 65520, 3.0000001], jnp.float32).astype(DT)))
print(repr(jnp.array([1.00390625, 1.01171875, 0.1, 1/3], jnp.float32).astype(DT)))
print(repr(jnp.array([jnp.nan, jnp.inf, -jnp.inf, -0.0], jnp.float32).astype(DT)))
print(repr(jnp.array([5e-8, 6e-8, 1e-40, 2.9e-8], jnp.float32).astype(DT)))
# reductions
big = jnp.arange(4096, dtype=DT) * 0.01
print(repr(jnp.sum(jnp.arange(3000, dtype=DT) * 0.001)), repr(jnp.sum(jnp.full(100000, 0.01, DT))))
print(repr(jnp.sum(big)), repr(jnp.mean(big)), repr(jnp.max(big)), repr(jnp.min(big)), repr(jnp.prod(y)))
print(repr(jnp.sum(jnp.ones(5000, DT))), repr(jnp.sum(jnp.full(3000, 0.1, DT))))
print(repr(jnp.sum(big.reshape(64, 64), axis=0)[:4]), repr(jnp.argmax(y)), repr(jnp.cumsum(y)))
print(repr(jnp.var(y)), repr(jnp.std(y)), repr(jnp.linalg.norm(y)))
# dot
a = (jnp.arange(12, dtype=DT) * 0.37).reshape(3, 4)
b = (jnp.arange(8, dtype=DT) * 0.11 - 0.3).reshape(4, 2)
print(repr(a @ b), repr(jnp.dot(a[0], a[1])), repr(jnp.einsum("ij,jk->ik", a, b)))
v = jnp.full(1000, 0.1, DT)
print(repr(v @ v))
# shapes and indexing
print(repr(a.T), repr(a[1]), repr(a[:, 1:3]), repr(jnp.concatenate([x, y])), repr(jnp.stack([x, y])[1]))
print(repr(x.at[0].set(9.99)), repr(x.at[1].add(0.01)), repr(jnp.sort(x)), repr(jnp.argsort(x)))
print(repr(x[jnp.array([0, 2])]), repr(jnp.flip(x)), repr(jnp.reshape(x, (2, 3))))
# scalars
print(x[0].item(), x.tolist(), float(x[2]), int(x[3]))
print(repr(DT(3.3)), repr(jnp.asarray(2.5, dtype=DT)))
# transformations
f = lambda t: jnp.sum(jnp.sin(t) * t)
print(repr(jax.grad(f)(x)))
print(repr(jax.jit(f)(x)), repr(jax.jit(lambda t: t * 2 + 1)(x)))
print(repr(jax.vmap(lambda r: jnp.sum(r * r))(a)))
print(repr(jax.value_and_grad(lambda w: jnp.sum((a @ w) ** 2))(b)[1]))
print(repr(jax.jit(jax.grad(lambda t: jnp.sum(jnp.sin(t))))(y)))
# finfo
fi = jnp.finfo(DT)
print(fi.bits, fi.eps, fi.max, fi.min, fi.tiny, fi.resolution, fi.dtype, fi.nmant, fi.precision)
print(repr(fi))
print(jnp.issubdtype(DT, jnp.floating), jnp.issubdtype(DT, jnp.inexact), jnp.issubdtype(DT, jnp.integer))
