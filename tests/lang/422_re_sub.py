# re: sub and subn (templates with \1 \g<1> \g<name> and escapes, functions, count)
import re

print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'joe@home, ann@work'))
print(re.sub(r'(?P<a>\d)(?P<b>\d)', r'\g<b>\g<a>', '12 34 5'))
print(re.sub(r'(\d)', r'<\g<1>0>', 'a1b2'))
print(re.sub(r'(\d)', r'\g<0>\g<0>', 'a1b2'))
print(re.sub(r'x', r'\n\t\\|\a', 'axb'))
print(repr(re.sub(r'x', r'\0\01\012', 'x')))
print(repr(re.sub(r'x', r'\101\&\-\%', 'x')))
print(re.sub(r'(a)|b', r'[\1]', 'ab'))
print(re.sub(r'', '-', 'abc'))
print(re.sub(r'x*', '-', 'abxd'))
print(re.sub(r'\b', '|', 'hi there'))
print(re.sub(r'(?m)^', '> ', 'line1\nline2\n'))
print(re.sub(r'$', '!', 'a\n'))
print(re.sub('a', 'b', 'aaaa', count=2), re.sub('a', 'b', 'aaaa', 0), re.sub('a', 'b', 'aaaa', count=-1))
print(re.subn(r'\d', '#', 'a1b22c333'), re.subn('z', 'y', 'abc'))
print(re.sub('A', 'b', 'aAa', flags=re.I))
print(re.sub(r'\w+', lambda m: m.group().capitalize(), 'hello big world'))
print(re.sub(r'(\d+)', lambda m: str(int(m.group(1)) * 2), 'a1 b20 c300'))
print(re.subn(r'(?P<n>\d)', lambda m: m['n'] * 3, '1x2'))
print(re.sub('é', 'e', 'éléphant'), re.sub('(.)', r'\1\1', 'αβγ'))
p = re.compile(r'(\w)(\w)')
print(p.sub(r'\2\1', 'abcdefg'), p.subn(r'\2\1', 'abcdefg', 2))
m = p.search('xy')
print(m.expand(r'\2-\1'), m.expand(r'\g<2>\g<1>'))
for templ in [r'\3', r'\g<3>', r'\g<x>', r'\g<1', r'\g<>', r'\g1', r'\q', '\\', r'\g<-1>', r'\g<1a>', r'\400']:
    try:
        print(repr(p.sub(templ, 'ab')))
    except re.error as e:
        print('re.error', e, '| pos', e.pos, repr(e.pattern))
    except IndexError as e:
        print('IndexError', e)
for f in [lambda m: 5, lambda m: None]:
    try:
        re.sub('a', f, 'a')
    except TypeError as e:
        print('TypeError', e)
