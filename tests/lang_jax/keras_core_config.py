# keras 3.15 (JAX backend): get_config of layers and models as Keras writes them, and the
# round trip through from_config (same config, same outputs after set_weights).
import os
os.environ["KERAS_BACKEND"] = "jax"
import copy
import numpy as np
import keras
from keras import layers

a = keras.Input((8,), name="input_a")
b = keras.Input((4,), name="input_b")
x = layers.Dense(16, activation="relu", name="branch_a")(a)
y = layers.Dense(16, name="branch_b")(b)
c = layers.Concatenate(name="merge")([x, y])
o1 = layers.Dense(1, name="out_reg")(c)
fm = keras.Model(inputs=[a, b], outputs=[o1, c], name="two_heads")
cfg = fm.get_config()
print(cfg)
fm2 = keras.Model.from_config(copy.deepcopy(cfg))
print(type(fm2).__name__, fm2.name, [l.name for l in fm2.layers])
print(fm2.get_config()["layers"][2]["config"] == cfg["layers"][2]["config"],
      fm2.get_config()["input_layers"], fm2.get_config()["output_layers"])
fm2.set_weights(fm.get_weights())
xa = np.linspace(-1, 1, 16, dtype=np.float32).reshape(2, 8)
xb = np.linspace(0, 1, 8, dtype=np.float32).reshape(2, 4)
r1, r2 = fm([xa, xb]), fm2([xa, xb])
print([np.allclose(np.asarray(p), np.asarray(q)) for p, q in zip(r1, r2)], r1[0].shape, r1[1].shape)

m = keras.Sequential([keras.Input((4,)), layers.Dense(3), layers.Dropout(0.1),
                      layers.Dense(2, activation="tanh")])
mc = m.get_config()
print(mc)
m2 = keras.Sequential.from_config(copy.deepcopy(mc))
print(m2.get_config() == mc, [v.path for v in m2.weights])
m2.set_weights(m.get_weights())
xx = np.linspace(-1, 1, 8).reshape(2, 4).astype("float32")
print(np.allclose(np.asarray(m(xx)), np.asarray(m2(xx))))
for L in [layers.Conv2D(4, 3), layers.Conv1D(2, 5, strides=2, padding="same", groups=2),
          layers.MaxPooling2D(), layers.AveragePooling1D(3, padding="same"),
          layers.GlobalAveragePooling2D(), layers.GlobalMaxPooling1D(keepdims=True),
          layers.Flatten(), layers.Reshape((2, 3)), layers.Embedding(10, 3, mask_zero=True),
          layers.BatchNormalization(momentum=0.9), layers.LayerNormalization(axis=[1, 2]),
          layers.Rescaling(1 / 255), layers.Activation("relu"), layers.Dropout(0.3, seed=2),
          layers.Add(), layers.Concatenate(axis=1),
          layers.Dense(4, kernel_regularizer=keras.regularizers.L2(0.01),
                       kernel_initializer=keras.initializers.HeNormal(seed=3),
                       bias_initializer=keras.initializers.Constant(0.5), use_bias=True,
                       activation="gelu", trainable=False)]:
    cf = L.get_config()
    print(cf)
    print(type(L).from_config(cf).get_config() == cf)
print(keras.initializers.serialize(keras.initializers.RandomNormal(0.1, 0.2, seed=4)))
print(keras.initializers.get("he_normal").get_config(), keras.activations.get("swish").__name__)
print(keras.regularizers.serialize(keras.regularizers.L1L2(l1=0.1)))
