# traceback: format_exc, format_exception, format_exception_only, extract_stack, format_list
import traceback
def clean(s):
    # the file name without its directory (CPython prints absolute paths)
    out = []
    for l in s.split("\n"):
        if l.startswith('  File "'):
            parts = l.split('"')
            parts[1] = parts[1].rsplit("/", 1)[-1]
            l = '"'.join(parts)
        out.append(l)
    return "\n".join(out)
def fail(x):
    return 10 // x
def run():
    try:
        fail(0)
    except ZeroDivisionError as e:
        print(clean(traceback.format_exc()), end="")
        print(traceback.format_exception_only(type(e), e))
        return e
e = run()
print(clean("".join(traceback.format_exception(e))), end="")
def where():
    return traceback.extract_stack()
for fs in where():
    print(fs.lineno, fs.name, fs.line)
print(traceback.format_list([("a.py", 3, "f", "x = 1")]))
