# yield in a lambda at module level is fine; in a comprehension inside a lambda it is not
f = lambda xs: [(yield x) for x in xs]
