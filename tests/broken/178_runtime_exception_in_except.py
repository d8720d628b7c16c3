try:
    1 / 0
except ZeroDivisionError:
    [][0]
