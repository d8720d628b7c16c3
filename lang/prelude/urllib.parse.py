# urllib.parse.py - CPython 3.11's URL splitting, joining and quoting (UTF-8 percent-encoding done by
# hand on code points, since there is no bytes type).
from collections import namedtuple

__all__ = ['urlparse', 'urlunparse', 'urljoin', 'urldefrag', 'urlsplit', 'urlunsplit', 'urlencode',
           'parse_qs', 'parse_qsl', 'quote', 'quote_plus', 'unquote', 'unquote_plus']

uses_relative = ['', 'ftp', 'http', 'gopher', 'nntp', 'imap', 'wais', 'file', 'https', 'shttp', 'mms',
                 'prospero', 'rtsp', 'rtspu', 'sftp', 'svn', 'svn+ssh', 'ws', 'wss']
uses_netloc = ['', 'ftp', 'http', 'gopher', 'nntp', 'telnet', 'imap', 'wais', 'file', 'mms', 'https',
               'shttp', 'snews', 'prospero', 'rtsp', 'rtspu', 'rsync', 'svn', 'svn+ssh', 'sftp', 'nfs',
               'git', 'git+ssh', 'ws', 'wss']
uses_params = ['', 'ftp', 'hdl', 'prospero', 'http', 'imap', 'https', 'shttp', 'rtsp', 'rtspu', 'sip',
               'sips', 'mms', 'sftp', 'tel']
scheme_chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.'
_ALWAYS_SAFE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-~'
_HEX = '0123456789ABCDEF'


class _NetlocMixin:
    @property
    def username(self):
        netloc = self.netloc
        if '@' in netloc:
            userinfo = netloc.rpartition('@')[0]
            return userinfo.partition(':')[0]
        return None

    @property
    def password(self):
        netloc = self.netloc
        if '@' in netloc:
            userinfo = netloc.rpartition('@')[0]
            u, have, p = userinfo.partition(':')
            return p if have else None
        return None

    def _hostinfo(self):
        netloc = self.netloc.rpartition('@')[2]
        if netloc.startswith('['):
            i = netloc.find(']')
            hostname = netloc[1:i]
            port = netloc[i + 1:]
            port = port[1:] if port.startswith(':') else None
            return hostname, port
        hostname, have, port = netloc.partition(':')
        return hostname, (port if have else None)

    @property
    def hostname(self):
        hostname = self._hostinfo()[0]
        if not hostname:
            return None
        return hostname.lower()

    @property
    def port(self):
        port = self._hostinfo()[1]
        if port is not None:
            if port.isdigit() and port.isascii():
                port = int(port)
            else:
                raise ValueError('Port could not be cast to integer value as ' + repr(port))
            if not (0 <= port <= 65535):
                raise ValueError('Port out of range 0-65535')
        return port


_SplitBase = namedtuple('SplitResult', 'scheme netloc path query fragment')
_ParseBase = namedtuple('ParseResult', 'scheme netloc path params query fragment')
DefragResult = namedtuple('DefragResult', 'url fragment')


class SplitResult(_SplitBase):
    username = _NetlocMixin.username
    password = _NetlocMixin.password
    hostname = _NetlocMixin.hostname
    port = _NetlocMixin.port
    _hostinfo = _NetlocMixin._hostinfo

    def geturl(self):
        return urlunsplit(self)


class ParseResult(_ParseBase):
    username = _NetlocMixin.username
    password = _NetlocMixin.password
    hostname = _NetlocMixin.hostname
    port = _NetlocMixin.port
    _hostinfo = _NetlocMixin._hostinfo

    def geturl(self):
        return urlunparse(self)


def _splitnetloc(url, start=0):
    delim = len(url)
    for c in '/?#':
        w = url.find(c, start)
        if w >= 0:
            delim = min(delim, w)
    return url[start:delim], url[delim:]


def urlsplit(url, scheme='', allow_fragments=True):
    url = url.lstrip(''.join(chr(i) for i in range(33)))
    for b in '\t\r\n':
        url = url.replace(b, '')
        scheme = scheme.replace(b, '')
    netloc = query = fragment = ''
    i = url.find(':')
    if i > 0 and url[0].isascii() and url[0].isalpha():
        ok = True
        for c in url[:i]:
            if c not in scheme_chars:
                ok = False
                break
        if ok:
            scheme, url = url[:i].lower(), url[i + 1:]
    if url[:2] == '//':
        netloc, url = _splitnetloc(url, 2)
        if (('[' in netloc and ']' not in netloc) or (']' in netloc and '[' not in netloc)):
            raise ValueError('Invalid IPv6 URL')
    if allow_fragments and '#' in url:
        url, fragment = url.split('#', 1)
    if '?' in url:
        url, query = url.split('?', 1)
    return SplitResult(scheme, netloc, url, query, fragment)


def _splitparams(url):
    if '/' in url:
        i = url.find(';', url.rfind('/'))
        if i < 0:
            return url, ''
    else:
        i = url.find(';')
    return url[:i], url[i + 1:]


def urlparse(url, scheme='', allow_fragments=True):
    s = urlsplit(url, scheme, allow_fragments)
    scheme, netloc, url, query, fragment = s
    if scheme in uses_params and ';' in url:
        url, params = _splitparams(url)
    else:
        params = ''
    return ParseResult(scheme, netloc, url, params, query, fragment)


def urlunsplit(components):
    scheme, netloc, url, query, fragment = components
    if netloc or (scheme and scheme in uses_netloc and url[:2] != '//'):
        if url and url[:1] != '/':
            url = '/' + url
        url = '//' + (netloc or '') + url
    if scheme:
        url = scheme + ':' + url
    if query:
        url = url + '?' + query
    if fragment:
        url = url + '#' + fragment
    return url


def urlunparse(components):
    scheme, netloc, url, params, query, fragment = components
    if params:
        url = '%s;%s' % (url, params)
    return urlunsplit((scheme, netloc, url, query, fragment))


def urljoin(base, url, allow_fragments=True):
    if not base:
        return url
    if not url:
        return base
    bscheme, bnetloc, bpath, bparams, bquery, bfragment = urlparse(base, '', allow_fragments)
    scheme, netloc, path, params, query, fragment = urlparse(url, bscheme, allow_fragments)
    if scheme != bscheme or scheme not in uses_relative:
        return url
    if scheme in uses_netloc:
        if netloc:
            return urlunparse((scheme, netloc, path, params, query, fragment))
        netloc = bnetloc
    if not path and not params:
        path = bpath
        params = bparams
        if not query:
            query = bquery
        return urlunparse((scheme, netloc, path, params, query, fragment))
    base_parts = bpath.split('/')
    if base_parts[-1] != '':
        del base_parts[-1]
    if path[:1] == '/':
        segments = path.split('/')
    else:
        segments = base_parts + path.split('/')
        segments = segments[:1] + [s for s in segments[1:-1] if s] + segments[-1:]
    resolved = []
    for seg in segments:
        if seg == '..':
            if resolved:
                resolved.pop()
        elif seg == '.':
            continue
        else:
            resolved.append(seg)
    if segments[-1] in ('.', '..'):
        resolved.append('')
    return urlunparse((scheme, netloc, '/'.join(resolved) or '/', params, query, fragment))


def urldefrag(url):
    if '#' in url:
        s, n, p, a, q, frag = urlparse(url)
        defrag = urlunparse((s, n, p, a, q, ''))
    else:
        frag = ''
        defrag = url
    return DefragResult(defrag, frag)


def _utf8(c):
    o = ord(c)
    if o < 0x80:
        return [o]
    if o < 0x800:
        return [0xC0 | (o >> 6), 0x80 | (o & 0x3F)]
    if o < 0x10000:
        return [0xE0 | (o >> 12), 0x80 | ((o >> 6) & 0x3F), 0x80 | (o & 0x3F)]
    return [0xF0 | (o >> 18), 0x80 | ((o >> 12) & 0x3F), 0x80 | ((o >> 6) & 0x3F), 0x80 | (o & 0x3F)]


def quote(string, safe='/', encoding=None, errors=None):
    if not isinstance(string, str):
        raise TypeError('quote() doesn\'t support \'%s\' objects' % type(string).__name__)
    if not string:
        return string
    out = []
    for c in string:
        if c in _ALWAYS_SAFE or (c in safe and ord(c) < 128):
            out.append(c)
        else:
            for b in _utf8(c):
                out.append('%' + _HEX[b >> 4] + _HEX[b & 15])
    return ''.join(out)


def quote_plus(string, safe='', encoding=None, errors=None):
    if ' ' not in string:
        return quote(string, safe, encoding, errors)
    return quote(string, safe + ' ', encoding, errors).replace(' ', '+')


def _hexval(c):
    i = '0123456789abcdef'.find(c.lower())
    return i


def _decode_utf8(bs):
    out = []
    i = 0
    n = len(bs)
    while i < n:
        b = bs[i]
        if b < 0x80:
            out.append(chr(b))
            i += 1
            continue
        if 0xC2 <= b < 0xE0:
            k = 1
            cp = b & 0x1F
        elif 0xE0 <= b < 0xF0:
            k = 2
            cp = b & 0x0F
        elif 0xF0 <= b < 0xF5:
            k = 3
            cp = b & 0x07
        else:
            out.append('\ufffd')
            i += 1
            continue
        j = i + 1
        ok = True
        while j <= i + k:
            if j >= n or (bs[j] & 0xC0) != 0x80:
                ok = False
                break
            cp = (cp << 6) | (bs[j] & 0x3F)
            j += 1
        if not ok or (k == 2 and (cp < 0x800 or 0xD800 <= cp < 0xE000)) or (k == 3 and not (0x10000 <= cp < 0x110000)):
            out.append('\ufffd')
            i = j if j > i + 1 else i + 1
            continue
        out.append(chr(cp))
        i = j
    return ''.join(out)


def unquote(string, encoding='utf-8', errors='replace'):
    if not isinstance(string, str):
        raise TypeError('Expected str, got ' + type(string).__name__)
    if '%' not in string:
        return string
    out = []
    pending = []
    i = 0
    n = len(string)
    while i < n:
        c = string[i]
        if c == '%' and i + 2 < n and _hexval(string[i + 1]) >= 0 and _hexval(string[i + 2]) >= 0:
            pending.append(_hexval(string[i + 1]) * 16 + _hexval(string[i + 2]))
            i += 3
            continue
        if pending:
            out.append(_decode_utf8(pending))
            pending = []
        out.append(c)
        i += 1
    if pending:
        out.append(_decode_utf8(pending))
    return ''.join(out)


def unquote_plus(string, encoding='utf-8', errors='replace'):
    return unquote(string.replace('+', ' '), encoding, errors)


def urlencode(query, doseq=False, safe='', encoding=None, errors=None, quote_via=quote_plus):
    if hasattr(query, 'items'):
        query = query.items()
    else:
        try:
            if len(query) and not isinstance(query[0], tuple):
                raise TypeError
        except TypeError:
            raise TypeError('not a valid non-string sequence or mapping object')
    parts = []
    for k, v in query:
        k = quote_via(str(k), safe)
        if not doseq or isinstance(v, str):
            parts.append(k + '=' + quote_via(str(v), safe))
        else:
            try:
                items = list(v)
            except TypeError:
                parts.append(k + '=' + quote_via(str(v), safe))
            else:
                for elt in items:
                    parts.append(k + '=' + quote_via(str(elt), safe))
    return '&'.join(parts)


def parse_qsl(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8', errors='replace',
              max_num_fields=None, separator='&'):
    if not qs:
        return []
    r = []
    for name_value in qs.split(separator):
        if not name_value and not strict_parsing:
            continue
        nv = name_value.split('=', 1)
        if len(nv) != 2:
            if strict_parsing:
                raise ValueError('bad query field: %r' % (name_value,))
            if keep_blank_values:
                nv.append('')
            else:
                continue
        if len(nv[1]) or keep_blank_values:
            r.append((unquote(nv[0].replace('+', ' ')), unquote(nv[1].replace('+', ' '))))
    return r


def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8', errors='replace',
             max_num_fields=None, separator='&'):
    d = {}
    for name, value in parse_qsl(qs, keep_blank_values, strict_parsing, separator=separator):
        if name in d:
            d[name].append(value)
        else:
            d[name] = [value]
    return d
