# Raising an exception class without arguments: the last line is just the class name
def stop():
    print("stopping")
    raise RuntimeError

stop()
