# re: an unknown ASCII-letter escape in a replacement template is re.error: bad escape \d
import re
print(re.sub(r'(\w+)', r'<\d>', 'a b'))
