# keras 3.15 (JAX backend): a GAN-style Model subclass with two sub-models, two optimizers and
# its own compile(), trained by fit(run_eagerly=True) through train_step: stateless_call on
# each sub-model, value_and_grad, each optimizer's stateless_apply over its own variables.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import jax
import jax.numpy as jnp
import keras
from keras import layers


def r(v, n=4):
    if isinstance(v, dict):
        return {k: r(v[k], n) for k in sorted(v)}
    if isinstance(v, (list, tuple)):
        return [r(e, n) for e in v]
    v = np.asarray(v, dtype=np.float64)
    if v.ndim:
        return (np.round(v.reshape(-1), n) + 0.0).tolist()
    return round(float(v), n) + 0.0


def fill(model, scale):
    ws = []
    for w in model.get_weights():
        k = np.arange(w.size, dtype=np.float32).reshape(w.shape)
        ws.append((np.cos(k * 0.41 + w.size) * scale).astype(np.float32))
    model.set_weights(ws)


latent_dim = 3
discriminator = keras.Sequential([keras.Input((4,)), layers.Dense(6, activation="tanh"),
                                  layers.Dense(1)], name="discriminator")
generator = keras.Sequential([keras.Input((latent_dim,)), layers.Dense(5, activation="relu"),
                              layers.Dense(4)], name="generator")
fill(discriminator, 0.5)
fill(generator, 0.4)


class GAN(keras.Model):
    def __init__(self, discriminator, generator, latent_dim):
        super().__init__()
        self.discriminator = discriminator
        self.generator = generator
        self.latent_dim = latent_dim
        self.d_loss_tracker = keras.metrics.Mean(name="d_loss")
        self.g_loss_tracker = keras.metrics.Mean(name="g_loss")
        self.built = True

    @property
    def metrics(self):
        return [self.d_loss_tracker, self.g_loss_tracker]

    def compile(self, d_optimizer, g_optimizer, loss_fn, **kwargs):
        super().compile(**kwargs)
        self.d_optimizer = d_optimizer
        self.g_optimizer = g_optimizer
        self.loss_fn = loss_fn
        d_optimizer.build(self.discriminator.trainable_variables)
        g_optimizer.build(self.generator.trainable_variables)

    def _apply(self, opt, grads, tv):
        ov = [v.value for v in opt.variables]
        tv, ov = opt.stateless_apply(ov, grads, tv)
        for v, nv in zip(opt.variables, ov):
            v.assign(nv)
        return tv

    def train_step(self, state, data):
        tv, ntv, ov, mv = state
        real = data
        n = real.shape[0]
        nd = len(self.discriminator.trainable_variables)
        d_tv, g_tv = list(tv[:nd]), list(tv[nd:])
        z = jnp.sin(real[:, :self.latent_dim] * 3.0 + 0.5)

        def d_loss_fn(d_tv):
            fake, _ = self.generator.stateless_call(g_tv, [], z)
            both = jnp.concatenate([fake, real], axis=0)
            labels = jnp.concatenate([jnp.ones((n, 1)), jnp.zeros((n, 1))], axis=0)
            pred, _ = self.discriminator.stateless_call(d_tv, [], both)
            return self.loss_fn(labels, pred)
        d_loss, d_grads = jax.value_and_grad(d_loss_fn)(d_tv)
        d_tv = self._apply(self.d_optimizer, d_grads, d_tv)

        def g_loss_fn(g_tv):
            fake, _ = self.generator.stateless_call(g_tv, [], z)
            pred, _ = self.discriminator.stateless_call(d_tv, [], fake)
            return self.loss_fn(jnp.zeros((n, 1)), pred)
        g_loss, g_grads = jax.value_and_grad(g_loss_fn)(g_tv)
        g_tv = self._apply(self.g_optimizer, g_grads, g_tv)

        k = len(self.d_loss_tracker.variables)
        dv = self.d_loss_tracker.stateless_update_state(mv[:k], d_loss)
        gv = self.g_loss_tracker.stateless_update_state(mv[k:], g_loss)
        logs = {"d_loss": self.d_loss_tracker.stateless_result(dv),
                "g_loss": self.g_loss_tracker.stateless_result(gv)}
        return logs, (d_tv + g_tv, ntv, ov, dv + gv)


gan = GAN(discriminator, generator, latent_dim)
print([v.path for v in gan.trainable_variables])
print([v.path for v in gan.metrics_variables])
gan.compile(d_optimizer=keras.optimizers.Adam(0.01), g_optimizer=keras.optimizers.SGD(0.05),
            loss_fn=keras.losses.BinaryCrossentropy(from_logits=True), run_eagerly=True)
print(gan.optimizer.__class__.__name__, len(gan.d_optimizer.variables), len(gan.g_optimizer.variables))
real = np.cos(np.arange(32 * 4, dtype=np.float32) * 0.07).reshape(32, 4)


class Show(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("epoch", epoch, r(logs))


hist = gan.fit(real, batch_size=8, epochs=3, shuffle=False, verbose=0, callbacks=[Show()])
print(r(hist.history))
print(r(gan.d_optimizer.iterations.value), r(gan.g_optimizer.iterations.value))
print(r(discriminator.get_weights()[-1]), r(generator.get_weights()[-1]))
print(r(generator.predict(np.ones((2, latent_dim), np.float32), verbose=0)))
