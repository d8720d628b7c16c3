import jax
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, static_argnums=(1,))
def power(x, n):
    result = jnp.ones_like(x)
    for _ in range(n):
        result = result * x
    return result


def softmax(x, axis=-1):
    x_max = jnp.max(x, axis=axis, keepdims=True)
    unnormalized = jnp.exp(x - jax.lax.stop_gradient(x_max))
    return unnormalized / unnormalized.sum(axis=axis, keepdims=True)


def init_params(key, sizes):
    params = []
    for k, (n_in, n_out) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        w_key, b_key = jax.random.split(k)
        params.append((jax.random.normal(w_key, (n_in, n_out)) / jnp.sqrt(n_in),
                       jnp.zeros((n_out,))))
    return params


def conv_out(h, w, k, s=1, p=0):
    return (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1


x = jnp.arange(24.).reshape(2, 3, 4)
print(x[0, :, 1:3], x[..., ::-1], x[:, None, :, None].shape)
x = x.at[0, 1].set(-1.0)
x = x.at[:, :, 0].add(10)
y = jnp.where(x > 0, x, 0.01 * x)
mask = (y >= 0) & ~jnp.isnan(y)
n_correct = int((jnp.argmax(logits, axis=-1) == labels).sum())
print(f"{n_correct}/{len(labels)} = {n_correct / len(labels):.2%}")
jax.debug.print("x = {x}", x=x)
ys = jax.vmap(lambda a, b: a @ b, in_axes=(0, None))(xs, w)
dfdx = jax.grad(lambda x: jnp.sum(jnp.tanh(x) ** 2))
hess = jax.hessian(f)(x0)
J = jax.jacfwd(f)(x0); Jt = jax.jacrev(f)(x0);
value, grads = jax.value_and_grad(loss, argnums=(0, 1), has_aux=False)(w, b)
assert jnp.allclose(J, Jt, atol=1e-5), "jacobians differ"
