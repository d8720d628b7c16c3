# format() and format specs through f-strings for int, float and str values
ints = [0, 7, -7, 255, 1234567, -1000]
specs = ["", "d", "5", "<5", "^7", "+", " ", "05", ",", "_", "x", "#x", "X", "o", "b", "#b", "c", "e", ".2f", "%"]
for v in ints:
    out = []
    for sp in specs:
        if sp == "c" and not 32 < v < 1000:
            continue
        out.append(format(v, sp))
    print(v, out)
floats = [0.0, -0.0, 1.5, -2.25, 1234.5678, 1e-7, 1e16, 0.1]
fspecs = ["", ".2f", "10.3f", "<10", "^12.4", "+.1e", "g", ".3g", "%", ".1%", ",.2f", "08.2f", "E", "G", "z.1f", "#.0f", ".0f", "n"]
for v in floats:
    print(v, [format(v, sp) for sp in fspecs])
strs = ["", "a", "hello", "日本"]
sspecs = ["", "5", ">5", "^5", "*<6", ".2", "10.3", "s"]
for v in strs:
    print(repr(v), [format(v, sp) for sp in sspecs])
print(format(float("inf"), "10.2f"), format(float("-inf"), "+"), format(float("nan"), "^7"))
print(format(True, ""), format(True, "d"), format(False, ">6"), format(None, ""))
print(f"{3:*>+8.2f}", f"{-3:=+8}", f"{12345:010,}", f"{0.000123:.2e}", f"{1/7:.15f}")
for bad in [(1.5, "d"), (5, ".2"), ("s", "d"), (5, "z"), ("s", "+"), (5, "+c"), (1, "invalid")]:
    try:
        format(bad[0], bad[1])
    except ValueError as e:
        print("ValueError:", e)
