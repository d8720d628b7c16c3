# An error inside a lambda called by a builtin: the frame is named <lambda>
data = [3, 1, "two", 4]
print(sorted(data[:2]))
keyed = sorted(data, key=lambda v: v * 1.5)
