for i in range(2):
    if i:
        pass
  print(i)
