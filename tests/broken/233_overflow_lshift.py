y = 1 << 64
assert y < 9223372036854775807, 'overflowed'
