# re: an unterminated group is re.error: missing ), unterminated subpattern at position 3
import re
words = re.findall(r'\w+(\d', 'abc1 def2')
print(words)
