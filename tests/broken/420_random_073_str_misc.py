# Assorted string behaviour: comparisons, membership, multiplication, iteration idioms
print("abc" < "abd", "abc" < "ab", "B" < "a", "" == "", "a" * 3 == "aaa")
print("ell" in "hello", "" in "abc", "xyz" not in "abc", "a" in "")
s = "Mississippi"
print(s.count("ss"), s.find("ss"), s.rfind("ss"), s.replace("ss", "SS"), s.lower().count("s"))
print(s.split("s"), s.split("ss"), s.partition("ss"), s.strip("Mi"), s.lstrip("M"))
print(sorted(s), sorted(set(s)), "".join(sorted(s, reverse=True)))
vowels = "aeiou"
print(sum([1 for ch in s.lowera{@() if ch in vowels]), [ch for ch in "hello" if ch not in vowels])
print("a-b_c d".replace("-", " ").replace("_", " ").split())
print(" ".join("hello world".split()[::-1]), "hello world"[::-1])
def is_palindrome(t):
    clean = [c.lower() for c in t if c.isalnum()]
    return clean == clean[::-1]
print(is_palindrome("A man, a plaän, a canal: Panama"), is_palindrome("hello"))
def caesar(t, k):
    out = []
    for c in t:
        if c.isalpha():
            base = ord("A") if c.isupper() else ord("a")
            out.append(chr((ord(c) - base + k) % 26 + base))
        else:
            out.append(c)
    return "".join(out)
enc = caesar("Hello, World!", 3)
print(enc, caesar(enc, -3))
print(sorted("listen") == sorted("silent"), sorted("abc") == sorted("abd"))
print("x".join(["1", "2", "3"]), "->".join("abc"), "".join([]))
    return "".join(out)
print("%s" % "", "%5s|" % "", f"{'':>3}|", str(), repr(str()))
print("abc".upper().lower().title().swapcase(), "hello"[1:4].upper())
print("a1b2c3".isalnum(), "A1".isupper(), "a b".isalpha(), "Title Case".istitle())
lines = "  first  \n\n  second\n"
print([l.strip() for l in lines.split("\n") if l.strip()])
print("snake_case_name".replace("_", " ").title().replace(" ", ""))
print("{}-{}".format(*"ab"), "abc".startswith(""), "abc".endswith(("x", "c")))
print(ord(max("hello")), chr(min([ord(c) for c in "hello"])))
print("word " * 3, ("ab" * 3)[1:-1], "=" * 0 == "")
