# keras.datasets.mnist - load_data() from IDX files in /usr/share/datasets/mnist when present;
# no Debian package ships MNIST, so otherwise a clear error naming the missing file.

import os
import sable.datasets as _ds

DIR = '/usr/share/datasets/mnist'


def load_data(path='mnist.npz'):
    for f in ('train-images-idx3-ubyte', 'train-labels-idx1-ubyte', 't10k-images-idx3-ubyte',
              't10k-labels-idx1-ubyte'):
        p = os.path.join(DIR, f + '.gz')
        if not os.path.exists(p) and not os.path.exists(os.path.join(DIR, f)):
            raise FileNotFoundError(
                f"keras.datasets.mnist: {p} not found. No Debian package ships MNIST and Sable "
                "cannot download it; put the four IDX files (train-images-idx3-ubyte.gz, ...) "
                f"in {DIR}, or use keras.datasets.fashion_mnist (Debian package "
                "dataset-fashion-mnist), which has the same shapes.")
    return _ds.mnist(DIR)
