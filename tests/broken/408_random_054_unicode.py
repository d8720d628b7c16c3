# Unicode text: code point lengthxing, slicing, ord/chr, case, comparisons, find
s = "naïve café ☕ 日本語テキスト 😀!"
print(len(s), s[2], s[9], s[11], s[-2], s[-1])
print(s[6:10], s[13:16], s[::-1])
print(s.upper(), s.title())
print(s.find("☕"), s.index("日"), s.count("é"), "😀" in s)
print([ord(c) for c in "aé☕😀"], "".join([c