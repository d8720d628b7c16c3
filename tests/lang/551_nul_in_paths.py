# A NUL byte in a path is refused (ValueError) instead of cutting the name short;
# os.path.exists and friends answer False, as CPython 3.11 does.
import os
def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except (ValueError, TypeError, OSError) as e:
        print(label, type(e).__name__, e)
attempt('open-w', lambda: open('safety_nul.txt\x00.evil', 'w'))
attempt('open-a', lambda: open('safety_nul.txt\x00', 'a'))
attempt('open-r', lambda: open('\x00', 'r'))
print('created', os.path.exists('safety_nul.txt'))
attempt('exists', lambda: os.path.exists('tests\x00x'))
attempt('isfile', lambda: os.path.isfile('tests\x00x'))
attempt('isdir', lambda: os.path.isdir('tests\x00'))
attempt('getsize', lambda: os.path.getsize('a\x00b'))
attempt('listdir', lambda: os.listdir('.\x00'))
attempt('mkdir', lambda: os.mkdir('d\x00'))
attempt('makedirs', lambda: os.makedirs('d\x00/e'))
attempt('remove', lambda: os.remove('x\x00'))
attempt('rename', lambda: os.rename('x\x00', 'y'))
attempt('rename2', lambda: os.rename('nonexistent-x', 'y\x00'))
attempt('join', lambda: os.path.join('a\x00', 'b\x00c'))
