# The common str methods
s = "  Hello, World!  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr("xxhixx".strip("x")))
print(s.upper(), s.lower(), "hello world".title(), "hELLO".capitalize(), "AbC".swapcase())
print("a,b,,c".split(","), "a b  c ".split(), "a-b-c".split("-", 1), "a-b-c".rsplit("-", 1))
print("one\ntwo\r\nthree\n".splitlines(), "".split(","), "".split())
print("-".join(["a", "b", "c"]), ", ".join([]), "".join(["x", "y"]))
print("hello".replace("l", "L"), "hello".replace("l", "L", 1), "aaa".replace("a", "bb"))
print("hello".find("l"), "hello".rfind("l"), "hello".find("z"), "hello".index("e"))
print("hello".count("l"), "aaaa".count("aa"), "hello".count(""), "abc".count("d"))
print("hello".startswith("he"), "hello".endswith("lo"), "hello".startswith(("x", "h")))
print("123".isdigit(), "12a".isdigit(), "abc".isalpha(), "ab1".isalnum(), "   ".isspace())
print("ABC".isupper(), "abc".islower(), "Abc".isupper(), "".isdigit(), "Hello World".istitle())
print("42".zfill(5), "-42".zfill(5), "abc".center(9), "abc".center(8, "*"))
print("abc".ljust(6) + "|", "abc".rjust(6) + "|", "abc".ljust(6, ".") + "|")
print("key=value=x".partition("="), "key=value=x".rpartition("="), "abc".partition("z"))
print("hello"[1:].upper(), "Hello".lower().startswith("h"))
print("a.b.c".split(".