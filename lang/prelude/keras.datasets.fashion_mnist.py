# keras.datasets.fashion_mnist - load_data() from the Debian package dataset-fashion-mnist's
# IDX files in /usr/share/datasets/fashion-mnist (uint8 arrays shaped as Keras returns them).

import os
import sable.datasets as _ds

DIR = '/usr/share/datasets/fashion-mnist'


def load_data():
    for f in ('train-images-idx3-ubyte', 'train-labels-idx1-ubyte', 't10k-images-idx3-ubyte',
              't10k-labels-idx1-ubyte'):
        p = os.path.join(DIR, f + '.gz')
        if not os.path.exists(p) and not os.path.exists(os.path.join(DIR, f)):
            raise FileNotFoundError(f"keras.datasets.fashion_mnist: {p} not found (install the "
                                    "Debian package dataset-fashion-mnist; Sable cannot "
                                    "download it)")
    return _ds.fashion_mnist(DIR)
