# keras.optimizers.schedules - Keras 3's learning-rate schedules (float32 arithmetic as its
# `ops.convert_to_tensor` of a python float gives), callable on a step count, jit-able.

import math
import jax.numpy as jnp
from jax import lax


def _f32(x):
    return jnp.asarray(x, dtype=jnp.float32) if not hasattr(x, 'dtype') else jnp.asarray(x)


class LearningRateSchedule:
    def __call__(self, step):
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must "
                                  "override `__call__(self, step)`.")

    def get_config(self):
        raise NotImplementedError(f"Learning rate schedule '{self.__class__.__name__}' must "
                                  "override `get_config()` in order to be serializable.")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _check_steps(decay_steps):
    if decay_steps <= 0:
        raise ValueError(f'Argument `decay_steps` must be > 0. Received: decay_steps={decay_steps}')


class ExponentialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name='ExponentialDecay'):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        _check_steps(decay_steps)

    def __call__(self, step):
        lr = _f32(self.initial_learning_rate)
        dt = lr.dtype
        p = jnp.asarray(step).astype(dt) / jnp.asarray(self.decay_steps).astype(dt)
        if self.staircase:
            p = jnp.floor(p)
        return lr * jnp.power(jnp.asarray(self.decay_rate).astype(dt), p)

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate,
                'decay_steps': self.decay_steps, 'decay_rate': self.decay_rate,
                'staircase': self.staircase, 'name': self.name}


class PiecewiseConstantDecay(LearningRateSchedule):
    def __init__(self, boundaries, values, name='PiecewiseConstant'):
        if len(boundaries) != len(values) - 1:
            raise ValueError('The length of boundaries should be 1 less than the length of '
                             f'values. Received: boundaries={boundaries} of length '
                             f'{len(boundaries)}, and values={values} of length {len(values)}.')
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        step = jnp.asarray(step)
        bs = [jnp.asarray(b).astype(step.dtype) for b in self.boundaries]
        vs = [_f32(v) for v in self.values]
        dt = vs[0].dtype
        r = jnp.array(0, dtype=dt)
        r = r + (step <= bs[0]).astype(dt) * vs[0]
        r = r + (step > bs[-1]).astype(dt) * vs[-1]
        for low, high, v in zip(bs[:-1], bs[1:], vs[1:-1]):
            r = r + ((step > low) & (step <= high)).astype(dt) * v
        return r

    def get_config(self):
        return {'boundaries': self.boundaries, 'values': self.values, 'name': self.name}


class InverseTimeDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name='InverseTimeDecay'):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        _check_steps(decay_steps)

    def __call__(self, step):
        lr = _f32(self.initial_learning_rate)
        dt = lr.dtype
        p = jnp.asarray(step).astype(dt) / jnp.asarray(self.decay_steps).astype(dt)
        if self.staircase:
            p = jnp.floor(p)
        return lr / (jnp.asarray(1, dtype=dt) + jnp.asarray(self.decay_rate).astype(dt) * p)

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate,
                'decay_steps': self.decay_steps, 'decay_rate': self.decay_rate,
                'staircase': self.staircase, 'name': self.name}


class CosineDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name='CosineDecay',
                 warmup_target=None, warmup_steps=0):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_steps = warmup_steps
        self.warmup_target = warmup_target
        _check_steps(decay_steps)

    def _decay(self, step, decay_steps, decay_from_lr, dt):
        frac = step / decay_steps
        pi = jnp.array(math.pi, dtype=dt)
        cosine = 0.5 * (1.0 + jnp.cos(pi * frac))
        decayed = (1 - self.alpha) * cosine + self.alpha
        return decay_from_lr * decayed

    def __call__(self, step):
        lr = _f32(self.initial_learning_rate)
        dt = lr.dtype
        decay_steps = jnp.asarray(self.decay_steps).astype(dt)
        s = jnp.asarray(step).astype(dt)
        if self.warmup_target is None:
            return self._decay(jnp.minimum(s, decay_steps), decay_steps, lr, dt)
        target = jnp.asarray(self.warmup_target).astype(dt)
        wsteps = jnp.asarray(self.warmup_steps).astype(dt)
        s = jnp.minimum(s, decay_steps + wsteps)
        return lax.cond(s < wsteps,
                        lambda: (target - lr) * (s / wsteps) + lr,
                        lambda: self._decay(s - wsteps, decay_steps, target, dt))

    def get_config(self):
        return {'initial_learning_rate': self.initial_learning_rate,
                'decay_steps': self.decay_steps, 'alpha': self.alpha, 'name': self.name,
                'warmup_target': self.warmup_target, 'warmup_steps': self.warmup_steps}


def serialize(schedule):
    return {'module': 'keras.optimizers.schedules', 'class_name': type(schedule).__name__,
            'config': schedule.get_config(), 'registered_name': None}


def deserialize(config, custom_objects=None):
    cls = globals().get(config.get('class_name'))
    if cls is None and custom_objects:
        cls = custom_objects.get(config.get('class_name'))
    if cls is None:
        raise ValueError(f"Unknown learning rate schedule: {config.get('class_name')!r}")
    return cls.from_config(config['config'])
