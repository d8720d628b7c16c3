a = 'single'
b = "double"
c = '''triple
single'''
d = """triple
double"""
e = 'it\'s'
f = "say \"hi\""
g = 'tab\there\nnewline\\backslash'
h = r'raw\n\t'
i = R"raw\d+"
j = b'bytes\x00\xff'
k = rb'\d' + Rb'\w' + bR'\s' + BR'x'
l = 'a' 'b' "c"
m = ('implicit '
     'concatenation '
     "across lines")
n = '\a\b\f\v\r\0'
o = '\101\x41\u0041\U00000041'
p = 'unicode: é ñ 中文 😀'
q = '\u00e9\u4e2d'
r = 'quote mix: \' and "'
s = "quote mix: ' and \""
t = ''
u = """"""
v = 'line \
continued'
w = '''a 'quoted' "thing" '''
y = b'abc' b"def"
z = '\x7f\x80\xa0\xad'
aa = '\q \d unknown escapes'
bb = """with
embedded ''' and \""" quotes"""
cc = r'''raw
triple\n'''
