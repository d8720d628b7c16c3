# flax 0.12.8 (jax 0.10.2): parameter init and apply of each linen layer, rounded.
import jax, jax.numpy as jnp
import flax.linen as nn

def show(name, tree):

    print(name, jax.tree_util.tree_map(lambda a: tuple(a.shape), tree))

def r(a):
    return jnp.round(a, 4).tolist()

key = jax.random.PRNGKey(42)
x = jax.random.normal(jax.random.PRNGKey(1), (2, 6, 6, 3))

def check(name, mod, inp, **kw):
    v = mod.init(key, inp, **kw)
    show(name, v)
    for col in sorted(v):
        for mname in sorted(v[col]):
            sub = v[col][mname]
            if isinstance(sub, dict):
                for p in sorted(sub):
                    print(' ', col, mname, p, r(sub[p].reshape(-1)[:4]))
            else:
                print(' ', col, mname, r(sub.reshape(-1)[:4]))
    y = mod.apply(v, inp, **kw)
    print('  out', y.shape, r(y.reshape(-1)[:5]), round(float(jnp.sum(y)), 3) + 0.0)
    return v

check('Dense', nn.Dense(5), x[0, 0])
check('Dense nobias', nn.Dense(3, use_bias=False, kernel_init=nn.initializers.xavier_uniform()), x[0, 0])
check('DenseGeneral', nn.DenseGeneral((2, 3), axis=(-2, -1)), x[:, 0])
check('Conv SAME', nn.Conv(4, (3, 3)), x)
check('Conv VALID stride', nn.Conv(4, (3, 3), strides=2, padding='VALID'), x)
check('Conv explicit', nn.Conv(2, (2, 2), padding=((1, 0), (0, 1))), x)
check('Conv int pad dil', nn.Conv(2, (3, 3), padding=1, kernel_dilation=2), x)
check('Conv groups', nn.Conv(6, (3, 3), feature_group_count=3, use_bias=False), x)
check('Conv 1d', nn.Conv(3, (2,)), x[:, 0])
check('ConvTranspose', nn.ConvTranspose(2, (3, 3), strides=(2, 2)), x)
check('ConvTranspose VALID', nn.ConvTranspose(2, (2, 2), padding='VALID'), x)
check('Embed', nn.Embed(10, 4), jnp.array([[1, 2], [9, 0]]))
check('LayerNorm', nn.LayerNorm(), x)
check('GroupNorm', nn.GroupNorm(num_groups=3), x)
check('BatchNorm eval', nn.BatchNorm(use_running_average=True), x)

print('avg_pool', r(nn.avg_pool(x, (2, 2), strides=(2, 2))[0, :, :, 0]))
print('avg_pool same', r(nn.avg_pool(x, (3, 3), padding='SAME', count_include_pad=False)[0, :2, :2, 1]))
print('max_pool', r(nn.max_pool(x, (2, 2), strides=(1, 1))[1, :2, :3, 2]))
print('max_pool pad', nn.max_pool(x, (3, 3), strides=(2, 2), padding=((1, 1), (1, 1))).shape)
print('max_pool single', nn.max_pool(x[0], (2, 2)).shape)
for f in [nn.relu, nn.gelu, nn.sigmoid, nn.tanh, nn.softplus, nn.silu, nn.elu, nn.leaky_relu]:
    print('act', r(f(jnp.array([-1.5, 0.0, 0.7]))))
print('softmax', r(nn.softmax(jnp.array([1., 2., 3.]))), r(nn.log_softmax(jnp.array([1., 2., 3.]))))
