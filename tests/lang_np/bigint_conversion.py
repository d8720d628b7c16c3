# Python ints beyond int64 meeting arrays: NumPy refuses them as int64 elements
import numpy as np
for f in (lambda: np.array(2 ** 70, dtype=np.int64), lambda: np.int64(2 ** 70),
          lambda: np.array([1, -2 ** 64], dtype=np.int64)):
    try:
        print(f())
    except OverflowError as e:
        print("OverflowError:", e)
print(np.array(2 ** 62), np.array([2 ** 63 - 1, -2 ** 63]), np.int64(2 ** 62) + 1)
print(int(np.array(2 ** 62)) * 4, float(np.float64(2.0 ** 80)) == 2 ** 80)
