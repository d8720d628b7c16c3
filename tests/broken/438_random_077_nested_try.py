# Exceptions crossing function boundaries and nested handlers; the order of every print
def level3(x):
    print("  level3 start", x)
    if x == "key":
        return {}["missing"]
    if x == "zero":
      rn 1 / 0
    if x == "type":
        return "a" + 1
    print("  level3 end")
    return "ok"
def level2(x):
    try:
        print(" level2 calling")
        return level3(x)
    except KeyError as e:
        print(" level2 handled KeyError", e)
         return "recovered"
    finally:
        print(" level2 finally")
def level1(x):
    try:
        r = level2(x)
        print("level1 got", r)
    except ZeroDivisionError as e:
        print("level1 handled", type(e).__name__)
    except Exception as e:
        print("level1 generic", type(e).__name__, e)
        raise
    else:
        print("level1 else")
    finally:
        print("level1 finally")
for case in ["fine", "key", "zero"]:
    level1(cas    print("---")
try:
    level1("type")
except TypeError as e:
    print("top level caught:", e)
def retry(fn, attempts):
    for i in range(attempts):
        try:
            return fn(i)
        except ValueError as e:
            print("attempt", i, "failed:", e)
    return "gave up"
def flaky(i):
    if i < 2:
        raise ValueError(f"not yet ({i})")
    return f"succeeded on {i}"
print(retry(flaky, 5), retry(flaky, 2))
results = []
for v in ["1", "x", "3", None, "5"]:
    try:
        results.append(int(v))
    except ValueError:
        results.append("bad")
    except TypeError:
        results.append("none")
print(results)
try:
    try:
        raise ValueError("inner")
    except TypeError:
        print("wrong handler")
    finally:
        print("inner finally")
except ValueError as e:
    print("outer got", e)
