# inspect - signature() (Signature, Parameter, BoundArguments with CPython 3.11's text and
# binding rules), the is* predicates, getmembers, getdoc/cleandoc, getmodule, getfile,
# getsource/getsourcelines of functions, currentframe/stack, unwrap; sable._tb reads parameters.
import sys
import enum
import types
import sable._tb as _tb


class _empty:
    """Marker object for Signature.empty and Parameter.empty."""


class _void:
    """A private marker - used in Parameter & Signature."""


class _ParameterKind(enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_

    @property
    def description(self):
        return _PARAM_NAME_MAPPING[self]


_POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
_VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
_KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
_VAR_KEYWORD = _ParameterKind.VAR_KEYWORD

_PARAM_NAME_MAPPING = {
    _POSITIONAL_ONLY: 'positional-only',
    _POSITIONAL_OR_KEYWORD: 'positional or keyword',
    _VAR_POSITIONAL: 'variadic positional',
    _KEYWORD_ONLY: 'keyword-only',
    _VAR_KEYWORD: 'variadic keyword',
}


def formatannotation(annotation, base_module=None):
    if getattr(annotation, '__module__', None) == 'typing':
        return repr(annotation).replace('typing.', '')
    if isinstance(annotation, type):
        if annotation.__module__ in ('builtins', base_module):
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


class Parameter:
    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        try:
            self._kind = _ParameterKind(kind)
        except ValueError:
            raise ValueError(f'value {kind!r} is not a valid Parameter.kind')
        if default is not _empty and self._kind in (_VAR_POSITIONAL, _VAR_KEYWORD):
            msg = '{} parameters cannot have default values'
            raise ValueError(msg.format(self._kind.description))
        self._default = default
        self._annotation = annotation
        if name is _empty:
            raise ValueError('name is a required attribute for Parameter')
        if not isinstance(name, str):
            raise TypeError('name must be a str, not a {}'.format(type(name).__name__))
        if not name.isidentifier():
            raise ValueError('{!r} is not a valid parameter name'.format(name))
        self._name = name

    name = property(lambda self: self._name)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)
    kind = property(lambda self: self._kind)

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        if name is _void:
            name = self._name
        if kind is _void:
            kind = self._kind
        if annotation is _void:
            annotation = self._annotation
        if default is _void:
            default = self._default
        return type(self)(name, kind, default=default, annotation=annotation)

    def __str__(self):
        kind = self.kind
        formatted = self._name
        if self._annotation is not _empty:
            formatted = '{}: {}'.format(formatted, formatannotation(self._annotation))
        if self._default is not _empty:
            if self._annotation is not _empty:
                formatted = '{} = {}'.format(formatted, repr(self._default))
            else:
                formatted = '{}={}'.format(formatted, repr(self._default))
        if kind == _VAR_POSITIONAL:
            formatted = '*' + formatted
        elif kind == _VAR_KEYWORD:
            formatted = '**' + formatted
        return formatted

    def __repr__(self):
        return '<{} "{}">'.format(self.__class__.__name__, self)

    def __hash__(self):
        return hash((self.name, self.kind, self.annotation, self.default))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind and
                self._default == other._default and self._annotation == other._annotation)


class BoundArguments:
    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    signature = property(lambda self: self._signature)

    @property
    def args(self):
        args = []
        for param_name, param in self._signature.parameters.items():
            if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                break
            try:
                arg = self.arguments[param_name]
            except KeyError:
                break
            else:
                if param.kind == _VAR_POSITIONAL:
                    args.extend(arg)
                else:
                    args.append(arg)
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        kwargs_started = False
        for param_name, param in self._signature.parameters.items():
            if not kwargs_started:
                if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                    kwargs_started = True
                else:
                    if param_name not in self.arguments:
                        kwargs_started = True
                        continue
            if not kwargs_started:
                continue
            try:
                arg = self.arguments[param_name]
            except KeyError:
                pass
            else:
                if param.kind == _VAR_KEYWORD:
                    kwargs.update(arg)
                else:
                    kwargs[param_name] = arg
        return kwargs

    def apply_defaults(self):
        arguments = self.arguments
        new_arguments = []
        for name, param in self._signature.parameters.items():
            try:
                new_arguments.append((name, arguments[name]))
            except KeyError:
                if param.default is not _empty:
                    val = param.default
                elif param.kind is _VAR_POSITIONAL:
                    val = ()
                elif param.kind is _VAR_KEYWORD:
                    val = {}
                else:
                    continue
                new_arguments.append((name, val))
        self.arguments = dict(new_arguments)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments

    def __repr__(self):
        args = []
        for arg, value in self.arguments.items():
            args.append('{}={!r}'.format(arg, value))
        return '<{} ({})>'.format(self.__class__.__name__, ', '.join(args))


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty, __validate_parameters__=True):
        params = {}
        if parameters is not None:
            if __validate_parameters__:
                top_kind = _POSITIONAL_ONLY
                seen_default = False
                for param in parameters:
                    kind = param.kind
                    name = param.name
                    if kind < top_kind:
                        msg = ('wrong parameter order: {} parameter before {} parameter')
                        msg = msg.format(top_kind.description, kind.description)
                        raise ValueError(msg)
                    elif kind > top_kind:
                        top_kind = kind
                    if kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
                        if param.default is _empty:
                            if seen_default:
                                msg = 'non-default argument follows default argument'
                                raise ValueError(msg)
                        else:
                            seen_default = True
                    if name in params:
                        msg = 'duplicate parameter name: {!r}'.format(name)
                        raise ValueError(msg)
                    params[name] = param
            else:
                params = dict((param.name, param) for param in parameters)
        self._parameters = params
        self._return_annotation = return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
        return _signature_from_callable(obj, follow_wrapped)

    parameters = property(lambda self: self._parameters)
    return_annotation = property(lambda self: self._return_annotation)

    def replace(self, *, parameters=_void, return_annotation=_void):
        if parameters is _void:
            parameters = self.parameters.values()
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    def __hash__(self):
        params = tuple(param for param in self.parameters.values() if param.kind != _KEYWORD_ONLY)
        kwo_params = {param.name: param for param in self.parameters.values()
                      if param.kind == _KEYWORD_ONLY}
        return hash((params, frozenset(kwo_params.items()), self.return_annotation))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        return (self.return_annotation == other.return_annotation and
                list(self.parameters.values()) == list(other.parameters.values()))

    def _bind(self, args, kwargs, *, partial=False):
        arguments = {}
        parameters = iter(self.parameters.values())
        parameters_ex = ()
        arg_vals = iter(args)
        while True:
            try:
                arg_val = next(arg_vals)
            except StopIteration:
                try:
                    param = next(parameters)
                except StopIteration:
                    break
                else:
                    if param.kind == _VAR_POSITIONAL:
                        break
                    elif param.name in kwargs:
                        if param.kind == _POSITIONAL_ONLY:
                            msg = '{arg!r} parameter is positional only, but was passed as a keyword'
                            msg = msg.format(arg=param.name)
                            raise TypeError(msg) from None
                        parameters_ex = (param,)
                        break
                    elif (param.kind == _VAR_KEYWORD or param.default is not _empty):
                        parameters_ex = (param,)
                        break
                    else:
                        if partial:
                            parameters_ex = (param,)
                            break
                        else:
                            msg = 'missing a required argument: {arg!r}'
                            msg = msg.format(arg=param.name)
                            raise TypeError(msg) from None
            else:
                try:
                    param = next(parameters)
                except StopIteration:
                    raise TypeError('too many positional arguments') from None
                else:
                    if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                        raise TypeError('too many positional arguments') from None
                    if param.kind == _VAR_POSITIONAL:
                        values = [arg_val]
                        values.extend(arg_vals)
                        arguments[param.name] = tuple(values)
                        break
                    if param.name in kwargs and param.kind != _POSITIONAL_ONLY:
                        raise TypeError('multiple values for argument {arg!r}'.format(
                            arg=param.name)) from None
                    arguments[param.name] = arg_val
        kwargs_param = None
        for param in list(parameters_ex) + list(parameters):
            if param.kind == _VAR_KEYWORD:
                kwargs_param = param
                continue
            if param.kind == _VAR_POSITIONAL:
                continue
            param_name = param.name
            try:
                arg_val = kwargs.pop(param_name)
            except KeyError:
                if (not partial and param.kind != _VAR_POSITIONAL and param.default is _empty):
                    raise TypeError('missing a required argument: {arg!r}'.format(
                        arg=param_name)) from None
            else:
                if param.kind == _POSITIONAL_ONLY:
                    raise TypeError('{arg!r} parameter is positional only, '
                                    'but was passed as a keyword'.format(arg=param.name))
                arguments[param_name] = arg_val
        if kwargs:
            if kwargs_param is not None:
                arguments[kwargs_param.name] = kwargs
            else:
                raise TypeError('got an unexpected keyword argument {arg!r}'.format(
                    arg=next(iter(kwargs))))
        return BoundArguments(self, arguments)

    def bind(self, /, *args, **kwargs):
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        return self._bind(args, kwargs, partial=True)

    def __repr__(self):
        return '<{} {}>'.format(self.__class__.__name__, self)

    def __str__(self):
        result = []
        render_pos_only_separator = False
        render_kw_only_separator = True
        for param in self.parameters.values():
            formatted = str(param)
            kind = param.kind
            if kind == _POSITIONAL_ONLY:
                render_pos_only_separator = True
            elif render_pos_only_separator:
                result.append('/')
                render_pos_only_separator = False
            if kind == _VAR_POSITIONAL:
                render_kw_only_separator = False
            elif kind == _KEYWORD_ONLY and render_kw_only_separator:
                result.append('*')
                render_kw_only_separator = False
            result.append(formatted)
        if render_pos_only_separator:
            result.append('/')
        rendered = '({})'.format(', '.join(result))
        if self.return_annotation is not _empty:
            anno = formatannotation(self.return_annotation)
            rendered += ' -> {}'.format(anno)
        return rendered


def unwrap(func, *, stop=None):
    f = func
    memo = {id(f): f}
    recursion_limit = sys.getrecursionlimit()
    while hasattr(func, '__wrapped__') and (stop is None or not stop(func)):
        func = func.__wrapped__
        id_func = id(func)
        if (id_func in memo) or (len(memo) >= recursion_limit):
            raise ValueError('wrapper loop when unwrapping {!r}'.format(f))
        memo[id_func] = func
    return func


def _from_function(func):
    params = _tb.params(func)
    ann = func.__annotations__
    out = []
    for name, kind, has_default, default in params:
        out.append(Parameter(name, kind, default=default if has_default else _empty,
                             annotation=ann.get(name, _empty)))
    return Signature(out, return_annotation=ann.get('return', _empty),
                     __validate_parameters__=False)


def _drop_first(sig):
    params = list(sig.parameters.values())
    if not params or params[0].kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
        raise ValueError('invalid method signature')
    if params[0].kind in (_POSITIONAL_OR_KEYWORD, _POSITIONAL_ONLY):
        params = params[1:]
    return sig.replace(parameters=params)


def _signature_from_callable(obj, follow_wrapped=True):
    if not callable(obj):
        raise TypeError('{!r} is not a callable object'.format(obj))
    if isinstance(obj, types.MethodType):
        return _drop_first(_signature_from_callable(obj.__func__, follow_wrapped))
    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, '__signature__'))
        if isinstance(obj, types.MethodType):
            return _signature_from_callable(obj, follow_wrapped)
    sig = getattr(obj, '__signature__', None) if not isinstance(obj, type) else None
    if sig is not None:
        if not isinstance(sig, Signature):
            raise TypeError('unexpected object {!r} in __signature__ attribute'.format(sig))
        return sig
    if isfunction(obj):
        return _from_function(obj)
    if isinstance(obj, type):
        for name in ('__init__', '__new__'):
            for base in obj.__mro__:
                if name in base.__dict__:
                    f = base.__dict__[name]
                    if isfunction(f) or isinstance(f, staticmethod):
                        f = getattr(f, '__func__', f)
                        return _drop_first(_from_function(f))
                    break
        if obj.__init__ is object.__init__ and obj.__new__ is object.__new__:
            return Signature()
        raise ValueError('no signature found for builtin type {!r}'.format(obj))
    if isbuiltin(obj) or type(obj).__name__ in ('builtin_function_or_method', 'method-wrapper'):
        sig = _from_text_signature(obj)
        if sig is None:
            raise ValueError('no signature found for builtin {!r}'.format(obj))
        return sig
    call = getattr(type(obj), '__call__', None)
    if call is not None and isfunction(call):
        return _drop_first(_from_function(call))
    raise ValueError('callable {!r} is not supported by signature'.format(obj))


def _from_text_signature(obj):
    # the first line of a builtin's docstring, "name(a, b=1, /, *args, c, **kw)", when it is
    # that plain (optional groups such as "[, default]" are not a signature)
    doc = getattr(obj, '__doc__', None)
    name = getattr(obj, '__name__', None)
    if not isinstance(doc, str) or not name:
        return None
    line = doc.split('\n', 1)[0].strip()
    if not line.startswith(name + '(') or ')' not in line:
        return None
    inner = line[len(name) + 1:line.rindex(')')]
    if '[' in inner or '(' in inner:
        return None
    rest = line[line.rindex(')') + 1:].strip()
    if rest and not rest.startswith('->'):
        return None
    params = []
    kind = _POSITIONAL_OR_KEYWORD
    parts = [p.strip() for p in inner.split(',')] if inner.strip() else []
    if '/' in parts:
        kind = _POSITIONAL_ONLY
    for p in parts:
        if p == '/':
            kind = _POSITIONAL_OR_KEYWORD
            continue
        if p == '*':
            kind = _KEYWORD_ONLY
            continue
        default = _empty
        if '=' in p:
            p, d = p.split('=', 1)
            p = p.strip()
            try:
                default = eval(d.strip(), {})
            except Exception:
                return None
        if p.startswith('**'):
            params.append(Parameter(p[2:], _VAR_KEYWORD))
        elif p.startswith('*'):
            params.append(Parameter(p[1:], _VAR_POSITIONAL))
            kind = _KEYWORD_ONLY
        else:
            if not p.isidentifier():
                return None
            params.append(Parameter(p, kind, default=default))
    try:
        return Signature(params)
    except ValueError:
        return None


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    return _signature_from_callable(obj, follow_wrapped)


def ismodule(object):
    return isinstance(object, types.ModuleType)


def isclass(object):
    return isinstance(object, type)


def ismethod(object):
    return isinstance(object, types.MethodType)


def isfunction(object):
    return isinstance(object, types.FunctionType)


def isbuiltin(object):
    return isinstance(object, types.BuiltinFunctionType)


def isroutine(object):
    return isbuiltin(object) or isfunction(object) or ismethod(object)


def isgenerator(object):
    return isinstance(object, types.GeneratorType)


def isgeneratorfunction(obj):
    obj = unwrap(obj) if isfunction(obj) else getattr(obj, '__func__', obj)
    return isfunction(obj) and _tb.is_generator(obj)


def iscoroutinefunction(obj):
    return False


def iscoroutine(object):
    return False


def isawaitable(object):
    return False


def isasyncgenfunction(obj):
    return False


def isabstract(object):
    return bool(isinstance(object, type) and getattr(object, '__abstractmethods__', None))


def getmembers(object, predicate=None):
    results = []
    for key in dir(object):
        try:
            value = getattr(object, key)
        except AttributeError:
            continue
        if not predicate or predicate(value):
            results.append((key, value))
    results.sort(key=lambda pair: pair[0])
    return results


def cleandoc(doc):
    try:
        lines = doc.expandtabs().split('\n')
    except UnicodeError:
        return None
    else:
        margin = sys.maxsize
        for line in lines[1:]:
            content = len(line.lstrip())
            if content:
                indent = len(line) - content
                margin = min(margin, indent)
        if lines:
            lines[0] = lines[0].lstrip()
        if margin < sys.maxsize:
            for i in range(1, len(lines)):
                lines[i] = lines[i][margin:]
        while lines and not lines[-1]:
            lines.pop()
        while lines and not lines[0]:
            lines.pop(0)
        return '\n'.join(lines)


def getdoc(object):
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None:
        if isinstance(object, type):
            for base in object.__mro__[1:]:
                if base is object or base.__name__ == 'object':
                    continue
                d = base.__dict__.get('__doc__')
                if d is not None:
                    doc = d
                    break
        if doc is None:
            return None
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def getmodule(object, _filename=None):
    if ismodule(object):
        return object
    name = getattr(object, '__module__', None)
    if name is not None:
        return sys.modules.get(name)
    return None


def getfile(object):
    if ismodule(object):
        f = getattr(object, '__file__', None)
        if f:
            return f
        raise TypeError('{!r} is a built-in module'.format(object))
    if isclass(object):
        mod = sys.modules.get(object.__module__)
        f = getattr(mod, '__file__', None)
        if f:
            return f
        raise TypeError('{!r} is a built-in class'.format(object))
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        return _tb.filename(object)
    raise TypeError('module, class, method, function, traceback, frame, or '
                    'code object was expected, got {}'.format(type(object).__name__))


def getsourcelines(object):
    object = unwrap(object)
    if ismethod(object):
        object = object.__func__
    src = _tb.source(object) if isfunction(object) else None
    if src is None:
        if isclass(object):
            raise OSError('could not find class definition')
        raise OSError('could not get source code')
    text, first = src
    return [ln + '\n' for ln in text.split('\n')[:-1]], first


def getsource(object):
    lines, lnum = getsourcelines(object)
    return ''.join(lines)


def currentframe():
    return sys._getframe(1)


class FrameInfo:
    def __init__(self, frame, filename, lineno, function, code_context, index):
        self.frame = frame
        self.filename = filename
        self.lineno = lineno
        self.function = function
        self.code_context = code_context
        self.index = index

    def __iter__(self):
        return iter((self.frame, self.filename, self.lineno, self.function,
                     self.code_context, self.index))

    def __getitem__(self, i):
        return tuple(self)[i]

    def __len__(self):
        return 6

    def __repr__(self):
        return ('FrameInfo(frame={!r}, filename={!r}, lineno={!r}, function={!r}, '
                'code_context={!r}, index={!r})').format(*self)


def stack(context=1):
    out = []
    f = sys._getframe(1)
    entries = _tb.stack(1)
    entries.reverse()
    for (filename, lineno, name, line), fr in zip(entries, _frames(f)):
        ctx = [line + '\n'] if context and line else None
        out.append(FrameInfo(fr, filename, lineno, name, ctx, 0 if ctx else None))
    return out


def _frames(f):
    while f is not None:
        yield f
        f = f.f_back


def getframeinfo(frame, context=1):
    return (frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name, None, None)
