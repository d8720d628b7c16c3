# hashlib.py - CPython's hashlib over the native _hashlib (lang/stdlib/mod_hashlib.c): OpenSSL's
# digests loaded on first use, BLAKE2 in C, pbkdf2_hmac, file_digest.
import _hashlib

new = _hashlib.new
blake2b = _hashlib.blake2b
blake2s = _hashlib.blake2s
pbkdf2_hmac = _hashlib.pbkdf2_hmac
algorithms_guaranteed = _hashlib.algorithms_guaranteed
algorithms_available = _hashlib.algorithms_available
md5 = _hashlib.openssl_md5
sha1 = _hashlib.openssl_sha1
sha224 = _hashlib.openssl_sha224
sha256 = _hashlib.openssl_sha256
sha384 = _hashlib.openssl_sha384
sha512 = _hashlib.openssl_sha512
sha3_224 = _hashlib.openssl_sha3_224
sha3_256 = _hashlib.openssl_sha3_256
sha3_384 = _hashlib.openssl_sha3_384
sha3_512 = _hashlib.openssl_sha3_512
shake_128 = _hashlib.openssl_shake_128
shake_256 = _hashlib.openssl_shake_256

__all__ = ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'blake2b', 'blake2s',
           'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'shake_128', 'shake_256',
           'new', 'algorithms_guaranteed', 'algorithms_available', 'pbkdf2_hmac', 'file_digest')


def file_digest(fileobj, digest, *, _bufsize=2**18):
    if isinstance(digest, str):
        digestobj = new(digest)
    else:
        digestobj = digest()
    if hasattr(fileobj, "getbuffer"):
        digestobj.update(fileobj.getbuffer())
        return digestobj
    if not (hasattr(fileobj, "readinto") or hasattr(fileobj, "read")) or not hasattr(fileobj, "readable") \
            or not fileobj.readable():
        raise ValueError("'" + repr(fileobj) + "' is not a file-like object in binary reading mode.")
    while True:
        data = fileobj.read(_bufsize)
        if not data:
            break
        digestobj.update(data)
    return digestobj
