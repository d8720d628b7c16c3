# numpy int16 arrays do not exist in Sable's engine: a clear NotImplementedError naming the dtype
import numpy as np

x = np.zeros(4, dtype=np.int16)
print(x)
