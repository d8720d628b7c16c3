# keras._summary - Model.summary(): Keras 3's table as rich renders it without a terminal (heavy
# head box, a rule between rows, widths from rich's ratio_reduce), and the parameter counts with byte sizes.

import math
import shutil
import keras.backend as _kb


def _ratio_reduce(total, ratios, maximums, values):
    ratios = [r if m else 0 for r, m in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return list(values)
    remaining = total
    out = []
    for r, m, v in zip(ratios, maximums, values):
        if r and total_ratio > 0:
            d = min(m, round(r * remaining / total_ratio))
            out.append(v - d)
            remaining -= d
            total_ratio -= r
        else:
            out.append(v)
    return out


def _wrap(text, width):
    # rich's word wrap: words (with their trailing space) fill a line; a word wider than the
    # line stands alone, cut with an ellipsis (the columns' overflow='ellipsis').
    words = []
    i = 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] != ' ':
            j += 1
        while j < len(text) and text[j] == ' ':
            j += 1
        words.append(text[i:j])
        i = j
    lines = []
    cur = ''
    for w in words:
        if len(cur) + len(w.rstrip()) <= width:
            cur += w
            continue
        if cur:
            lines.append(cur.rstrip())
            cur = ''
        if len(w.rstrip()) > width:
            lines.append(w.rstrip()[:width - 1] + '…')
            cur = ''
            continue
        cur = w
    if cur or not lines:
        lines.append(cur.rstrip())
    return lines


def _cell(text, width, justify):
    if justify == 'right':
        return text.rjust(width)
    if justify == 'center':
        pad = width - len(text)
        left = pad // 2
        return ' ' * left + text + ' ' * (pad - left)
    return text.ljust(width)


def render_table(header, rows, widths_req, line_length, justify):
    n = len(header)
    widths = [w + 2 for w in widths_req]
    avail = line_length - (n + 1)
    if sum(widths) > avail:
        widths = _ratio_reduce(sum(widths) - avail, [1] * n, widths, widths)
    inner = [w - 2 for w in widths]
    out = []
    out.append('┏' + '┳'.join('━' * w for w in widths) + '┓')

    def row_lines(cells, left, mid, right):
        wrapped = [_wrap(c, inner[i]) for i, c in enumerate(cells)]
        h = max(len(w) for w in wrapped)
        lines = []
        for k in range(h):
            parts = []
            for i in range(n):
                t = wrapped[i][k] if k < len(wrapped[i]) else ''
                parts.append(' ' + _cell(t, inner[i], justify[i]) + ' ')
            lines.append(left + mid.join(parts) + right)
        return lines
    out.extend(row_lines(header, '┃', '┃', '┃'))
    out.append('┡' + '╇'.join('━' * w for w in widths) + '┩')
    for k, r in enumerate(rows):
        if k:
            out.append('├' + '┼'.join('─' * w for w in widths) + '┤')
        out.extend(row_lines(r, '│', '│', '│'))
    out.append('└' + '┴'.join('─' * w for w in widths) + '┘')
    return out


def _fmt_shape(shape):
    return '(' + ', '.join(str(d) for d in shape) + ')'


def _fmt_struct(x):
    from keras._layer import KerasTensor
    if isinstance(x, KerasTensor):
        return _fmt_shape(x.shape)
    if isinstance(x, (list, tuple)):
        inner = ', '.join(_fmt_struct(e) for e in x)
        return '[' + inner + ']' if isinstance(x, list) else '(' + inner + ')'
    if isinstance(x, dict):
        return '{' + ', '.join(f'{k}: {_fmt_struct(v)}' for k, v in x.items()) + '}'
    return str(x)


def _layer_shape(layer):
    from keras._layer import _flatten
    if layer._inbound_nodes:
        outs = layer._inbound_nodes[-1].outputs
        flat = _flatten(outs)
        if len(flat) == 1:
            return _fmt_struct(flat[0])
        return _fmt_struct(outs)
    if layer._build_shapes is None:
        return '?'
    from keras._layer import Layer
    if type(layer).compute_output_shape is Layer.compute_output_shape:
        return '?'
    try:
        s = layer.compute_output_shape(layer._build_shapes)
    except Exception:
        return '?'
    if isinstance(s, tuple) and all(d is None or isinstance(d, int) for d in s):
        return _fmt_shape(s)
    return str(s)


def weight_memory_size(weights):
    seen = {}
    for w in weights:
        seen[id(w)] = w
    total = 0
    for w in seen.values():
        total += math.prod(w.shape) * _kb.dtype_bits(w.dtype)
    return total / 8


def readable_memory_size(size):
    units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB']
    for unit in units:
        if size / 1024 < 1:
            return '{:.2f} {}'.format(size, unit)
        size /= 1024
    return '{:.2f} {}'.format(size, units[-1])


def _count(weights):
    return int(sum(math.prod(w.shape) for w in weights))


def print_summary(model, line_length=None, positions=None, print_fn=None, expand_nested=False,
                  show_trainable=False):
    from keras._model import Model, Sequential
    from keras._layer import InputLayer
    if isinstance(model, Sequential) or not getattr(model, '_functional', False):
        sequential_like = True
        layers = model.layers
    else:
        # Keras lists the graph's operations: the layers, the op nodes of arithmetic and
        # keras.ops on KerasTensors, Embedding's NotEqual mask nodes
        layers = list(model._layers)
        sequential_like = True
        nodes = [n for n in model._nodes if not isinstance(n.operation, InputLayer)]
        users = {}
        for n in model._nodes:
            if len(n.input_tensors) > 1:
                sequential_like = False
            for t in n.input_tensors:
                users[id(t)] = users.get(id(t), 0) + 1
        if any(c > 1 for c in users.values()):
            sequential_like = False
        if sum(1 for n in model._nodes if isinstance(n.operation, InputLayer)) > 1:
            sequential_like = False
        for layer in layers:
            if sum(1 for n in layer._inbound_nodes if any(n is m for m in model._nodes)) > 1:
                sequential_like = False
    if sequential_like:
        default = 88
        positions = positions or [0.45, 0.80, 1.0]
        header = ['Layer (type)', 'Output Shape', 'Param #']
        justify = ['left', 'left', 'right']
    else:
        default = 108
        positions = positions or [0.3, 0.56, 0.74, 1.0]
        header = ['Layer (type)', 'Output Shape', 'Param #', 'Connected to']
        justify = ['left', 'left', 'right', 'left']
    if show_trainable:
        default += 12
        positions = [p * 0.90 for p in positions] + [1.0]
        header.append('Trainable')
        justify.append('center')
    default = min(default, shutil.get_terminal_size().columns - 4)
    line_length = line_length or default
    widths = []
    cur = 0
    for p in positions:
        w = int(p * line_length) - cur
        if w < 4:
            raise ValueError('Insufficient console width to print summary.')
        widths.append(w)
        cur += w

    def connections(layer):
        out = ''
        for node in layer._inbound_nodes:
            if not any(node is m for m in getattr(model, '_nodes', [])):
                continue
            for kt in node.input_tensors:
                op, ni, ti = kt._keras_history
                if out:
                    out += ', '
                out += f'{op.name}[{ni}][{ti}]'
        return out or '-'

    def fields(layer, prefix=''):
        cls = getattr(layer, '_op_class', None) or layer.__class__.__name__
        name = f'{prefix}{layer.name} ({cls})'
        if not layer.built:
            params = '0 (unbuilt)'
        else:
            params = f'{layer.count_params():,}'
        row = [name, _layer_shape(layer), params]
        if not sequential_like:
            row.append(connections(layer))
        if show_trainable:
            row.append(('Y' if layer.trainable else 'N') if layer.weights else '-')
        return row

    def rows_of(layer, level=0):
        prefix = '   ' * level + '└ ' if level else ''
        out = [fields(layer, prefix)]
        if expand_nested and getattr(layer, 'layers', None):
            for sub in layer.layers:
                out.extend(rows_of(sub, level + 1))
        return out
    rows = []
    for layer in layers:
        rows.extend(rows_of(layer))
    trainable = model.trainable_weights
    non_trainable = model.non_trainable_weights
    tc, tm = _count(trainable), weight_memory_size(trainable)
    nc, nm = _count(non_trainable), weight_memory_size(non_trainable)
    opt = getattr(model, 'optimizer', None)
    oc = om = 0
    opt_built = bool(getattr(model, 'compiled', False) and opt is not None and
                     getattr(opt, 'built', False))
    if opt_built:
        oc, om = _count(opt.variables), weight_memory_size(opt.variables)
    lines = [f'Model: "{model.name}"']
    # rich crops a table wider than the console (COLUMNS, else 80 without a terminal)
    console = shutil.get_terminal_size().columns
    lines.extend(ln[:console] for ln in render_table(header, rows, widths, line_length, justify))
    lines.append(f' Total params: {tc + nc + oc:,} ({readable_memory_size(tm + nm + om)})')
    lines.append(f' Trainable params: {tc:,} ({readable_memory_size(tm)})')
    lines.append(f' Non-trainable params: {nc:,} ({readable_memory_size(nm)})')
    if opt_built:
        lines.append(f' Optimizer params: {oc:,} ({readable_memory_size(om)})')
    text = '\n'.join(lines) + '\n'
    if print_fn is None:
        print(text, end='')
    else:
        print_fn(text)
