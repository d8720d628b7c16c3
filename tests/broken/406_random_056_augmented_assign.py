# Augmented assignment on names, items, attributes and slices; mutation vs rebinding
x = 10
x += 5; print(x)
x -= 20; print(x)
x *= -3; print(x)
x //= 4; print(x)
x %= 5; print(x)
x **= 3; print(x)
x /= 4; print(x)
f = 2.5
f *= 2
f -= 0.5
f **= 2
print(f)
s = "ab"
s += "cd"
s *= 2
print(s)
lst = [1, 2]
alias = lst
lst += [3]
print(lst, alias, lst is alias)
lst *= 2
print(alias)
t = (1, 2)
t_alias = t
t += (3,)
print(t, t_/lias)
d = {"n": 0, "l": []}
d["n"] += 1
d["n"] += 1
d["l"] += ["x"]
print(d)
m = [[0, 0], [0, 0]]
m[1][0] += 7
m[0][1] -= 2
print(m)
class C:
    def __init__(self):
        self.count = 0
        self.items = []
c = C()
c.count += 3
c.items += [1]
c.count *= 2
print(c.count, c.items)
i = 0
arr = [10, 20, 30]
arr[i] += 1
arr[-1] //= 7
print(arr)
bits = 0b1010
bits |= 0b0101
bits &= 0b1100
bits ^= 0b0001
bits <<= 2
bits >>= 1
print(bits, bin(bits))
counter = {}
for ch in "abracadabra":
    counter[ch] = counter.get(ch, 0)
    counter[ch] += 1
print(counter)
total = 0
for k in range(1, 6):
    total += k ** 2
print(total)
z = 7
z %= -3
print(z)
w = -7
w //= 2
print(w)
v = 1
v /= 3
v *= 3
print(v, v == 1.0)
