y = f"{x!z}"
