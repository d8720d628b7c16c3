# urllib.error.py - URLError and HTTPError, raised by urllib.request.
__all__ = ['URLError', 'HTTPError', 'ContentTooShortError']


class URLError(OSError):
    def __init__(self, reason, filename=None):
        self.args = (reason,)
        self.reason = reason

    def __str__(self):
        return '<urlopen error %s>' % self.reason


class HTTPError(URLError):
    def __init__(self, url, code, msg, hdrs, fp):
        self.args = (url, code, msg, hdrs, fp)
        self.code = code
        self.msg = msg
        self.hdrs = hdrs
        self.fp = fp
        self.url = url
        self.reason = msg

    def __str__(self):
        return 'HTTP Error %s: %s' % (self.code, self.msg)


class ContentTooShortError(URLError):
    def __init__(self, message, content):
        URLError.__init__(self, message)
        self.content = content
