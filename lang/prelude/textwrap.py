# textwrap - CPython 3.11's TextWrapper, wrap, fill, shorten, dedent and indent. There is no
# `re` module, so the chunk splitting of CPython's wordsep_re is written out by hand below.

_whitespace = '\t\n\x0b\x0c\r '

def _is_ws(c):
    return c in _whitespace

def _is_word(c):
    # \w of a str pattern: alphanumerics and the underscore
    return c == '_' or c.isalnum()

def _is_letter(c):
    # [^\d\W]: a word character that is not a decimal digit
    return _is_word(c) and not c.isdecimal()

def _is_wp(c):
    # [\w!"'&.,?]
    return _is_word(c) or c in '!"\'&.,?'

def _at(s, i):
    if 0 <= i < len(s):
        return s[i]
    return ''

def _letter_at(s, i):
    return 0 <= i < len(s) and _is_letter(s[i])

def _emdash_then_word(s, j):
    # s[j:] matches -{2,}\w
    n = len(s)
    k = j
    while k < n and s[k] == '-':
        k += 1
    return k - j >= 2 and k < n and _is_word(s[k])

def _split_hyphens(s):
    # Equivalent of CPython's wordsep_re.split (break_on_hyphens=True): runs of whitespace,
    # em-dashes (--) between words, and words that may end after a hyphen that joins letters.
    chunks = []
    n = len(s)
    i = 0
    while i < n:
        c = s[i]
        if _is_ws(c):
            j = i
            while j < n and _is_ws(s[j]):
                j += 1
            chunks.append(s[i:j])
            i = j
            continue
        if c == '-' and i > 0 and _is_wp(s[i - 1]) and _emdash_then_word(s, i):
            j = i
            while j < n and s[j] == '-':
                j += 1
            chunks.append(s[i:j])
            i = j
            continue
        # a word: the shortest run of non-whitespace followed by one of the three endings
        j = i + 1
        end = n
        while j <= n:
            if j < n and s[j] == '-':
                behind = ((_letter_at(s, j - 2) and _letter_at(s, j - 1)) or
                          (_letter_at(s, j - 3) and _at(s, j - 2) == '-' and
                           _letter_at(s, j - 1)))
                ahead = _letter_at(s, j + 1) and (_letter_at(s, j + 2) or
                        (_at(s, j + 2) == '-' and _letter_at(s, j + 3)))
                if behind and ahead:
                    end = j + 1
                    break
            if j == n or _is_ws(s[j]):
                end = j
                break
            if _is_wp(s[j - 1]) and _emdash_then_word(s, j):
                end = j
                break
            j += 1
        chunks.append(s[i:end])
        i = end
    return chunks

def _split_simple(s):
    # wordsep_simple_re.split: alternate runs of whitespace and of the rest
    chunks = []
    n = len(s)
    i = 0
    while i < n:
        ws = _is_ws(s[i])
        j = i
        while j < n and _is_ws(s[j]) == ws:
            j += 1
        chunks.append(s[i:j])
        i = j
    return chunks

def _sentence_end(chunk):
    # [a-z][\.\!\?][\"\']?\Z
    if chunk and chunk[-1] in '"\'':
        chunk = chunk[:-1]
    return (len(chunk) >= 2 and chunk[-1] in '.!?' and 'a' <= chunk[-2] <= 'z')


class TextWrapper:
    unicode_whitespace_trans = dict.fromkeys(map(ord, _whitespace), ord(' '))

    def __init__(self, width=70, initial_indent="", subsequent_indent="", expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = text.translate(self.unicode_whitespace_trans)
        return text

    def _split(self, text):
        if self.break_on_hyphens is True:
            chunks = _split_hyphens(text)
        else:
            chunks = _split_simple(text)
        return [c for c in chunks if c]

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and _sentence_end(chunks[i]):
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        if width < 1:
            space_left = 1
        else:
            space_left = width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.max_lines is not None:
            if self.max_lines > 1:
                indent = self.subsequent_indent
            else:
                indent = self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        chunks.reverse()
        while chunks:
            cur_line = []
            cur_len = 0
            if lines:
                indent = self.subsequent_indent
            else:
                indent = self.initial_indent
            width = self.width - len(indent)
            if self.drop_whitespace and chunks[-1].strip() == '' and lines:
                del chunks[-1]
            while chunks:
                l = len(chunks[-1])
                if cur_len + l <= width:
                    cur_line.append(chunks.pop())
                    cur_len += l
                else:
                    break
            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = sum(map(len, cur_line))
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == '':
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if cur_line:
                if (self.max_lines is None or len(lines) + 1 < self.max_lines or
                        (not chunks or self.drop_whitespace and len(chunks) == 1 and
                         not chunks[0].strip()) and cur_len <= width):
                    lines.append(indent + ''.join(cur_line))
                else:
                    placed = False
                    while cur_line:
                        if cur_line[-1].strip() and cur_len + len(self.placeholder) <= width:
                            cur_line.append(self.placeholder)
                            lines.append(indent + ''.join(cur_line))
                            placed = True
                            break
                        cur_len -= len(cur_line[-1])
                        del cur_line[-1]
                    if not placed:
                        if lines:
                            prev_line = lines[-1].rstrip()
                            if len(prev_line) + len(self.placeholder) <= self.width:
                                lines[-1] = prev_line + self.placeholder
                                break
                        lines.append(indent + self.placeholder.lstrip())
                    break
        return lines

    def _split_chunks(self, text):
        text = self._munge_whitespace(text)
        return self._split(text)

    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    w = TextWrapper(width=width, **kwargs)
    return w.wrap(text)

def fill(text, width=70, **kwargs):
    w = TextWrapper(width=width, **kwargs)
    return w.fill(text)

def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))

def _leading(line):
    i = 0
    while i < len(line) and line[i] in ' \t':
        i += 1
    return i

def dedent(text):
    # Lines of only spaces and tabs become empty; the margin is the longest common prefix of
    # the leading blanks of the other lines (CPython's _whitespace_only_re and
    # _leading_whitespace_re, which split lines at '\n' only).
    lines = text.split('\n')
    for k in range(len(lines)):
        line = lines[k]
        if line and _leading(line) == len(line):
            lines[k] = ''
    margin = None
    for line in lines:
        i = _leading(line)
        if i == len(line):
            continue
        ind = line[:i]
        if margin is None:
            margin = ind
        elif ind.startswith(margin):
            pass
        elif margin.startswith(ind):
            margin = ind
        else:
            for i, (x, y) in enumerate(zip(margin, ind)):
                if x != y:
                    margin = margin[:i]
                    break
    if margin:
        for k in range(len(lines)):
            if lines[k].startswith(margin):
                lines[k] = lines[k][len(margin):]
    return '\n'.join(lines)

def indent(text, prefix, predicate=None):
    if predicate is None:
        def predicate(line):
            return line.strip()
    out = []
    for line in text.splitlines(True):
        out.append(prefix + line if predicate(line) else line)
    return ''.join(out)
