from urllib.parse import urlparse, urlsplit, urlunparse, urlunsplit, urljoin, urlencode, quote, quote_plus, unquote, unquote_plus, parse_qs, parse_qsl, urldefrag
import urllib.parse
u = urlparse('https://user:pw@Example.COM:8080/a/b;p?q=1&r=two#frag')
print(u)
print(u.scheme, u.netloc, u.hostname, u.port, u.username, u.password, u.geturl())
print(urlsplit('http://[::1]:80/x?y#z'), urlsplit('http://[::1]:80/x').hostname)
print(urlparse('file:///tmp/x.txt'), urlparse('//host/path'), urlparse('mailto:a@b.c'), urlparse('rel/path?x=1'))
print(urlunparse(('http', 'h', '/p', '', 'q=1', 'f')), urlunsplit(('https', 'h', 'p', '', '')))
base = 'http://a/b/c/d;p?q'
for r in ['g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', ';x', 'g;x', '', '.', './', '..', '../', '../g', '../..', '../../g', '../../../g', 'g.', '.g', 'g/../h']:
    print(repr(r), urljoin(base, r))
print(urljoin('https://x.org/data/', 'file.csv'), urljoin('https://x.org/data', 'file.csv'))
print(urlencode({'q': 'hello world', 'n': 3, 'sym': 'a&b=c/d'}), urlencode([('a', 1), ('a', 2)]))
print(urlencode({'x': [1, 2], 'y': 'z'}, doseq=True), urlencode({'x': [1, 2]}))
print(quote('a b/c?d=é€😀'), quote('a b/c', safe=''), quote_plus('a b+c/d'), quote('~_.-'))
print(unquote('a%20b%2Fc%C3%A9%E2%82%AC%F0%9F%98%80'), unquote('%zz%4'), unquote('%ff%C3'), unquote_plus('a+b%2B'))
print(parse_qs('a=1&a=2&b=&c=x+y'), parse_qs('a=1&b=', keep_blank_values=True), parse_qsl('k=v&k2=%20v2'))
print(urldefrag('http://x/y#sec'), urllib.parse.urlparse('HTTP://X/').scheme)
try: urlparse('http://h:99999/').port
except ValueError as e: print(e)
import urllib.request, urllib.error
try:
    urllib.request.urlopen('https://example.com/data.csv')
except urllib.error.URLError as e:
    print(type(e).__name__, isinstance(e, OSError))
try:
    urllib.request.urlretrieve('http://example.com/x', 'x.bin')
except urllib.error.URLError as e:
    print(type(e).__name__)
print(urllib.request.Request('http://h/p?x', data='d').get_method(), urllib.error.HTTPError('u', 404, 'Not Found', {}, None))
