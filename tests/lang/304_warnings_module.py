# warnings: filters, catch_warnings(record=True), errors, showwarning and formatwarning
import warnings

print(warnings.filters[:2])
print(issubclass(UserWarning, Warning), issubclass(DeprecationWarning, Warning))

def old_api(x):
    warnings.warn("old_api is deprecated; use new_api", DeprecationWarning, stacklevel=2)
    return x * 2

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.warn("plain message")
    warnings.warn("runtime trouble", RuntimeWarning)
    warnings.warn(UserWarning("an instance"))
    print(old_api(21))
    warnings.warn("plain message")
    print(len(caught))
    for w in caught:
        print(type(w.message).__name__, w.message, w.category.__name__, w.category is type(w.message))
        print(str(w.message), repr(w.message), isinstance(w.message, Warning))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("default")
    for i in range(3):
        warnings.warn("same text")
    warnings.warn("other text")
    print([str(w.message) for w in caught])

with warnings.catch_warnings(record=True) as caught:
    warnings.warn("shown: DeprecationWarning from __main__", DeprecationWarning)
    print(old_api(2))
    print([(str(w.message), w.category.__name__) for w in caught])

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("once")
    warnings.warn("x")
    warnings.warn("x")
    warnings.warn("x", RuntimeWarning)
    print([(str(w.message), w.category.__name__) for w in caught])

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", message="noisy")
    warnings.filterwarnings("ignore", category=RuntimeWarning)
    warnings.warn("noisy thing")
    warnings.warn("NOISY, case does not matter")
    warnings.warn("a quiet noisy thing")
    warnings.warn("numbers overflowed", RuntimeWarning)
    warnings.warn("deprecated", DeprecationWarning)
    print([str(w.message) for w in caught])
    warnings.filterwarnings("ignore", message="ab.*z")
    warnings.filterwarnings("ignore", message="deb?ug[0-9]" if False else "debu?g")
    warnings.warn("abcz")
    warnings.warn("abz!")
    warnings.warn("abc")
    warnings.warn("debg"); warnings.warn("debug"); warnings.warn("debugger")
    print([str(w.message) for w in caught])

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("this is now an error")
    except UserWarning as e:
        print("caught", type(e).__name__, e)
    try:
        warnings.warn("so is this", RuntimeWarning)
    except Warning as e:
        print("caught", type(e).__name__, e)
    try:
        old_api(1)
    except DeprecationWarning as e:
        print("caught", type(e).__name__, e)

with warnings.catch_warnings(record=True) as caught:
    warnings.filterwarnings("error", category=RuntimeWarning)
    warnings.simplefilter("always", UserWarning)
    warnings.warn("still a warning")
    try:
        warnings.warn("raised", RuntimeWarning)
    except RuntimeWarning as e:
        print("caught", e)
    print(len(caught), warnings.filters[0][0], warnings.filters[1][0])

with warnings.catch_warnings(action="ignore"):
    warnings.warn("ignored by catch_warnings(action=...)")
print(warnings.filters[:2])

def to_stdout(message, category, filename, lineno, file=None, line=None):
    print("custom:", category.__name__, message)

saved = warnings.showwarning
warnings.showwarning = to_stdout
with warnings.catch_warnings():
    warnings.simplefilter("always")
    warnings.warn("goes to stdout")
    warnings.warn("and again", RuntimeWarning)
warnings.showwarning = saved

print(repr(warnings.formatwarning("msg", UserWarning, "file.py", 12)))
print(repr(warnings.formatwarning("msg", RuntimeWarning, "f.py", 3, line="   x = 1 / 0  ")))
print(repr(warnings.formatwarning(UserWarning("obj"), UserWarning, "f.py", 3, line="")))

for bad in [("warn", "m", int), ("warn", "m", "UserWarning")]:
    try:
        warnings.warn(bad[1], bad[2])
    except TypeError as e:
        print(type(e).__name__, e)
try:
    warnings.simplefilter("loud")
except AssertionError as e:
    print(type(e).__name__, e)
try:
    warnings.filterwarnings("ignore", category=5)
except AssertionError as e:
    print(type(e).__name__, e)
warnings.resetwarnings()
print(warnings.filters)
