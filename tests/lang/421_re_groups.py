# re: Match objects (group by index/name/several, groups/groupdict defaults, spans, lastindex)
import re

m = re.match(r'(?P<first>\w+) (?P<last>\w+)(?P<opt>!)?', 'Isaac Newton, physicist')
print(m)
print(m.group(), m.group(0), m.group(1), m.group(2), m.group('first'), m.group('last'))
print(m.group(1, 2), m.group('first', 2, 0), m.group('opt'))
print(m[0], m[1], m['last'], m['opt'])
print(m.groups(), m.groups('?'), m.groupdict(), m.groupdict('-'))
print(m.start(), m.end(), m.span(), m.start(2), m.end('last'), m.span('opt'), m.start('opt'))
print(m.lastindex, m.lastgroup, m.pos, m.endpos, m.string, m.re)
print(m.regs)
print(bool(m), m.expand(r'\2, \1 (\g<first>) [\g<2>] \g<opt>.'))
for bad in (3, -1, 'nope', 1.5, None):
    try:
        m.group(bad)
    except IndexError as e:
        print('IndexError', e)
try:
    m.start(7)
except IndexError as e:
    print('IndexError', e)

print(re.match(r'(a)(b)?', 'a').lastindex)
print(re.match(r'((a)b)', 'ab').lastindex, re.match(r'((a)b)', 'ab').lastgroup)
print(re.match(r'(a)(?P<n>b)', 'ab').lastgroup)
print(re.match(r'(a)|(b)', 'b').lastindex, re.match(r'(a)|(b)', 'b').groups())
print(re.match(r'x', 'x').lastindex, re.match(r'x', 'x').lastgroup)
print(re.match(r'(?:(a)|b)*', 'ab').groups())
print(re.match(r'(a*)*', 'aa').groups())
print(re.match(r'(a)(?P<x>b)(c)', 'abc').groupdict())
print(re.match(r'', 'abc'))

p = re.compile(r'(?P<word>\w+)\s(?P<num>\d+)?(x)')
print(p.pattern, p.flags, p.groups, p.groupindex, sorted(p.groupindex.items()))
print(p.search('hi 42x'), p.search('hi x').groups())

# pos and endpos
p = re.compile(r'\d+')
print(p.search('a12b345c', 3), p.search('a12b345c', 3, 5), p.search('a12b345c', 100), p.search('a12b345c', -5))
print(p.match('a12', 1), p.match('a12', 0), p.fullmatch('a12', 1), p.fullmatch('a123', 1, 3))
print(p.findall('1 22 333 4444', 2, 9), list(p.finditer('1 22 333', 1)))
print(re.compile(r'^a').search('ba', 1), re.compile(r'\ba').search('ba', 1))
print(re.compile(r'a$').search('ab', 0, 1))
print(p.search('x1', 2, 1), p.findall('123', 2, 1))
m = p.search('ab12cd', 1, 4)
print(m.pos, m.endpos, m.string, m.re.pattern)

# patterns compare and hash by pattern and flags
print(re.compile('a') == re.compile('a'), re.compile('a') == re.compile('a', re.I), re.compile('a') != re.compile('b'))
print(hash(re.compile('abc')) == hash(re.compile('abc')))
print(re.compile(re.compile('x')).pattern)
try:
    re.compile(re.compile('x'), re.I)
except ValueError as e:
    print('ValueError', e)
print(type(p).__name__, type(m).__name__, isinstance(p, re.Pattern), isinstance(m, re.Match))
