# PEP 562 module __getattr__/__dir__, and a script's __file__
import os, sys, tempfile

print(os.path.basename(__file__), os.path.isabs(__file__))
print(os.path.exists(__file__))

d = tempfile.mkdtemp()
with open(os.path.join(d, "lazymod.py"), "w") as f:
    f.write('''
_loaded = []
def __getattr__(name):
    if name.startswith("lazy_"):
        _loaded.append(name)
        return name.upper()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
plain = 1
''')
sys.path.insert(0, d)
import lazymod
print(lazymod.plain, lazymod.lazy_one)
from lazymod import lazy_two
print(lazy_two, lazymod._loaded)
print(hasattr(lazymod, "lazy_x"), hasattr(lazymod, "other"))
print(getattr(lazymod, "other", "default"))
try:
    lazymod.other
except AttributeError as e:
    print("AttributeError:", e)
try:
    from lazymod import nothing_here
except ImportError as e:
    print("ImportError:", type(e).__name__)
os.remove(os.path.join(d, "lazymod.py"))
os.rmdir(d)
