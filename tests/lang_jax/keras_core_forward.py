# keras 3.15 (JAX backend): forward outputs of each layer on fixed inputs, with weights from
# seeded initializers; printed rounded.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import layers


def r(a, n=4):
    a = np.asarray(a, dtype=np.float64)
    return a.shape, round(float(a.sum()), n), np.round(a.reshape(-1)[:4], n).tolist()


K = lambda s: keras.initializers.GlorotUniform(seed=s)
B = lambda s: keras.initializers.RandomNormal(stddev=0.1, seed=s)
x4 = (np.arange(2 * 9 * 9 * 4, dtype=np.float32).reshape(2, 9, 9, 4) % 7 - 3) / 3
x3 = (np.arange(2 * 12 * 6, dtype=np.float32).reshape(2, 12, 6) % 5 - 2) / 2
x2 = np.linspace(-2, 2, 2 * 10, dtype=np.float32).reshape(2, 10)

cases = [
    ("dense", layers.Dense(5, kernel_initializer=K(1), bias_initializer=B(2)), x2),
    ("dense_relu", layers.Dense(5, activation="relu", kernel_initializer=K(1)), x2),
    ("dense_3d", layers.Dense(3, kernel_initializer=K(3)), x3),
    ("conv2d_valid", layers.Conv2D(3, 3, kernel_initializer=K(4), bias_initializer=B(5)), x4),
    ("conv2d_same_s2", layers.Conv2D(5, (3, 2), strides=2, padding="same",
                                     kernel_initializer=K(6)), x4),
    ("conv2d_dil", layers.Conv2D(2, 3, dilation_rate=2, kernel_initializer=K(7)), x4),
    ("conv2d_groups", layers.Conv2D(4, 3, groups=2, padding="same", kernel_initializer=K(8),
                                    activation="relu"), x4),
    ("conv1d", layers.Conv1D(4, 3, kernel_initializer=K(9), bias_initializer=B(1)), x3),
    ("conv1d_same_s2", layers.Conv1D(3, 4, strides=2, padding="same", kernel_initializer=K(2)), x3),
    ("maxpool2d", layers.MaxPooling2D(), x4),
    ("maxpool2d_same", layers.MaxPooling2D(3, strides=2, padding="same"), x4),
    ("avgpool2d", layers.AveragePooling2D(2), x4),
    ("avgpool2d_same", layers.AveragePooling2D(2, padding="same"), x4),
    ("maxpool1d", layers.MaxPooling1D(3), x3),
    ("gap2d", layers.GlobalAveragePooling2D(), x4),
    ("gmp2d", layers.GlobalMaxPooling2D(keepdims=True), x4),
    ("gap1d", layers.GlobalAveragePooling1D(), x3),
    ("gmp1d", layers.GlobalMaxPooling1D(), x3),
    ("flatten", layers.Flatten(), x4),
    ("reshape", layers.Reshape((6, -1)), x3),
    ("rescaling", layers.Rescaling(1 / 255.0, offset=-1.0), x2),
    ("layernorm", layers.LayerNormalization(), x3),
    ("layernorm_axes", layers.LayerNormalization(axis=[1, 2], epsilon=1e-5), x3),
    ("batchnorm_infer", layers.BatchNormalization(), x4),
]
for name, layer, x in cases:
    print(name, *r(layer(x)))
for act in ["relu", "sigmoid", "softmax", "tanh", "gelu", "elu", "selu", "swish", "linear",
            "softplus", "softsign", "exponential", "hard_sigmoid", "leaky_relu", "relu6",
            "silu", "mish", "log_softmax"]:
    print(act, *r(layers.Activation(act)(x2), 5))
print("gelu_callable", *r(layers.Dense(3, activation=keras.activations.gelu,
                                       kernel_initializer=K(5))(x2)))
emb = layers.Embedding(10, 3, embeddings_initializer=keras.initializers.RandomUniform(seed=1),
                       mask_zero=True)
ids = np.array([[1, 2, 0], [9, 0, 0]])
print("embedding", *r(emb(ids)), np.asarray(emb.compute_mask(ids)).tolist())
a = np.ones((2, 3), np.float32)
b = np.arange(6, dtype=np.float32).reshape(2, 3)
print("concat", *r(layers.Concatenate()([a, b])), *r(layers.Concatenate(axis=0)([a, b])))
print("add", *r(layers.Add()([a, b, b])), "multiply", *r(layers.Multiply()([a + 1, b])))
print("average", *r(layers.Average()([a, b])), "subtract", *r(layers.Subtract()([a, b])))
print("maximum", *r(layers.Maximum()([a * 2, b])), "minimum", *r(layers.Minimum()([a * 2, b])))

# a whole LeNet-5 forward pass
lenet = keras.Sequential([
    keras.Input((28, 28, 1)),
    layers.Conv2D(6, 5, padding="same", activation="relu", kernel_initializer=K(1)),
    layers.MaxPooling2D(),
    layers.Conv2D(16, 5, activation="relu", kernel_initializer=K(2)),
    layers.MaxPooling2D(),
    layers.Flatten(),
    layers.Dense(120, activation="relu", kernel_initializer=K(3)),
    layers.Dense(84, activation="relu", kernel_initializer=K(4)),
    layers.Dense(10, activation="softmax", kernel_initializer=K(5)),
])
img = ((np.arange(3 * 28 * 28).reshape(3, 28, 28, 1) * 37) % 255).astype(np.float32) / 255
out = lenet(img)
print("lenet", *r(out, 5), np.asarray(out).argmax(-1).tolist())
print(lenet.predict_on_batch is not None, lenet.count_params())

# masks: Embedding(mask_zero=True) -> layers that keep the mask -> a masked global average
ids = np.array([[3, 5, 0, 0], [7, 0, 0, 0], [1, 2, 3, 4]])
em = keras.Sequential([
    keras.Input((4,), dtype="int32"),
    layers.Embedding(10, 3, mask_zero=True,
                     embeddings_initializer=keras.initializers.RandomNormal(seed=1)),
    layers.Dense(3, kernel_initializer=K(2)), layers.Dropout(0.1),
    layers.GlobalAveragePooling1D(), layers.Dense(1, kernel_initializer=K(3))])
print("masked", *r(em(ids), 5))
tv = [v.value for v in em.trainable_variables]
ntv = [v.value for v in em.non_trainable_variables]
print("masked stateless", *r(em.stateless_call(tv, ntv, ids)[0], 5))
