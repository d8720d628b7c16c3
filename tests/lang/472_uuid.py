# uuid: parsing and every view of a UUID, uuid3/uuid5 over the RFC namespaces, uuid1/uuid4 shape
import uuid, os
u = uuid.UUID('{12345678-1234-5678-1234-567812345678}')
print(u, repr(u), u.hex, u.urn, u.bytes, u.bytes_le, u.fields)
print(u.time_low, u.time_mid, u.time_hi_version, u.clock_seq_hi_variant, u.clock_seq_low, u.node, u.time, u.clock_seq)
print(u.variant, u.version, u.is_safe)
for ns in (uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, uuid.NAMESPACE_OID, uuid.NAMESPACE_X500):
    print(ns, ns.version, ns.variant)
print(uuid.uuid3(uuid.NAMESPACE_DNS, 'python.org'), uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org'))
print(uuid.uuid3(uuid.NAMESPACE_URL, 'https://example.com/'), uuid.uuid5(uuid.NAMESPACE_OID, '1.3.6.1'))
v = uuid.uuid5(uuid.NAMESPACE_X500, 'cn=x')
print(v.version, v.variant, v.fields[3] >> 6)
a = uuid.UUID(bytes=bytes(range(16)))
b = uuid.UUID(bytes_le=a.bytes_le)
c = uuid.UUID(fields=a.fields)
d = uuid.UUID(int=12345678901234567)
print(a, a == b, b == c, a != d, d < a, a <= b, a > d, d.int, uuid.UUID(hex=str(d)) == d)
print(uuid.UUID('urn:uuid:00010203-0405-0607-0809-0a0b0c0d0e0f') == a, a == 'x', hash(a) == hash(b))
print(uuid.UUID(bytes=b'\xff' * 16, version=4), uuid.UUID(int=0, version=1))
print(sorted([uuid.NAMESPACE_X500, uuid.NAMESPACE_DNS, uuid.NAMESPACE_OID]))
print(str(uuid.UUID('6BA7B810-9DAD-11D1-80B4-00C04FD430C8')), {uuid.NAMESPACE_DNS: 1}[uuid.UUID(str(uuid.NAMESPACE_DNS))])
r = uuid.uuid4()
print(type(r).__name__, r.version, r.variant, len(str(r)), r != uuid.uuid4())
t = uuid.uuid1()
print(t.version, t.variant, t.node == uuid.getnode(), t.time > 0x01e0000000000000, t < uuid.uuid1() or True)
print(uuid.uuid1(node=0x123456789abc, clock_seq=0x1234).clock_seq, uuid.uuid1(node=0x123456789abc).node)
for kw in [dict(hex='123'), dict(bytes=b'12'), dict(bytes_le=b'1'), dict(fields=(1, 2)), dict(fields=(1 << 32, 0, 0, 0, 0, 0)),
           dict(fields=(0, 0, 0, 0, 256, 0)), dict(int=-1), dict(hex='0' * 32, version=6), {}, dict(hex='z' * 32)]:
    try:
        print(uuid.UUID(**kw))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    u.x = 1
except TypeError as e:
    print(e)
print(len(os.urandom(5)), os.urandom(0))
try:
    uuid.uuid3(uuid.NAMESPACE_DNS, b'x')
except TypeError as e:
    print(e)
