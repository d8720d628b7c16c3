# urllib.request.py - Sable has no network stack: urlopen / urlretrieve raise URLError saying so
# (file: URLs are read from disk); Request keeps its fields for code that only builds requests.
import os
from urllib.error import URLError, HTTPError
from urllib.parse import urlparse, unquote

__all__ = ['urlopen', 'urlretrieve', 'Request', 'URLError', 'HTTPError', 'pathname2url', 'url2pathname']


class Request:
    def __init__(self, url, data=None, headers={}, origin_req_host=None, unverifiable=False, method=None):
        self.full_url = url
        self.data = data
        self.headers = dict(headers)
        self.method = method
        p = urlparse(url)
        self.type = p.scheme
        self.host = p.netloc
        self.selector = url[len(p.scheme) + 3 + len(p.netloc):] if p.netloc else p.path

    def get_method(self):
        if self.method is not None:
            return self.method
        return 'POST' if self.data is not None else 'GET'

    def add_header(self, key, val):
        self.headers[key.capitalize()] = val

    def get_full_url(self):
        return self.full_url


def _no_network(url):
    raise URLError('no network access from Sable (it has no network stack): cannot open ' + url)


def _url_of(url):
    return url.full_url if isinstance(url, Request) else url


def url2pathname(p):
    return unquote(p)


def pathname2url(p):
    from urllib.parse import quote
    return quote(p)


def urlopen(url, data=None, timeout=None, *, cafile=None, capath=None, cadefault=False, context=None):
    u = _url_of(url)
    p = urlparse(u)
    if p.scheme == 'file':
        raise URLError('file: URLs need bytes, which Sable does not have yet; open ' + repr(url2pathname(p.path)) + ' with open()')
    _no_network(u)


def urlretrieve(url, filename=None, reporthook=None, data=None):
    u = _url_of(url)
    p = urlparse(u)
    if p.scheme == 'file':
        import shutil
        src = url2pathname(p.path)
        if filename is None:
            return src, None
        shutil.copyfile(src, filename)
        return filename, None
    _no_network(u)
