# re: matching a non-string is TypeError: expected string or bytes-like object, got 'int'
import re
print(re.search(r'\d', 42))
