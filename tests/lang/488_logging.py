# logging: basicConfig formats and styles, the logger tree, propagation, filters, adapters
import logging
import sys
import io

logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                    format='%(levelname)s|%(name)s|%(message)s')
logging.info('hello %s', 'world')
logging.debug('not shown')
logging.warning('count=%d', 3)
log = logging.getLogger('app')
print(log, log.parent, logging.getLogger(), logging.getLogger('root') is logging.root)
log.info('from app')
child = logging.getLogger('app.db.conn')
print(child.parent.name)
mid = logging.getLogger('app.db')
print(child.parent.name, mid.parent.name)
print(child.getEffectiveLevel(), child.isEnabledFor(logging.DEBUG))
mid.setLevel(logging.DEBUG)
child.debug('debug from conn')
print(child)
print(logging.getLevelName(10), logging.getLevelName('ERROR'), logging.getLevelName(15))
logging.addLevelName(15, 'VERBOSE')
child.log(15, 'verbose %s %s', 1, 2)

# a handler of its own, no propagation
buf = io.StringIO()
h = logging.StreamHandler(buf)
h.setFormatter(logging.Formatter('[{levelname:<8}] {name}: {message}', style='{'))
other = logging.getLogger('other')
other.addHandler(h)
other.propagate = False
other.error('err %r', [1, 2])
other.critical('crit')
other.info('info is at root level? %s', other.getEffectiveLevel())
print(repr(buf.getvalue()))
print(h.level, repr(logging.NullHandler()))

# filters
class OnlyEven:
    def filter(self, record):
        return record.args[0] % 2 == 0
f = OnlyEven()
other.addFilter(f)
for i in range(4):
    other.warning('n=%d', i)
other.removeFilter(f)
h.addFilter(logging.Filter('other.sub'))
other.warning('filtered out by handler')
logging.getLogger('other.sub').warning('passes')
logging.getLogger('other.subx').warning('blocked')
print(buf.getvalue().splitlines()[-4:])

# dict argument
log.info('%(a)s and %(b)s', {'a': 1, 'b': 2})

# LoggerAdapter with extra
fmt = logging.Formatter('%(user)s:%(message)s:%(funcName)s:%(filename)s')
buf2 = io.StringIO()
h2 = logging.StreamHandler(buf2)
h2.setFormatter(fmt)
ad_logger = logging.getLogger('adapted')
ad_logger.addHandler(h2)
ad_logger.propagate = False
ad = logging.LoggerAdapter(ad_logger, {'user': 'bob'})
def work():
    ad.warning('working %d', 5)
work()
print(repr(buf2.getvalue()), ad)

# lineno and funcName
buf3 = io.StringIO()
h3 = logging.StreamHandler(buf3)
h3.setFormatter(logging.Formatter('%(module)s:%(lineno)d:%(funcName)s:%(levelno)s:%(message)s'))
ln = logging.getLogger('lines')
ln.addHandler(h3)
ln.propagate = False
def deep():
    ln.warning('inside')
deep()
ln.warning('top')
print(buf3.getvalue())

# exception logging
buf4 = io.StringIO()
h4 = logging.StreamHandler(buf4)
ex = logging.getLogger('exc')
ex.addHandler(h4)
ex.propagate = False
try:
    1 / 0
except ZeroDivisionError:
    ex.exception('failed: %s', 'div')
lines = buf4.getvalue().splitlines()
print(lines[0], lines[1], lines[-1], sep='\n')
try:
    {}['k']
except KeyError as e:
    ex.error('key', exc_info=e)
print(buf4.getvalue().splitlines()[-1])
ex.error('no info', exc_info=False)
print(buf4.getvalue().splitlines()[-1])

# level checks
for bad in ['LOUD', 1.5]:
    try:
        log.setLevel(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
log.setLevel('WARNING')
print(log.level, log.hasHandlers(), logging.getLogger('nohandlers').hasHandlers())
try:
    logging.Formatter('plain', style='%')
except ValueError as e:
    print(e)
try:
    logging.Formatter('x', style='#')
except ValueError as e:
    print(e)

# makeLogRecord / Formatter by hand
r = logging.makeLogRecord({'msg': 'hi %s', 'args': ('there',), 'levelno': 20, 'levelname': 'INFO', 'name': 'n'})
print(r.getMessage(), logging.Formatter('%(name)s/%(levelname)s/%(message)s').format(r))
print(logging.Formatter('$name-$message', style='$').format(r))

# basicConfig does nothing the second time, unless force
logging.basicConfig(stream=sys.stdout, format='IGNORED %(message)s')
logging.warning('still old format')
logging.basicConfig(stream=sys.stdout, format='NEW %(message)s', force=True)
logging.warning('new format')
try:
    logging.basicConfig(force=True, foo=1)
except ValueError as e:
    print(e)
try:
    logging.basicConfig(force=True, stream=sys.stdout, filename='x.log')
except ValueError as e:
    print(e)
logging.basicConfig(stream=sys.stdout, format='%(levelname)s:%(message)s', force=True)
logging.disable(logging.CRITICAL)
logging.critical('disabled')
logging.disable(logging.NOTSET)
logging.critical('enabled again')
