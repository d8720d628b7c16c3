# re: catastrophic backtracking stops at PCRE2's match limit with re.error (CPython would run
# for a very long time); the program must end, not hang.
import re
print(re.match(r'(a+)+$', 'a' * 40 + 'b'))
