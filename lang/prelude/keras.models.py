# keras.models - Model, Sequential, load_model, clone_model, model_from_json over keras.saving.

from keras._model import Model, Sequential
from keras.saving import load_model


def clone_model(model, input_tensors=None, clone_function=None):
    import keras.layers as _l
    return _l.deserialize(_l.serialize(model))


def model_from_json(json_string, custom_objects=None):
    import json
    import keras.layers as _l
    return _l.deserialize(json.loads(json_string), custom_objects)
