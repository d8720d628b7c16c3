print(len(12))
