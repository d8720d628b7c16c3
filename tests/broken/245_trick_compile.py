c = compile('x = (', '<s>', 'exec')
