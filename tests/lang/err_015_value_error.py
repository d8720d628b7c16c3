# Uncaught ValueError from a builtin conversion
answers = ["42", "7", "seven"]
for a in answers:
    print(int(a) * 2)
