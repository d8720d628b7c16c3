# logging: FileHandler through basicConfig(filename=, filemode=), datefmt and asctime shape,
# handlers=, captureWarnings
import logging
import os
import sys
import tempfile
import warnings

d = tempfile.mkdtemp()
path = os.path.join(d, 'app.log')
logging.basicConfig(filename=path, filemode='w', level=logging.DEBUG,
                    format='%(asctime)s %(levelname)s %(message)s', datefmt='%Y')
logging.debug('one')
logging.info('two %d', 2)
h = logging.root.handlers[0]
print(type(h).__name__, h.baseFilename == path, h.mode, repr(h) == '<FileHandler %s (NOTSET)>' % path)
h.flush()
with open(path) as f:
    for line in f:
        parts = line.split()
        print(len(parts[0]), parts[0].isdigit(), parts[1:])

# the default asctime: 'YYYY-mm-dd HH:MM:SS,mmm'
fh = logging.FileHandler(path, 'a')
fh.setFormatter(logging.Formatter('%(asctime)s|%(message)s'))
lg = logging.getLogger('f')
lg.addHandler(fh)
lg.propagate = False
lg.warning('three')
fh.close()
with open(path) as f:
    last = f.read().splitlines()[-1]
stamp, msg = last.split('|')
print(len(stamp), stamp[4], stamp[7], stamp[10], stamp[13], stamp[16], stamp[19], msg)

# basicConfig(handlers=)
sh = logging.StreamHandler(sys.stdout)
logging.basicConfig(handlers=[sh], force=True, format='H:%(message)s', level='INFO')
logging.info('via handlers')
print(logging.root.level, logging.root.handlers == [sh])
sh2 = logging.StreamHandler(sys.stdout)
sh2.setFormatter(logging.Formatter('own:%(message)s'))
logging.basicConfig(handlers=[sh2], force=True)
logging.warning('kept own formatter')

# captureWarnings sends warnings to the 'py.warnings' logger
logging.captureWarnings(True)
class Show(logging.Handler):
    def emit(self, record):
        msg = self.format(record)
        print(record.name, record.levelname, repr(msg[msg.index('489_'):]))
logging.basicConfig(handlers=[Show()], force=True)
warnings.warn('careful', UserWarning)
logging.captureWarnings(False)
logging.shutdown()
for name in os.listdir(d):
    os.remove(os.path.join(d, name))
os.rmdir(d)
print(os.path.exists(d))
