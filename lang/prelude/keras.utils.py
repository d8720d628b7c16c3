# keras.utils - to_categorical, normalize, set_random_seed (python random, np.random and the
# Keras SeedGenerator state, as Keras 3 seeds them), Progbar, (un)pack_x_y_sample_weight.

import random as _random
import numpy as np

def to_categorical(x, num_classes=None):
    x = np.array(x, dtype="int64")
    input_shape = x.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    x = x.reshape(-1)
    if not num_classes:
        num_classes = int(np.max(x)) + 1
    batch_size = x.shape[0]
    categorical = np.zeros((batch_size, num_classes))
    categorical[np.arange(batch_size), x] = 1
    return np.reshape(categorical, tuple(input_shape) + (num_classes,))


def normalize(x, axis=-1, order=2):
    x = np.asarray(x)
    norm = np.atleast_1d(np.linalg.norm(x, order, axis))
    norm[norm == 0] = 1
    axis = axis or -1
    return x / np.expand_dims(norm, axis)


def set_random_seed(seed):
    if not isinstance(seed, int):
        raise ValueError("Expected `seed` argument to be an integer. "
                         f"Received: seed={seed} (of type {type(seed)})")
    if seed < 0:
        raise ValueError(f"Expected `seed` argument to be a non-negative integer. "
                         f"Received: seed={seed}")
    _random.seed(seed)
    np.random.seed(seed)
    import keras.random
    keras.random._set_global_seed(seed)


def plot_model(model, to_file="model.png", *args, **kwargs):
    raise ImportError("You must install pydot (`pip install pydot`) for `plot_model` to work: "
                      "Sable has no pydot/graphviz; use model.summary() for the layer table.")


def model_to_dot(model, *args, **kwargs):
    plot_model(model)


def get_file(fname=None, origin=None, *args, **kwargs):
    raise OSError(f"keras.utils.get_file: cannot download {origin!r}: Sable has no network "
                  "access; place the file locally and open it by path.")


from keras.callbacks import Progbar  # noqa: E402


def unpack_x_y_sample_weight(data):
    import keras._trainer as _t
    return _t.unpack_x_y_sample_weight(data)


def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    import keras._trainer as _t
    return _t.pack_x_y_sample_weight(x, y, sample_weight)
