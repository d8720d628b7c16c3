import math
print(math.tau)
print(math.sqroot(2))
