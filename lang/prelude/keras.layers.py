# keras.layers - the layer classes of Keras 3 gathered from keras._layer, keras._layers_core,
# keras._layers_conv, keras._layers_norm and keras._layers_rnn.

from keras._layer import Layer, InputLayer, Input
from keras._layers_core import (Dense, Activation, ReLU, LeakyReLU, ELU, Softmax, Dropout,
                                Flatten, Reshape, Rescaling, Embedding, Add, Subtract, Multiply,
                                Average, Maximum, Minimum, Concatenate, add, subtract, multiply,
                                average, maximum, minimum, concatenate, Identity, Lambda)
from keras._layers_conv import (Conv1D, Conv2D, Convolution1D, Convolution2D, MaxPooling1D,
                                MaxPooling2D, AveragePooling1D, AveragePooling2D, MaxPool1D,
                                MaxPool2D, AvgPool1D, AvgPool2D, GlobalAveragePooling1D,
                                GlobalAveragePooling2D, GlobalMaxPooling1D, GlobalMaxPooling2D,
                                GlobalAvgPool1D, GlobalAvgPool2D, GlobalMaxPool1D,
                                GlobalMaxPool2D)
from keras._layers_norm import BatchNormalization, LayerNormalization
from keras._layers_rnn import (RNN, SimpleRNN, LSTM, GRU, SimpleRNNCell, LSTMCell, GRUCell,
                               Bidirectional, TimeDistributed)


def serialize(layer):
    import keras._config as _c
    return _c.serialize_layer(layer)


def deserialize(config, custom_objects=None):
    import keras._config as _c
    return _c.deserialize_layer(config, custom_objects)
