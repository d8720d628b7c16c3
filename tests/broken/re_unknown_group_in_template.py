# re: \g<name> naming no group in a template is IndexError: unknown group name 'year'
import re
print(re.sub(r'(?P<y>\d{4})-(?P<m>\d\d)', r'\g<m>/\g<year>', '2024-05'))
