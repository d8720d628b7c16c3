# An inventory system: classes, dict of objects, validation errors, sorted reports
class OutOfStock(Exception):
    pass
class Item:
    def __init__(self, sku, name, price, qty=0):
        if price < 0:
            raise ValueError(f"negative price for {sku}")
        self.sku, self.name, self.price, self.qty = sku, name, price, qty
    @property
    def value(self):
        return self.price * self.qty
    def __repr__(self):
        return f"Item({self.sku!r}, {self.name!r}, {self.price}, {self.qty})"
class Inventory:
    def __init__(self):
        self.items = {}
    def add(self, item):
        if item.sku in self.items:
            self.items[item.sku].qty += item.qty
        else:
            self.items[item.sku] = item
    def remove(self, sku, qty):
        item = self.items[sku]
        if item.qty < qty:
            raise OutOfStock(f"{item.name}: requested {qty}, have {item.qty}")
        item.qty -= qty
        return item.price * qty
    def report(self):
        lines = []
        for item in sorted(self.items.values(), key=lambda i: (-i.value, i.sku)):
            lines.append(f"{item.sku:<6}{item.name:<12}{item.qty:>5}{item.price:>9.2f}{item.value:>10.2f}")
        lines.append(f"{'':<23}{'total':>9}{self.total():>10.2f}")
        return "\n".join(lines)
    def total(self):
        return sum([i.value for i in self.items.values()])
inv = Inventory()
for args in [("A100", "widget", 2.5, 40), ("B200", "gizmo", 12.0, 5), ("C300", "doohickey", 0.75, 300),
             ("A100", "widget", 2.5, 10)]:
    inv.add(Item(*args))
print(inv.report())
print(inv.remove("B200", 2), inv.items["B200"])
for sku, q in [("B200", 10), ("Z999", 1)]:
    try:
        inv.remove(sku, q)
    except OutOfStock as e:
        print("OutOfStock:", e)
    except KeyError as e:
        print("unknown sku", e)
try:
    Item("X", "bad", -1)
except ValueError as e:
    print("ValueError:", e)
low = [i.name for i in inv.items.values() if i.qty < 10]
print(low, round(inv.total(), 2), len(inv.items))
