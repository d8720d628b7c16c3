# textwrap: wrap, fill, shorten, dedent, indent and TextWrapper's options
import textwrap

text = ("The quick brown fox jumps over the lazy dog. A well-known sentence -- used "
        "for typing practice -- contains every letter; e-mail addresses and "
        "mother-in-law jokes are hyphenated too.")
for w in (10, 20, 33, 70):
    print(w, textwrap.wrap(text, w))
print(textwrap.fill(text, 25))
print(textwrap.fill(text, width=30, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap("Look, goof-ball -- use the -b option!", 8))
print(textwrap.wrap("Look, goof-ball -- use the -b option!", 8, break_on_hyphens=False))
print(textwrap.wrap("supercalifragilisticexpialidocious is long", 10))
print(textwrap.wrap("supercalifragilisticexpialidocious is long", 10, break_long_words=False))
print(textwrap.wrap("a-very-long-hyphenated-compound-word here", 12))
print(textwrap.wrap("a-very-long-hyphenated-compound-word here", 12, break_on_hyphens=False))
print(textwrap.wrap("x-ray vs. X-1 and 3-4 and re-do--it well--done", 6))
print(textwrap.wrap("tabs\there\tand\nnewlines   and   spaces", 12))
print(textwrap.wrap("tabs\there", 30, expand_tabs=False, replace_whitespace=False))
print(textwrap.wrap("  leading and trailing  ", 10))
print(textwrap.wrap("  leading and trailing  ", 10, drop_whitespace=False))
print(textwrap.wrap("", 10), textwrap.fill("", 10) == "")
print(textwrap.wrap("Hello world. This is it.  Yes! ok", 40, fix_sentence_endings=True))
print(textwrap.wrap(text, 30, max_lines=3))
print(textwrap.wrap(text, 30, max_lines=2, placeholder=" ..."))

print(textwrap.shorten("Hello  world!", width=12))
print(textwrap.shorten("Hello  world!", width=11))
print(textwrap.shorten(text, 40))
print(textwrap.shorten(text, 40, placeholder="~"))

w = textwrap.TextWrapper(width=18, initial_indent="> ", subsequent_indent=">> ")
print(w.wrap(text))
print(w.width, w.break_long_words, w.break_on_hyphens, repr(w.placeholder))
w.width = 40
print(w.fill("some words that need wrapping at a new width now"))

s = '''\
    def f(x):
        return x + 1

    print(f(2))
'''
print(repr(textwrap.dedent(s)))
print(repr(textwrap.dedent("  a\n\tb\n")))
print(repr(textwrap.dedent("   a\n  b\n    c\n   \n")))
print(repr(textwrap.dedent("\t\ta\n\t b\n")))
print(repr(textwrap.dedent("no indent\n  here")))

print(repr(textwrap.indent("one\n\ntwo\n  \nthree", "+ ")))
print(repr(textwrap.indent("one\n\ntwo\n", "  ", lambda line: True)))
print(repr(textwrap.indent("a\nbb\nccc\n", "-", lambda line: len(line) > 2)))

for bad in (0, -3):
    try:
        textwrap.wrap("abc", bad)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    textwrap.shorten("hello world", 3)
except ValueError as e:
    print(type(e).__name__, e)
