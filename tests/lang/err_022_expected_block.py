# IndentationError: expected an indented block
for i in range(3):
print(i)
