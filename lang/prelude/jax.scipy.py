# jax.scipy - the package. special is loaded with it (jax.nn needs it when jax loads); stats,
# optimize and linalg load on first use, as JAX's lazy loader does, so `import jax` stays quick.
import sys as _sys
import jax.scipy.special as special


class _LazyModule:
    def __init__(self, name):
        self.__dict__["_name"] = name

    def _load(self):
        __import__(self._name)
        return _sys.modules[self._name]

    def __getattr__(self, attr):
        return getattr(self._load(), attr)

    def __dir__(self):
        return dir(self._load())

    def __repr__(self):
        return repr(self._load())


stats = _LazyModule("jax.scipy.stats")
optimize = _LazyModule("jax.scipy.optimize")
linalg = _LazyModule("jax.scipy.linalg")
