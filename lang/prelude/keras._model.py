# keras._model - Keras 3's Model: functional (a graph of Nodes from Input to outputs), subclassed
# (call()), Sequential (an InputLayer plus layers, built as a functional graph); training methods forward to keras._trainer.

import keras.backend as _kb
from keras._layer import Layer, InputLayer, KerasTensor, Node, _flatten, _map, _to_array, _ctx


def _trainer():
    import keras._trainer as t
    return t


class Model(Layer):
    def __new__(cls, *args, **kwargs):
        # as Keras: Model(inputs, outputs) makes a Functional
        if cls is Model and (len(args) >= 2 or 'inputs' in kwargs or 'outputs' in kwargs):
            cls = Functional
        return Layer.__new__(cls)

    def __init__(self, *args, **kwargs):
        inputs = kwargs.pop('inputs', None)
        outputs = kwargs.pop('outputs', None)
        if inputs is None and len(args) >= 1:
            inputs = args[0]
        if outputs is None and len(args) >= 2:
            outputs = args[1]
        self._functional = inputs is not None
        name = kwargs.pop('name', None)
        trainable = kwargs.pop('trainable', True)
        if name is None:
            name = _kb.auto_name('functional' if type(self) in (Model, Functional) and
                                 self._functional else self.__class__.__name__)
        Layer.__init__(self, name=name, trainable=trainable, dtype=kwargs.pop('dtype', None),
                       **kwargs)
        self.compiled = False
        self.optimizer = None
        if self._functional:
            self._init_graph(inputs, outputs)

    # -- the functional graph
    def _init_graph(self, inputs, outputs):
        self._nested_inputs = inputs
        self._nested_outputs = outputs
        self.inputs = [t for t in _flatten(inputs)]
        self.outputs = [t for t in _flatten(outputs)]
        for t in self.inputs + self.outputs:
            if not isinstance(t, KerasTensor):
                raise ValueError('All `inputs` and `outputs` values must be KerasTensors. '
                                 f'Received: inputs={inputs} and outputs={outputs}')
        # keras/src/ops/function.py map_graph: a DFS from the outputs, depths from the outputs
        # (0) back to the inputs, operations ordered by decreasing depth, then by DFS index.
        input_ids = {id(t) for t in self.inputs}
        finished, in_progress, order, op_index = set(), set(), [], {}

        def visit(t):
            op, ni, _ = t._keras_history
            node = op._inbound_nodes[ni]
            if id(node) in finished:
                return
            is_input = isinstance(op, InputLayer)
            if not is_input and id(t) in input_ids:
                finished.add(id(node))
                return
            if id(node) in in_progress:
                raise ValueError(f"Tensor {t} from operation '{op.name}' is part of a cycle.")
            if id(op) not in op_index:
                op_index[id(op)] = len(op_index)
            in_progress.add(id(node))
            if not is_input:
                for it in node.input_tensors:
                    visit(it)
            finished.add(id(node))
            in_progress.discard(id(node))
            order.append(node)
        for t in self.outputs:
            visit(t)
        in_graph = {id(n) for n in order}
        node_depth, op_depth, ops = {}, {}, {}
        for node in reversed(order):
            depth = node_depth.setdefault(id(node), 0)
            depth = max(depth, op_depth.get(id(node.operation), 0))
            op_depth[id(node.operation)] = depth
            ops[id(node.operation)] = node.operation
            node_depth[id(node)] = depth
            for p in node.parent_nodes:
                if id(p) in in_graph:
                    node_depth[id(p)] = max(depth + 1, node_depth.get(id(p), 0))
        for t in self.inputs:
            op = t._keras_history[0]
            if id(op) not in op_depth:
                op_depth[id(op)] = 0
                op_index[id(op)] = -1
                ops[id(op)] = op
                order.insert(0, op._inbound_nodes[t._keras_history[1]])
        self._nodes = sorted(order, key=lambda n: -node_depth.get(id(n), 0))
        layers = sorted(ops.values(), key=lambda o: (-op_depth[id(o)], op_index[id(o)]))
        self.__dict__['_layers'] = layers
        self.built = True

    def _run_graph(self, inputs, training=None, mask=None):
        values = {}
        flat = _flatten(inputs) if not isinstance(inputs, dict) else [
            inputs[t.name] for t in self.inputs]
        if len(flat) != len(self.inputs):
            raise ValueError(f'Functional model {self.name!r} expects {len(self.inputs)} '
                             f'input(s), but it received {len(flat)} input tensors.')
        for t, v in zip(self.inputs, flat):
            values[id(t)] = _to_array(v)
        for node in self._nodes:
            op = node.operation
            if isinstance(op, InputLayer):
                continue
            if all(id(t) in values for t in node.output_tensors):
                continue
            args, kwargs = node.arguments
            args = _map(lambda t: values[id(t)] if isinstance(t, KerasTensor) else t, args)
            kwargs = _map(lambda t: values[id(t)] if isinstance(t, KerasTensor) else t, kwargs)
            if op._call_has_training_arg and training is not None:
                kwargs['training'] = training
            out = op(*args, **kwargs)
            for kt, v in zip(_flatten(node.outputs), _flatten(out)):
                if isinstance(kt, KerasTensor):
                    values[id(kt)] = v
        return _map(lambda t: values[id(t)], self._nested_outputs)

    def call(self, inputs, training=None, mask=None):
        if self._functional:
            return self._run_graph(inputs, training=training, mask=mask)
        raise NotImplementedError(f'Model {self.__class__.__name__} does not have a `call()` '
                                  'method implemented.')

    def compute_output_spec(self, *args, **kwargs):
        if self._functional:
            return _map(lambda t: KerasTensor(t.shape, t.dtype), self._nested_outputs)
        return Layer.compute_output_spec(self, *args, **kwargs)

    @property
    def layers(self):
        # arithmetic on KerasTensors makes operation nodes, which Keras does not list as layers
        import keras._layers_core as _lc
        return [l for l in self._layers if not isinstance(l, (_lc._Lambda, _lc.NotEqual))]

    @property
    def operations(self):
        # Keras's Function.operations: the layers and op nodes of the graph, in its order
        if self._functional:
            return list(self._layers)
        graph = self.__dict__.get('_graph')
        if graph is not None:
            return graph.operations
        raise AttributeError(f"'{type(self).__name__}' object has no attribute 'operations'")

    def get_layer(self, name=None, index=None):
        if index is not None and name is not None:
            raise ValueError('Provide only a layer name or a layer index. Received: '
                             f'index={index}, name={name}.')
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(f'Was asked to retrieve layer at index {index} but model only '
                                 f'has {len(self.layers)} layers.')
            return self.layers[index]
        if name is not None:
            for layer in self.layers:
                if layer.name == name:
                    return layer
            raise ValueError(f'No such layer: {name}. Existing layers are: '
                             f'{[l.name for l in self.layers]}.')
        raise ValueError('Provide either a layer name or layer index at `get_layer`.')

    @property
    def input(self):
        return self._nested_inputs

    @property
    def output(self):
        return self._nested_outputs

    @property
    def input_shape(self):
        return _map(lambda t: t.shape, self._nested_inputs)

    @property
    def output_shape(self):
        return _map(lambda t: t.shape, self._nested_outputs)

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False,
                show_trainable=False, layer_range=None):
        import keras._summary as _s
        _s.print_summary(self, line_length, positions, print_fn, expand_nested, show_trainable)

    def get_config(self):
        import keras._config as _c
        return _c.model_config(self)

    @classmethod
    def from_config(cls, config, custom_objects=None):
        import keras._config as _c
        return _c.model_from_config(cls, config, custom_objects)

    # -- the training half (keras._trainer)
    @property
    def metrics(self):
        return _trainer().model_metrics(self)

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def reset_metrics(self):
        for m in self.metrics:
            m.reset_state()

    @property
    def metrics_variables(self):
        out = []
        for m in self.metrics:
            out.extend(m.variables)
        return out

    # the JAX trainer's stateless steps, which a subclass may override (fit/evaluate/predict
    # then call the override)
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        return _trainer().model_compute_loss(self, x, y, y_pred, sample_weight, training)

    def stateless_compute_loss(self, trainable_variables, non_trainable_variables,
                               metrics_variables, x=None, y=None, y_pred=None,
                               sample_weight=None, training=True):
        return _trainer().stateless_compute_loss(self, trainable_variables,
                                                 non_trainable_variables, metrics_variables,
                                                 x, y, y_pred, sample_weight, training)

    def compute_loss_and_updates(self, trainable_variables, non_trainable_variables,
                                 metrics_variables, x, y, sample_weight, training=False,
                                 optimizer_variables=None):
        return _trainer().compute_loss_and_updates(
            self, trainable_variables, non_trainable_variables, metrics_variables, x, y,
            sample_weight, training=training, optimizer_variables=optimizer_variables)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        return _trainer().compute_metrics(self, x, y, y_pred, sample_weight)

    def train_step(self, state, data):
        return _trainer().train_step(self, state, data)

    def test_step(self, state, data):
        return _trainer().test_step(self, state, data)

    def predict_step(self, state, data):
        return _trainer().predict_step(self, state, data)

    def get_metrics_result(self):
        return _trainer().get_metrics_result(self)

    def compile(self, *args, **kwargs):
        return _trainer().compile(self, *args, **kwargs)

    def fit(self, *args, **kwargs):
        return _trainer().fit(self, *args, **kwargs)

    def evaluate(self, *args, **kwargs):
        return _trainer().evaluate(self, *args, **kwargs)

    def predict(self, *args, **kwargs):
        return _trainer().predict(self, *args, **kwargs)

    def train_on_batch(self, *args, **kwargs):
        return _trainer().train_on_batch(self, *args, **kwargs)

    def test_on_batch(self, *args, **kwargs):
        return _trainer().test_on_batch(self, *args, **kwargs)

    def predict_on_batch(self, *args, **kwargs):
        return _trainer().predict_on_batch(self, *args, **kwargs)

    def save(self, *args, **kwargs):
        return _trainer().save(self, *args, **kwargs)

    def save_weights(self, *args, **kwargs):
        return _trainer().save_weights(self, *args, **kwargs)

    def load_weights(self, *args, **kwargs):
        return _trainer().load_weights(self, *args, **kwargs)


class Functional(Model):
    pass


class Sequential(Model):
    def __init__(self, layers=None, trainable=True, name=None):
        Model.__init__(self, name=name or _kb.auto_name('sequential'), trainable=trainable)
        self._functional = False
        self.__dict__['_graph'] = None
        self.__dict__['_seq'] = []
        if layers:
            for layer in layers:
                self.add(layer, rebuild=False)
            self._maybe_rebuild()

    def add(self, layer, rebuild=True):
        if not self._seq:
            if getattr(layer, '_input_shape_arg', None) is not None:
                self.add(InputLayer(shape=layer._input_shape_arg,
                                    batch_size=getattr(layer, '_batch_size_arg', None)))
        if isinstance(layer, KerasTensor) and layer._keras_history is not None:
            origin = layer._keras_history[0]
            if isinstance(origin, InputLayer):
                layer = origin
        if not isinstance(layer, Layer):
            raise ValueError('Only instances of `keras.Layer` can be added to a Sequential '
                             f'model. Received: {layer} (of type {type(layer)})')
        if any(l.name == layer.name for l in self._seq):
            raise ValueError('All layers added to a Sequential model should have unique names. '
                             f"Name '{layer.name}' is already the name of a layer in this "
                             'model. Update the `name` argument to pass a unique name.')
        if isinstance(layer, InputLayer) and self._seq and isinstance(self._seq[0], InputLayer):
            raise ValueError(f"Sequential model '{self.name}' has already been configured to "
                             f'use input shape {self._seq[0].batch_shape}. You cannot add a '
                             'different Input layer to it.')
        self._seq.append(layer)
        self.__dict__['_layers'] = list(self._seq)
        if rebuild:
            self._maybe_rebuild()
        else:
            self.built = False
            self.__dict__['_graph'] = None

    def pop(self, rebuild=True):
        layer = self._seq.pop()
        self.__dict__['_layers'] = list(self._seq)
        self.built = False
        self.__dict__['_graph'] = None
        if rebuild:
            self._maybe_rebuild()
        return layer

    def _maybe_rebuild(self):
        self.built = False
        self.__dict__['_graph'] = None
        if self._seq and isinstance(self._seq[0], InputLayer) and len(self._seq) > 1:
            self.build(self._seq[0].batch_shape)

    def build(self, input_shape=None):
        if isinstance(input_shape, list) and input_shape and isinstance(input_shape[0], tuple):
            return
        input_shape = tuple(input_shape)
        if not self._seq:
            raise ValueError(f'Sequential model {self.name} cannot be built because it has no '
                             'layers. Call `model.add(layer)`.')
        if isinstance(self._seq[0], InputLayer):
            if tuple(self._seq[0].batch_shape) != input_shape:
                raise ValueError(f"Sequential model '{self.name}' has already been configured "
                                 f'to use input shape {self._seq[0].batch_shape}. You cannot '
                                 f'build it with input_shape {input_shape}')
        else:
            self._seq.insert(0, InputLayer(batch_shape=input_shape, dtype=self._seq[0].dtype))
            self.__dict__['_layers'] = list(self._seq)
        inputs = self._seq[0].output
        x = inputs
        with _kb.name_scope(self.name, caller=self):
            for layer in self._seq[1:]:
                x = layer(x)
        self.__dict__['_graph'] = Model(inputs=inputs, outputs=x)
        self.built = True

    def call(self, inputs, training=None, mask=None):
        if self._graph is not None:
            return self._graph._run_graph(inputs, training=training, mask=mask)
        for layer in self.layers:
            kw = {}
            if layer._call_has_training_arg and training is not None:
                kw['training'] = training
            inputs = layer(inputs, **kw)
        return inputs

    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        first = args[0] if args else next(iter(kwargs.values()))
        shape = tuple(first.shape)
        self._build_shapes = shape
        self.build(shape)
        self.built = True

    def compute_output_spec(self, *args, **kwargs):
        if self._graph is not None:
            o = self._graph._nested_outputs
            return KerasTensor(o.shape, o.dtype)
        return Layer.compute_output_spec(self, *args, **kwargs)

    @property
    def layers(self):
        if self._seq and isinstance(self._seq[0], InputLayer):
            return self._seq[1:]
        return list(self._seq)

    @property
    def inputs(self):
        return self._graph.inputs if self._graph is not None else None

    @property
    def outputs(self):
        return self._graph.outputs if self._graph is not None else None

    @property
    def input(self):
        return self._graph._nested_inputs if self._graph is not None else None

    @property
    def output(self):
        return self._graph._nested_outputs if self._graph is not None else None

    @property
    def input_shape(self):
        return self._seq[0].batch_shape if self._seq and isinstance(
            self._seq[0], InputLayer) else None

    @property
    def output_shape(self):
        return self.output.shape if self._graph is not None else None
