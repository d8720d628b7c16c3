# ipywidgets.widgets.py - `from ipywidgets import widgets` (and ipywidgets.widgets.X): the same
# classes and functions as the ipywidgets package itself.
from ipywidgets import *
from ipywidgets import Widget, DOMWidget, CoreWidget, ValueWidget, interactive, interact, interact_manual, fixed
