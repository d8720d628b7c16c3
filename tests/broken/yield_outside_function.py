# yield at module level
x = 1
yield x
