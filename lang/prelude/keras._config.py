# keras._config - get_config/from_config of models as Keras 3 writes them: a Sequential's layer
# list with build configs, a functional model's layers with inbound_nodes and input/output layers.

import keras.backend as _kb
from keras._layer import Layer, InputLayer, KerasTensor, _policy, _map


def _module_of(obj):
    from keras._model import Model
    name = type(obj).__name__
    import keras.layers as _kl
    import keras._model as _km
    if isinstance(obj, Model) and getattr(_km, name, None) is type(obj):
        return 'keras'
    if getattr(_kl, name, None) is type(obj):
        return 'keras.layers'
    import keras._layers_core as _lc
    if type(obj) is _lc.NotEqual:
        return 'keras.src.ops.numpy'
    if isinstance(obj, _lc._Lambda):
        return _lc.op_module(obj._op_class)
    return type(obj).__module__


def serialize_layer(layer):
    cls_name = getattr(layer, '_op_class', None) or type(layer).__name__
    out = {'module': _module_of(layer), 'class_name': cls_name,
           'config': layer.get_config(), 'registered_name': None}
    if out['module'] not in ('keras', 'keras.layers'):
        out['registered_name'] = cls_name
    bc = layer.get_build_config()
    if bc is not None and not isinstance(layer, InputLayer):
        out['build_config'] = bc
    return out


def _classes(custom_objects):
    import keras.layers as _kl
    import keras._model as _km
    table = {}
    for mod in (_kl, _km):
        for k in dir(mod):
            v = getattr(mod, k)
            if isinstance(v, type) and issubclass(v, Layer):
                table[k] = v
    import keras._layers_core as _lc
    table['NotEqual'] = _lc.NotEqual
    table.update(custom_objects or {})
    return table


def deserialize_layer(config, custom_objects=None):
    if isinstance(config, Layer):
        return config
    if str(config.get('module', '')).startswith('keras.src.ops') and \
            config['class_name'] != 'NotEqual':
        import keras._layers_core as _lc
        return _lc.op_from_config(config['class_name'], config.get('config', {}))
    cls = _classes(custom_objects).get(config['class_name'])
    if cls is None:
        raise TypeError(f"Could not locate class '{config['class_name']}'. Make sure custom "
                        'classes are decorated with `@keras.saving.register_keras_serializable()`'
                        ' or passed in `custom_objects`.')
    from keras._model import Model
    if issubclass(cls, Model):
        layer = cls.from_config(config['config'], custom_objects=custom_objects)
    else:
        layer = cls.from_config(config['config'])
    bc = config.get('build_config')
    if bc:
        layer.build_from_config(bc)
    return layer


def _tensor_config(t):
    op, ni, ti = t._keras_history
    return {'class_name': '__keras_tensor__',
            'config': {'shape': t.shape, 'dtype': t.dtype, 'keras_history': [op.name, ni, ti]}}


def _arg_config(x):
    if isinstance(x, KerasTensor):
        return _tensor_config(x)
    if isinstance(x, slice):
        return {'class_name': '__slice__',
                'config': {'start': x.start, 'stop': x.stop, 'step': x.step}}
    if x is Ellipsis:
        return {'class_name': '__ellipsis__', 'config': {}}
    return x


def model_config(model):
    from keras._model import Sequential
    if isinstance(model, Sequential):
        layers = [serialize_layer(l) for l in model._seq]
        cfg = {'name': model.name, 'trainable': model.trainable, 'dtype': _policy(model.dtype),
               'layers': layers}
        if model._build_shapes is not None or (model._seq and isinstance(model._seq[0],
                                                                          InputLayer)):
            cfg['build_input_shape'] = (model._seq[0].batch_shape
                                        if isinstance(model._seq[0], InputLayer)
                                        else model._build_shapes)
        return cfg
    if not model._functional:
        return Layer.get_config(model)
    layers = []
    in_graph = {id(n) for n in model._nodes}
    for layer in model._layers:
        entry = serialize_layer(layer)
        entry['name'] = layer.name
        nodes = []
        if not isinstance(layer, InputLayer):
            for node in layer._inbound_nodes:
                if id(node) not in in_graph:
                    continue
                args, kwargs = node.arguments
                conv = _arg_config
                nodes.append({'args': _map(conv, tuple(args)), 'kwargs': _map(conv, kwargs)})
        entry['inbound_nodes'] = nodes
        layers.append(entry)

    def ref(t):
        op, ni, ti = t._keras_history
        return [op.name, ni, ti]
    ins = model._nested_inputs
    outs = model._nested_outputs
    return {'name': model.name, 'trainable': model.trainable, 'layers': layers,
            'input_layers': [ref(t) for t in ins] if isinstance(ins, (list, tuple)) else ref(ins),
            'output_layers': ([ref(t) for t in outs] if isinstance(outs, (list, tuple))
                              else ref(outs))}


def model_from_config(cls, config, custom_objects=None):
    from keras._model import Sequential, Model
    if issubclass(cls, Sequential):
        model = cls(name=config.get('name'), trainable=config.get('trainable', True))
        for lc in config['layers']:
            model.add(deserialize_layer(lc, custom_objects), rebuild=False)
        model._maybe_rebuild()
        if not model.built and config.get('build_input_shape') is not None:
            model.build(config['build_input_shape'])
        return model
    if 'layers' not in config:
        cfg = dict(config)
        cfg.pop('dtype', None)
        return cls(**cfg)
    created = {}
    tensors = {}
    pending = []
    for lc in config['layers']:
        layer = deserialize_layer(lc, custom_objects)
        created[lc['name']] = layer
        if isinstance(layer, InputLayer):
            tensors[(layer.name, 0, 0)] = layer.output
        pending.append((layer, lc.get('inbound_nodes', [])))
    # layers are listed inputs-first, so one pass in order rebuilds the graph; repeat for
    # layers whose inputs come later (shared layers)
    node_count = {}
    for _ in range(len(pending) + 1):
        left = []
        for layer, nodes in pending:
            k = node_count.get(layer.name, 0)
            while k < len(nodes):
                nd = nodes[k]
                try:
                    def conv(x):
                        if isinstance(x, _Leaf):
                            return tensors[tuple(x.d['config']['keras_history'])]
                        return x
                    args = _map(conv, _map_dicts(nd['args']))
                    kwargs = _map(conv, _map_dicts(nd['kwargs']))
                except KeyError:
                    break
                out = layer(*args, **kwargs)
                from keras._layer import _flatten
                for i, t in enumerate(_flatten(out)):
                    tensors[(layer.name, k, i)] = t
                k += 1
            node_count[layer.name] = k
            if k < len(nodes):
                left.append((layer, nodes))
        pending = left
        if not pending:
            break

    def get(r):
        return tensors[tuple(r)]
    il, ol = config['input_layers'], config['output_layers']
    inputs = [get(r) for r in il] if il and isinstance(il[0], list) else get(il)
    outputs = [get(r) for r in ol] if ol and isinstance(ol[0], list) else get(ol)
    return cls(inputs=inputs, outputs=outputs, name=config.get('name'),
               trainable=config.get('trainable', True))


def _map_dicts(x):
    # _map walks dicts too; keep tensor-config dicts whole by wrapping them first
    if isinstance(x, dict) and x.get('class_name') == '__keras_tensor__':
        return _Leaf(x)
    if isinstance(x, dict) and x.get('class_name') == '__slice__':
        c = x.get('config', {})
        return slice(c.get('start'), c.get('stop'), c.get('step'))
    if isinstance(x, dict) and x.get('class_name') == '__ellipsis__':
        return Ellipsis
    if isinstance(x, tuple):
        return tuple(_map_dicts(e) for e in x)
    if isinstance(x, list):
        return [_map_dicts(e) for e in x]
    if isinstance(x, dict):
        return {k: _map_dicts(v) for k, v in x.items()}
    return x


class _Leaf:
    def __init__(self, d):
        self.d = d
