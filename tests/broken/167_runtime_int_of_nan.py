print(int(float('nan')))
