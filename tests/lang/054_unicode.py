# Unicode text: code point length, indexing, slicing, ord/chr, case, comparisons, find
s = "naïve café ☕ 日本語テキスト 😀!"
print(len(s), s[2], s[9], s[11], s[-2], s[-1])
print(s[6:10], s[13:16], s[::-1])
print(s.upper(), s.title())
print(s.find("☕"), s.index("日"), s.count("é"), "😀" in s)
print([ord(c) for c in "aé☕😀"], "".join([chr(c) for c in [72, 233, 0x65E5, 0x1F600]]))
print(s.split(" "), len(s.split(" ")))
print(s.replace("café", "CAFÉ"), s.startswith("naï"), s.endswith("!"))
print(sorted("éaçb"), "é" > "e", "日" > "a", max("aé☕"))
w = "日本語"
print(w * 2, w + "!", w[1:], w[::2], list(w), w.center(7, "*"), f"{w:>6}|{w:<6}|")
print(repr("é"), repr("日本"), str("😀"))
print("ÀÉÎÕÜ".lower(), "àéîõü".upper(), "Ñ".isupper(), "ñ".islower(), "é".isalpha())
r = ""
for ch in "héllo":
    r = ch + r
print(r, len(r))
print("ü".join(["a", "b"]), "é,è,ê".split(","), " ü ".strip())
cnt = {}
for ch in "ééaé":
    cnt[ch] = cnt.get(ch, 0) + 1
print(cnt)
print(chr(0x41), chr(0xE9), chr(0x263A), chr(0x1F60A), ord(chr(0x10FFFF)))
try:
    chr(0x110000)
except ValueError as e:
    print("ValueError:", e)
try:
    ord("ab")
except TypeError as e:
    print("TypeError:", e)
