# difflib (CPython's source in lang/prelude): SequenceMatcher, ndiff with '?' guides, unified/context diffs
import difflib
print(list(difflib.ndiff(["('a', 'c')"], ["('a', 'b')"])))
print(list(difflib.ndiff(['one\n', 'two\n', 'three\n'], ['ore\n', 'tree\n', 'emu\n'])))
s = difflib.SequenceMatcher(None, "abxcd", "abcd")
print(s.ratio(), s.get_matching_blocks(), s.get_opcodes(), s.quick_ratio(), s.real_quick_ratio())
print(difflib.get_close_matches('appel', ['ape', 'apple', 'peach', 'puppy']))
print(''.join(difflib.unified_diff(['a\n', 'b\n', 'c\n'], ['a\n', 'B\n', 'c\n'], 'x', 'y')))
print(''.join(difflib.context_diff(['a\n', 'b\n'], ['a\n', 'c\n'], 'x', 'y')))
d = list(difflib.ndiff('one two three'.split(), 'one tree four'.split()))
print(d, list(difflib.restore(d, 1)))
print(difflib.IS_LINE_JUNK('  # \n'), difflib.IS_CHARACTER_JUNK(' '))
print(difflib.SequenceMatcher(None, 'x' * 300 + 'y', 'x' * 299 + 'z').ratio())
print(difflib.Match(1, 2, 3))
