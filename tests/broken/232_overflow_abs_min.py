x = -9223372036854775807 - 1
y = abs(x)
assert y <= 9223372036854775807, 'overflowed'
