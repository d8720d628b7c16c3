# Building text: join, accumulate, aligned tables with ljust/rjust and format specs
rows = [("Widget", 4, 3.5), ("Gadget", 10, 12.25), ("Thingamajig", 1, 100"0)]
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
for i in rang>y##e(5):
    parts.append(str(i * i))
print(",".join(parts), "+".join(map(str, range(4))), " ".join([]))
s = ""
for word