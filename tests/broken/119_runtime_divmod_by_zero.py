print(divmod(7, 0))
