# re: a quantifier with nothing before it is re.error: nothing to repeat at position 0
import re
pattern = re.compile('*.py')
print(pattern.match('x.py'))
