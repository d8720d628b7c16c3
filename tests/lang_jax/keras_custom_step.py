# keras 3.15 (JAX backend): a Model subclass overriding train_step/test_step/predict_step as in
# Keras's guide "Customizing what happens in fit() with JAX", jit-ed and with run_eagerly=True.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import jax
import keras


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
    for w in model.get_weights():
        k = np.arange(w.size, dtype=np.float32).reshape(w.shape)
        out.append((np.sin(k * 0.37 + w.size) * 0.3).astype(np.float32))
    return out


x = np.cos(np.arange(64 * 8, dtype=np.float32) * 0.11).reshape(64, 8)
y = (x[:, :1] * 0.5 - x[:, 1:2] * 0.25 + 0.1).astype(np.float32)


class CustomModel(keras.Model):
    def compute_loss_and_updates(self, trainable_variables, non_trainable_variables,
                                 metrics_variables, x, y, sample_weight, training=False):
        y_pred, non_trainable_variables = self.stateless_call(
            trainable_variables, non_trainable_variables, x, training=training)
        loss, (trainable_variables, non_trainable_variables, metrics_variables) = \
            self.stateless_compute_loss(trainable_variables, non_trainable_variables,
                                        metrics_variables, x=x, y=y, y_pred=y_pred,
                                        sample_weight=sample_weight, training=training)
        return loss, (y_pred, non_trainable_variables, metrics_variables)

    def train_step(self, state, data):
        trainable_variables, non_trainable_variables, optimizer_variables, metrics_variables = state
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        grad_fn = jax.value_and_grad(self.compute_loss_and_updates, has_aux=True)
        (loss, (y_pred, non_trainable_variables, metrics_variables)), grads = grad_fn(
            trainable_variables, non_trainable_variables, metrics_variables, x, y,
            sample_weight, training=True)
        trainable_variables, optimizer_variables = self.optimizer.stateless_apply(
            optimizer_variables, grads, trainable_variables)
        new_metrics_vars = []
        logs = {}
        for metric in self.metrics:
            this = metrics_variables[len(new_metrics_vars):
                                     len(new_metrics_vars) + len(metric.variables)]
            if metric.name == "loss":
                this = metric.stateless_update_state(this, loss, sample_weight=sample_weight)
            else:
                this = metric.stateless_update_state(this, y, y_pred, sample_weight=sample_weight)
            logs[metric.name] = metric.stateless_result(this)
            new_metrics_vars += this
        return logs, (trainable_variables, non_trainable_variables, optimizer_variables,
                      new_metrics_vars)


for eager in (False, True):
    inputs = keras.Input(shape=(8,))
    h = keras.layers.Dense(6, activation="tanh")(inputs)
    outputs = keras.layers.Dense(1)(h)
    model = CustomModel(inputs, outputs)
    model.set_weights(weights(model))
    model.compile(optimizer="adam", loss="mse", metrics=["mae"], run_eagerly=eager)
    print(type(model).__name__, model.run_eagerly, [m.name for m in model.metrics])
    hist = model.fit(x, y, epochs=3, batch_size=16, shuffle=False, verbose=0)
    print(sorted(hist.history))
    print(r(hist.history["loss"]))
    print({k: type(v[0]).__name__ for k, v in hist.history.items()})
    print([m.name for m in model.metrics], len(model.metrics_variables))
    print([v.path for v in model.optimizer.variables][:4], len(model.optimizer.variables))
    print(r(model.get_weights()[3]))
    print(r(model.predict(x[:5], verbose=0)[:, 0]))


class LowLevel(keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae_metric = keras.metrics.MeanAbsoluteError(name="mae")
        self.loss_fn = keras.losses.MeanSquaredError()

    def compute_loss_and_updates(self, trainable_variables, non_trainable_variables, x, y,
                                 sample_weight, training=False):
        y_pred, non_trainable_variables = self.stateless_call(
            trainable_variables, non_trainable_variables, x, training=training)
        loss = self.loss_fn(y, y_pred, sample_weight=sample_weight)
        return loss, (y_pred, non_trainable_variables)

    def train_step(self, state, data):
        trainable_variables, non_trainable_variables, optimizer_variables, metrics_variables = state
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        grad_fn = jax.value_and_grad(self.compute_loss_and_updates, has_aux=True)
        (loss, (y_pred, non_trainable_variables)), grads = grad_fn(
            trainable_variables, non_trainable_variables, x, y, sample_weight, training=True)
        trainable_variables, optimizer_variables = self.optimizer.stateless_apply(
            optimizer_variables, grads, trainable_variables)
        lt = metrics_variables[:len(self.loss_tracker.variables)]
        mv = metrics_variables[len(self.loss_tracker.variables):]
        lt = self.loss_tracker.stateless_update_state(lt, loss, sample_weight=sample_weight)
        mv = self.mae_metric.stateless_update_state(mv, y, y_pred, sample_weight=sample_weight)
        logs = {self.loss_tracker.name: self.loss_tracker.stateless_result(lt),
                self.mae_metric.name: self.mae_metric.stateless_result(mv)}
        return logs, (trainable_variables, non_trainable_variables, optimizer_variables, lt + mv)

    def test_step(self, state, data):
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        trainable_variables, non_trainable_variables, metrics_variables = state
        y_pred, non_trainable_variables = self.stateless_call(
            trainable_variables, non_trainable_variables, x, training=False)
        loss = self.loss_fn(y, y_pred)
        lt = metrics_variables[:len(self.loss_tracker.variables)]
        mv = metrics_variables[len(self.loss_tracker.variables):]
        lt = self.loss_tracker.stateless_update_state(lt, loss)
        mv = self.mae_metric.stateless_update_state(mv, y, y_pred)
        logs = {"loss": self.loss_tracker.stateless_result(lt),
                "mae": self.mae_metric.stateless_result(mv)}
        return logs, (trainable_variables, non_trainable_variables, lt + mv)

    def predict_step(self, state, data):
        trainable_variables, non_trainable_variables = state
        x, _, _ = keras.utils.unpack_x_y_sample_weight(data)
        y_pred, non_trainable_variables = self.stateless_call(
            trainable_variables, non_trainable_variables, x, training=False)
        return {"pred": y_pred, "twice": y_pred * 2.0}, non_trainable_variables

    @property
    def metrics(self):
        return [self.loss_tracker, self.mae_metric]


class Batches(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        print("  batch", batch, r(logs))


for eager in (False, True):
    inputs = keras.Input(shape=(8,))
    h = keras.layers.Dense(5, activation="relu")(inputs)
    outputs = keras.layers.Dense(1)(h)
    model = LowLevel(inputs, outputs)
    model.set_weights(weights(model))
    model.compile(optimizer=keras.optimizers.SGD(0.05, momentum=0.9), run_eagerly=eager)
    print([m.name for m in model.metrics], [v.path for v in model.metrics_variables])
    print([v.path for v in model.loss_tracker.variables], [v.path for v in model.mae_metric.variables])
    hist = model.fit(x, y, epochs=2, batch_size=32, shuffle=False, verbose=0,
                     callbacks=[Batches()] if eager else None)
    print(r(hist.history))
    print(r(model.loss_tracker.result()), r(model.mae_metric.result()))
    print(r(model.evaluate(x, y, batch_size=16, verbose=0, return_dict=True)))
    print(r(model.evaluate(x, y, batch_size=16, verbose=0)))
    p = model.predict(x[:10], batch_size=4, verbose=0)
    print(sorted(p), p["pred"].shape, r(p["twice"][:3, 0]), r(p["pred"].sum()))
    print(r(model.train_on_batch(x[:16], y[:16], return_dict=True)))
    print(r(model.test_on_batch(x[:16], y[:16], return_dict=True)))
