# re: positions are code-point indices with non-ASCII text (pos/endpos, spans, split)
import re

s = 'héllo wörld ünïcode 😀 emoji 中文字符 end'
for m in re.finditer(r'\w+', s):
    print(m.span(), m.group(), s[m.start():m.end()] == m.group())
m = re.search(r'(?P<e>😀) (\w+)', s)
print(m.span(), m.span(1), m.span(2), m.start('e'), m.end(2), m.regs)
p = re.compile(r'\w+')
print(p.search(s, 7), p.search(s, 7, 9), p.match(s, 20), p.findall(s, 13, 30))
print(re.split(r'\s', s))
print(re.sub(r'[^\x00-\x7f]', '?', s))
print(re.subn(r'(\w)(\w)', r'\2\1', '中文字符'))
print(re.search(r'(?<=中)文', s).span())
print(re.search(r'ü', s).start(), s.index('ü'))
print(re.search(r'.$', s), re.search(r'^.', s))
print([m.start() for m in re.finditer('', 'aé😀')])
print(re.match(r'(é)(x)?', 'é').span(2), re.match(r'(é)(x)?', 'é').lastindex)
print(re.fullmatch(r'\w+', 'ünïcode'), re.fullmatch(r'\w+', 'ünï code'))
print(re.search('(?i)ÜNÏ', s))
print(len(re.findall(r'.', 'a😀b😀')), re.findall(r'[😀-😂]', 'x😁y'))
m = re.search(r'\d+', 'ab١٢٣4')
print(m.span(), m.group())
