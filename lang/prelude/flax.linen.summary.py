# flax.linen.summary - Module.tabulate: one row per module call of an init pass with its
# inputs, outputs and own variables, drawn as the rich table Flax prints (natural widths).

import jax
import jax.numpy as jnp
import flax.linen as nn


def _shape_repr(x):
    if hasattr(x, 'shape') and hasattr(x, 'dtype'):
        return f"{jnp.dtype(x.dtype).name}[{','.join(str(d) for d in x.shape)}]"
    return repr(x)


def _tree_lines(x):
    if isinstance(x, dict):
        out = []
        for k, v in x.items():
            sub = _tree_lines(v)
            if len(sub) == 1 and not isinstance(v, (dict, list, tuple)):
                out.append(f'{k}: {sub[0]}')
            else:
                out.append(f'{k}:')
                out.extend('  ' + s for s in sub)
        return out
    if isinstance(x, (list, tuple)) and not hasattr(x, 'shape'):
        out = []
        for v in x:
            sub = _tree_lines(v)
            out.append('- ' + sub[0])
            out.extend('  ' + s for s in sub[1:])
        return out
    return [_shape_repr(x)]


def _inputs_lines(args, kwargs):
    if len(args) == 1 and not kwargs:
        return _tree_lines(args[0])
    items = [_tree_lines(a) for a in args]
    for k, v in kwargs.items():
        sub = _tree_lines(v)
        items.append([f'{k}: {sub[0]}'] + sub[1:])
    out = []
    for sub in items:
        out.append('- ' + sub[0])
        out.extend('  ' + s for s in sub[1:])
    return out


def _bytes_repr(num_bytes):
    if num_bytes > 1e9:
        return f'{num_bytes / 1e9:,.1f} GB'
    if num_bytes > 1e6:
        return f'{num_bytes / 1e6:,.1f} MB'
    if num_bytes > 1e3:
        return f'{num_bytes / 1e3:,.1f} KB'
    return f'{num_bytes:,} B'


def _size_bytes(leaves):
    n = 0
    b = 0
    for x in leaves:
        if hasattr(x, 'shape'):
            sz = 1
            for d in x.shape:
                sz *= d
            n += sz
            b += sz * jnp.dtype(x.dtype).itemsize
    return n, b


def _own_vars(variables, col, path):
    d = variables.get(col)
    for p in path:
        if not isinstance(d, dict) or p not in d:
            return {}
        d = d[p]
    if not isinstance(d, dict):
        return {}
    return {k: v for k, v in sorted(d.items()) if not isinstance(v, dict)}


def _line(cells, widths, left, mid, right):
    return left + mid.join(' ' + c + ' ' * (w - len(c)) + ' ' for c, w in zip(cells, widths)) + right


def _rule(widths, left, fill, mid, right):
    return left + mid.join(fill * (w + 2) for w in widths) + right


def _center(text, width):
    excess = width - len(text)
    if excess <= 0:
        return text
    left = excess // 2
    return ' ' * left + text + ' ' * (excess - left)


def tabulate(module, rngs, args, kwargs, depth, mutable, console_kwargs):
    calls = []
    nn._summary.append(calls)
    try:
        variables = module.init(rngs, *args, mutable=mutable, **kwargs)
    finally:
        nn._summary.pop()
    cols = sorted(variables.keys())
    rows = []
    totals = {c: [] for c in cols}
    for mdl, fname, cargs, ckw, y in calls:
        path = mdl.scope.path
        if depth is not None and len(path) > depth:
            continue
        mname = type(mdl).__name__ if fname == '__call__' else f'{type(mdl).__name__}.{fname}'
        cells = [['/'.join(path)], [mname], _inputs_lines(cargs, ckw), _tree_lines(y)]
        for c in cols:
            own = _own_vars(variables, c, path)
            if own:
                lines = [f'{k}: {_shape_repr(v)}' for k, v in own.items()]
                n, b = _size_bytes(own.values())
                lines += ['', f'{n:,} ({_bytes_repr(b)})']
                totals[c].extend(own.values())
            else:
                lines = ['']
            cells.append(lines)
        rows.append(cells)
    header = ['path', 'module', 'inputs', 'outputs'] + cols
    footer = [[''], [''], [''], ['Total']]
    all_leaves = []
    for c in cols:
        n, b = _size_bytes(totals[c])
        all_leaves.extend(totals[c])
        footer.append([f'{n:,} ({_bytes_repr(b)})'])
    widths = [len(h) for h in header]
    for r in rows + [footer]:
        for i, cell in enumerate(r):
            for ln in cell:
                widths[i] = max(widths[i], len(ln))
    out = []
    out.append(_rule(widths, '┏', '━', '┳', '┓'))
    out.append(_line(header, widths, '┃', '┃', '┃'))
    out.append(_rule(widths, '┡', '━', '╇', '┩'))
    for r in rows:
        h = max(len(c) for c in r)
        for j in range(h):
            out.append(_line([c[j] if j < len(c) else '' for c in r], widths, '│', '│', '│'))
        out.append(_rule(widths, '├', '─', '┼', '┤'))
    fcells = [c[0] for c in footer]
    fcells[3] = ' ' * (widths[3] - len('Total')) + 'Total'
    out.append(_line(fcells, widths, '│', '│', '│'))
    out.append(_rule(widths, '└', '─', '┴', '┘'))
    width = len(out[0])
    n, b = _size_bytes(all_leaves)
    title = _center(f'{type(module).__name__} Summary', width)
    tail = [' ' * width, _center(f'Total Parameters: {n:,} ({_bytes_repr(b)})', width)]
    return '\n' + '\n'.join([title] + out + tail) + '\n\n'
