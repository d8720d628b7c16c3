# keras.optimizers - Keras 3's optimizers (its update formulas, epsilon placement and variable
# layout: iteration, learning_rate, then slots per model variable), stateful and stateless.

import warnings as _warnings
import jax
import jax.numpy as jnp
import keras.optimizers.schedules as schedules
from keras.optimizers.schedules import LearningRateSchedule as _Schedule


def _new_variable(value, dtype, name, scope):
    import keras.backend as kb
    with kb.name_scope(scope):
        return kb.Variable(jnp.asarray(value, dtype=dtype), dtype=dtype, trainable=False,
                           name=name)


def _is_variable(x):
    import keras.backend as kb
    return isinstance(x, kb.Variable)


def _ref_name(var):
    p = getattr(var, 'path', None)
    if p is not None:
        return p.replace('/', '_')
    return str(var.name).replace('/', '_').replace(':', '_')


class Optimizer:
    def __init__(self, learning_rate, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        if kwargs.pop("decay", None) is not None:
            _warnings.warn("Argument `decay` is no longer supported and will be ignored.")
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        if use_ema:
            raise NotImplementedError("use_ema=True is not supported by Sable's keras "
                                      "optimizers")
        if gradient_accumulation_steps:
            raise NotImplementedError("gradient_accumulation_steps is not supported by "
                                      "Sable's keras optimizers")
        if name is None:
            import keras.backend as kb
            name = kb.auto_name(self.__class__.__name__)
        self.name = name
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.global_clipnorm = global_clipnorm
        self.clipvalue = clipvalue
        self.use_ema = use_ema
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        n_clip = sum(a is not None for a in [clipnorm, clipvalue, global_clipnorm])
        if n_clip > 1:
            raise ValueError("Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can "
                             f"be set. Received: clipnorm={clipnorm}, "
                             f"clipvalue={clipvalue}, global_clipnorm={global_clipnorm}")
        self.built = False
        self._variables = []
        self._trainable_variables = []
        self._index = {}
        self._scope = None
        self._iterations = self._add(0, 'int32', 'iteration')
        if isinstance(learning_rate, _Schedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if not isinstance(learning_rate, float):
                raise ValueError(
                    "Argument `learning_rate` should be float, or an instance of "
                    "LearningRateSchedule, or a callable (that takes in the current iteration "
                    "value and returns the corresponding learning rate value). Received "
                    f"instead: learning_rate={learning_rate}")
            self._learning_rate = self._add(learning_rate, 'float32', 'learning_rate')

    # ---- variables --------------------------------------------------------------------
    def _add(self, value, dtype, name):
        v = _new_variable(value, dtype, name, self.name)
        self._variables.append(v)
        return v

    def add_variable(self, shape, initializer="zeros", dtype=None, aggregation="none",
                     layout=None, name=None):
        dtype = dtype or 'float32'
        if initializer == "zeros":
            value = jnp.zeros(shape, dtype)
        elif initializer == "ones":
            value = jnp.ones(shape, dtype)
        elif callable(initializer):
            value = initializer(shape, dtype)
        else:
            raise ValueError(f"Unsupported optimizer variable initializer: {initializer!r}")
        return self._add(value, dtype, name or 'variable')

    def add_variable_from_reference(self, reference_variable, name=None, initializer="zeros"):
        name = f"{_ref_name(reference_variable)}_{name or 'var'}"
        dt = reference_variable.dtype
        if isinstance(initializer, (int, float)):
            value = jnp.full(reference_variable.shape, initializer, dt)
        else:
            value = jnp.zeros(reference_variable.shape, dt)
        return self._add(value, dt, name)

    def add_optimizer_variables(self, trainable_variables, name, initializer="zeros"):
        names = [name] if isinstance(name, str) else list(name)
        out = tuple([] for _ in names)
        for var in trainable_variables:
            for i, n in enumerate(names):
                out[i].append(self.add_variable_from_reference(var, n, initializer))
        return out[0] if isinstance(name, str) else out

    def build(self, variables):
        for i, v in enumerate(variables):
            self._index[id(v)] = i
        self._trainable_variables = list(variables)
        self.built = True

    @property
    def variables(self):
        return self._variables[:]

    @property
    def iterations(self):
        return self._iterations

    def _get_variable_index(self, variable):
        return self._index[id(variable)]

    # ---- reads and writes (through the stateless scope when one is open) ---------------
    def _get(self, v):
        if self._scope is not None and id(v) in self._scope:
            return self._scope[id(v)]
        return v.value

    def assign(self, variable, value):
        value = jnp.asarray(value).astype(variable.dtype)
        if self._scope is not None:
            self._scope[id(variable)] = value
        else:
            variable.assign(value)

    def assign_add(self, variable, value):
        self.assign(variable, self._get(variable) + value)

    def assign_sub(self, variable, value):
        self.assign(variable, self._get(variable) - value)

    # ---- learning rate ----------------------------------------------------------------
    def _current_lr(self):
        lr = self._learning_rate
        if isinstance(lr, _Schedule):
            return lr(self._get(self._iterations))
        if _is_variable(lr):
            return self._get(lr)
        if callable(lr):
            return lr()
        return lr

    @property
    def learning_rate(self):
        if self._scope is None and _is_variable(self._learning_rate):
            return self._learning_rate
        return self._current_lr()

    @learning_rate.setter
    def learning_rate(self, learning_rate):
        if isinstance(learning_rate, _Schedule) or callable(learning_rate):
            if _is_variable(self._learning_rate):
                self._variables = [v for v in self._variables if v is not self._learning_rate]
            self._learning_rate = learning_rate
            return
        if isinstance(self._learning_rate, _Schedule):
            raise TypeError("This optimizer was created with a `LearningRateSchedule` object "
                            "as its `learning_rate` constructor argument, hence its learning "
                            "rate is not settable. If you need the learning rate to be "
                            "settable, you should instantiate the optimizer with a float "
                            "`learning_rate` argument.")
        if _is_variable(self._learning_rate):
            self._learning_rate.assign(jnp.asarray(learning_rate, jnp.float32))
        else:
            self._learning_rate = learning_rate

    # ---- applying gradients -----------------------------------------------------------
    def apply_gradients(self, grads_and_vars):
        grads, variables = zip(*grads_and_vars)
        self.apply(grads, variables)
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        grads = list(grads)
        if len(grads) == 0:
            return
        if trainable_variables is None:
            if not self.built:
                raise ValueError("When passing `grads` without `variables`, the optimizer "
                                 "must already be built on a list of variables. Call "
                                 "`optimizer.build(trainable_variables)` first. ")
            if len(grads) != len(self._index):
                raise ValueError("When passing `grads` as a list of gradient tensors, the "
                                 "gradients must match `optimizer.variables` one-to-on. "
                                 f"Received a list of {len(grads)} gradients, but the "
                                 f"optimizer is tracking {len(self._trainable_variables)} "
                                 "trainable variables.")
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = list(trainable_variables)
            if not self.built:
                self.build(trainable_variables)
            for v in trainable_variables:
                if id(v) not in self._index:
                    raise ValueError(f"Unknown variable: {v}. This optimizer can only be "
                                     "called for the variables it was originally built "
                                     "with. When working with a new set of variables, you "
                                     "should recreate a new optimizer instance.")
        touched = list(trainable_variables) + self._variables
        self._scope = {id(v): v.value for v in touched}
        try:
            self._apply_in_scope(grads, trainable_variables)
            values = [self._scope[id(v)] for v in touched]
        finally:
            self._scope = None
        for v, x in zip(touched, values):
            v.assign(x)

    def stateless_apply(self, optimizer_variables, grads, trainable_variables):
        if not self.built:
            raise ValueError(f"To call `stateless_apply`, {self.__class__.__name__} must be "
                             "built (i.e. its variables must have been created). You can build "
                             "it via `optimizer.build(trainable_variables)`.")
        if len(optimizer_variables) != len(self._variables):
            raise ValueError("Argument `optimizer_variables` must be a list of tensors "
                             f"corresponding 1:1 to {self.__class__.__name__}().variables. "
                             f"Received list with length {len(optimizer_variables)}, but "
                             f"expected {len(self._variables)} variables.")
        if len(trainable_variables) != len(self._trainable_variables):
            raise ValueError("Argument `optimizer_variables` must be a list of tensors "
                             "corresponding 1:1 to the trainable variables list that the "
                             "optimizer was built with. Received len(trainable_variables) == "
                             f"{len(trainable_variables)} whereas the optimizer was built "
                             f"with {len(self._trainable_variables)} variables.")
        outer = self._scope
        self._scope = {}
        for v, x in zip(self._trainable_variables, trainable_variables):
            self._scope[id(v)] = jnp.asarray(x)
        for v, x in zip(self._variables, optimizer_variables):
            self._scope[id(v)] = jnp.asarray(x)
        try:
            self._apply_in_scope(list(grads), self._trainable_variables)
            new_train = [self._scope[id(v)] for v in self._trainable_variables]
            new_opt = [self._scope[id(v)] for v in self._variables]
        finally:
            self._scope = outer
        return new_train, new_opt

    def _apply_in_scope(self, grads, variables):
        grads, variables = self._filter_empty_gradients(grads, variables)
        if self.loss_scale_factor is not None:
            grads = [g / self.loss_scale_factor for g in grads]
        grads = self._clip_gradients(grads)
        self._apply_weight_decay(variables)
        self._backend_update_step(grads, variables, self._current_lr())
        for v in variables:
            c = getattr(v, 'constraint', None)
            if c is not None:
                self.assign(v, c(self._get(v)))
        self.assign(self._iterations, self._get(self._iterations) + 1)

    def _filter_empty_gradients(self, grads, variables):
        g2, v2, missing = [], [], []
        for g, v in zip(grads, variables):
            if g is None:
                missing.append(getattr(v, 'path', v.name))
            else:
                g2.append(g)
                v2.append(v)
        if not g2:
            raise ValueError("No gradients provided for any variable.")
        if missing:
            _warnings.warn(f"Gradients do not exist for variables {missing} when minimizing "
                           "the loss. If using `model.compile()`, did you forget to provide a "
                           "`loss` argument?")
        return g2, v2

    def _clip_by_norm(self, values):
        l2sum = jnp.sum(jnp.square(values), None, keepdims=True)
        pred = l2sum > 0
        l2norm = jnp.where(pred, jnp.sqrt(jnp.where(pred, l2sum, jnp.ones_like(l2sum))), l2sum)
        return (values * self.clipnorm) / jnp.maximum(l2norm, self.clipnorm)

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [self._clip_by_norm(g) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return clip_by_global_norm(grads, self.global_clipnorm)
        if self.clipvalue and self.clipvalue > 0:
            v = self.clipvalue
            return [jnp.clip(g, -v, v) for g in grads]
        return grads

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        import re
        self._wd_exclude_ids = set(id(v) for v in (var_list or []))
        self._wd_exclude_re = re.compile('|'.join(set(var_names))) if var_names else None

    def _use_weight_decay(self, variable):
        if id(variable) in getattr(self, '_wd_exclude_ids', ()):
            return False
        pat = getattr(self, '_wd_exclude_re', None)
        if pat is not None and pat.search(variable.name) is not None:
            return False
        return True

    def _apply_weight_decay(self, variables):
        if self.weight_decay is None:
            return
        for v in variables:
            if self._use_weight_decay(v):
                lr = jnp.asarray(self._current_lr()).astype(v.dtype)
                wd = jnp.asarray(self.weight_decay).astype(v.dtype)
                x = self._get(v)
                self.assign(v, x - x * wd * lr)

    def _backend_update_step(self, grads, variables, learning_rate):
        for g, v in zip(grads, variables):
            self.update_step(g, v, learning_rate)

    def update_step(self, gradient, variable, learning_rate):
        raise NotImplementedError

    def _step_f(self, dtype, offset=1):
        return (self._get(self._iterations) + offset).astype(dtype)

    def finalize_variable_values(self, var_list):
        pass

    def scale_loss(self, loss):
        return loss * self.loss_scale_factor if self.loss_scale_factor is not None else loss

    def set_weights(self, weights):
        if not self.built:
            raise ValueError("You are calling `set_weights()` on an optimizer that has not yet "
                             "been built. Please call `optimizer.build(trainable_variables)` "
                             "to create the optimizer weights before calling `set_weights()`.")
        for v, w in zip(self._variables, weights):
            if tuple(v.shape) != tuple(jnp.shape(w)):
                raise ValueError(f"Optimizer variable {v.path} has shape {tuple(v.shape)} not "
                                 f"compatible with provided weight shape {tuple(jnp.shape(w))}.")
            v.assign(w)

    def get_config(self):
        lr = self._learning_rate
        if isinstance(lr, _Schedule):
            lr = schedules.serialize(lr)
        elif _is_variable(lr):
            lr = float(lr.value)
        elif callable(lr):
            lr = getattr(lr, '__name__', repr(lr))
        return {'name': self.name, 'learning_rate': lr, 'weight_decay': self.weight_decay,
                'clipnorm': self.clipnorm, 'global_clipnorm': self.global_clipnorm,
                'clipvalue': self.clipvalue, 'use_ema': self.use_ema,
                'ema_momentum': self.ema_momentum,
                'ema_overwrite_frequency': self.ema_overwrite_frequency,
                'loss_scale_factor': self.loss_scale_factor,
                'gradient_accumulation_steps': self.gradient_accumulation_steps}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        if isinstance(config.get('learning_rate'), dict):
            config['learning_rate'] = schedules.deserialize(config['learning_rate'],
                                                            custom_objects)
        return cls(**config)


def global_norm(value_list):
    return jnp.sqrt(jnp.sum(jnp.stack([jnp.sum(jnp.square(v)) for v in value_list
                                       if v is not None])))


def clip_by_global_norm(value_list, clip_norm):
    use_norm = global_norm(value_list)
    scale = clip_norm * jnp.minimum(1.0 / use_norm, 1.0 / clip_norm) + (use_norm - use_norm)
    return [v * scale if v is not None else v for v in value_list]


def _cast(x, dt):
    return jnp.asarray(x).astype(dt)


_BASE = ('weight_decay', 'clipnorm', 'clipvalue', 'global_clipnorm', 'use_ema', 'ema_momentum',
         'ema_overwrite_frequency', 'loss_scale_factor', 'gradient_accumulation_steps', 'name')


def _base_kw(kw):
    return {k: kw[k] for k in _BASE if k in kw}


class SGD(Optimizer):
    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum = momentum
        self.nesterov = nesterov

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self.momentums = []
        if self.momentum != 0:
            self.momentums = self.add_optimizer_variables(variables, 'momentum')

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        lr = _cast(learning_rate, dt)
        g = _cast(gradient, dt)
        if self.momentum != 0:
            m = self.momentums[self._get_variable_index(variable)]
            mom = _cast(self.momentum, dt)
            self.assign(m, self._get(m) * mom - g * lr)
            if self.nesterov:
                self.assign_add(variable, self._get(m) * mom - g * lr)
            else:
                self.assign_add(variable, self._get(m))
        else:
            self.assign_sub(variable, g * lr)

    def get_config(self):
        c = super().get_config()
        c.update({'momentum': self.momentum, 'nesterov': self.nesterov})
        return c


class Adam(Optimizer):
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-07,
                 amsgrad=False, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta_1, self.beta_2, self.epsilon, self.amsgrad = beta_1, beta_2, epsilon, amsgrad

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ['momentum', 'velocity'])
        if self.amsgrad:
            self._velocity_hats = self.add_optimizer_variables(var_list, 'velocity_hat')

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        lr = _cast(learning_rate, dt)
        g = _cast(gradient, dt)
        step = self._step_f(dt)
        b1p = jnp.power(_cast(self.beta_1, dt), step)
        b2p = jnp.power(_cast(self.beta_2, dt), step)
        i = self._get_variable_index(variable)
        m, v = self._momentums[i], self._velocities[i]
        alpha = lr * jnp.sqrt(1 - b2p) / (1 - b1p)
        self.assign_add(m, (g - self._get(m)) * (1 - self.beta_1))
        self.assign_add(v, (jnp.square(g) - self._get(v)) * (1 - self.beta_2))
        if self.amsgrad:
            vh = self._velocity_hats[i]
            self.assign(vh, jnp.maximum(self._get(vh), self._get(v)))
            v = vh
        self.assign_sub(variable, (self._get(m) * alpha) / (jnp.sqrt(self._get(v)) + self.epsilon))

    def get_config(self):
        c = super().get_config()
        c.update({'beta_1': self.beta_1, 'beta_2': self.beta_2, 'epsilon': self.epsilon,
                  'amsgrad': self.amsgrad})
        return c


class AdamW(Adam):
    def __init__(self, learning_rate=0.001, weight_decay=0.004, beta_1=0.9, beta_2=0.999,
                 epsilon=1e-07, amsgrad=False, **kwargs):
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2,
                         epsilon=epsilon, amsgrad=amsgrad, weight_decay=weight_decay, **kwargs)
        if self.weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: "
                             "weight_decay=None")


class RMSprop(Optimizer):
    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-07,
                 centered=False, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.rho, self.momentum, self.epsilon, self.centered = rho, momentum, epsilon, centered

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._velocities = self.add_optimizer_variables(var_list, 'velocity')
        self._momentums = []
        if self.momentum > 0:
            self._momentums = self.add_optimizer_variables(var_list, 'momentum')
        self._average_gradients = []
        if self.centered:
            self._average_gradients = self.add_optimizer_variables(var_list, 'average_gradient')

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        lr = _cast(learning_rate, dt)
        g = _cast(gradient, dt)
        i = self._get_variable_index(variable)
        vel = self._velocities[i]
        rho = self.rho
        self.assign(vel, rho * self._get(vel) + (1 - rho) * jnp.square(g))
        if self.centered:
            ag = self._average_gradients[i]
            self.assign(ag, rho * self._get(ag) + (1 - rho) * g)
            denominator = self._get(vel) - jnp.square(self._get(ag)) + self.epsilon
        else:
            denominator = self._get(vel) + self.epsilon
        increment = (lr * g) / jnp.sqrt(denominator)
        if self.momentum > 0:
            mom = self._momentums[i]
            self.assign(mom, self.momentum * self._get(mom) + increment)
            self.assign_sub(variable, self._get(mom))
        else:
            self.assign_sub(variable, increment)

    def get_config(self):
        c = super().get_config()
        c.update({'rho': self.rho, 'momentum': self.momentum, 'epsilon': self.epsilon,
                  'centered': self.centered})
        return c


class Adagrad(Optimizer):
    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-07,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._accumulators = self.add_optimizer_variables(
            var_list, 'accumulator', initializer=float(self.initial_accumulator_value))

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        lr = _cast(learning_rate, dt)
        g = _cast(gradient, dt)
        acc = self._accumulators[self._get_variable_index(variable)]
        self.assign_add(acc, jnp.square(g))
        self.assign_sub(variable, (lr * g) / jnp.sqrt(self._get(acc) + self.epsilon))

    def get_config(self):
        c = super().get_config()
        c.update({'initial_accumulator_value': self.initial_accumulator_value,
                  'epsilon': self.epsilon})
        return c


class Adadelta(Optimizer):
    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-07, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.rho, self.epsilon = rho, epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._accumulated_grads, self._accumulated_delta_vars = self.add_optimizer_variables(
            var_list, ['accumulated_grad', 'accumulated_delta_var'])

    def update_step(self, grad, variable, learning_rate):
        dt = variable.dtype
        lr = _cast(learning_rate, dt)
        g = _cast(grad, dt)
        rho = self.rho
        i = self._get_variable_index(variable)
        ag, adv = self._accumulated_grads[i], self._accumulated_delta_vars[i]

        def rms(x):
            return jnp.sqrt(x + self.epsilon)
        self.assign(ag, rho * self._get(ag) + (1 - rho) * jnp.square(g))
        delta = -((rms(self._get(adv)) * g) / rms(self._get(ag)))
        self.assign(adv, rho * self._get(adv) + (1 - rho) * jnp.square(delta))
        self.assign_add(variable, lr * delta)

    def get_config(self):
        c = super().get_config()
        c.update({'rho': self.rho, 'epsilon': self.epsilon})
        return c


class Adamax(Optimizer):
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-07, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._m, self._u = self.add_optimizer_variables(var_list, ['momentum', 'norm'])

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        lr = _cast(learning_rate, dt)
        g = _cast(gradient, dt)
        b1p = jnp.power(_cast(self.beta_1, dt), self._step_f(dt))
        i = self._get_variable_index(variable)
        m, u = self._m[i], self._u[i]
        self.assign_add(m, (g - self._get(m)) * (1 - self.beta_1))
        self.assign(u, jnp.maximum(self.beta_2 * self._get(u), jnp.abs(g)))
        self.assign_sub(variable, (lr * self._get(m)) / ((1 - b1p) * (self._get(u) + self.epsilon)))

    def get_config(self):
        c = super().get_config()
        c.update({'beta_1': self.beta_1, 'beta_2': self.beta_2, 'epsilon': self.epsilon})
        return c


class Nadam(Optimizer):
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-07, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def build(self, var_list):
        if self.built:
            return
        dtype = var_list[0].dtype if var_list else 'float32'
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ['momentum', 'velocity'])
        self._u_product = self._add(1.0, dtype, 'variable')

    def _backend_update_step(self, grads, variables, learning_rate):
        dt = self._u_product.dtype
        self.assign(self._u_product, self._get(self._u_product) * self.beta_1 *
                    (1.0 - 0.5 * jnp.power(0.96, self._step_f(dt))))
        super()._backend_update_step(grads, variables, learning_rate)

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        lr = _cast(learning_rate, dt)
        g = _cast(gradient, dt)
        local_step = self._step_f(dt)
        next_step = self._step_f(dt, 2)
        decay = _cast(0.96, dt)
        beta_1 = _cast(self.beta_1, dt)
        beta_2 = _cast(self.beta_2, dt)
        u_t = beta_1 * (1.0 - 0.5 * jnp.power(decay, local_step))
        u_t_1 = beta_1 * (1.0 - 0.5 * jnp.power(decay, next_step))
        u_product_t = _cast(self._get(self._u_product), dt)
        u_product_t_1 = u_product_t * u_t_1
        beta_2_power = jnp.power(beta_2, local_step)
        i = self._get_variable_index(variable)
        m, v = self._momentums[i], self._velocities[i]
        self.assign_add(m, (g - self._get(m)) * (1 - beta_1))
        self.assign_add(v, (jnp.square(g) - self._get(v)) * (1 - beta_2))
        m_hat = (u_t_1 * self._get(m)) / (1 - u_product_t_1) + ((1 - u_t) * g) / (1 - u_product_t)
        v_hat = self._get(v) / (1 - beta_2_power)
        self.assign_sub(variable, (m_hat * lr) / (jnp.sqrt(v_hat) + self.epsilon))

    def get_config(self):
        c = super().get_config()
        c.update({'beta_1': self.beta_1, 'beta_2': self.beta_2, 'epsilon': self.epsilon})
        return c


class Lion(Optimizer):
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.99, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta_1, self.beta_2 = beta_1, beta_2
        if beta_1 <= 0 or beta_1 > 1:
            raise ValueError("Argument for `beta_1` must be in range (0, 1]. Received: "
                             f"beta_1={beta_1}.")

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._momentums = self.add_optimizer_variables(var_list, 'momentum')

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        lr = _cast(learning_rate, dt)
        g = _cast(gradient, dt)
        beta_1 = _cast(self.beta_1, dt)
        beta_2 = _cast(self.beta_2, dt)
        m = self._momentums[self._get_variable_index(variable)]
        self.assign_sub(variable, lr * jnp.sign(self._get(m) * beta_1 + g * (1.0 - beta_1)))
        self.assign(m, self._get(m) * beta_2 + g * (1.0 - beta_2))

    def get_config(self):
        c = super().get_config()
        c.update({'beta_1': self.beta_1, 'beta_2': self.beta_2})
        return c


_ALL = {'sgd': SGD, 'adam': Adam, 'adamw': AdamW, 'rmsprop': RMSprop, 'adagrad': Adagrad,
        'adadelta': Adadelta, 'adamax': Adamax, 'nadam': Nadam, 'lion': Lion}


def serialize(optimizer):
    return {'module': 'keras.optimizers', 'class_name': type(optimizer).__name__,
            'config': optimizer.get_config(), 'registered_name': None}


def deserialize(config, custom_objects=None):
    name = config['class_name']
    cls = (custom_objects or {}).get(name) or _ALL.get(name.lower())
    if cls is None:
        raise ValueError(f"Could not interpret optimizer identifier: {config}")
    return cls.from_config(config['config'], custom_objects=custom_objects)


def get(identifier):
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        cls = _ALL.get(identifier.lower())
        if cls is not None:
            return cls()
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
