# IPython.core.interactiveshell.py - where IPython defines its shell classes (libraries import
# InteractiveShell, ExecutionResult and ExecutionInfo from here); they are IPython's (IPython.py).
from IPython import InteractiveShell, ExecutionResult, ExecutionInfo, get_ipython
