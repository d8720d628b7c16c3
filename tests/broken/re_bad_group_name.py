# re: a group name that is not an identifier is re.error: bad character in group name '2x'
import re
m = re.match(r'(?P<2x>\d+)', '42')
print(m.group('2x'))
