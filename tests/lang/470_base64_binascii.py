# base64 and binascii: every encoding round-trips, CPython's padding rules and messages
import base64, binascii
data = [b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar', bytes(range(256)), b'\xfb\xff\xfe']
for d in data:
    print(base64.b64encode(d), base64.urlsafe_b64encode(d), base64.b32encode(d), base64.b16encode(d))
    print(base64.b85encode(d), base64.a85encode(d), base64.b32hexencode(d), base64.b85encode(d, pad=True))
    e = base64.b64encode(d)
    assert base64.b64decode(e) == d and base64.b32decode(base64.b32encode(d)) == d
    assert base64.b85decode(base64.b85encode(d)) == d and base64.a85decode(base64.a85encode(d)) == d
    assert base64.b16decode(base64.b16encode(d)) == d and base64.urlsafe_b64decode(base64.urlsafe_b64encode(d)) == d
    print(binascii.hexlify(d, '-', 2), binascii.crc32(d), binascii.crc_hqx(d, 0))
print(base64.encodebytes(bytes(range(100))))
print(base64.a85encode(b'    hello\0\0\0\0 world', foldspaces=True, wrapcol=7, adobe=True))
print(base64.a85decode(b'<~y\n@:W\n~>', adobe=True, foldspaces=True))
print(base64.b64encode(b'\xfb\xff', altchars=b'-_'), base64.b64decode('+/+/', altchars=b'-_'))
print(base64.b64decode(b'Zm9v\nYmFy'), base64.b32decode('mzxw6===', casefold=True), base64.b32decode('0O======', map01='L'))
for bad in [b'Zm9vY', b'Zm9vYm', b'Zm9v====', b'=Zm9v', b'Zm=9v']:
    for strict in (False, True):
        try: print(binascii.a2b_base64(bad, strict_mode=strict))
        except binascii.Error as e: print('Error', e)
try: base64.b64decode(b'Zm9v!', validate=True)
except binascii.Error as e: print('Error', e)
for f, a in [(binascii.unhexlify, 'abc'), (binascii.unhexlify, 'zz'), (base64.b32decode, 'AAA'), (base64.b32decode, 'AAAAAAA1'), (base64.b16decode, 'ab'), (base64.b85decode, '|Ns'), (base64.a85decode, 'zz!'), (base64.a85decode, '!!z'), (binascii.a2b_base64, 'é')]:
    try: print(f(a))
    except Exception as e: print(type(e).__name__, e)
print(issubclass(binascii.Error, ValueError), binascii.unhexlify(b'DEADbeef'), binascii.b2a_base64(b'xy', newline=False))
