# re: practical uses (tokenizer, parsing lines, named groups, compiled reuse, cache)
import re

TOKEN = re.compile(r'''
    (?P<num>\d+(?:\.\d*)?)
  | (?P<name>[A-Za-z_]\w*)
  | (?P<op>[-+*/()=])
  | (?P<ws>\s+)
''', re.VERBOSE)
def tokens(src):
    out = []
    for m in TOKEN.finditer(src):
        if m.lastgroup != 'ws':
            out.append((m.lastgroup, m.group()))
    return out
print(tokens('x = 3.5 * (y + 42)'))

log = '''2024-01-05 ERROR disk full
2024-01-06 INFO started
2024-01-07 WARN slow response 1200ms
'''
for line in log.splitlines():
    m = re.match(r'(?P<date>\d{4}-\d{2}-\d{2}) (?P<level>[A-Z]+) (?P<msg>.*)', line)
    print(m.group('date', 'level'), repr(m['msg']))
print(re.findall(r'^(\d+)-(\d+)-(\d+)', log, re.M))
print(re.sub(r'(\d+)ms', lambda m: f'{int(m[1]) / 1000}s', log))
emails = 'contact: a.b@example.com, x_y@test.org; bad@; @bad.com'
print(re.findall(r'[\w.]+@[\w]+\.\w+', emails))
print(re.split(r'\s*[,;]\s*', emails))
print(re.sub(r'\s+', ' ', '  too   many\n\tspaces  ').strip())
camel = 'someCamelCaseName'
print(re.sub(r'(?<!^)(?=[A-Z])', '_', camel).lower())
print(re.sub(r'_(\w)', lambda m: m.group(1).upper(), 'snake_case_name'))
print(bool(re.fullmatch(r'[0-9a-f]{8}', 'deadbeef')), bool(re.fullmatch(r'[0-9a-f]{8}', 'deadbeefx')))
print(re.match(r'(\d+)\.(\d+)\.(\d+)', '3.11.4').groups())
pats = [re.compile('p%d' % i) for i in range(600)]
print(all(re.compile('p%d' % i).pattern == 'p%d' % i for i in range(600)), re.compile('p5') is re.compile('p5'))
re.purge()
print(re.compile('p7').pattern)
print(re.search(r'(a+)+$', 'a' * 25 + 'b'))
html = '<a href="x.html">X</a> <a href="y.html">Y</a>'
print(re.findall(r'<a href="([^"]*)">([^<]*)</a>', html))
print(re.findall(r'<.*?>', html)[:3])
