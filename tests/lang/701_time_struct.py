# time.gmtime/localtime return time.struct_time; strftime/mktime/asctime/ctime accept it
import time

t = time.gmtime(1700000000)
print(t)
print(type(t), type(t).__name__, isinstance(t, tuple), len(t))
print(t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, t.tm_wday, t.tm_yday, t.tm_isdst)
print(t[0], t[-1], t[1:4], tuple(t), list(t)[:3])
print(t.tm_gmtoff, t.tm_zone)
y, mo, d, *rest = t
print(y, mo, d, rest)
print(t == (2023, 11, 14, 22, 13, 20, 1, 318, 0), hash(t) == hash(tuple(t)))
print(time.struct_time.n_fields, time.struct_time.n_sequence_fields, time.struct_time.n_unnamed_fields)
try:
    t.tm_year = 3
except AttributeError as e:
    print('AttributeError', e)
print(time.strftime('%Y-%m-%d %H:%M:%S %a %b %j', t))
print(time.strftime('%Y-%m-%d', (2020, 2, 29, 0, 0, 0, 5, 60, 0)))
print(time.strftime('%Y-%m-%d %H', (2020, 0, 0, 0, 0, 0, 0, 0, 0)))
print(time.strftime('', t) == '')
print(time.asctime(t))
print(time.asctime((1999, 1, 2, 3, 4, 5, 5, 2, 0)))
print(time.gmtime(0))
print(time.gmtime(-1.5))
print(time.gmtime(86400 * 365.25 * 30 + 0.9).tm_sec)

s = time.struct_time((2001, 2, 3, 4, 5, 6, 5, 34, -1))
print(s, s.tm_zone, s.tm_gmtoff)
s2 = time.struct_time([2001, 2, 3, 4, 5, 6, 5, 34, 0, 'XYZ', 3600])
print(s2.tm_zone, s2.tm_gmtoff, len(s2))

lt = time.localtime(1700000000)
print(type(lt).__name__, len(lt), isinstance(lt.tm_zone, str), isinstance(lt.tm_gmtoff, int))
print(time.mktime(lt) == 1700000000.0)
print(time.mktime(time.localtime(86400 * 1000)) == 86400000.0)
print(type(time.mktime(lt)).__name__)
print(time.ctime(1700000000) == time.asctime(time.localtime(1700000000)))
now = time.localtime()
print(type(now).__name__, now.tm_year >= 2024)

for bad in [(1, 2), [2020, 1, 1, 0, 0, 0, 0, 1, 0], 'abc', (2020, 13, 1, 0, 0, 0, 0, 1, 0),
            (2020, 1, 32, 0, 0, 0, 0, 1, 0), (2020, 1, 1, 24, 0, 0, 0, 1, 0), (2020, 1, 1, 0, 60, 0, 0, 1, 0),
            (2020, 1, 1, 0, 0, 62, 0, 1, 0), (2020, 1, 1, 0, 0, 0, -2, 1, 0), (2020, 1, 1, 0, 0, 0, 0, 367, 0),
            (2020.5, 1, 1, 0, 0, 0, 0, 1, 0)]:
    for f in (lambda a: time.strftime('%Y', a), time.asctime, time.mktime):
        try:
            r = f(bad)
            print('ok', type(r).__name__)
        except (TypeError, ValueError, OverflowError) as e:
            print(type(e).__name__, e)
for bad in [(1,), list(range(12))]:
    try:
        time.struct_time(bad)
    except TypeError as e:
        print('TypeError', e)
for bad in [float('nan'), 1e30]:
    try:
        time.gmtime(bad)
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
