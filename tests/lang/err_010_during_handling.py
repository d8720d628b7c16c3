# An exception raised inside an except block shows the implicit chain
def risky():
    return {}["key"]

try:
    risky()
except KeyError:
    print("handling KeyError")
    undefined_handler()
