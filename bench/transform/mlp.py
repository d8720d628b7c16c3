# The JAX "MNIST from scratch" MLP (random_layer_params / init_network_params / predict /
# batched_predict / loss / jit-ed update), trained on Fashion-MNIST. Run by bench/run or by hand:
#   bin/sable bench/transform/mlp.py [EPOCHS] [TRAIN_LIMIT]
# Prints per-epoch seconds and train/test accuracy. bench/transform/mlp_numpy.py is the same
# recipe in NumPy, bench/transform/mlp_torch.py in PyTorch.
import sys
import time
import jax
import jax.numpy as jnp
import numpy as np
from jax import grad, jit, vmap
from jax import random
from jax.scipy.special import logsumexp
import sable.datasets as datasets


def random_layer_params(m, n, key, scale=1e-2):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


layer_sizes = [784, 512, 512, 10]
step_size = 0.01
num_epochs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 60000
batch_size = 128
n_targets = 10
params = init_network_params(layer_sizes, random.PRNGKey(0))


def relu(x):
    return jnp.maximum(0, x)


def predict(params, image):
    # per-example predictions
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = relu(outputs)
    final_w, final_b = params[-1]
    logits = jnp.dot(final_w, activations) + final_b
    return logits - logsumexp(logits)


batched_predict = vmap(predict, in_axes=(None, 0))


def one_hot(x, k, dtype=jnp.float32):
    """Create a one-hot encoding of x of size k."""
    return jnp.array(x[:, None] == jnp.arange(k), dtype)


def accuracy(params, images, targets):
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(batched_predict(params, images), axis=1)
    return jnp.mean(predicted_class == target_class)


def loss(params, images, targets):
    preds = batched_predict(params, images)
    return -jnp.mean(preds * targets)


@jit
def update(params, x, y):
    grads = grad(loss)(params, x, y)
    return [(w - step_size * dw, b - step_size * db)
            for (w, b), (dw, db) in zip(params, grads)]


(x_train, y_train), (x_test, y_test) = datasets.fashion_mnist()
# raw pixel values 0..255 as float32, as in JAX's example (its loaders do not rescale)
x_train = np.reshape(x_train[:limit], (-1, 784)).astype(np.float32)
y_train = y_train[:limit]
x_test = np.reshape(x_test, (-1, 784)).astype(np.float32)
train_images = jnp.array(x_train)
train_labels = one_hot(jnp.array(y_train), n_targets)
test_images = jnp.array(x_test)
test_labels = one_hot(jnp.array(y_test), n_targets)
n_batches = len(x_train) // batch_size

for epoch in range(num_epochs):
    start_time = time.time()
    start_cpu = time.process_time()
    for i in range(n_batches):
        x = train_images[i * batch_size:(i + 1) * batch_size]
        y = train_labels[i * batch_size:(i + 1) * batch_size]
        params = update(params, x, y)
    jax.block_until_ready(params)
    epoch_time = time.time() - start_time
    epoch_cpu = time.process_time() - start_cpu
    train_acc = accuracy(params, train_images, train_labels)
    test_acc = accuracy(params, test_images, test_labels)
    # the CPU time (all threads) next to the wall time: steadier on a shared machine
    print("Epoch {} in {:0.2f} sec (cpu {:0.2f} sec)".format(epoch, epoch_time, epoch_cpu))
    print("Training set accuracy {:.4f}".format(float(train_acc)))
    print("Test set accuracy {:.4f}".format(float(test_acc)))
