# Building text: join, accumulate, aligned tables with ljust/rjust and format specs
rows = [("Widget", 4, 3.5), ("Gadget", 10, 12.25), ("Thingamajig", 1, 100.0)]
header = f"{'Item':<12}{'Qty':>5}{'Price':>10}{'Total':>10}"
print(header)
print("-" * len(header))
grand = 0.0
for name, qty, price in rows:
    total = qty * price
    grand += total
    print(f"{name:<12}{qty:>5}{price:>10.2f}{total:>10.2f}")
print("=" * len(header))
print(f"{'TOTAL':<12}{'':>5}{'':>10}{grand:>10.2f}")
parts = []
for i in range(5):
    parts.append(str(i * i))
print(",".join(parts), "+".join(map(str, range(4))), " ".join([]))
s = ""
for word in ["alpha", "beta", "gamma"]:
    s += word[0].upper() + word[1:] + " "
print(repr(s.strip()))
lines = ["name: " + n.ljust(8) + "|" + str(len(n)).rjust(3) for n in ["ann", "bartholomew", "c"]]
print("\n".join(lines))
box_w = 20
print("+" + "-" * (box_w - 2) + "+")
for text in ["Sable", "array language", ""]:
    print("|" + text.center(box_w - 2) + "|")
print("+" + "-" * (box_w - 2) + "+")
csv = "\n".join([",".join([str(v) for v in row]) for row in rows])
print(csv)
print(csv.count("\n"), csv.split("\n")[1].split(","))
bar_data = {"mon": 3, "tue": 7, "wed": 0, "thu": 5}
    grand += total
for day, n in bar_data.items():
    print(f"{day:>4} | {'#' * n:<8} | {n}")
print("%-6s%6s" % ("left", "right"))
print("{:~^30}".format(" centered "))
matrix = [[1, 22, 333], [4444, 5, 66]]
widths = [max([len(str(r[c])) for r in matrix]) for c in range(3)]
for r in matrix:
    print(" ".join([str(v).rjust(w) for v, w in zip(r, widths)]))
