# keras 3.15 (JAX backend): the stateless pieces Keras's default train_step is made of, reached
# through overrides: compute_loss with its own tracker, super().train_step/test_step, a
# Sequential subclass, BatchNormalization state and a kernel regularizer through train_step,
# a two-output model whose per-output loss trackers ride in metrics_variables, compute_loss
# called from a hand-written train_step.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import jax
import jax.numpy as jnp
import keras
from keras import layers, ops


def r(v, n=4):
    if isinstance(v, dict):
        return {k: r(v[k], n) for k in sorted(v)}
    if isinstance(v, (list, tuple)):
        return [r(e, n) for e in v]
    v = np.asarray(v, dtype=np.float64)
    if v.ndim:
        return (np.round(v.reshape(-1), n) + 0.0).tolist()
    return round(float(v), n) + 0.0


def weights(model):
    out = []
    for v in model.weights:
        k = np.arange(int(np.prod(v.shape)), dtype=np.float32).reshape(v.shape)
        w = np.sin(k * 0.29 + k.size) * 0.4
        if "variance" in v.path:
            w = np.abs(w) + 0.5
        out.append(w.astype(np.float32))
    return out


x = np.cos(np.arange(48 * 6, dtype=np.float32) * 0.13).reshape(48, 6)
y = (x[:, :1] * 0.7 - x[:, 2:3] * 0.3).astype(np.float32)
ycls = (x[:, 0] > x[:, 1]).astype(np.int32)


# 1. compute_loss overridden (Keras's docstring example): the default train_step calls it
class TrackedLoss(keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.loss_tracker2 = keras.metrics.Mean(name="my_loss")

    def compute_loss(self, x, y, y_pred, sample_weight, training=True):
        loss = ops.mean((y_pred - y) ** 2)
        for extra in self.losses:
            loss = loss + extra
        self.loss_tracker2.update_state(loss)
        return loss

    def reset_metrics(self):
        self.loss_tracker2.reset_state()

    @property
    def metrics(self):
        return [self.loss_tracker2]


for eager in (False, True):
    inp = keras.Input((6,))
    h = layers.Dense(4, activation="tanh", kernel_regularizer=keras.regularizers.L2(0.01))(inp)
    out = layers.Dense(1)(h)
    m = TrackedLoss(inp, out)
    m.set_weights(weights(m))
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", run_eagerly=eager)
    print([v.path for v in m.metrics_variables], m.metrics_names)
    hist = m.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    print(r(hist.history))
    print(r(m.loss_tracker2.result()), r(m.get_weights()[-1]))
    print(r(m.evaluate(x, y, batch_size=24, verbose=0, return_dict=True)))


# 2. super().train_step / super().test_step with extra logs; BatchNormalization's moving stats
class Extra(keras.Model):
    def train_step(self, state, data):
        logs, state = super().train_step(state, data)
        logs = dict(logs)
        logs["wnorm"] = ops.sqrt(sum(ops.sum(v ** 2) for v in state[0]))
        return logs, state

    def test_step(self, state, data):
        logs, state = super().test_step(state, data)
        return {"val_like": logs["loss"] * 2.0}, state


for eager in (False, True):
    inp = keras.Input((6,))
    h = layers.Dense(5)(inp)
    h = layers.BatchNormalization(momentum=0.8)(h)
    h = layers.Activation("relu")(h)
    out = layers.Dense(2, activation="softmax")(h)
    m = Extra(inp, out)
    m.set_weights(weights(m))
    m.compile(optimizer=keras.optimizers.Adam(0.01), loss="sparse_categorical_crossentropy",
              metrics=["accuracy"], run_eagerly=eager)
    hist = m.fit(x, ycls, batch_size=16, epochs=2, shuffle=False, verbose=0,
                 validation_data=(x[:20], ycls[:20]))
    print(sorted(hist.history), r(hist.history))
    print(r(m.layers[2].moving_mean.value), r(m.layers[2].moving_variance.value))
    print(r(m.evaluate(x, ycls, verbose=0)), r(m.evaluate(x, ycls, verbose=0, return_dict=True)))
    print(r(m.train_on_batch(x[:8], ycls[:8])), r(m.test_on_batch(x[:8], ycls[:8])))


# 3. a Sequential subclass whose train_step weights the loss by hand
class HalfSeq(keras.Sequential):
    def train_step(self, state, data):
        tv, ntv, ov, mv = state
        x, y = data

        def loss_fn(tv, ntv):
            y_pred, ntv = self.stateless_call(tv, ntv, x, training=True)
            return 0.5 * jnp.mean(jnp.abs(y_pred - y)), ntv
        (loss, ntv), grads = jax.value_and_grad(loss_fn, has_aux=True)(tv, ntv)
        tv, ov = self.optimizer.stateless_apply(ov, grads, tv)
        n = len(self.metrics[0].variables)
        lv = self.metrics[0].stateless_update_state(mv[:n], loss)
        return {"loss": self.metrics[0].stateless_result(lv)}, (tv, ntv, ov, lv + mv[n:])


s = HalfSeq([keras.Input((6,)), layers.Dense(3, activation="relu"), layers.Dense(1)])
s.set_weights(weights(s))
s.compile(optimizer="rmsprop", loss="mae")
print(r(s.fit(x, y, batch_size=12, epochs=3, shuffle=False, verbose=0).history["loss"]))
print(r(s.predict(x[:3], verbose=0)), r(s.predict_on_batch(x[:2])))


# 4. two outputs, per-output loss trackers; only predict_step overridden, so fit runs
# Keras's stateless train_step over model.metrics_variables
class TwoOut(keras.Model):
    def predict_step(self, state, data):
        (a, b), ntv = super().predict_step(state, data)
        return {"sum": a + b[:, :1]}, ntv


inp = keras.Input((6,))
h = layers.Dense(4, activation="relu", name="h")(inp)
o1 = layers.Dense(1, name="reg")(h)
o2 = layers.Dense(2, name="pair")(h)
m = TwoOut(inp, [o1, o2])
m.set_weights(weights(m))
m.compile(optimizer=keras.optimizers.SGD(0.05, momentum=0.5), loss=["mse", "mae"],
          loss_weights=[1.0, 0.5], metrics=[["mae"], ["mse"]])
print([mm.name for mm in m.metrics])
hist = m.fit(x, [y, np.concatenate([y, -y], 1)], batch_size=16, epochs=2, shuffle=False, verbose=0)
print(sorted(hist.history), r(hist.history))
print([v.path for v in m.metrics_variables])
print(r(m.evaluate(x, [y, np.concatenate([y, -y], 1)], verbose=0)))
p = m.predict(x[:5], verbose=0, batch_size=2)
print(sorted(p), r(p["sum"]))

# 5. self.compute_loss inside a hand-written, jit-ed train_step
class CL(keras.Model):
    def train_step(self, state, data):
        tv, ntv, ov, mv = state
        x, y = data

        def loss_fn(tv):
            y_pred, ntv2 = self.stateless_call(tv, ntv, x, training=True)
            return self.compute_loss(x, y, y_pred, None), ntv2
        (loss, ntv2), grads = jax.value_and_grad(loss_fn, has_aux=True)(tv)
        tv, ov = self.optimizer.stateless_apply(ov, grads, tv)
        n = len(self.metrics[0].variables)
        lv = self.metrics[0].stateless_update_state(mv[:n], loss)
        return {"loss": self.metrics[0].stateless_result(lv), "raw": loss}, (tv, ntv2, ov, lv + mv[n:])


for eager in (False, True):
    i = keras.Input((3,))
    o = layers.Dense(2)(layers.Dense(4, activation="tanh")(i))
    m = CL(i, o)
    m.set_weights([np.full(w.shape, 0.2, np.float32) for w in m.get_weights()])
    m.compile(optimizer="sgd", loss="mse", metrics=["mae"], run_eagerly=eager)
    x = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
    y = np.stack([x[:, 0], x[:, 1] * x[:, 2]], 1)
    h = m.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    print({k: [round(float(v), 4) for v in vs] for k, vs in sorted(h.history.items())})
    print(m.metrics_names, round(float(m.compute_loss(x, y, m(x))), 4))
