# warnings printed to stderr. Sable cannot find the calling line, so it reports the location as
# CPython does for a frame it cannot reach ("sys", line 1): stacklevel=50 makes CPython do so.
import sys
import warnings

print("start")
warnings.warn("first warning", stacklevel=50)
warnings.warn("first warning", stacklevel=50)
warnings.warn("a runtime warning", RuntimeWarning, stacklevel=50)
warnings.simplefilter("always")
warnings.warn("first warning", stacklevel=50)
warnings.warn("first warning", stacklevel=50)
warnings.simplefilter("ignore")
warnings.warn("not shown", stacklevel=50)
print("end")
sys.exit(1)
