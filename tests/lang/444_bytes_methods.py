# bytes/bytearray methods beyond the basics: search, split, case, padding, hex, translate
b = b'Hello, World! hello'
print(b.count(b'l'), b.count(108), b.find(b'o', 5), b.rfind(b'o'), b.index(b'W'), b.rindex(b'l'))
print(b.lower(), b.upper(), b.swapcase(), b.title(), b'hello world'.capitalize())
print(b.split(b', '), b.rsplit(b'l', 2), b'a b  c'.split(None, 1), b'a b  c '.rsplit(None, 1))
print(b'x\ny\r\nz'.splitlines(), b'x\ny\r\nz'.splitlines(True))
print(b.partition(b', '), b.rpartition(b'l'), b.partition(b'#'))
print(b'ab'.center(6, b'*'), b'ab'.ljust(5), b'ab'.rjust(5, b'0'), b'-42'.zfill(6))
print(b'  xx  '.lstrip(), b'  xx  '.rstrip(), b'xxhixx'.strip(b'x'))
print(b'abc'.isalpha(), b'123'.isdigit(), b'a1'.isalnum(), b' \t'.isspace(), b'AB'.isupper(), b'ab'.islower(), b'\x80'.isascii())
print(b'\x00\xff\x10'.hex(), b'\x01\x02\x03\x04'.hex('-', 2), bytearray.fromhex('0a0b'), b'abc'.hex(' '))
print(b'prefix_x'.removeprefix(b'prefix_'), b'x.py'.removesuffix(b'.py'), b'abc'.endswith(b'bc'), b'abc'.startswith(b'b', 1))
t = bytes.maketrans(b'abc', b'xyz')
print(b'aabbcc'.translate(t), b'aabbcc'.translate(None, b'b'), len(t))
print(b'a' < b'b', b'ab' > b'a', b'' == bytearray(), bytearray(b'x') == b'x', sorted([b'b', b'a', b'ab']))
print(b'%s' == b'%s', bytes(range(5)), bytes(bytearray(b'q')), list(reversed(b'abc')), max(b'abc'), sum(b'\x01\x02'))
print(b'abcdef'[::2], b'abcdef'[::-1], b'abcdef'[-2:], bytearray(b'abc')[1], bytearray(b'abcdef')[1:3])
ba = bytearray(b'abcdef')
del ba[::2]
print(ba, ba.pop(0), ba)
ba.insert(0, 65); ba.remove(102); ba.reverse(); print(ba, ba.copy(), ba * 2)
ba[::2] = b'X' * len(ba[::2]); print(ba)
ba *= 2; print(ba); ba.clear(); print(ba, len(ba))
d = {b'k': 1, b'k2': 2}; print(d[b'k2'], b'k' in d, len({b'a', b'a', b'b'}))
for bad in [lambda: b'abc'.index(b'z'), lambda: bytearray(b'')[0], lambda: b'x'[5], lambda: bytearray(b'a').pop(5),
            lambda: bytes.fromhex('zz'), lambda: b'a'.decode('nope'), lambda: bytes(-1), lambda: bytearray([1, 'a']),
            lambda: b'abc'.split(b''), lambda: bytearray(b'ab').remove(99), lambda: hash(bytearray(b'x'))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
try:
    compile('x = b"caf\u00e9"', 'bytes_literal', 'exec')
except SyntaxError as e:
    print('SyntaxError', e.msg)
print(rb'\x00', br'a\n', len(rb'\n'), b'\101\x41\n\\', b'a' b'b')
