# fnmatch.py - shell-style wildcards (*, ?, [seq], [!seq]) matched by hand (there is no `re`),
# with CPython's fnmatch / fnmatchcase / filter; used by glob and pathlib.
import os


def _match_class(pat, i, c):
    # pat[i] == '['; returns (matched, index after ']') or (None, i) when there is no closing ']'
    j = i + 1
    neg = False
    if j < len(pat) and pat[j] == '!':
        neg = True
        j += 1
    if j < len(pat) and pat[j] == ']':
        j += 1
    while j < len(pat) and pat[j] != ']':
        j += 1
    if j >= len(pat):
        return None, i
    body = pat[i + 1 + (1 if neg else 0):j]
    ok = False
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == '-':
            if body[k] <= c <= body[k + 2]:
                ok = True
            k += 3
        else:
            if body[k] == c:
                ok = True
            k += 1
    return ok != neg, j + 1


def fnmatchcase(name, pat):
    # iterative matching with backtracking to the last '*'
    n = 0
    p = 0
    star = -1
    mark = 0
    while n < len(name):
        if p < len(pat):
            c = pat[p]
            if c == '*':
                star = p
                p += 1
                mark = n
                continue
            if c == '?':
                n += 1
                p += 1
                continue
            if c == '[':
                ok, q = _match_class(pat, p, name[n])
                if ok is None:
                    if name[n] == '[':
                        n += 1
                        p += 1
                        continue
                elif ok:
                    n += 1
                    p = q
                    continue
            elif c == name[n]:
                n += 1
                p += 1
                continue
        if star >= 0:
            p = star + 1
            mark += 1
            n = mark
            continue
        return False
    while p < len(pat) and pat[p] == '*':
        p += 1
    return p == len(pat)


def fnmatch(name, pat):
    return fnmatchcase(os.fspath(name), os.fspath(pat))


def filter(names, pat):
    return [n for n in names if fnmatchcase(n, pat)]
