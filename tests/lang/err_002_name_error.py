# Uncaught NameError: the caret line marks the undefined name
count = 3
print("count is", count)
total = count + undefined_total
print("not reached")
