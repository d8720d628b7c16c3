r = 1
for i in range(1, 30):
    r *= i
assert r < 9223372036854775807, 'overflowed'
