# np.arange with int64 bounds near the limits: the span and the length do not overflow, the length
# beyond 2^53 is NumPy's (computed in doubles)
import numpy as np
for args in [(-2**63, 2**63 - 1, 2**62), (-5, 2**62, 2**61), (10, -2**63, -2**62), (0, 5, 2), (5, 0, -2),
             (2**62, 2**62 + 3), (-2**63, -2**63 + 4, 3)]:
    print(args, np.arange(*args).tolist())
