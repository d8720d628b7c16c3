# keras.datasets.mnist - load_data() from Keras's cache file ~/.keras/datasets/mnist.npz or from
# IDX files in /usr/share/datasets/mnist; no Debian package ships MNIST, so else a clear error.

import os
import sable.datasets as _ds

DIR = '/usr/share/datasets/mnist'


def load_data(path='mnist.npz'):
    cached = os.path.join(os.path.expanduser('~'), '.keras', 'datasets', path)
    if os.path.exists(cached):
        import keras.saving as _s
        with open(cached, 'rb') as f:
            d = _s._npz_read(f.read(), cached)
        for k in ('x_train', 'y_train', 'x_test', 'y_test'):
            if k not in d:
                raise ValueError(f"keras.datasets.mnist: {cached} has no array {k!r}")
        return (d['x_train'], d['y_train']), (d['x_test'], d['y_test'])
    for f in ('train-images-idx3-ubyte', 'train-labels-idx1-ubyte', 't10k-images-idx3-ubyte',
              't10k-labels-idx1-ubyte'):
        p = os.path.join(DIR, f + '.gz')
        if not os.path.exists(p) and not os.path.exists(os.path.join(DIR, f)):
            raise FileNotFoundError(
                f"keras.datasets.mnist: neither {cached} (Keras's download cache) nor {p} "
                "exists. No Debian package ships MNIST and Sable cannot download it; put "
                f"mnist.npz in {os.path.dirname(cached)} or the four IDX files "
                f"(train-images-idx3-ubyte.gz, ...) in {DIR}, or use "
                "keras.datasets.fashion_mnist (Debian package dataset-fashion-mnist), which has "
                "the same shapes.")
    return _ds.mnist(DIR)
