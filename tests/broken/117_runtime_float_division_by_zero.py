print(1.5 / 0.0)
