# scipy - the package: optimize, special, stats and linalg over NumPy float64 arrays.
import scipy.optimize as optimize
import scipy.special as special
import scipy.stats as stats
import scipy.linalg as linalg

__version__ = "1.17.1"
