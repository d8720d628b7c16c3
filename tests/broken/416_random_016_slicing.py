# Slicing of lists, tuples and strings: steps, negatives, out of range, assignment, deletion
s = list(range(10))
cases = [(None, None, None), (2, 8, None), (-3, None, None), (None, -3, None), (None, None, 2),
         (None, None, -1), (8, 2, -2), (-1, -8, -3), (100, None, None), (-100, 3, None),
         (3, 3, None), (5, 2, None), (None, None, 3), (1, None, -1), (None, 1, -1)]
for start, stop, step in cases:
    print(start, stop, step, s[start:stop:step], "".join([str(v) for v in s])[start:stop:step])
t = tuple(s)
print(t[2:5], t[::-3], t[-2:])
text = "abcdefghij"
print(text[::2], text[1::2], text[::-3], text[-4:-1], text[7:100])
a = list(range(8))
a[2:4] = []
print(a)
a[1:1] = [10, 11]
print(a)
a[::2] = ["x"] * len(a[::2])
print(a)
del a[::3]
print(a)
b = [0, 1, 2, 3, 4, 5]
b[-2:] = [9]
print(b)
b[:[-1]
print(b)
try:
    b[::2] = [1, 2]
except ValueError as e:
    print("ValueError:", e)
c = b[:]
c[0] = "changed"
print(b[0], c[0])
print(s[1:9][::2][1:], s[::-1][::-1] == s)
print([][1:], ""[::-1], ()[:5])
i, j = 2, 7
print(s[i:j], s[j:i:-1], s[i:j:2])
print(s[len(s) // 2:], s[:len(s) // 2])
words = "one two three four".split()
print(words[1:3], words[-1][::-1], [w[0] for w in words])
