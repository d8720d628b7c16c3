# re: flags (RegexFlag reprs, arithmetic, inline flags) and Pattern/Match reprs
import re

print(repr(re.I), repr(re.IGNORECASE), str(re.M), repr(re.S), repr(re.X), repr(re.A), repr(re.U), repr(re.L))
print(repr(re.I | re.M), repr(re.M | re.I), repr(re.X | re.A | re.S), repr(re.NOFLAG), repr(re.I | 1024))
print(int(re.I), re.I.value, re.I.name, (re.I | re.M).name, re.I == 2, 2 == re.I, re.I != 3, hash(re.M) == hash(8))
print(repr(re.I & re.M), repr(re.I & 2), repr(2 | re.I), repr(re.I ^ re.I), repr(~re.I), re.I + 1, -re.I, re.I < 3)
print(bool(re.NOFLAG), bool(re.I), re.RegexFlag(10), repr(re.RegexFlag(2)), type(re.I).__name__)
print('%d' % re.I, [1, 2, 3, 4][re.I], re.I * 2)
print(repr(re.compile('a+')), repr(re.compile('a+', re.I)), repr(re.compile('a', re.I | re.M | re.S | re.X)))
print(repr(re.compile('a', re.A | re.I)), repr(re.compile('a', re.U)), repr(re.compile(r'\d+\n"\'')))
print(repr(re.compile('x' * 250)))
print(repr(re.compile('é')), re.compile('(?i)a').flags, re.compile('(?ms)a').flags, re.compile('(?a)a').flags)
print(repr(re.compile('(?i)a')), re.compile('a', re.A).flags, re.compile('(?x)a b').pattern)
print(re.match('a', 'abc'), re.match('', ''), re.search('b+', 'abbbc'))
print(re.search('.+', 'x' * 80))
print(re.search('é+', 'aééé'), re.search(r"'", "a'b"), re.search('\n', 'a\nb'))
for f in (re.A | re.U, re.L):
    try:
        re.compile('a', f)
    except ValueError as e:
        print('ValueError', e)
print(re.search('A', 'a', re.IGNORECASE), re.search('^b', 'a\nb', re.MULTILINE))
print(re.findall('.', 'a\nb', re.DOTALL), re.findall(' a ', 'a', re.VERBOSE))
print(re.findall(r'\w', 'aé', re.ASCII), re.findall(r'\w', 'aé', re.UNICODE))
print(re.purge(), re.escape('a.b*c+d?e(f)[g]{h}|i^j$k\\l m-n#o&p~q\tr\ns'))
print(re.escape('héllo_wörld 123'), re.escape(''))
print(re.search(re.escape('1+1=2?'), 'is 1+1=2?'))
