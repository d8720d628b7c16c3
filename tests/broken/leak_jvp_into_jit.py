# a tracer stored during jvp and closed over by a later jit
import jax
saved = []
def f(x):
    saved.append(x * x)
    return x
jax.jvp(f, (1.0,), (1.0,))
print(jax.jit(lambda y: y + saved[0])(2.0))
