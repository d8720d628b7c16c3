# keras.datasets - the package of dataset loaders: fashion_mnist reads the Debian
# dataset-fashion-mnist files; the others say which file is missing (no network access here).

import keras.datasets.fashion_mnist as fashion_mnist
import keras.datasets.mnist as mnist
import keras.datasets.cifar10 as cifar10
import keras.datasets.imdb as imdb
