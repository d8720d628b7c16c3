# json.loads of bytes/bytearray: CPython's encoding detection (BOMs, zero-byte patterns)
import json

# the bytes written out by hand so the test does not depend on str.encode's codecs
cases = [
    b'{"x": 1}',
    bytearray(b'[true, false]'),
    b'\xef\xbb\xbf{"bom": "utf8"}',
    b'\xff\xfe[\x001\x00]\x00',
    b'\xfe\xff\x00[\x002\x00]',
    b'[\x003\x00]\x00',
    b'\x00[\x004\x00]',
    b'\xff\xfe\x00\x00[\x00\x00\x005\x00\x00\x00]\x00\x00\x00',
    b'\x00\x00\xfe\xff\x00\x00\x00[\x00\x00\x006\x00\x00\x00]',
    b'7\x00\x00\x00',
    b'\x00\x00\x008',
    b'9\x00',
    b'\x001',
    b'"\x00=\xd8\x00\xde"\x00',
    b'"\xc3\xa9\xe2\x82\xac"',
    b'12',
    b'"a"',
]
for c in cases:
    print(repr(json.loads(c)))

print(json.loads(b'{"k": [1, {"n": null}]}'))

for bad in [12, None, ['[]'], 3.5]:
    try:
        json.loads(bad)
    except TypeError as e:
        print('TypeError', e)

for bad in ['\ufeff[1]', b'[1', b'\xff\xfe[\x00', b'[\x001\x00]']:
    try:
        print(json.loads(bad))
    except ValueError as e:
        print(type(e).__name__, e)

import io
print(json.load(io.BytesIO(b'{"from": "BytesIO"}')))
