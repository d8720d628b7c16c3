# keras 3.15 (JAX backend): a subclassed model (layers in __init__, call()) with its own jit-ed
# and eager train_step: BatchNormalization's moving statistics through stateless_call's
# non-trainable variables; build() on such a model leaves its layers for fit to build.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np, jax, keras
from keras import layers


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = layers.Dense(5, activation="relu")
        self.bn = layers.BatchNormalization()
        self.d2 = layers.Dense(1)
        self.tracker = keras.metrics.Mean(name="loss")

    def call(self, x, training=False):
        return self.d2(self.bn(self.d1(x), training=training))

    def train_step(self, state, data):
        tv, ntv, ov, mv = state
        x, y = data

        def f(tv, ntv):
            p, ntv = self.stateless_call(tv, ntv, x, training=True)
            return keras.losses.mean_squared_error(y, p).mean(), ntv
        (loss, ntv), g = jax.value_and_grad(f, has_aux=True)(tv, ntv)
        tv, ov = self.optimizer.stateless_apply(ov, g, tv)
        mv = self.tracker.stateless_update_state(mv, loss)
        return {"loss": self.tracker.stateless_result(mv)}, (tv, ntv, ov, mv)

    @property
    def metrics(self):
        return [self.tracker]


for eager in (False, True):
    n = Net()
    n(np.zeros((1, 3), np.float32))
    n.set_weights([(np.sin(np.arange(w.size, dtype=np.float32).reshape(w.shape) * 0.7 + i) * 0.5
                    + (1.0 if "variance" in v.path else 0.0)).astype(np.float32)
                   for i, (w, v) in enumerate(zip(n.get_weights(), n.weights))])
    n.compile(optimizer=keras.optimizers.Adam(0.02), run_eagerly=eager)
    x = np.linspace(-1, 1, 30, dtype=np.float32).reshape(10, 3)
    y = x.sum(1, keepdims=True) ** 2
    h = n.fit(x, y, batch_size=5, epochs=3, shuffle=False, verbose=0)
    print([round(v, 3) for v in h.history["loss"]])
    print((np.round(np.asarray(n.bn.moving_mean.value, np.float64), 2) + 0.0).tolist())
    print(n.predict(x[:3], verbose=0).shape)


# build() with no build method marks the model built with its layers unbuilt: fit builds them
n = Net()
n.build((None, 3))
print(n.built, len(n.weights))
n.compile(optimizer="sgd")
h = n.fit(np.ones((4, 3), np.float32), np.ones((4, 1), np.float32), verbose=0, epochs=2)
print(len(n.weights), len(h.history["loss"]), [type(v).__name__ for v in h.history["loss"]])
