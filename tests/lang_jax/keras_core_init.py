# keras 3.15 (JAX backend): initial weights for the same seed (python random drives the default
# initializer seeds, as keras.utils.set_random_seed does), explicit seeds, and the initializers.
import os
os.environ["KERAS_BACKEND"] = "jax"
import random
import numpy as np
import keras
from keras import layers


def show(model):
    for v in model.weights:
        a = np.asarray(v.numpy(), dtype=np.float64)
        print(v.path, v.shape, round(float(a.sum()), 4), np.round(a.reshape(-1)[:3], 4).tolist())


random.seed(42)
mlp = keras.Sequential([keras.Input((20,)), layers.Dense(64, activation="relu"),
                        layers.Dense(32, activation="relu"), layers.Dense(10)], name="mlp")
show(mlp)

random.seed(7)
lenet = keras.Sequential([
    keras.Input((28, 28, 1)),
    layers.Conv2D(6, 5, padding="same", activation="tanh"),
    layers.AveragePooling2D(2),
    layers.Conv2D(16, 5, activation="tanh"),
    layers.AveragePooling2D(2),
    layers.Flatten(),
    layers.Dense(120, activation="tanh"),
    layers.Dense(84, activation="tanh"),
    layers.Dense(10, activation="softmax"),
], name="lenet5")
show(lenet)

inits = [keras.initializers.GlorotUniform(seed=1), keras.initializers.GlorotNormal(seed=1),
         keras.initializers.HeNormal(seed=2), keras.initializers.HeUniform(seed=2),
         keras.initializers.LecunNormal(seed=3), keras.initializers.LecunUniform(seed=3),
         keras.initializers.RandomNormal(mean=1.0, stddev=0.5, seed=4),
         keras.initializers.RandomUniform(-2.0, 2.0, seed=5),
         keras.initializers.TruncatedNormal(stddev=0.2, seed=6),
         keras.initializers.VarianceScaling(2.0, "fan_out", "untruncated_normal", seed=8),
         keras.initializers.Orthogonal(seed=9), keras.initializers.Constant(0.25),
         keras.initializers.Zeros(), keras.initializers.Ones(), keras.initializers.Identity()]
for init in inits:
    a = np.asarray(init((4, 5)))
    print(type(init).__name__, a.dtype, round(float(a.sum()), 4), np.round(a[0], 4).tolist())
# an int seed gives the same values on every call; a SeedGenerator advances
g = keras.initializers.GlorotUniform(seed=11)
print(np.array_equal(np.asarray(g((3, 3))), np.asarray(g((3, 3)))))
sg = keras.random.SeedGenerator(5)
n = keras.initializers.RandomNormal(seed=sg)
print(np.round(np.asarray(n((3,))), 4).tolist(), np.round(np.asarray(n((3,))), 4).tolist())
print(sg.state.numpy().tolist())
print(np.asarray(keras.initializers.Orthogonal(seed=3)((6, 4))).T.dot(
    np.asarray(keras.initializers.Orthogonal(seed=3)((6, 4)))).round(4).tolist())

# weights given by name and by object; a Conv1D with groups; Embedding's uniform default
random.seed(3)
d = layers.Dense(3, kernel_initializer="he_uniform", bias_initializer="ones")
d.build((None, 4))
print(round(float(np.asarray(d.kernel.numpy()).sum()), 4), d.bias.numpy().tolist())
c = layers.Conv1D(4, 3, groups=2, kernel_initializer=keras.initializers.HeNormal(seed=1))
c.build((None, 10, 6))
print(c.kernel.shape, round(float(np.asarray(c.kernel.numpy()).sum()), 4))
e = layers.Embedding(50, 4)
e.build()
print(e.embeddings.shape, round(float(np.asarray(e.embeddings.numpy()).sum()), 4))
print(keras.random.normal((3,), seed=1).tolist() == keras.random.normal((3,), seed=1).tolist())
print(np.round(np.asarray(keras.random.uniform((4,), seed=3)), 5).tolist())
