@jit
def f(x):
    return x

@partial(jit, static_argnums=(1,))
def g(x, n):
    return x * n

@a.b.c
@d(e)
@f[0]
def h():
    pass

@dataclass
class Point:
    x: float
    y: float = 0.0

@property
def prop(self):
    return self._x

@(lambda f: f)
def weird():
    pass

@jax.jit
@jax.vmap
def batched(x):
    return x
