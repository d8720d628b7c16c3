# Keras 3.15 (jax backend): every optimizer's variables after 3 apply() steps on fixed
# gradients (learning-rate schedules, clipping, weight decay, stateless_apply), rounded.
import os
os.environ["KERAS_BACKEND"] = "jax"
import numpy as np
import keras
from keras import optimizers
from keras.optimizers import schedules


def r(a, n=6):
    return np.round(np.asarray(a, dtype=np.float64), n).tolist()


def run(opt, steps=3):
    w = keras.Variable(np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], np.float32), name='w')
    b = keras.Variable(np.array([0.1, -0.2, 0.3], np.float32), name='b')
    for i in range(steps):
        gw = np.array([[0.3, -0.6, 1.2], [0.05, -2.0, 0.7]], np.float32) * (i + 1)
        gb = np.array([-0.4, 0.0, 0.9], np.float32) / (i + 1)
        opt.apply([gw, gb], [w, b])
    print(type(opt).__name__, opt.name, int(opt.iterations.value))
    print('  w', r(w.value))
    print('  b', r(b.value))
    print('  vars', [v.name for v in opt.variables])
    for v in opt.variables[1:]:
        print('   ', v.name, r(v.value))


run(optimizers.SGD(learning_rate=0.1))
run(optimizers.SGD(learning_rate=0.1, momentum=0.9))
run(optimizers.SGD(learning_rate=0.05, momentum=0.8, nesterov=True))
run(optimizers.Adam(learning_rate=0.01))
run(optimizers.Adam(learning_rate=0.01, amsgrad=True))
run(optimizers.AdamW(learning_rate=0.01, weight_decay=0.1))
run(optimizers.RMSprop(learning_rate=0.01))
run(optimizers.RMSprop(learning_rate=0.01, momentum=0.5, centered=True))
run(optimizers.Adagrad(learning_rate=0.1))
run(optimizers.Adadelta(learning_rate=1.0))
run(optimizers.Adamax(learning_rate=0.02))
run(optimizers.Nadam(learning_rate=0.01))
run(optimizers.Lion(learning_rate=0.01))
run(optimizers.SGD(learning_rate=0.1, clipnorm=0.5))
run(optimizers.SGD(learning_rate=0.1, clipvalue=0.5))
run(optimizers.Adam(learning_rate=0.1, global_clipnorm=1.0))
run(optimizers.SGD(learning_rate=schedules.ExponentialDecay(0.1, 2, 0.5)))
run(optimizers.SGD(learning_rate=schedules.ExponentialDecay(0.1, 2, 0.5, staircase=True)))
run(optimizers.SGD(learning_rate=schedules.PiecewiseConstantDecay([1, 2], [0.1, 0.05, 0.01])))
run(optimizers.Adam(learning_rate=schedules.CosineDecay(0.1, 4, alpha=0.1)))
run(optimizers.SGD(learning_rate=schedules.CosineDecay(0.0, 4, warmup_target=0.2, warmup_steps=2)))
run(optimizers.SGD(learning_rate=schedules.InverseTimeDecay(0.1, 1, 0.5)))
run(optimizers.get('adam'))
run(optimizers.get('rmsprop'))

for s in [schedules.ExponentialDecay(0.1, 3, 0.9), schedules.CosineDecay(1.0, 10),
          schedules.PiecewiseConstantDecay([3, 6], [1.0, 0.5, 0.1]),
          schedules.InverseTimeDecay(1.0, 2, 0.3, staircase=True)]:
    print(type(s).__name__, [round(float(s(i)), 6) for i in range(0, 12, 2)], s.get_config())

# stateless_apply returns new values and leaves the variables alone
opt = optimizers.Adam(learning_rate=0.1)
w = keras.Variable(np.ones((2,), np.float32), name='w')
opt.build([w])
tv, ov = opt.stateless_apply([v.value for v in opt.variables], [np.array([1.0, -2.0], np.float32)],
                             [w.value])
print('stateless', r(tv[0]), [r(x) for x in ov], r(w.value), int(opt.iterations.value))
opt.learning_rate = 0.5
print('lr', round(float(opt.learning_rate.value), 6), opt.learning_rate.path, opt.iterations.path)
cfg = opt.get_config()
print(sorted(cfg.items()))
o2 = optimizers.Adam.from_config(cfg)
print(o2.name, round(float(o2.learning_rate.value), 6))
print(optimizers.serialize(optimizers.SGD(0.5, momentum=0.5, name='mysgd')))
for bad in [lambda: optimizers.SGD(learning_rate=1), lambda: optimizers.get('nope'),
            lambda: optimizers.SGD(clipnorm=1.0, clipvalue=1.0),
            lambda: optimizers.Adam(learning_rate=schedules.ExponentialDecay(0.1, 0, 0.5))]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
