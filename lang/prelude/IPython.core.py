# IPython.core.py - the package of IPython.core.display (IPython 8 keeps its display classes there).
