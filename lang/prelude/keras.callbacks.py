# keras.callbacks - Keras 3's Callback hooks, CallbackList (logs made python floats, sorted),
# History, ProgbarLogger over Progbar (its exact text), EarlyStopping, ModelCheckpoint, ...

import math as _math
import os as _os
import sys as _sys
import time as _time
import warnings as _warnings
import numpy as np


def _print(msg, line_break=True):
    _sys.stdout.write(msg + ('\n' if line_break else ''))
    _sys.stdout.flush()


def _pythonify_logs(logs):
    logs = logs or {}
    out = {}
    for k, v in sorted(logs.items()):
        if isinstance(v, dict):
            out.update(_pythonify_logs(v))
        else:
            try:
                out[k] = float(v)
            except (TypeError, ValueError):
                out[k] = v
    return out


class Progbar:
    def __init__(self, target, width=20, verbose=1, interval=0.05, stateful_metrics=None,
                 stateless_metrics=None, unit_name="step"):
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError("Only one of `stateful_metrics` or `stateless_metrics` can be "
                             "provided.")
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        if stateful_metrics is not None:
            self.stateful_metrics, self.stateless_metrics = set(stateful_metrics), None
        elif stateless_metrics is not None:
            self.stateful_metrics, self.stateless_metrics = None, set(stateless_metrics)
        else:
            self.stateful_metrics, self.stateless_metrics = set(), None
        # Keras tests "posix" in sys.modules, true on every Linux CPython: dynamic display.
        self._dynamic_display = True
        self._seen_so_far = 0
        self._values = {}
        self._values_order = []
        self._start = _time.time()
        self._last_update = 0
        self._time_after_first_step = None
        self._prev_total_width = 0

    def update(self, current, values=None, finalize=None):
        if finalize is None:
            finalize = False if self.target is None else current >= self.target
        for k, v in values or []:
            if k not in self._values_order:
                self._values_order.append(k)
            if self.stateful_metrics is not None:
                stateless = k not in self.stateful_metrics
            else:
                stateless = k in self.stateless_metrics
            if stateless:
                if finalize:
                    self._values[k] = [v, 1]
                else:
                    base = max(current - self._seen_so_far, 1)
                    if k not in self._values:
                        self._values[k] = [v * base, base]
                    else:
                        self._values[k][0] += v * base
                        self._values[k][1] += base
            else:
                self._values[k] = [v, 1]
        self._seen_so_far = current
        now = _time.time()
        tpu = self._estimate_step_duration(current, now)
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            message = ""
            special = 0
            if self._dynamic_display:
                message += "\b" * self._prev_total_width + "\r"
            else:
                message += "\n"
            if self.target is not None and self.target > 0:
                nd = int(_math.log10(self.target)) + 1
                bar = (f"%{nd}d/%d") % (current, self.target)
                bar = f"\x1b[1m{bar}\x1b[0m "
                special += 8
                pw = int(self.width * (float(current) / self.target))
                if pw > 0:
                    bar += f"\33[32m{'━' * pw}\x1b[0m"
                    special += 9
                bar += f"\33[37m{'━' * (self.width - pw)}\x1b[0m"
                special += 9
            else:
                bar = "%7d/Unknown" % current
            message += bar
            if self.target is not None and self.target > 0 and not finalize:
                eta = tpu * (self.target - current)
                if eta > 3600:
                    eta_format = "%d:%02d:%02d" % (eta // 3600, (eta % 3600) // 60, eta % 60)
                elif eta > 60:
                    eta_format = "%d:%02d" % (eta // 60, eta % 60)
                else:
                    eta_format = "%ds" % eta
                info = f" \x1b[1m{eta_format}\x1b[0m"
            else:
                info = f" \x1b[1m{now - self._start:.0f}s\x1b[0m"
            special += 8
            info += self._format_time(tpu, self.unit_name)
            for k in self._values_order:
                info += f" - {k}:"
                if isinstance(self._values[k], list):
                    vals, count = self._values[k]
                    if not isinstance(vals, float):
                        vals = np.mean(vals)
                    avg = vals / max(1, count)
                    info += f" {avg:.4f}" if abs(avg) > 1e-3 else f" {avg:.4e}"
                else:
                    info += f" {self._values[k]}"
            message += info
            total_width = len(bar) + len(info) - special
            if self._prev_total_width > total_width:
                message += " " * (self._prev_total_width - total_width)
            if finalize:
                message += "\n"
            _print(message, line_break=False)
            self._prev_total_width = total_width
        elif self.verbose == 2:
            if finalize and self.target is not None and self.target > 0:
                nd = int(_math.log10(self.target)) + 1
                count = f"%{nd}d/%d" % (current, self.target)
                info = f"{count} - {now - self._start:.0f}s"
                info += f" -{self._format_time(tpu, self.unit_name)}"
                for k in self._values_order:
                    info += f" - {k}:"
                    vals, cnt = self._values[k]
                    if not isinstance(vals, float):
                        vals = np.mean(vals)
                    avg = vals / max(1, cnt)
                    info += f" {avg:.4f}" if avg > 1e-3 else f" {avg:.4e}"
                _print(info + "\n", line_break=False)
        self._last_update = now

    def add(self, n, values=None):
        self.update(self._seen_so_far + n, values)

    def _format_time(self, tpu, unit_name):
        if tpu >= 1 or tpu == 0:
            return f" {tpu:.0f}s/{unit_name}"
        if tpu >= 1e-3:
            return f" {tpu * 1000.0:.0f}ms/{unit_name}"
        return f" {tpu * 1000000.0:.0f}us/{unit_name}"

    def _estimate_step_duration(self, current, now):
        if not current:
            return 0
        if self._time_after_first_step is not None and current > 1:
            tpu = (now - self._time_after_first_step) / (current - 1)
        else:
            tpu = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return tpu


class Callback:
    def __init__(self):
        self.validation_data = None
        self._model = None
        self.params = {}

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self._model = model

    @property
    def model(self):
        return self._model

    def on_batch_begin(self, batch, logs=None):
        pass

    def on_batch_end(self, batch, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        pass

    def on_test_batch_end(self, batch, logs=None):
        pass

    def on_predict_batch_begin(self, batch, logs=None):
        pass

    def on_predict_batch_end(self, batch, logs=None):
        pass

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_test_begin(self, logs=None):
        pass

    def on_test_end(self, logs=None):
        pass

    def on_predict_begin(self, logs=None):
        pass

    def on_predict_end(self, logs=None):
        pass


class History(Callback):
    def __init__(self):
        super().__init__()
        self.history = {}

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        self.epoch.append(epoch)
        for k, v in logs.items():
            self.history.setdefault(k, []).append(v)
        self.model.history = self


class ProgbarLogger(Callback):
    def __init__(self):
        super().__init__()
        self.seen = 0
        self.progbar = None
        self.target = None
        self.verbose = 1
        self.epochs = 1
        self._called_in_fit = False

    def set_params(self, params):
        verbose = params["verbose"]
        if verbose == "auto":
            verbose = 1
        self.verbose = verbose
        self.epochs = params["epochs"]
        self.target = params["steps"]

    def on_train_begin(self, logs=None):
        self._called_in_fit = True

    def on_test_begin(self, logs=None):
        if not self._called_in_fit:
            self._reset_progbar()
            self._maybe_init_progbar()

    def on_predict_begin(self, logs=None):
        self._reset_progbar()
        self._maybe_init_progbar()

    def on_epoch_begin(self, epoch, logs=None):
        self._reset_progbar()
        self._maybe_init_progbar()
        if self.verbose and self.epochs > 1:
            _print(f"Epoch {epoch + 1}/{self.epochs}")

    def on_train_batch_end(self, batch, logs=None):
        self._update_progbar(batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        if not self._called_in_fit:
            self._update_progbar(batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._update_progbar(batch, None)

    def on_epoch_end(self, epoch, logs=None):
        self._finalize_progbar(logs)

    def on_test_end(self, logs=None):
        if not self._called_in_fit:
            self._finalize_progbar(logs)

    def on_predict_end(self, logs=None):
        self._finalize_progbar(logs)

    def _reset_progbar(self):
        self.seen = 0
        self.progbar = None

    def _maybe_init_progbar(self):
        if self.progbar is None:
            self.progbar = Progbar(target=self.target, verbose=self.verbose, unit_name="step",
                                   stateless_metrics=set())

    def _update_progbar(self, batch, logs=None):
        logs = logs or {}
        self._maybe_init_progbar()
        self.seen = batch + 1
        if self.verbose == 1:
            self.progbar.update(self.seen, list(logs.items()), finalize=False)

    def _finalize_progbar(self, logs):
        logs = logs or {}
        if self.target is None:
            self.target = self.seen
            self.progbar.target = self.target
        self.progbar.update(self.target, list(logs.items()), finalize=True)


class CallbackList(Callback):
    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None,
                 **params):
        super().__init__()
        self.callbacks = list(callbacks) if callbacks else []
        self._progbar = None
        self._history = None
        for cb in self.callbacks:
            if isinstance(cb, ProgbarLogger):
                self._progbar = cb
            elif isinstance(cb, History):
                self._history = cb
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if self._progbar is None and add_progbar:
            self._progbar = ProgbarLogger()
            self.callbacks.append(self._progbar)
        if model:
            self.set_model(model)
        self.set_params(params)

    def set_params(self, params):
        self.params = params
        if params:
            for cb in self.callbacks:
                cb.set_params(params)

    def set_model(self, model):
        if not model:
            return
        self._model = model
        if self._history:
            model.history = self._history
        for cb in self.callbacks:
            cb.set_model(model)

    def _call(self, name, *args):
        logs = _pythonify_logs(args[-1] if args else None)
        for cb in self.callbacks:
            getattr(cb, name)(*args[:-1], logs)

    def on_batch_begin(self, batch, logs=None):
        self._call('on_batch_begin', batch, logs)

    def on_batch_end(self, batch, logs=None):
        self._call('on_batch_end', batch, logs)

    def on_epoch_begin(self, epoch, logs=None):
        self._call('on_epoch_begin', epoch, logs)

    def on_epoch_end(self, epoch, logs=None):
        self._call('on_epoch_end', epoch, logs)

    def on_train_batch_begin(self, batch, logs=None):
        self._call('on_train_batch_begin', batch, logs)

    def on_train_batch_end(self, batch, logs=None):
        self._call('on_train_batch_end', batch, logs)

    def on_test_batch_begin(self, batch, logs=None):
        self._call('on_test_batch_begin', batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        self._call('on_test_batch_end', batch, logs)

    def on_predict_batch_begin(self, batch, logs=None):
        self._call('on_predict_batch_begin', batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._call('on_predict_batch_end', batch, logs)

    def on_train_begin(self, logs=None):
        self._call('on_train_begin', logs)

    def on_train_end(self, logs=None):
        self._call('on_train_end', logs)

    def on_test_begin(self, logs=None):
        self._call('on_test_begin', logs)

    def on_test_end(self, logs=None):
        self._call('on_test_end', logs)

    def on_predict_begin(self, logs=None):
        self._call('on_predict_begin', logs)

    def on_predict_end(self, logs=None):
        self._call('on_predict_end', logs)


def _less(a, b):
    return a < b


def _greater(a, b):
    return a > b


class MonitorCallback(Callback):
    def __init__(self, monitor='val_loss', mode='auto', baseline=None, min_delta=0):
        super().__init__()
        if mode not in ['auto', 'min', 'max']:
            _warnings.warn(f"{self.__class__.__name__} mode '{mode}' is unknown, fallback to "
                           "auto mode.", stacklevel=2)
            mode = 'auto'
        self.monitor = monitor
        self.mode = mode
        self.best = baseline
        self.min_delta = abs(min_delta)
        self.monitor_op = None

    def _set_monitor_op(self):
        if self.mode == 'min':
            self.monitor_op = _less
        elif self.mode == 'max':
            self.monitor_op = _greater
        else:
            name = self.monitor[4:] if self.monitor.startswith('val_') else self.monitor
            if name == 'loss':
                self.monitor_op = _less
            for m in _compiled_metrics(self.model):
                if m.name == name and hasattr(m, '_direction'):
                    self.monitor_op = _greater if m._direction == 'up' else _less
            if self.monitor_op is None:
                raise ValueError(
                    f"{self.__class__.__name__} callback received monitor={self.monitor}, but "
                    "Keras isn't able to automatically determine whether that metric should "
                    "be maximized or minimized. Pass `mode='max'` in order to monitor based on "
                    "the highest metric value, or pass `mode='min'` in order to use the lowest "
                    "value.")
        if self.monitor_op is _less:
            self.min_delta *= -1

    def _is_improvement(self, monitor_value, reference_value):
        if reference_value is None:
            return True
        return self.monitor_op(monitor_value - self.min_delta, reference_value)


def _compiled_metrics(model):
    st = getattr(model, '_keras_train', None)
    return list(st.user_metrics) if st is not None and st.user_metrics else []


class EarlyStopping(MonitorCallback):
    def __init__(self, monitor='val_loss', min_delta=0, patience=0, verbose=0, mode='auto',
                 baseline=None, restore_best_weights=False, start_from_epoch=0):
        super().__init__(monitor, mode, min_delta=min_delta)
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.wait = 0
        self.stopped_epoch = 0
        self.restore_best_weights = restore_best_weights
        self.best_weights = None
        self.start_from_epoch = start_from_epoch

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_weights = None
        self.best_epoch = 0

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        current = self.get_monitor_value(logs)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights = self.model.get_weights()
            self.best_epoch = epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            _print(f"Epoch {self.stopped_epoch + 1}: early stopping")
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                _print("Restoring model weights from the end of the best epoch: "
                       f"{self.best_epoch + 1}.")
            self.model.set_weights(self.best_weights)

    def get_monitor_value(self, logs):
        logs = logs or {}
        v = logs.get(self.monitor)
        if v is None:
            _warnings.warn(f"Early stopping conditioned on metric `{self.monitor}` which is not "
                           f"available. Available metrics are: {','.join(list(logs.keys()))}",
                           stacklevel=2)
        return v


class ModelCheckpoint(MonitorCallback):
    def __init__(self, filepath, monitor='val_loss', verbose=0, save_best_only=False,
                 save_weights_only=False, mode='auto', save_freq='epoch',
                 initial_value_threshold=None):
        super().__init__(monitor, mode, initial_value_threshold)
        self.verbose = verbose
        self.filepath = _os.fspath(filepath)
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen = None
        self._current_epoch = 0
        if save_freq != 'epoch' and not isinstance(save_freq, int):
            raise ValueError(f"Unrecognized save_freq: {save_freq}. Expected save_freq are "
                             "'epoch' or integer values")
        if save_weights_only:
            if not self.filepath.endswith('.weights.h5'):
                raise ValueError("When using `save_weights_only=True` in `ModelCheckpoint`, "
                                 "the filepath provided must end in `.weights.h5` (Keras "
                                 f"weights format). Received: filepath={self.filepath}")
        elif not any(self.filepath.endswith(e) for e in ('.keras', '.h5')):
            raise ValueError("The filepath provided must end in `.keras` (Keras model "
                             f"format). Received: filepath={self.filepath}")

    def on_train_batch_end(self, batch, logs=None):
        if self.save_freq == 'epoch':
            return
        if self._last_batch_seen is None or batch <= self._last_batch_seen:
            add = batch + 1
        else:
            add = batch - self._last_batch_seen
        self._batches_seen_since_last_saving += add
        self._last_batch_seen = batch
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            self._save_model(self._current_epoch, batch, logs)

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        if self.save_freq == 'epoch':
            self._save_model(epoch, None, logs)

    def _should_save_model(self, epoch, batch, logs, filepath):
        logs = logs or {}
        if not self.save_best_only:
            if self.verbose > 0:
                _print(f"\nEpoch {epoch + 1}: saving model to {filepath}")
            return True
        current = logs.get(self.monitor)
        if current is None:
            _warnings.warn(f"Can save best model only with {self.monitor} available.",
                           stacklevel=2)
            return True
        best_str = 'None' if self.best is None else f"{self.best:.5f}"
        if self._is_improvement(current, self.best):
            if self.verbose > 0:
                _print(f"\nEpoch {epoch + 1}: {self.monitor} improved from {best_str} to "
                       f"{current:.5f}, saving model to {filepath}")
            self.best = current
            return True
        if self.verbose > 0:
            _print(f"\nEpoch {epoch + 1}: {self.monitor} did not improve from {best_str}")
        return False

    def _save_model(self, epoch, batch, logs):
        logs = logs or {}
        try:
            if batch is None or 'batch' in logs:
                filepath = self.filepath.format(epoch=epoch + 1, **logs)
            else:
                filepath = self.filepath.format(epoch=epoch + 1, batch=batch + 1, **logs)
        except KeyError as e:
            raise KeyError(f'Failed to format this callback filepath: "{self.filepath}". '
                           f"Reason: {e}")
        if self._should_save_model(epoch, batch, logs, filepath):
            dirname = _os.path.dirname(filepath)
            if dirname and not _os.path.exists(dirname):
                _os.makedirs(dirname)
            if self.save_weights_only:
                self.model.save_weights(filepath, overwrite=True)
            else:
                self.model.save(filepath, overwrite=True)
            if self.verbose > 0:
                _print(f"\nEpoch {epoch + 1}: finished saving model to {filepath}")


def _lr_float(optimizer):
    return float(np.asarray(getattr(optimizer.learning_rate, 'value', optimizer.learning_rate)))


class LearningRateScheduler(Callback):
    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch, logs=None):
        opt = self.model.optimizer
        if not hasattr(opt, 'learning_rate'):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        try:
            lr = self.schedule(epoch, _lr_float(opt))
        except TypeError:
            lr = self.schedule(epoch)
        if not isinstance(lr, (float, np.float32, np.float64)):
            raise ValueError(f"The output of the `schedule` function should be a float. "
                             f"Got: {lr}")
        opt.learning_rate = lr
        if self.verbose > 0:
            _print(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to {lr}.")

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs['learning_rate'] = _lr_float(self.model.optimizer)


class ReduceLROnPlateau(MonitorCallback):
    def __init__(self, monitor='val_loss', factor=0.1, patience=10, verbose=0, mode='auto',
                 min_delta=0.0001, cooldown=0, min_lr=0.0, **kwargs):
        super().__init__(monitor, mode, min_delta=min_delta)
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0. Received "
                             f"factor={factor}")
        self.factor = factor
        self.min_lr = min_lr
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self.best = None
        self.cooldown_counter = 0
        self.wait = 0

    def in_cooldown(self):
        return self.cooldown_counter > 0

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        if logs is None:
            logs = {}
        opt = self.model.optimizer
        logs['learning_rate'] = _lr_float(opt)
        current = logs.get(self.monitor)
        if current is None:
            _warnings.warn(f"Learning rate reduction is conditioned on metric `{self.monitor}` "
                           "which is not available. Available metrics are: "
                           f"{','.join(list(logs.keys()))}.", stacklevel=2)
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = _lr_float(opt)
                if old_lr > np.float32(self.min_lr):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    opt.learning_rate = new_lr
                    if self.verbose > 0:
                        _print(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate "
                               f"to {new_lr}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0


class CSVLogger(Callback):
    def __init__(self, filename, separator=',', append=False):
        super().__init__()
        self.sep = separator
        self.filename = _os.fspath(filename)
        self.append = append
        self.keys = None
        self.append_header = True
        self.csv_file = None
        self._wrote_header = False

    def on_train_begin(self, logs=None):
        if self.append:
            if _os.path.exists(self.filename):
                with open(self.filename) as f:
                    self.append_header = not bool(len(f.readline()))
            mode = 'a'
        else:
            mode = 'w'
        if self.csv_file is not None and not self.csv_file.closed:
            self.csv_file.close()
        self.csv_file = open(self.filename, mode)
        self.keys = None
        self._wrote_header = False

    def _cell(self, v):
        if isinstance(v, str):
            return v
        if isinstance(v, (list, tuple)) or (isinstance(v, np.ndarray) and v.ndim > 0):
            return '"[' + ', '.join(map(str, v)) + ']"'
        return str(v)

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self.keys is None:
            self.keys = sorted(logs.keys())
            if not any(k.startswith('val_') for k in self.keys) and self.keys:
                self.keys.extend([f"val_{k}" for k in self.keys])
        if not self._wrote_header:
            if self.append_header:
                self.csv_file.write(self.sep.join(['epoch'] + self.keys) + '\r\n')
            self._wrote_header = True
        row = [str(epoch)] + [self._cell(logs.get(k, 'NA')) for k in self.keys]
        self.csv_file.write(self.sep.join(row) + '\r\n')
        self.csv_file.flush()

    def on_train_end(self, logs=None):
        if self.csv_file is not None and not self.csv_file.closed:
            self.csv_file.close()


class LambdaCallback(Callback):
    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None,
                 on_train_end=None, on_train_batch_begin=None, on_train_batch_end=None,
                 **kwargs):
        super().__init__()
        self.__dict__.update(kwargs)
        for name, fn in (('on_epoch_begin', on_epoch_begin), ('on_epoch_end', on_epoch_end),
                         ('on_train_begin', on_train_begin), ('on_train_end', on_train_end),
                         ('on_train_batch_begin', on_train_batch_begin),
                         ('on_train_batch_end', on_train_batch_end)):
            if fn is not None:
                setattr(self, name, fn)


class TerminateOnNaN(Callback):
    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is not None and (np.isnan(loss) or np.isinf(loss)):
            _print(f"Batch {batch}: Invalid loss, terminating training")
            self.model.stop_training = True
