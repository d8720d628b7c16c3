# keras 3.15 (JAX backend): model.stateless_call under jax.jit and jax.grad (the training half's
# interface), BatchNormalization's moving statistics in training vs inference, Dropout's SeedGenerator state.
import os
os.environ["KERAS_BACKEND"] = "jax"
import random
import numpy as np
import jax
import jax.numpy as jnp
import keras
from keras import layers


def r(a, n=4):
    a = np.asarray(a, dtype=np.float64)
    return round(float(a.sum()), n) + 0.0, (np.round(a.reshape(-1)[:4], n) + 0.0).tolist()


random.seed(123)
model = keras.Sequential([
    keras.Input((6,)),
    layers.Dense(8, activation="relu"),
    layers.BatchNormalization(momentum=0.9),
    layers.Dropout(0.25, seed=17),
    layers.Dense(3, activation="softmax"),
])
print([v.path for v in model.trainable_variables])
print([v.path for v in model.non_trainable_variables])
print([v.path for v in model.variables] == [v.path for v in model.trainable_variables[:2]] +
      [v.path for v in model.variables[2:]])
x = np.linspace(-1, 1, 5 * 6, dtype=np.float32).reshape(5, 6)
y = np.array([0, 2, 1, 1, 0])
tv = [v.value for v in model.trainable_variables]
ntv = [v.value for v in model.non_trainable_variables]

out, new_ntv = model.stateless_call(tv, ntv, x, training=False)
print("infer", *r(out))
print("infer state unchanged", all(np.array_equal(np.asarray(a), np.asarray(b))
                                   for a, b in zip(ntv, new_ntv)))
out_t, new_ntv_t = model.stateless_call(tv, ntv, x, training=True)
print("train", *r(out_t))
for v, val in zip(model.non_trainable_variables, new_ntv_t):
    print(" ", v.path, np.asarray(val).dtype, *r(val))
# the model's own variables are untouched by stateless_call
print("vars untouched", np.asarray(model.non_trainable_variables[0].numpy()).tolist())


def loss_fn(tv, ntv, x, y, training):
    probs, ntv2 = model.stateless_call(tv, ntv, x, training=training)
    logp = jnp.log(probs[jnp.arange(x.shape[0]), y])
    return -jnp.mean(logp), ntv2


for training in (False, True):
    (loss, ntv2), grads = jax.value_and_grad(loss_fn, has_aux=True)(tv, ntv, x, y, training)
    print("grad training=%s" % training, round(float(loss), 5))
    for v, g in zip(model.trainable_variables, grads):
        print(" ", v.path, *r(g, 4))

step = jax.jit(lambda tv, ntv, x: model.stateless_call(tv, ntv, x, training=True))
o1, s1 = step(tv, ntv, x)
o2, s2 = step(tv, s1, x)
print("jit step1", *r(o1), "step2", *r(o2))
print("states", [r(s) for s in s1], [r(s) for s in s2])
print("jit == eager", np.allclose(np.asarray(o1), np.asarray(out_t), atol=1e-6))

# the stateful path: calling with training=True updates the moving statistics in place
bn = layers.BatchNormalization()
xb = (np.arange(24, dtype=np.float32).reshape(4, 6) % 5) - 1.5
print("bn infer", *r(bn(xb)))
print("bn train", *r(bn(xb, training=True)))
print("bn moving", *r(bn.moving_mean.numpy()), *r(bn.moving_variance.numpy()))
print("bn infer after", *r(bn(xb, training=False)))
bn.trainable = False
print("bn frozen train", *r(bn(xb, training=True)), len(bn.trainable_weights),
      len(bn.non_trainable_weights))

# Dropout draws from its SeedGenerator; each training call advances the state
do = layers.Dropout(0.5, seed=3)
ones = np.ones((2, 8), np.float32)
print("dropout", np.asarray(do(ones, training=True)).tolist())
print("dropout", np.asarray(do(ones, training=True)).tolist())
print("dropout state", do.seed_generator.state.numpy().tolist(), do(ones).sum().item())

# a subclassed model with a custom layer, training flag passed down
class Noisy(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.gen = keras.random.SeedGenerator(99)

    def call(self, x, training=None):
        if training:
            return x + keras.random.normal(x.shape, stddev=0.1, seed=self.gen)
        return x


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = layers.Dense(4, kernel_initializer=keras.initializers.GlorotUniform(1))
        self.noise = Noisy()
        self.d2 = layers.Dense(1, kernel_initializer=keras.initializers.GlorotUniform(2))

    def call(self, x, training=False):
        return self.d2(self.noise(self.d1(x)))


net = Net()
print(net.name, r(net(x)))
print([v.path for v in net.variables])
tvn = [v.value for v in net.trainable_variables]
ntvn = [v.value for v in net.non_trainable_variables]
o, s = net.stateless_call(tvn, ntvn, x, training=True)
print("net train", *r(o), np.asarray(s[0]).tolist())
g = jax.grad(lambda t: jnp.sum(net.stateless_call(t, ntvn, x, training=True)[0] ** 2))(tvn)
print("net grad", [r(a, 4)[0] for a in g])

# regularization: weight regularizers in model.losses; activity losses (per batch element) from
# the last call; stateless_call(return_losses=True) computes them on the values passed in
m = keras.Sequential([
    keras.Input((3,)),
    layers.Dense(4, kernel_regularizer=keras.regularizers.L2(0.1), activity_regularizer="l1",
                 kernel_initializer=keras.initializers.GlorotUniform(1)),
    layers.Dense(2, kernel_regularizer="l1", bias_regularizer=keras.regularizers.L1L2(0.1, 0.2),
                 kernel_initializer=keras.initializers.GlorotUniform(2))])
print([round(float(l), 5) for l in m.losses])
x1 = np.ones((2, 3), np.float32)
m(x1)
m(x1)
print([round(float(l), 5) for l in m.losses])
tv = [v.value * 2 for v in m.trainable_variables]
ntv = [v.value for v in m.non_trainable_variables]
o, n, losses = m.stateless_call(tv, ntv, x1, return_losses=True)
print([round(float(l), 5) for l in losses])
g = jax.grad(lambda t: sum(m.stateless_call(t, ntv, x1, return_losses=True)[2]))(tv)
print([round(float(jnp.sum(a)), 5) + 0.0 for a in g])
