# keras.initializers - Keras 3's initializers (the variance-scaling family, random, constant,
# orthogonal) drawing through keras.random, so a seed gives the same values as Keras on JAX.

import math
import jax.numpy as jnp
import keras.backend as _kb
import keras.random as _kr


class Initializer:
    def __call__(self, shape, dtype=None):
        raise NotImplementedError('Initializer subclasses must implement the `__call__()` method.')

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def clone(self):
        return self.__class__.from_config(self.get_config())


def _dt(dtype):
    return _kb.standardize_dtype(dtype)


class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        return jnp.broadcast_to(jnp.asarray(self.value, dtype=_dt(dtype)), tuple(shape))

    def get_config(self):
        return {'value': self.value}


class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return jnp.zeros(tuple(shape), dtype=_dt(dtype))


class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return jnp.ones(tuple(shape), dtype=_dt(dtype))


class Identity(Initializer):
    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError('Identity matrix initializer can only be used for 2D matrices. '
                             f'Received: shape={shape} of rank {len(shape)}.')
        return self.gain * jnp.eye(shape[0], shape[1], dtype=_dt(dtype))

    def get_config(self):
        return {'gain': self.gain}


class RandomInitializer(Initializer):
    def __init__(self, seed=None):
        self._init_seed = seed
        if seed is None:
            seed = _kr.make_default_seed()
        elif isinstance(seed, dict):
            seed = _kr.SeedGenerator.from_config(seed.get('config', seed))
        elif not isinstance(seed, (int, _kr.SeedGenerator)):
            raise ValueError('`seed` argument should be an instance of '
                             '`keras.random.SeedGenerator()` or an integer. '
                             f'Received: seed={seed}')
        self.seed = seed

    def get_config(self):
        s = self._init_seed
        if isinstance(s, _kr.SeedGenerator):
            s = {'module': 'keras.random', 'class_name': 'SeedGenerator',
                 'config': s.get_config(), 'registered_name': None}
        return {'seed': s}


class RandomNormal(RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return _kr.normal(shape, mean=self.mean, stddev=self.stddev, seed=self.seed, dtype=dtype)

    def get_config(self):
        return {**super().get_config(), 'mean': self.mean, 'stddev': self.stddev}


class TruncatedNormal(RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return _kr.truncated_normal(shape, mean=self.mean, stddev=self.stddev, seed=self.seed,
                                    dtype=dtype)

    def get_config(self):
        return {**super().get_config(), 'mean': self.mean, 'stddev': self.stddev}


class RandomUniform(RandomInitializer):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval = minval
        self.maxval = maxval
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        return _kr.uniform(shape, minval=self.minval, maxval=self.maxval, seed=self.seed,
                           dtype=dtype)

    def get_config(self):
        return {**super().get_config(), 'minval': self.minval, 'maxval': self.maxval}


def compute_fans(shape, input_axes=None, output_axes=None):
    shape = tuple(shape)
    if input_axes is not None and output_axes is not None:
        fan_in = 1
        for a in input_axes:
            fan_in *= shape[a]
        fan_out = 1
        for a in output_axes:
            fan_out *= shape[a]
        return int(fan_in), int(fan_out)
    if len(shape) < 1:
        fan_in = fan_out = 1
    elif len(shape) == 1:
        fan_in = fan_out = shape[0]
    elif len(shape) == 2:
        fan_in, fan_out = shape[0], shape[1]
    else:
        rf = 1
        for d in shape[:-2]:
            rf *= d
        fan_in = shape[-2] * rf
        fan_out = shape[-1] * rf
    return int(fan_in), int(fan_out)


class VarianceScaling(RandomInitializer):
    def __init__(self, scale=1.0, mode='fan_in', distribution='truncated_normal', seed=None,
                 input_axes=None, output_axes=None):
        if scale <= 0.0:
            raise ValueError(f'Argument `scale` must be positive float. Received: scale={scale}')
        if mode not in ('fan_in', 'fan_out', 'fan_avg'):
            raise ValueError(f'Invalid `mode` argument: {mode}. Please use one of '
                             "{'fan_in', 'fan_out', 'fan_avg'}")
        distribution = distribution.lower()
        if distribution == 'normal':
            distribution = 'truncated_normal'
        if distribution not in ('uniform', 'truncated_normal', 'untruncated_normal'):
            raise ValueError(f'Invalid `distribution` argument: {distribution}.Please use one '
                             "of {'uniform', 'truncated_normal', 'untruncated_normal'}")
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        self.input_axes = input_axes
        self.output_axes = output_axes
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        scale = self.scale
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        if self.mode == 'fan_in':
            scale /= max(1.0, fan_in)
        elif self.mode == 'fan_out':
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution == 'truncated_normal':
            stddev = math.sqrt(scale) / 0.87962566103423978
            return _kr.truncated_normal(shape, mean=0.0, stddev=stddev, dtype=dtype,
                                        seed=self.seed)
        if self.distribution == 'untruncated_normal':
            return _kr.normal(shape, mean=0.0, stddev=math.sqrt(scale), dtype=dtype,
                              seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return _kr.uniform(shape, minval=-limit, maxval=limit, dtype=dtype, seed=self.seed)

    def get_config(self):
        return {**super().get_config(), 'scale': self.scale, 'mode': self.mode,
                'distribution': self.distribution, 'input_axes': self.input_axes,
                'output_axes': self.output_axes}


def _named(cls_name, scale, mode, distribution):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, scale=scale, mode=mode, distribution=distribution,
                                 seed=seed, input_axes=input_axes, output_axes=output_axes)

    def get_config(self):
        return {'seed': RandomInitializer.get_config(self)['seed'],
                'input_axes': self.input_axes, 'output_axes': self.output_axes}

    return type(cls_name, (VarianceScaling,), {'__init__': __init__, 'get_config': get_config})


GlorotUniform = _named('GlorotUniform', 1.0, 'fan_avg', 'uniform')
GlorotNormal = _named('GlorotNormal', 1.0, 'fan_avg', 'truncated_normal')
LecunUniform = _named('LecunUniform', 1.0, 'fan_in', 'uniform')
LecunNormal = _named('LecunNormal', 1.0, 'fan_in', 'truncated_normal')
HeUniform = _named('HeUniform', 2.0, 'fan_in', 'uniform')
HeNormal = _named('HeNormal', 2.0, 'fan_in', 'truncated_normal')


class Orthogonal(RandomInitializer):
    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        if len(shape) < 2:
            raise ValueError('The tensor to initialize must be at least two-dimensional. '
                             f'Received: shape={shape} of rank {len(shape)}.')
        rows = 1
        for d in shape[:-1]:
            rows *= d
        cols = shape[-1]
        a = _kr.normal((max(cols, rows), min(cols, rows)), seed=self.seed, dtype=dtype)
        q, r = jnp.linalg.qr(a)
        q = q * jnp.sign(jnp.diag(r))
        if rows < cols:
            q = q.T
        return self.gain * jnp.reshape(q, tuple(shape))

    def get_config(self):
        return {**super().get_config(), 'gain': self.gain}


_ALL = {'Constant': Constant, 'Zeros': Zeros, 'Ones': Ones, 'Identity': Identity,
        'RandomNormal': RandomNormal, 'TruncatedNormal': TruncatedNormal,
        'RandomUniform': RandomUniform, 'VarianceScaling': VarianceScaling,
        'GlorotUniform': GlorotUniform, 'GlorotNormal': GlorotNormal,
        'LecunUniform': LecunUniform, 'LecunNormal': LecunNormal, 'HeUniform': HeUniform,
        'HeNormal': HeNormal, 'Orthogonal': Orthogonal}
_ALIASES = {'constant': Constant, 'zeros': Zeros, 'ones': Ones, 'identity': Identity,
            'random_normal': RandomNormal, 'truncated_normal': TruncatedNormal,
            'random_uniform': RandomUniform, 'variance_scaling': VarianceScaling,
            'glorot_uniform': GlorotUniform, 'glorot_normal': GlorotNormal,
            'lecun_uniform': LecunUniform, 'lecun_normal': LecunNormal,
            'he_uniform': HeUniform, 'he_normal': HeNormal, 'orthogonal': Orthogonal,
            'IdentityInitializer': Identity, 'OrthogonalInitializer': Orthogonal,
            'uniform': RandomUniform, 'normal': RandomNormal, 'one': Ones, 'zero': Zeros}

constant, zeros, ones, identity = Constant, Zeros, Ones, Identity
random_normal, truncated_normal, random_uniform = RandomNormal, TruncatedNormal, RandomUniform
variance_scaling, orthogonal = VarianceScaling, Orthogonal
glorot_uniform, glorot_normal, lecun_uniform = GlorotUniform, GlorotNormal, LecunUniform
lecun_normal, he_uniform, he_normal = LecunNormal, HeUniform, HeNormal


def serialize(initializer):
    if initializer is None:
        return None
    return {'module': 'keras.initializers', 'class_name': initializer.__class__.__name__,
            'config': initializer.get_config(), 'registered_name': None}


def deserialize(config, custom_objects=None):
    name = config['class_name']
    cls = (custom_objects or {}).get(name) or _ALL.get(name) or _ALIASES.get(name)
    if cls is None:
        raise ValueError(f'Could not interpret initializer identifier: {config}')
    return cls.from_config(config.get('config', {}))


def get(identifier):
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        cls = _ALIASES.get(identifier) or _ALL.get(identifier)
        if cls is None:
            raise ValueError(f'Could not interpret initializer identifier: {identifier}')
        return cls()
    if isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f'Could not interpret initializer identifier: {identifier}')
