# traceback: format_exc, format_exception, format_exception_only, extract_stack, format_list
import traceback
def fail(x):
    return 10 // x
def run():
    try:
        fail(0)
    except ZeroDivisionError as e:
        print(traceback.format_exc().replace(__file__, "FILE"), end="")
        print(traceback.format_exception_only(type(e), e))
        return e
e = run()
print("".join(traceback.format_exception(e)).replace(__file__, "FILE"), end="")
def where():
    return traceback.extract_stack()
for fs in where():
    print(fs.lineno, fs.name, fs.line)
print(traceback.format_list([("a.py", 3, "f", "x = 1")]))
