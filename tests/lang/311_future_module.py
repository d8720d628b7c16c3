# __future__: every feature name imports; the module's _Feature records and flags.
from __future__ import annotations
from __future__ import division, absolute_import, print_function, generator_stop
from __future__ import nested_scopes, generators, with_statement, unicode_literals
import __future__
import typing

print(__future__.all_feature_names)
for name in __future__.all_feature_names:
    feat = getattr(__future__, name)
    print(name, feat, feat.getOptionalRelease(), feat.getMandatoryRelease(), hex(feat.compiler_flag))
print(annotations.getMandatoryRelease() is None, division.mandatory, __future__.CO_FUTURE_ANNOTATIONS)
print(7 / 2, 7 // 2)

def typed_grad(fun: typing.Callable, argnums: int | typing.Sequence[int] = 0,
               reduce_axes: typing.Sequence[typing.Hashable] = ()) -> typing.Callable:
    return fun

print(typed_grad(abs)(-3))
