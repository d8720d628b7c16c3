# A Module subclassing another Module inherits its fields, function defaults included (as
# Flax's dataclass fields: never wrapped as methods), after the parent's in positional order.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Base(nn.Module):
    features: int = 3
    act: object = nn.relu
    kernel_init: object = nn.initializers.ones


class Child(Base):
    scale: float = 2.0

    @nn.compact
    def __call__(self, x):
        return self.scale * self.act(nn.Dense(self.features, kernel_init=self.kernel_init)(x))


x = jnp.array([[1.0, -2.0], [3.0, 0.5]])
m = Child()
p = m.init(jax.random.PRNGKey(0), x)
print(jax.tree_util.tree_map(jnp.shape, p))
print(m.apply(p, x))
print(m.act is nn.relu, m.kernel_init is nn.initializers.ones, m.features, m.scale)
print(Child.act is nn.relu, Base.kernel_init is nn.initializers.ones)
m2 = Child(2, jnp.tanh, nn.initializers.zeros, 0.5)
print(m2.features, m2.act is jnp.tanh, m2.scale)
p2 = m2.init(jax.random.PRNGKey(1), x)
print(m2.apply(p2, x))
m3 = Child(act=lambda v: v * 10.0)
print(m3.apply(m3.init(jax.random.PRNGKey(2), x), x))
print(m3.clone(scale=1.0).apply(p, x))
