m = __import__('no_such_module_for_sable')
