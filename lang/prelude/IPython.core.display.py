# IPython.core.display.py - the same classes as IPython.display (older notebooks import them from here).
from IPython.display import *
