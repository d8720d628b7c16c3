# String literal escapes and raw strings, and how print and repr show them
print("tab:\t|", "newline:\n|", "backslash:\\|", "quote:\"|", 'apostrophe:\'|')
print("bell/null:", repr("\a\0\b\f\v"), len("\a\0\b\f\v"))
print("\x41\x42\x43", "\101\102\103", "\u00e9\u00E9", "\U0001F600", "•")
print(repr("\x41"), repr("\u0041"), repr("\x7f"), repr("\x1b[0m"), len("\x1b[0m"))
print(r"\n\t\\", len(r"\n"), r"C:\path\to", r'it\'s', repr(r"\d+\.\d*"))
print("line1\
 continued")
print("""a "quoted" 'word' and \"\"\" inside""")
print('''single ''triple'' quotes''')
s = "multi\nline\ntext"
print(s.split("\n"), s.count("\n"), repr(s))
print("\\" * 3, len("\\" * 3), "a\\b".split("\\"))
print("%r" % "tab\there", "{!r}".format("nl\n"), f"{'q' + chr(10)!r}")
print(repr('"'), repr("'"), repr("'\""), repr("\\'"))
