y = int(1e30)
assert y < 9223372036854775807, 'overflowed'
