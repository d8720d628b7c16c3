# getpass.py - getuser() from the environment or the password database, getpass() reading a line
# from the terminal with echo off (C, _sable_posix.readpass); without a terminal, warns and reads stdin.
import os
import _sable_posix as _px


class GetPassWarning(UserWarning):
    pass


def getuser():
    for name in ('LOGNAME', 'USER', 'LNAME', 'USERNAME'):
        user = os.environ.get(name)
        if user:
            return user
    return _px.getpwuid()[0]


def getpass(prompt='Password: ', stream=None):
    r = _px.readpass(prompt)
    if r is not None:
        return r
    import sys
    import warnings
    warnings.warn('Can not control echo on the terminal.', GetPassWarning, stacklevel=2)
    sys.stderr.write('Warning: Password input may be echoed.\n')
    sys.stderr.write(prompt)
    sys.stderr.flush()
    try:
        line = input()
    except EOFError:
        raise EOFError
    return line
