# argparse: subparsers (add_subparsers/add_parser/set_defaults), parents, help wrapped to COLUMNS
import argparse
import io
import os
import sys


def attempt(parser, args):
    saved = sys.stderr
    sys.stderr = io.StringIO()
    try:
        print('ok', parser.parse_args(args))
    except SystemExit as e:
        print('exit', e.code)
        print(sys.stderr.getvalue(), end='')
    finally:
        sys.stderr = saved


def cmd_add(ns):
    return ns.x + ns.y


p = argparse.ArgumentParser(prog='calc', description='A calculator.')
p.add_argument('--debug', action='store_true')
sub = p.add_subparsers(dest='command', title='commands', help='what to do')
a = sub.add_parser('add', help='add two numbers', aliases=['plus'])
a.add_argument('x', type=int)
a.add_argument('y', type=int)
a.set_defaults(func=cmd_add)
s = sub.add_parser('show', help='show a value')
s.add_argument('--fmt', default='plain', choices=['plain', 'json'])
ns = p.parse_args(['add', '2', '3'])
print(ns.command, ns.x, ns.y, ns.func(ns), ns.func is cmd_add)
ns = p.parse_args(['--debug', 'plus', '1', '1'])
print(ns.debug, ns.command, ns.x, ns.y, ns.func(ns))
print(p.parse_args(['show', '--fmt', 'json']))
print(p.parse_args([]))
p.print_help()
a.print_help()
attempt(p, ['mul', '1'])
attempt(p, ['add', '1'])
attempt(p, ['show', '--fmt', 'xml'])
print(p.get_default('debug'), a.get_default('func') is cmd_add)
p.set_defaults(debug='maybe')
print(p.parse_args(['show']))

req = argparse.ArgumentParser(prog='req')
rs = req.add_subparsers(dest='cmd', required=True)
rs.add_parser('go')
attempt(req, [])

# parents
base = argparse.ArgumentParser(add_help=False)
base.add_argument('--common', default='c')
child = argparse.ArgumentParser(prog='child', parents=[base])
child.add_argument('pos')
print(child.parse_args(['p', '--common', 'z']))
child.print_help()

# width from COLUMNS
os.environ['COLUMNS'] = '40'
w = argparse.ArgumentParser(prog='narrow', description='This description is long enough that it '
                            'must wrap at forty columns.')
w.add_argument('--alpha-option', metavar='VALUE', help='an option whose help text is long enough to wrap')
w.add_argument('--beta', action='store_true', help='short')
w.add_argument('items', nargs='*', help='the items')
w.print_help()
os.environ['COLUMNS'] = '100'
w.print_help()
del os.environ['COLUMNS']

# allow_abbrev, exit_on_error=False, intermixed, fromfile prefix-less
x = argparse.ArgumentParser(prog='x', allow_abbrev=False, exit_on_error=False)
x.add_argument('--long-name', type=int)
try:
    x.parse_args(['--long-name', 'q'])
except argparse.ArgumentError as e:
    print('ArgumentError:', e)
print(x.parse_known_args(['--long', '3']))
i = argparse.ArgumentParser(prog='i')
i.add_argument('--foo')
i.add_argument('cmd')
i.add_argument('rest', nargs='*')
print(i.parse_intermixed_args(['doit', '1', '--foo', 'bar', '2', '3']))
