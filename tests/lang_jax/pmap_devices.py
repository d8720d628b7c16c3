# env: XLA_FLAGS=--xla_force_host_platform_device_count=4
# Four CPU devices: the device list and counts, reprs, arrays committed with device_put, the
# devices of a pmap result.
import jax
import jax.numpy as jnp

d = jax.devices()
print(d, jax.device_count(), jax.local_device_count(), jax.process_index(), jax.process_count())
print(jax.local_devices())
print(repr(d[1]), str(d[1]), d[1].id, d[0].platform, d[0].device_kind, d[3].process_index)
print(d[0] == jax.devices()[0], d[0] == d[1], hash(d[2]) == hash(jax.devices()[2]))
x = jax.device_put(jnp.ones(3), d[2])
print(x.devices(), x, repr(x))
print(jnp.ones(2).devices())
y = jax.pmap(lambda v: v * 2)(jnp.arange(4.))
print(sorted(y.devices(), key=lambda v: v.id), len(y.devices()))
z = jax.pmap(lambda v: v + 1, devices=jax.devices()[:2])(jnp.arange(2.))
print(z, sorted(z.devices(), key=lambda v: v.id))
try:
    jax.config.update('jax_num_cpu_devices', 2)
except RuntimeError as e:
    print(type(e).__name__, e)
print(jnp.ones(2).sharding)
print(x.sharding, x.sharding.device_set)
print(y.sharding, y.sharding.num_devices)
print(z.sharding)
