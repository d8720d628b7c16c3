# string: the constants, capwords, and Template substitution with its errors
import string
from string import Template

for name in ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'digits', 'hexdigits',
             'octdigits', 'punctuation', 'whitespace', 'printable']:
    v = getattr(string, name)
    print(name, len(v), repr(v))
print('a' in string.ascii_lowercase, 'G' in string.hexdigits, '_' in string.punctuation)
print(''.join([c for c in 'Hello, World! 42' if c not in string.punctuation]))
print(string.capwords('hello   world  of\tpython'), string.capwords(' aBC dEF '))
print(string.capwords('a-b-c d', '-'), repr(string.capwords('')), string.capwords('x,,y', ','))

t = Template('$who likes $what')
print(t.substitute(who='tim', what='kung pao'))
print(t.substitute({'who': 'ann', 'what': 3}))
print(t.substitute({'who': 'ann', 'what': 'tea'}, what='coffee'))
print(t.template)
print(Template('${noun}ification costs $$5 ($amt)').substitute(noun='simpl', amt=1.5))
print(Template('$a$b ${a}${b} $$a $$$a').substitute(a=1, b=2))
print(Template('tail $').safe_substitute(), Template('no placeholders').substitute())
print(Template('$_x1 $x_2y, ${_}!').substitute(_x1='p', x_2y='q', _='r'))
print(Template('$who is ${who}.').safe_substitute({}))
print(Template('$who $$ ${missing} $ok and $9 ${ bad} ${unclosed').safe_substitute(ok='OK', who='W'))
print(Template('$a.b $a-b $a[0]').substitute(a='X'))
print(Template('${a}b $ab').safe_substitute(a='A'))
print(Template('€$x€').substitute(x='é'))
t2 = Template('$a ${b} $a $$c $9 ${c}')
print(t2.get_identifiers(), t2.is_valid(), Template('$ok ${ok}').is_valid())

class Percent(Template):
    delimiter = '%'
print(Percent('%who owes %%%amt').substitute(who='bob', amt=10))
print(Percent('$keep %{x}').safe_substitute(x=1))

cases = [('$who likes $what', {'who': 'x'}), ('line one\n  $', {}), ('ok $1', {}),
         ('${a b}', {'a': 1}), ('$', {}), ('x\ny\n  ${', {}), ('a $$ $ b', {})]
for tmpl, kw in cases:
    try:
        print(Template(tmpl).substitute(kw))
    except (KeyError, ValueError) as e:
        print(type(e).__name__, e)
try:
    Template('$x').substitute({}, {})
except TypeError as e:
    print('TypeError')
