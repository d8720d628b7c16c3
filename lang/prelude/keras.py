# keras - Keras 3 (JAX backend semantics) written in Sable: Variable, Layer, Model, Sequential,
# Input and the submodules; the training half (optimizers, losses, fit, ...) is keras._trainer's.

import keras.backend as backend
from keras.backend import Variable, StatelessScope, name_scope
import keras.random as random
import keras.initializers as initializers
import keras.activations as activations
import keras.regularizers as regularizers
import keras.ops as ops
from keras._layer import Layer, InputLayer, Input, KerasTensor
from keras._model import Model, Sequential, Functional
import keras.layers as layers

__version__ = '3.15.1'


def version():
    return __version__


def __getattr__(name):
    # the training half's modules, imported on first use so that either half can load alone
    if name in ('optimizers', 'losses', 'metrics', 'callbacks', 'utils', 'datasets', 'models',
                'saving'):
        __import__('keras.' + name)
        import sys
        return sys.modules['keras.' + name]
    raise AttributeError(f"module 'keras' has no attribute '{name}'")


# Sable does not consult a module-level __getattr__ (PEP 562): the training half is imported here.
import keras.optimizers as optimizers
import keras.losses as losses
import keras.metrics as metrics
import keras.callbacks as callbacks
import keras.utils as utils
import keras.datasets as datasets
import keras.models as models
import keras.saving as saving
