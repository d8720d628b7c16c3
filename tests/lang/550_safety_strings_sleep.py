# Format specs with nested fields, refused sizes that must not loop or lie, sleep limits,
# and raising a class whose __init__ takes no argument.
import time
print('{:{}{}{}}'.format(1, '>', 10, 'd'))
print('[{:{}}]'.format('ab', 5), '[{0:{1}.{2}f}]'.format(3.14159, 9, 3))
print('{:{w}.{p}f}|{x:>{w}}'.format(2.5, w=7, p=2, x='r'))
print('{!r:^{}}'.format('q', 9))
for fmt in ('{:{}}', '{0:{}}'):
    try:
        print(fmt.format(1, 2))
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)

def attempt(label, fn):
    try:
        print(label, fn())
    except (OverflowError, ValueError, MemoryError) as e:
        print(label, type(e).__name__, e)

attempt('expandtabs', lambda: 'a\tb'.expandtabs(2**62))
attempt('expandtabs-neg', lambda: 'a\tb'.expandtabs(-2**62))
attempt('expandtabs-ok', lambda: 'a\tbc\td'.expandtabs(3))
attempt('sleep-huge', lambda: time.sleep(1e300))
attempt('sleep-inf', lambda: time.sleep(float('inf')))
attempt('sleep-nan', lambda: time.sleep(float('nan')))
attempt('sleep-ns', lambda: time.sleep(10**12))
attempt('sleep-neg', lambda: time.sleep(-1))
attempt('sleep-zero', lambda: time.sleep(0))
attempt('zfill', lambda: len('-7'.zfill(40)))
attempt('center', lambda: 'é'.center(6, '*') + 'x'.center(4, 'é'))
attempt('title', lambda: ("they're x1y_z-a " * 2).title())

class E(Exception):
    def __init__(self):
        self.note = 'made'
try:
    raise E
except E as e:
    print('caught', type(e).__name__, e.args, e.note)
class F(Exception):
    def __init__(self): pass
try:
    raise F()
except F as e:
    print('caught', repr(e), str(e))
