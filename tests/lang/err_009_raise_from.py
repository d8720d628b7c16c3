# Chained exceptions: raise ... from ... prints both tracebacks
class ConfigError(Exception):
    pass

def load(text):
    try:
        return int(text)
    except ValueError as e:
        raise ConfigError("bad port number") from e

print(load("80"))
load("eighty")
