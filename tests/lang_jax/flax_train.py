# flax 0.12.8 (jax 0.10.2, optax 0.2.8): the report's LeNet-5 (@nn.compact: Conv, avg_pool,
# Dense) with TrainState + optax.adam(0.005), 3 jit'd steps on a fixed batch; setup-style
# modules, BatchNorm train/eval with mutable batch_stats, Dropout rngs, Sequential, method=,
# struct dataclasses and FrozenDict.
import jax, jax.numpy as jnp
import optax
import flax
import flax.linen as nn
from flax.training import train_state
from flax import struct
from flax.core import freeze, unfreeze, FrozenDict


def r(a, n=4):
    return jnp.round(a, n).tolist()


class LeNet5(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=6, kernel_size=(5, 5), padding='SAME')(x)
        x = nn.relu(x)
        x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
        x = nn.Conv(features=16, kernel_size=(5, 5), padding='VALID')(x)
        x = nn.relu(x)
        x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
        x = x.reshape((x.shape[0], -1))
        x = nn.Dense(features=120)(x)
        x = nn.relu(x)
        x = nn.Dense(features=84)(x)
        x = nn.relu(x)
        x = nn.Dense(features=10)(x)
        return x


images = jax.random.uniform(jax.random.PRNGKey(7), (16, 28, 28, 1))
labels = jnp.arange(16) % 10
model = LeNet5()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 28, 28, 1)))['params']
print(jax.tree_util.tree_map(jnp.shape, params))
print('conv0 kernel', r(params['Conv_0']['kernel'][:, 0, 0, 0]))
print('dense2 kernel', r(params['Dense_2']['kernel'][0, :5]))
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(0.005))


@jax.jit
def train_step(state, x, y):
    def loss_fn(p):
        logits = state.apply_fn({'params': p}, x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, logits
    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    state = state.apply_gradients(grads=grads)
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    return state, loss, acc


for i in range(3):
    state, loss, acc = train_step(state, images, labels)
    print('step', int(state.step), 'loss %.5f' % float(loss), 'acc %.4f' % float(acc))
print('dense2 bias', r(state.params['Dense_2']['bias'][:4]))


class Block(nn.Module):
    features: int
    rate: float = 0.5

    def setup(self):
        self.dense = nn.Dense(self.features)
        self.bn = nn.BatchNorm(momentum=0.9)
        self.drop = nn.Dropout(self.rate)
        self.heads = [nn.Dense(2), nn.Dense(3)]

    def __call__(self, x, train: bool):
        x = self.dense(x)
        x = self.bn(x, use_running_average=not train)
        x = self.drop(x, deterministic=not train)
        return self.heads[0](x) + self.heads[1](x)[:, :2]

    def encode(self, x):
        return self.dense(x)


xb = jax.random.normal(jax.random.PRNGKey(3), (8, 5))
blk = Block(6)
variables = blk.init({'params': jax.random.PRNGKey(1), 'dropout': jax.random.PRNGKey(2)}, xb, train=False)
print(sorted(variables), jax.tree_util.tree_map(jnp.shape, variables))
y, upd = blk.apply(variables, xb, train=True, rngs={'dropout': jax.random.PRNGKey(5)},
                   mutable=['batch_stats'])
print('train out', r(y[:2]))
print('new mean', r(upd['batch_stats']['bn']['mean']))
print('new var', r(upd['batch_stats']['bn']['var']))
variables = {'params': variables['params'], 'batch_stats': upd['batch_stats']}
print('eval out', r(blk.apply(variables, xb, train=False)[:2]))
print('encode', r(blk.apply(variables, xb, method=Block.encode)[0]))
print('encode str', r(blk.apply(variables, xb, method='encode')[0]))


class Drop(nn.Module):
    @nn.compact
    def __call__(self, x, training):
        x = nn.Dropout(0.3, deterministic=not training)(x)
        return nn.Dropout(0.5, broadcast_dims=(0,))(x, deterministic=not training)


xd = jnp.ones((3, 6))
print('dropout', Drop().apply({}, xd, True, rngs={'dropout': jax.random.PRNGKey(9)}).tolist())
print('dropout eval', Drop().apply({}, xd, False).tolist())


class Counter(nn.Module):
    @nn.compact
    def __call__(self, x):
        c = self.variable('counter', 'count', lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            c.value += 1
        noise = jax.random.normal(self.make_rng('noise'), x.shape)
        w = self.param('w', nn.initializers.normal(1.0), (x.shape[-1],))
        return x * w + noise


cv = Counter().init({'params': jax.random.PRNGKey(0), 'noise': jax.random.PRNGKey(1)}, jnp.ones(3))
print('counter init', jax.tree_util.tree_map(lambda a: a.tolist(), cv))
out, st = Counter().apply(cv, jnp.ones(3), rngs={'noise': jax.random.PRNGKey(4)}, mutable=['counter'])
print('counter apply', r(out), st['counter']['count'].tolist())

seq = nn.Sequential([nn.Dense(4), nn.relu, nn.Dense(2)])
sv = seq.init(jax.random.PRNGKey(3), jnp.ones((1, 3)))
print('sequential', jax.tree_util.tree_map(jnp.shape, sv), r(seq.apply(sv, jnp.ones((1, 3)))))


@struct.dataclass
class Config:
    w: jnp.ndarray
    name: str = struct.field(pytree_node=False, default='cfg')


cfg = Config(jnp.ones(2))
print(jax.tree_util.tree_leaves(cfg), cfg.replace(name='x').name)
print(jax.tree_util.tree_map(lambda a: a * 2, cfg).w.tolist())
fd = freeze({'a': {'b': 1}})
print(isinstance(fd, FrozenDict), fd['a']['b'], unfreeze(fd) == {'a': {'b': 1}}, list(fd.keys()))


class TS(train_state.TrainState):
    batch_stats: dict


ts = TS.create(apply_fn=blk.apply, params=variables['params'], tx=optax.sgd(0.1),
               batch_stats=variables['batch_stats'])
print(type(ts).__name__, int(ts.step), sorted(ts.batch_stats['bn']))
