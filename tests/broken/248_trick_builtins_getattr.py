f = getattr(__builtins__, 'no_such_builtin_sable')
