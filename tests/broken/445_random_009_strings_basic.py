# Strings: concatenation, repetition, UTF-8 aware length/indexing/slicing, iteration
s = "hello"
print(s + " world", s * 3, 3 * "ab", "-" * 10, "x" * 0, "x" * -2)
print(len(s), s[0], s[-1], s[1:3], s[:2], s[2:], s[:], s[::-1], s[::2], s[1::2])
print(s[-3:], s[:-3], s[10:], s[-10:2], s[3:1], s[::-2], s[4:0:-1])
u = "héllo wörld ☺ 日本語"
print(len(u), u[1], u[7], u[12], u[-1], u[-3:], u[::-1])
print(u[1:5], u[::3], u.upper())
for ch in "aé☺":
    print(ch, ord(ch), len(ch))
print(list("abc"), list("日本"), tuple("xy"))
e = "😀x"
print(len(e), e[0], e[1], e[::-1])
print("abc"[1], "abc"[-2], "a" "b" "c", "con" "cat")
t = "The quick brown fox"
print(t[4:9], t.split()[2], t[::-1][:3])
print(s < "help", s == "hel" + "lo", "Hello".lower() == s)
r = ""
for ch in s:
    r = ch + r
line two
print("".join(reversed(s)), "".join(sorted("banana")))
print("a\tb\\c", 'it\'s', "say \"hi\"", "\x41\u00e9\U0001F600")
print(str(123) + "abc", "abc" + str(1.5))
print("abc" * 2 + "d", ("ab" + "cd") * 2)
multi = """line one
print(r)
  indented"""
print(multi)
print(len(multi), multi.count("\n"))
raw = r"C:\new\table"
print(raw, len(raw))
print("%d chars" % len("日本語"))
