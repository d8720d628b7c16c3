# argparse: CPython 3.11's parsing, Namespace, help/usage text and errors (errors caught through
# SystemExit with sys.stderr swapped for a StringIO)
import argparse
import io
import sys


def attempt(parser, args):
    saved = sys.stderr
    sys.stderr = io.StringIO()
    try:
        ns = parser.parse_args(args)
        print('ok', ns)
    except SystemExit as e:
        print('exit', e.code)
        print(sys.stderr.getvalue(), end='')
    finally:
        sys.stderr = saved


p = argparse.ArgumentParser(prog='tool', description='A tool that does things with files and '
                            'prints what it did, in more words than fit on one line.',
                            epilog='The end.')
p.add_argument('files', nargs='+', help='input files')
p.add_argument('-v', '--verbose', action='count', default=0, help='more output')
p.add_argument('--mode', choices=['fast', 'slow'], default='fast', help='how to run')
p.add_argument('-n', type=int, default=3, metavar='N', help='how many (default: %(default)s)')
p.add_argument('--flag', action='store_true')
p.add_argument('--no-color', dest='color', action='store_false')
p.add_argument('--level', type=float, required=False)
p.add_argument('--const', action='store_const', const=42)
p.add_argument('-I', '--include', action='append', default=[])
p.add_argument('--tag', action='append_const', const='T', dest='tags')
p.add_argument('--pair', nargs=2, metavar=('KEY', 'VALUE'))
p.add_argument('--opt', nargs='?', const='C', default='D')
p.add_argument('--many', nargs='*')
p.add_argument('--version', action='version', version='%(prog)s 1.0')
p.add_argument('--hidden', help=argparse.SUPPRESS)
g = p.add_mutually_exclusive_group()
g.add_argument('--json', action='store_true', help='JSON output')
g.add_argument('--xml', action='store_true', help='XML output')

print(p.parse_args(['a', 'b', '-vv', '-n', '5', '--json']))
print(p.parse_args(['x', '--mode=slow', '-I', 'p', '-Iq', '--include', 'r', '--tag', '--tag']))
print(p.parse_args(['x', '--pair', 'k', 'v', '--opt', '--many', '1', '2']))
print(p.parse_args(['x', '--opt', 'given', '--level', '2.5', '--const', '--no-color', '--flag']))
ns = p.parse_args(['f'])
print(ns.files, ns.verbose, vars(ns)['mode'], 'hidden' in ns, ns == argparse.Namespace(**vars(ns)))
p.print_usage()
p.print_help()
print(repr(p.format_usage()))

attempt(p, [])
attempt(p, ['f', '--mode', 'medium'])
attempt(p, ['f', '-n', 'many'])
attempt(p, ['f', '--json', '--xml'])
attempt(p, ['f', '--unknown'])
attempt(p, ['f', '--pair', 'one'])
attempt(p, ['f', '--verb'])
attempt(p, ['--version'])
print(p.parse_known_args(['f', '--zzz', '3', '-v']))

# positionals with fixed counts, ? and *; defaults and types
q = argparse.ArgumentParser(prog='q')
q.add_argument('src')
q.add_argument('dst', nargs='?', default='out')
q.add_argument('rest', nargs='*', type=int)
print(q.parse_args(['a']))
print(q.parse_args(['a', 'b', '1', '2', '3']))
attempt(q, ['a', 'b', 'x'])
q.print_help()

# prefix chars, required options, argument groups, formatter classes
r = argparse.ArgumentParser(prog='r', prefix_chars='-+', add_help=False,
                            formatter_class=argparse.ArgumentDefaultsHelpFormatter)
r.add_argument('--req', required=True, help='must be given')
r.add_argument('+p', action='store_true', help='plus option')
grp = r.add_argument_group('extra', 'Extra options for the tool.')
grp.add_argument('--size', type=int, default=10, help='the size')
grp.add_argument('--name', default='anon', help='the name')
r.print_help()
attempt(r, [])
print(r.parse_args(['--req', 'x', '+p', '--size', '4']))

raw = argparse.ArgumentParser(prog='raw', formatter_class=argparse.RawDescriptionHelpFormatter,
                              description='line one\n    indented line two\n')
raw.print_help()

# Namespace
n = argparse.Namespace(a=1, b='x')
print(n, 'a' in n, n.a, argparse.Namespace() == argparse.Namespace())
n.c = [1]
print(n)

# type functions and FileType-less custom types
def even(s):
    v = int(s)
    if v % 2:
        raise argparse.ArgumentTypeError('%d is odd' % v)
    return v
t = argparse.ArgumentParser(prog='t')
t.add_argument('num', type=even)
print(t.parse_args(['4']))
attempt(t, ['3'])
attempt(t, ['x'])
t.add_argument('--x', default='5', type=int)
print(t.parse_args(['2']))
try:
    t.add_argument('--x')
except argparse.ArgumentError as e:
    print('ArgumentError', e)
try:
    t.add_argument('bad', nargs=0)
except ValueError as e:
    print('ValueError', e)
