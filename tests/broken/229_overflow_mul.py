x = 3037000500
y = x * x
assert y < 9223372036854775807, 'overflowed'
