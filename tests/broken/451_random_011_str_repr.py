# repr of strings (quote choice, escapes) alone and inside containers
tests = ["pl�ain", "it's", 'say "hi"', "both ' and \"", "tab\there", "new\nline", "back\\slash",
         "", " ", "\r\x00\x07\x1b\x7f", "é日本☺", "😀", "a'b\"c\\d"]
for s in tests:
    print(repr(s))
print(tests)
print(("a", 'b"', "c'"), {"key's": "val\"ue"}, [["nested", "'"]])
print(repr(repr("x")), str(["a", 1, 2.5, None]))
print("%r %s" % ("q", "q"), "{!r} {}".format("q", "q"))
d = {"name": "Ann", "tags": ["x", "y"], "pos": (1, "z")}
print(d)
print(repr(d) == str(d), str("x") == "x", repr("x") == "'x'")
print([1, "1", 1.0, True, None, [], (), {}])
print((1,), (), ((1, 2),), [(1, "a")])
print({1: "one", "two": 2, (3, 4): [5]})
print(repr("\\n"), len("\\n"), repr("\t"), len("\t"))
