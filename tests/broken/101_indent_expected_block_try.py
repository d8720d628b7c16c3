try:
x = 1
except Exception:
    pass
