# NumPy scalars where Python wants an int or a float: __index__ and __float__ on native types
import math
import numpy as np

lst = [10, 20, 30, 40]
i = np.int64(1)
print(lst[i], lst[np.int32(-1)], "abcd"[np.int64(2)], (1, 2, 3)[np.uint8(0)])
print(lst[np.int64(1):np.int64(3)])
print(list(range(np.int64(3))), list(range(np.int32(1), np.int64(7), np.int64(2))))
print([0] * np.int64(3), "ab" * np.int32(2), (1,) * np.int64(2))
print(int(np.float64(2.7)), float(np.int32(3)), int(np.int64(-5)))
print("%.2f|%d|%x|%5.1f" % (np.float32(1.5), np.float64(2.5), np.int64(255), np.float64(3.25)))
print("{:.3f} {:d}".format(np.float64(2.5), np.int64(7)))
print(f"{np.float32(0.1):.3f} {np.int64(42):>5}")
print(math.sqrt(np.float64(4.0)), math.floor(np.float64(2.5)), math.factorial(np.int64(5)))
print(round(np.float64(2.567), 2), abs(np.int64(-3)))
print(sum([np.int64(1), np.int64(2)]), max(np.float64(1.5), 2))
try:
    lst[np.float64(1.0)]
except TypeError:
    print("TypeError for a float index")
