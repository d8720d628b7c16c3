# logging with no configuration: WARNING and above go to stderr, message only (lastResort)
import logging
log = logging.getLogger('quiet')
log.info('not shown')
log.warning('shown %d', 1)
log.error('error too')
print(log.getEffectiveLevel(), logging.root.handlers)
logging.getLogger('a.b').critical('critical')
logging.lastResort = None
log.warning('no handlers now')
log.warning('only once')
raise SystemExit(1)
