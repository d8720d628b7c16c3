try:
    x = 1
except:
    pass

try:
    risky()
except ValueError:
    handle()
except (TypeError, KeyError) as e:
    print(e)
except Exception as exc:
    raise RuntimeError("wrapped") from exc
else:
    ok()
finally:
    cleanup()

try:
    pass
finally:
    pass

try:
    a()
except E as e: pass
finally: b()

raise
raise ValueError
raise ValueError("msg")
raise ValueError("msg") from None

with open("f") as f:
    data = f.read()

with a as b, c as d:
    pass

with a, b:
    pass

with (a as b, c as d):
    pass

with (a, b) as c:
    pass

with (
    open("x") as f,
    open("y") as g,
):
    pass

with (a):
    pass

with a as (b, c):
    pass

with a as b.c, d as e[0]:
    pass

with (yy := a) as b:
    pass
