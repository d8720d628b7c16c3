# warnings printed to stderr with the calling file and line (sys._getframe), the source line
# under each; stacklevel=2 names the caller's caller; a stack too shallow gives "sys", line 1.
import sys
import warnings

def old_api():
    warnings.warn("old_api is deprecated", DeprecationWarning, stacklevel=2)

print("start")
warnings.warn("first warning")
warnings.warn("first warning")
for i in range(3):
    warnings.warn("in a loop")
warnings.warn("a runtime warning", RuntimeWarning)
warnings.simplefilter("always")
warnings.warn("first warning")
old_api()
warnings.warn("too deep", stacklevel=50)
warnings.simplefilter("ignore")
warnings.warn("not shown")
print("end")
sys.exit(1)
