# flax 0.12 recurrent layers: cell params for a key, nn.RNN (reverse, keep_order, seq_lengths,
# return_carry, time_major), nn.Bidirectional, gradients, and 3 optax steps of an LSTM classifier.
import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


def r(a):
    return np.round(np.asarray(a, dtype=np.float64), 4).tolist()


def show(tree, prefix=""):
    if isinstance(tree, dict) or hasattr(tree, "keys"):
        for k in sorted(tree.keys()):
            show(tree[k], prefix + "/" + k if prefix else k)
        return
    a = np.asarray(tree, dtype=np.float64)
    print(prefix, a.shape, round(float(a.sum()), 4), r(a.reshape(-1)[:3]))


x = jax.random.normal(jax.random.key(1), (2, 5, 3))
for cell in [nn.SimpleCell(4), nn.LSTMCell(4), nn.OptimizedLSTMCell(4), nn.GRUCell(4),
             nn.MGUCell(4)]:
    rnn = nn.RNN(cell)
    params = rnn.init(jax.random.key(0), x)
    print(type(cell).__name__, cell.num_feature_axes)
    show(params)
    y = rnn.apply(params, x)
    print(y.shape, r(y[:, -1]))
    c = cell.initialize_carry(jax.random.key(3), (2, 3))
    print(jax.tree_util.tree_map(lambda a: a.shape, c))

lstm = nn.RNN(nn.LSTMCell(4))
p = lstm.init(jax.random.key(0), x)
seq = jnp.array([3, 5])
carry, y = lstm.apply(p, x, return_carry=True, seq_lengths=seq)
print("carry seq_lengths", r(carry[1]))
yr = lstm.apply(p, x, reverse=True, keep_order=True, seq_lengths=seq)
print("reverse keep_order", r(yr[:, 0]))
yr2 = lstm.apply(p, x, reverse=True)
print("reverse", r(yr2[:, 0]))
yt = lstm.apply(p, jnp.swapaxes(x, 0, 1), time_major=True)
print("time_major", yt.shape, r(yt[-1]))
print(nn.RNN(nn.LSTMCell(4), return_carry=True).apply(p, x)[0][0].shape)

bi = nn.Bidirectional(nn.RNN(nn.GRUCell(3)), nn.RNN(nn.GRUCell(3)))
bp = bi.init(jax.random.key(2), x)
show(bp)
yb = bi.apply(bp, x)
print("bidirectional", yb.shape, r(yb[:, 2]))


def loss_fn(params):
    return jnp.sum(lstm.apply(params, x) ** 2)


g = jax.grad(loss_fn)(p)
show(g)


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        e = nn.Embed(10, 6)(tokens)
        h = nn.RNN(nn.LSTMCell(8))(e)
        return nn.Dense(2)(h[:, -1])


toks = jax.random.randint(jax.random.key(5), (8, 7), 0, 10)
labels = (jnp.sum(toks, axis=1) > 31).astype(jnp.int32)
model = Classifier()
params = model.init(jax.random.key(0), toks)
tx = optax.adam(0.05)
opt = tx.init(params)


@jax.jit
def train_step(params, opt):
    def lf(pp):
        logits = model.apply(pp, toks)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    loss, grads = jax.value_and_grad(lf)(params)
    updates, opt = tx.update(grads, opt, params)
    return optax.apply_updates(params, updates), opt, loss


for step in range(3):
    params, opt, loss = train_step(params, opt)
    print("step", step, round(float(loss), 5))

conv = nn.RNN(nn.ConvLSTMCell(2, kernel_size=(3,)))
xc = jax.random.normal(jax.random.key(7), (2, 4, 6, 3))
pc = conv.init(jax.random.key(8), xc)
show(pc)
yc = jax.jit(conv.apply)(pc, xc)
print("convlstm", conv.cell.num_feature_axes, yc.shape, r(yc[1, -1, :, 0]))
gru = nn.RNN(nn.GRUCell(3), unroll=2)
pg = gru.init(jax.random.key(9), x)
yg = jax.jit(lambda p, v: gru.apply(p, v, seq_lengths=jnp.array([2, 4]), return_carry=True))(pg, x)
print("gru carry", r(yg[0]))
