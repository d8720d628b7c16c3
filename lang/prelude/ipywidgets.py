# ipywidgets.py - Jupyter widgets (message spec 2, @jupyter-widgets/controls and base 2.0.0, as
# ipywidgets 8): models kept in sync with the front end over comms, controls, Output, interact.
import json
import sys
import comm as _comm
from ipywidgets._models import MODELS as _MODELS

__version__ = "8.1.9"
__protocol_version__ = "2.1.0"
__jupyter_widgets_base_version__ = "2.0.0"
__jupyter_widgets_controls_version__ = "2.0.0"

_instances = {}


class Bunch(dict):
    """A dict whose keys are also attributes (traitlets' change objects)."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key)


class TraitError(Exception):
    pass


def _to_json(v):
    if isinstance(v, Widget):
        return "IPY_MODEL_" + v.model_id
    if isinstance(v, (list, tuple)):
        return [_to_json(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _to_json(x) for k, x in v.items()}
    return v


def _from_json(v):
    if isinstance(v, str) and v.startswith("IPY_MODEL_"):
        return _instances.get(v[10:], v)
    if isinstance(v, list):
        return tuple(_from_json(x) for x in v)
    return v


_BINARY = (bytes, bytearray, memoryview)


def _separate_buffers(sub, path, buffer_paths, buffers):
    # as ipywidgets' _separate_buffers: binary values leave a (cloned) state for the message's
    # buffers, each with its path (a dict value is removed, a list item becomes None)
    if isinstance(sub, (list, tuple)):
        out = None
        for i, v in enumerate(sub):
            if isinstance(v, _BINARY):
                if out is None:
                    out = list(sub)
                out[i] = None
                buffers.append(v)
                buffer_paths.append(path + [i])
            elif isinstance(v, (dict, list, tuple)):
                nv = _separate_buffers(v, path + [i], buffer_paths, buffers)
                if nv is not v:
                    if out is None:
                        out = list(sub)
                    out[i] = nv
        return sub if out is None else out
    if isinstance(sub, dict):
        out = None
        for k, v in list(sub.items()):
            if isinstance(v, _BINARY):
                if out is None:
                    out = dict(sub)
                del out[k]
                buffers.append(v)
                buffer_paths.append(path + [k])
            elif isinstance(v, (dict, list, tuple)):
                nv = _separate_buffers(v, path + [k], buffer_paths, buffers)
                if nv is not v:
                    if out is None:
                        out = dict(sub)
                    out[k] = nv
        return sub if out is None else out
    return sub


def _remove_buffers(state):
    buffer_paths, buffers = [], []
    state = _separate_buffers(state, [], buffer_paths, buffers)
    return state, buffer_paths, buffers


def _put_buffers(state, buffer_paths, buffers):
    for path, buf in zip(buffer_paths, buffers):
        obj = state
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = buf


def _show_exception(exc):
    # as IPython's showtraceback from a widget callback: an error message to the front end;
    # printed to stderr where there is none
    if not _comm._native.show_traceback(exc):
        import traceback
        traceback.print_exception(type(exc), exc, exc.__traceback__)


class CallbackDispatcher:
    """A list of callbacks called in order; an exception in one is shown, the rest still run."""

    def __init__(self):
        self.callbacks = []

    def __call__(self, *args, **kwargs):
        value = None
        for cb in self.callbacks:
            try:
                local = cb(*args, **kwargs)
            except Exception as e:
                _show_exception(e)
            else:
                value = local if local is not None else value
        return value

    def register_callback(self, callback, remove=False):
        if remove and callback in self.callbacks:
            self.callbacks.remove(callback)
        elif not remove and callback not in self.callbacks:
            self.callbacks.append(callback)


class Widget:
    """A model synced with the front end: its state keys are attributes; setting one sends an
    update, an update from the front end sets it (and is echoed, as ipywidgets 8 does)."""

    _model = None
    _no_echo = ()   # traits tagged echo_update=False

    def __init__(self, **kwargs):
        spec = _MODELS[self._model]
        state = json.loads(json.dumps(spec[0]))
        for k in list(state.keys()):
            if isinstance(state[k], list) and k != "_options_labels":
                state[k] = tuple(state[k])
        d = self.__dict__
        d["_trait_values"] = state
        d["_keys"] = sorted(list(state.keys()) + (["layout"] if spec[2] else []) + (["style"] if spec[1] else []))
        d["_observers"] = []
        d["_property_lock"] = {}
        d["_holding_sync"] = False
        d["_states_to_send"] = set()
        d["_msg_callbacks"] = CallbackDispatcher()
        d["_model_id"] = None
        d["comm"] = None
        d["_style_class"] = spec[1]
        d["_has_layout"] = spec[2]
        model_id = kwargs.pop("model_id", None)
        given_comm = kwargs.pop("comm", None)
        layout = kwargs.pop("layout", None)
        style = kwargs.pop("style", None)
        if layout is not None:
            state["layout"] = layout if isinstance(layout, Widget) else Layout(**layout)
        if style is not None:
            state["style"] = style if isinstance(style, Widget) else _STYLES[spec[1]](**style)
        self._init_extra(kwargs)
        for k, v in kwargs.items():
            setattr(self, k, v)
        if given_comm is not None:
            self._attach(given_comm)
        else:
            self.open(model_id)

    def _init_extra(self, kwargs):
        pass

    # --- state -------------------------------------------------------------------------
    def __getattr__(self, name):
        tv = self.__dict__.get("_trait_values")
        if tv is not None:
            if name in ("layout", "style") and name in self.__dict__["_keys"]:
                return self._sub(name)
            if name in tv:
                return tv[name]
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def _sub(self, name):
        tv = self._trait_values
        if name not in tv:
            tv[name] = Layout() if name == "layout" else _STYLES[self._style_class]()
        return tv[name]

    def __setattr__(self, name, value):
        tv = self.__dict__.get("_trait_values")
        if tv is not None and (name in tv or name in self._keys):
            self.set_trait(name, value)
        else:
            object.__setattr__(self, name, value)

    def _validate(self, name, value):
        return value

    def set_trait(self, name, value):
        tv = self._trait_values
        if isinstance(value, list) and isinstance(tv.get(name), tuple):
            value = tuple(value)   # a tuple trait (TypedTuple) takes a list
        if name == "layout" and isinstance(value, dict):
            value = Layout(**value)
        elif name == "style" and isinstance(value, dict):
            value = _STYLES[self._style_class](**value)
        value = self._validate(name, value)
        old = tv.get(name)
        tv[name] = value
        if old is value or (type(old) == type(value) and not isinstance(value, Widget) and old == value):
            return
        self._notify_change(name, old, value)

    def _notify_change(self, name, old, new):
        if self.comm is not None and name in self._keys and self._should_send_property(name, new):
            self.send_state(name)
        change = Bunch(name=name, old=old, new=new, owner=self, type="change")
        for names, handler in list(self._observers):
            if names is None or name in names:
                handler(change)

    @property
    def keys(self):
        return list(self._keys)

    @property
    def model_id(self):
        return self._model_id

    def get_state(self, key=None):
        if key is None:
            keys = self._keys
        elif isinstance(key, str):
            keys = [key]
        else:
            keys = list(key)
        out = {}
        for k in keys:
            if k in ("layout", "style"):
                out[k] = _to_json(self._sub(k))
            else:
                out[k] = self._state_to_json(k, self._trait_values[k])
        return out

    def _state_to_json(self, key, value):
        return _to_json(value)

    def _state_from_json(self, key, value):
        return _from_json(value)

    def _should_send_property(self, key, value):
        lock = self._property_lock
        if key in lock and self._state_to_json(key, value) == lock[key]:
            return False
        if self._holding_sync:
            self._states_to_send.add(key)
            return False
        return True

    def send_state(self, key=None):
        state = self.get_state(key)
        if state:
            state, paths, buffers = _remove_buffers(state)
            self._send({"method": "update", "state": state, "buffer_paths": paths}, buffers=buffers)

    def _send(self, msg, buffers=None):
        if self.comm is not None and not self.comm._closed:
            self.comm.send(data=msg, buffers=buffers)

    def send(self, content, buffers=None):
        self._send({"method": "custom", "content": content}, buffers=buffers)

    def hold_sync(self):
        return _HoldSync(self)

    def set_state(self, sync_data):
        echo = {k: v for k, v in sync_data.items() if k in self._keys and k not in self._no_echo}
        if echo:
            echo, paths, buffers = _remove_buffers(echo)
            self._send({"method": "echo_update", "state": echo, "buffer_paths": paths}, buffers=buffers)
        self.__dict__["_property_lock"] = dict(sync_data)
        try:
            for name in sync_data:
                if name in self._keys:
                    self.set_trait(name, self._state_from_json(name, sync_data[name]))
        finally:
            self.__dict__["_property_lock"] = {}

    # --- comm --------------------------------------------------------------------------
    def open(self, model_id=None):
        if self.comm is not None:
            return
        state, paths, buffers = _remove_buffers(self.get_state())
        c = _comm.create_comm(target_name="jupyter.widget",
                              data={"state": state, "buffer_paths": paths},
                              metadata={"version": __protocol_version__},
                              buffers=buffers, comm_id=model_id)
        self._attach(c)

    def _attach(self, c):
        self.__dict__["comm"] = c
        self.__dict__["_model_id"] = c.comm_id
        c.on_msg(self._handle_msg)
        _instances[c.comm_id] = self

    def close(self):
        if self.comm is not None:
            _instances.pop(self.model_id, None)
            self.comm.close()
            self.__dict__["comm"] = None

    @classmethod
    def close_all(cls):
        for w in list(_instances.values()):
            w.close()

    def _handle_msg(self, msg):
        # an exception in a handler is shown to the front end (ipywidgets' _show_traceback)
        try:
            self._dispatch_msg(msg)
        except Exception as e:
            _show_exception(e)

    def _dispatch_msg(self, msg):
        data = msg["content"]["data"]
        method = data.get("method")
        if method == "update":
            if "state" in data:
                state = data["state"]
                if "buffer_paths" in data:
                    _put_buffers(state, data["buffer_paths"], msg.get("buffers", []))
                self.set_state(state)
        elif method == "request_state":
            self.send_state()
        elif method == "custom":
            if "content" in data:
                self._handle_custom_msg(data["content"], msg.get("buffers", []))
        else:
            # to the kernel's log, as ipywidgets' self.log.error
            _comm._native.log('Unknown front-end to back-end widget msg with method "%s"' % (method,))

    def _handle_custom_msg(self, content, buffers):
        self._msg_callbacks(self, content, buffers)

    def on_msg(self, callback, remove=False):
        self._msg_callbacks.register_callback(callback, remove=remove)

    # --- traitlets ---------------------------------------------------------------------
    def observe(self, handler, names=None, type="change"):
        if isinstance(names, str):
            names = [names]
        self._observers.append((None if names is None else list(names), handler))

    def unobserve(self, handler, names=None, type="change"):
        if isinstance(names, str):
            names = [names]
        names = None if names is None else list(names)
        self.__dict__["_observers"] = [o for o in self._observers if not (o[1] == handler and (names is None or o[0] == names))]

    def unobserve_all(self, name=None):
        self.__dict__["_observers"] = [] if name is None else [o for o in self._observers if o[0] is None or name not in o[0]]

    def has_trait(self, name):
        return name in self._trait_values or name in self._keys

    def trait_names(self):
        return list(self._keys)

    # --- display -----------------------------------------------------------------------
    def _repr_keys(self):
        # as ipywidgets: sorted synced keys that differ from their defaults, no private ones
        defaults = _MODELS[self._model][0]
        for k in self._keys:
            if k.startswith("_") or k in ("layout", "style"):
                if k == "style" and self._repr_style:
                    yield k
                elif k == "layout" and "layout" in self._trait_values and \
                        repr(self._trait_values["layout"]) != "Layout()":
                    yield k   # a layout that differs from the default, as DOMWidget
                continue
            v = self._trait_values.get(k)
            d = defaults.get(k)
            if isinstance(d, list):
                d = tuple(d)
            if v != d or type(v) != type(d):
                yield k
        if self._trait_values.get("_dom_classes"):
            yield "_dom_classes"

    _repr_style = False

    def _repr_value(self, k):
        if k == "style":
            return self._sub("style")
        return getattr(self, k)

    def __repr__(self):
        args = ", ".join("%s=%r" % (k, self._repr_value(k)) for k in self._repr_keys())
        return "%s(%s)" % (type(self).__name__, args)

    def _repr_mimebundle_(self, **kwargs):
        plaintext = repr(self)
        if len(plaintext) > 110:
            plaintext = plaintext[:110] + "\u2026"
        data = {"text/plain": plaintext}
        if self._trait_values.get("_view_name") is not None:
            data["application/vnd.jupyter.widget-view+json"] = json.dumps(
                {"version_major": 2, "version_minor": 0, "model_id": self.model_id})
        return data

    def _ipython_display_(self):
        from IPython.display import display
        display(self)


class _HoldSync:
    def __init__(self, w):
        self.w = w

    def __enter__(self):
        if self.w._holding_sync:
            self.outer = False
            return
        self.outer = True
        self.w.__dict__["_holding_sync"] = True

    def __exit__(self, *exc):
        if self.outer:
            self.w.__dict__["_holding_sync"] = False
            keys = sorted(self.w._states_to_send)
            self.w._states_to_send.clear()
            if keys:
                self.w.send_state(keys)
        return False


class DOMWidget(Widget):
    def add_class(self, name):
        if name not in self._dom_classes:
            self._dom_classes = tuple(self._dom_classes) + (name,)
        return self

    def remove_class(self, name):
        if name in self._dom_classes:
            self._dom_classes = tuple(x for x in self._dom_classes if x != name)
        return self

    def focus(self):
        self.send({"do": "focus"})

    def blur(self):
        self.send({"do": "blur"})


class CoreWidget(DOMWidget):
    pass


def _control(name, base, **flags):
    # a widget class that differs from its base only in its model (named as the class) and
    # perhaps a flag or two: one line each instead of a class statement each
    return type(name, (base,), dict(flags, _model=name, __module__=__name__,
                                    __qualname__=name))


Layout = _control("Layout", Widget)
_STYLES = {}


def _style(name):
    # a style model, found by name from the widgets that hold one
    _STYLES[name] = _control(name, Widget)
    return _STYLES[name]


ButtonStyle = _style("ButtonStyle")
CheckboxStyle = _style("CheckboxStyle")
DescriptionStyle = _style("DescriptionStyle")
HTMLStyle = _style("HTMLStyle")
LabelStyle = _style("LabelStyle")
SliderStyle = _style("SliderStyle")
TextStyle = _style("TextStyle")
ToggleButtonStyle = _style("ToggleButtonStyle")


class ValueWidget(DOMWidget):
    def _repr_keys(self):
        # the value first and always, as ipywidgets' ValueWidget
        yield "value"
        for k in DOMWidget._repr_keys(self):
            if k != "value":
                yield k

    def get_interact_value(self):
        return self.value


class DescriptionWidget(DOMWidget):
    pass


class _Bounded(ValueWidget):
    _int = True

    def __init__(self, value=None, min=None, max=None, step=None, **kwargs):
        # positional order as ipywidgets: value, min, max, step
        for k, v in (("min", min), ("max", max), ("step", step), ("value", value)):
            if v is not None:
                kwargs[k] = v
        Widget.__init__(self, **kwargs)

    def _init_extra(self, kwargs):
        # min and max first, so value is clamped to the final range
        tv = self._trait_values
        for k in ("min", "max", "step"):
            if k in kwargs:
                tv[k] = self._cast(kwargs.pop(k))
        if tv["min"] > tv["max"]:
            raise TraitError("setting min > max")
        if "value" in kwargs:
            tv["value"] = self._validate("value", kwargs.pop("value"))
        else:
            tv["value"] = self._validate("value", tv["value"])

    def _cast(self, v):
        if v is None:
            return v
        return int(v) if self._int else float(v)

    def _validate(self, name, value):
        tv = self._trait_values
        if name == "value":
            value = self._cast(value)
            if value < tv["min"]:
                value = tv["min"]
            if value > tv["max"]:
                value = tv["max"]
        elif name in ("min", "max", "step"):
            value = self._cast(value)
            if name == "min" and value > tv["max"]:
                raise TraitError("setting min > max")
            if name == "max" and value < tv["min"]:
                raise TraitError("setting max < min")
        return value

    def set_trait(self, name, value):
        Widget.set_trait(self, name, value)
        if name in ("min", "max"):
            v = self._trait_values["value"]
            c = self._validate("value", v)
            if c != v:
                Widget.set_trait(self, "value", c)


IntSlider = _control("IntSlider", _Bounded)
FloatSlider = _control("FloatSlider", _Bounded, _int=False)


class _Number(ValueWidget):
    _int = True

    def __init__(self, value=None, **kwargs):
        if value is not None:
            kwargs["value"] = value
        Widget.__init__(self, **kwargs)

    def _validate(self, name, value):
        if name == "value":
            return int(value) if self._int else float(value)
        return value


IntText = _control("IntText", _Number)
FloatText = _control("FloatText", _Number, _int=False)


class _String(ValueWidget):
    def __init__(self, value=None, **kwargs):
        if value is not None:
            kwargs["value"] = value
        Widget.__init__(self, **kwargs)
        self.__dict__["_submission_callbacks"] = CallbackDispatcher()

    def _handle_custom_msg(self, content, buffers):
        if content.get("event", "") == "submit":
            self._submission_callbacks(self)
        else:
            Widget._handle_custom_msg(self, content, buffers)

    def on_submit(self, callback, remove=False):
        self._submission_callbacks.register_callback(callback, remove=remove)


Text = _control("Text", _String)
Textarea = _control("Textarea", _String)
Label = _control("Label", _String)
HTML = _control("HTML", _String)


class _Bool(ValueWidget):
    def __init__(self, value=None, **kwargs):
        if value is not None:
            kwargs["value"] = value
        Widget.__init__(self, **kwargs)

    def _validate(self, name, value):
        if name == "value":
            if not isinstance(value, bool):
                raise TraitError("The 'value' trait of a %s instance expected a bool, not %r" % (type(self).__name__, value))
        return value


Checkbox = _control("Checkbox", _Bool)
ToggleButton = _control("ToggleButton", _Bool)


class Button(DOMWidget):
    _model = "Button"
    _repr_style = True   # ipywidgets 8 shows Button's style in its repr

    def __init__(self, **kwargs):
        Widget.__init__(self, **kwargs)
        self.__dict__["_click_handlers"] = CallbackDispatcher()

    def on_click(self, callback, remove=False):
        self._click_handlers.register_callback(callback, remove=remove)

    def click(self):
        self._click_handlers(self)

    def _handle_custom_msg(self, content, buffers):
        if content.get("event", "") == "click":
            self.click()


class _Selection(ValueWidget):
    """A selection: `options` (a list of values or (label, value) pairs, or a dict) and the
    synced `index`; `value` and `label` follow the index."""
    _need_options = False

    def __init__(self, options=None, **kwargs):
        if options is not None:
            kwargs["options"] = options
        if self._need_options and not kwargs.get("options"):
            raise TraitError("options must be nonempty")
        Widget.__init__(self, **kwargs)

    def _init_extra(self, kwargs):
        d = self.__dict__
        d["_options"] = ()
        d["_value"] = None
        d["_label"] = None
        opts = kwargs.pop("options", ())
        self._set_options(opts, notify=False)
        tv = self._trait_values
        if "value" in kwargs:
            tv["index"] = self._index_of_value(kwargs.pop("value"))
        elif "label" in kwargs:
            tv["index"] = self._index_of_label(kwargs.pop("label"))
        elif "index" in kwargs:
            tv["index"] = kwargs.pop("index")
        else:
            tv["index"] = 0 if self._options else None
        self._sync_from_index()

    def _set_options(self, opts, notify=True):
        if isinstance(opts, dict):
            pairs = tuple((str(k), v) for k, v in opts.items())
        else:
            pairs = []
            for o in opts:
                if isinstance(o, (tuple, list)) and len(o) == 2 and isinstance(o[0], str):
                    pairs.append((o[0], o[1]))
                else:
                    pairs.append((str(o), o))
            pairs = tuple(pairs)
        self.__dict__["_options"] = pairs
        self.__dict__["_options_given"] = tuple(opts.items()) if isinstance(opts, dict) else tuple(opts)
        labels = [p[0] for p in pairs]
        if notify:
            with self.hold_sync():
                Widget.set_trait(self, "_options_labels", labels)
                Widget.set_trait(self, "index", 0 if pairs else None)
        else:
            self._trait_values["_options_labels"] = labels

    def _index_of_value(self, v):
        for i, p in enumerate(self._options):
            if p[1] == v:
                return i
        raise TraitError("Invalid selection: value not found")

    def _index_of_label(self, l):
        for i, p in enumerate(self._options):
            if p[0] == l:
                return i
        raise TraitError("Invalid selection: label not found")

    def _sync_from_index(self):
        i = self._trait_values["index"]
        old_v, old_l = self._value, self._label
        if i is None:
            v, l = None, None
        else:
            l, v = self._options[i]
        self.__dict__["_value"] = v
        self.__dict__["_label"] = l
        return old_v, old_l

    def _repr_keys(self):
        keys = [k for k in ValueWidget._repr_keys(self)] + ["options"]
        for k in sorted(keys):
            if k == "index" and self.index == 0:
                continue
            yield k

    def _notify_plain(self, name, old, new):
        change = Bunch(name=name, old=old, new=new, owner=self, type="change")
        for names, handler in list(self._observers):
            if names is None or name in names:
                handler(change)

    def set_trait(self, name, value):
        if name == "index":
            if value is not None and not (0 <= value < len(self._options)):
                raise TraitError("Invalid selection: index out of bounds")
            Widget.set_trait(self, name, value)
            old_v, old_l = self._sync_from_index()
            if old_l != self._label:
                self._notify_plain("label", old_l, self._label)
            if old_v is not self._value and old_v != self._value:
                self._notify_plain("value", old_v, self._value)
        else:
            Widget.set_trait(self, name, value)

    def __getattr__(self, name):
        if name == "options":
            return self.__dict__["_options_given"]
        if name == "value":
            return self.__dict__["_value"]
        if name == "label":
            return self.__dict__["_label"]
        return Widget.__getattr__(self, name)

    def __setattr__(self, name, value):
        if name == "options":
            self._set_options(value)
        elif name == "value":
            self.set_trait("index", self._index_of_value(value))
        elif name == "label":
            self.set_trait("index", self._index_of_label(value))
        else:
            Widget.__setattr__(self, name, value)


Dropdown = _control("Dropdown", _Selection)
Select = _control("Select", _Selection)
RadioButtons = _control("RadioButtons", _Selection)
ToggleButtons = _control("ToggleButtons", _Selection)
SelectionSlider = _control("SelectionSlider", _Selection, _need_options=True)


class _MultipleSelection(ValueWidget):
    """Several selected options: the synced `index` is a tuple; `value` and `label` follow."""
    _pair = False   # SelectionRangeSlider: always two indices

    def __init__(self, options=None, **kwargs):
        if options is not None:
            kwargs["options"] = options
        if self._pair and not kwargs.get("options"):
            raise TraitError("options must be nonempty")
        Widget.__init__(self, **kwargs)

    def _init_extra(self, kwargs):
        self.__dict__["_options"] = ()
        _Selection._set_options(self, kwargs.pop("options", ()), notify=False)
        tv = self._trait_values
        if "value" in kwargs:
            tv["index"] = tuple(_Selection._index_of_value(self, v) for v in kwargs.pop("value"))
        elif "label" in kwargs:
            tv["index"] = tuple(_Selection._index_of_label(self, v) for v in kwargs.pop("label"))
        elif "index" in kwargs:
            tv["index"] = self._check_index(kwargs.pop("index"))
        else:
            tv["index"] = (0, 0) if self._pair else ()

    def _set_options(self, opts, notify=True):
        _Selection._set_options(self, opts, notify=False)
        if notify:
            with self.hold_sync():
                Widget.set_trait(self, "_options_labels", self._trait_values["_options_labels"])
                self.set_trait("index", (0, 0) if self._pair else ())

    def _check_index(self, index):
        index = tuple(index)
        n = len(self._options)
        for i in index:
            if not (0 <= i < n):
                raise TraitError("Invalid selection: index out of bounds: %r" % (i,))
        if self._pair and len(index) != 2:
            raise TraitError("Invalid selection: index must have two values, but is %r" % (index,))
        return index

    def set_trait(self, name, value):
        if name != "index":
            return Widget.set_trait(self, name, value)
        value = self._check_index(value)
        old_v, old_l = self.value, self.label
        Widget.set_trait(self, name, value)
        if old_l != self.label:
            _Selection._notify_plain(self, "label", old_l, self.label)
        if old_v != self.value:
            _Selection._notify_plain(self, "value", old_v, self.value)

    def _repr_keys(self):
        keys = [k for k in ValueWidget._repr_keys(self)] + ["options"]
        for k in sorted(keys):
            yield k

    def __getattr__(self, name):
        if name == "options":
            return self.__dict__["_options_given"]
        if name == "value":
            return tuple(self._options[i][1] for i in self._trait_values["index"])
        if name == "label":
            return tuple(self._options[i][0] for i in self._trait_values["index"])
        return Widget.__getattr__(self, name)

    def __setattr__(self, name, value):
        if name == "options":
            self._set_options(value)
        elif name == "value":
            self.set_trait("index", tuple(_Selection._index_of_value(self, v) for v in value))
        elif name == "label":
            self.set_trait("index", tuple(_Selection._index_of_label(self, v) for v in value))
        else:
            Widget.__setattr__(self, name, value)


SelectMultiple = _control("SelectMultiple", _MultipleSelection)
SelectionRangeSlider = _control("SelectionRangeSlider", _MultipleSelection, _pair=True)


class Box(DOMWidget):
    _model = "Box"

    def __init__(self, children=(), **kwargs):
        kwargs["children"] = tuple(children)
        Widget.__init__(self, **kwargs)


HBox = _control("HBox", Box)
VBox = _control("VBox", Box)


class Output(DOMWidget):
    """Captures output: inside `with out:` the front end puts what the cell (or a handler)
    shows into this widget, by the msg_id of the request being answered."""
    _model = "Output"

    def __init__(self, **kwargs):
        Widget.__init__(self, **kwargs)
        self.__dict__["_nesting"] = 0

    def clear_output(self, *args, **kwargs):
        from IPython.display import clear_output
        with self:
            clear_output(*args, **kwargs)

    def capture(self, clear_output=False, *clear_args, **clear_kwargs):
        def deco(func):
            def inner(*args, **kwargs):
                if clear_output:
                    self.clear_output(*clear_args, **clear_kwargs)
                with self:
                    return func(*args, **kwargs)
            return inner
        return deco

    def _flush(self):
        sys.stdout.flush()
        sys.stderr.flush()

    def __enter__(self):
        self._flush()
        parent = _comm._parent_header()
        if parent and parent.get("msg_id"):
            self.msg_id = parent["msg_id"]
            self.__dict__["_nesting"] = self._nesting + 1

    def __exit__(self, etype, evalue, tb):
        shown = False
        if etype is not None:
            shown = _comm._native.show_traceback(evalue)
            if not shown:
                import traceback
                traceback.print_exception(etype, evalue, tb)
        self._flush()
        if self._nesting > 0:
            self.__dict__["_nesting"] = self._nesting - 1
        if self._nesting == 0:
            self.msg_id = ""
        return True if shown else None

    def _append(self, output):
        self.outputs = tuple(self.outputs) + (output,)

    def append_stdout(self, text):
        self._append({"output_type": "stream", "name": "stdout", "text": text})

    def append_stderr(self, text):
        self._append({"output_type": "stream", "name": "stderr", "text": text})


# ---- more controls -------------------------------------------------------------------------
class _BoundedRange(_Bounded):
    """A (lower, upper) pair between min and max (IntRangeSlider, FloatRangeSlider)."""

    def __init__(self, value=None, min=None, max=None, step=None, **kwargs):
        lo = 0 if min is None else min
        hi = 100 if max is None else max
        if value is None:
            value = (0.75 * lo + 0.25 * hi, 0.25 * lo + 0.75 * hi)
        _Bounded.__init__(self, value=tuple(value), min=min, max=max, step=step, **kwargs)

    def _validate(self, name, value):
        if name != "value":
            return _Bounded._validate(self, name, value)
        tv = self._trait_values
        value = tuple(value)
        if len(value) != 2:
            raise TraitError("The 'value' trait of a %s instance expected a tuple of two values, not %r" % (type(self).__name__, value))
        lower, upper = self._cast(value[0]), self._cast(value[1])
        if upper < lower:
            raise TraitError("setting lower > upper")
        lower, upper = min(lower, tv["max"]), min(upper, tv["max"])
        lower, upper = max(lower, tv["min"]), max(upper, tv["min"])
        return (lower, upper)

    def __getattr__(self, name):
        if name in ("lower", "upper"):
            return self._trait_values["value"][0 if name == "lower" else 1]
        return Widget.__getattr__(self, name)

    def __setattr__(self, name, value):
        if name == "lower":
            self.value = (value, self.value[1])
        elif name == "upper":
            self.value = (self.value[0], value)
        else:
            Widget.__setattr__(self, name, value)


IntRangeSlider = _control("IntRangeSlider", _BoundedRange)
FloatRangeSlider = _control("FloatRangeSlider", _BoundedRange, _int=False)


class FloatLogSlider(_Bounded):
    """A slider over base**min .. base**max (min, max and step are exponents)."""
    _model = "FloatLogSlider"
    _int = False

    def _init_extra(self, kwargs):
        if "base" in kwargs:
            self._trait_values["base"] = float(kwargs.pop("base"))
        _Bounded._init_extra(self, kwargs)

    def _validate(self, name, value):
        if name != "value":
            if name == "base":
                return float(value)
            return _Bounded._validate(self, name, value)
        tv = self._trait_values
        value = float(value)
        lo, hi = tv["base"] ** tv["min"], tv["base"] ** tv["max"]
        return min(max(value, lo), hi)


BoundedIntText = _control("BoundedIntText", _Bounded)
BoundedFloatText = _control("BoundedFloatText", _Bounded, _int=False)
IntProgress = _control("IntProgress", _Bounded)
FloatProgress = _control("FloatProgress", _Bounded, _int=False)
Play = _control("Play", _Bounded)


class Password(_String):
    _model = "Password"

    def _repr_keys(self):
        # the password stays out of the repr, as ipywidgets
        for k in _String._repr_keys(self):
            if k != "value":
                yield k


HTMLMath = _control("HTMLMath", _String)
Combobox = _control("Combobox", _String)
ColorPicker = _control("ColorPicker", _String)
Valid = _control("Valid", _Bool)


class Image(ValueWidget):
    """An image from bytes (png, jpeg, gif, ...): the value goes to the front end as a binary
    buffer of its comm messages, not as JSON."""
    _model = "Image"

    def __init__(self, value=None, **kwargs):
        if value is not None:
            kwargs["value"] = value
        Widget.__init__(self, **kwargs)

    def _init_extra(self, kwargs):
        self._trait_values["value"] = b""

    def _validate(self, name, value):
        if name in ("width", "height", "format"):
            return str(value)
        if name == "value":
            if isinstance(value, bytearray):
                return bytes(value)
            if not isinstance(value, (bytes, memoryview)):
                raise TraitError("The 'value' trait of an %s instance expected a bytes object, not %r" % (type(self).__name__, value))
        return value

    def _repr_value(self, k):
        v = Widget._repr_value(self, k)
        if k == "value":
            # the first 40 bytes, as ipywidgets' _Media
            t = repr(bytes(v[:40]))
            return _ReprText(t[:-1] + "..." + t[-1] if len(v) > 40 else t)
        return _ReprText(repr(str(v)))   # _Media shows the other keys as str

    @classmethod
    def from_file(cls, filename, **kwargs):
        with open(filename, "rb") as f:
            value = f.read()
        if "format" not in kwargs:
            ext = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
            kwargs["format"] = {"jpg": "jpeg", "svg": "svg+xml"}.get(ext, ext or "png")
        return cls(value=value, **kwargs)


Audio = _control("Audio", Image)
Video = _control("Video", Image)


class FileUpload(ValueWidget):
    """A file upload button: value is a tuple of dicts (name, type, size, content as a
    memoryview, last_modified as an aware datetime), which arrive as binary buffers."""
    _model = "FileUpload"
    _no_echo = ("value",)

    def _repr_keys(self):
        # description shows even at 'Upload' (a dynamic default in ipywidgets)
        rest = [k for k in ValueWidget._repr_keys(self) if k != "value"]
        yield "value"
        for k in sorted(set(rest + ["description"])):
            yield k

    def _state_to_json(self, k, v):
        if k == "value":
            return [{"name": f["name"], "type": f["type"], "size": f["size"], "content": f["content"],
                     "last_modified": int(f["last_modified"].timestamp() * 1000)} for f in v]
        return _to_json(v)

    def _state_from_json(self, k, v):
        if k == "value":
            import datetime
            out = []
            for js in v:
                f = Bunch()
                for a in ("name", "type", "size", "content"):
                    f[a] = js[a]
                f["last_modified"] = datetime.datetime.fromtimestamp(js["last_modified"] / 1000,
                                                                     tz=datetime.timezone.utc)
                out.append(f)
            return tuple(out)
        return _from_json(v)


class _ReprText:
    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


class DatePicker(ValueWidget):
    """A date: datetime.date in Python, {year, month (0-based), date} in the model."""
    _model = "DatePicker"

    def __init__(self, value=None, **kwargs):
        if value is not None:
            kwargs["value"] = value
        Widget.__init__(self, **kwargs)

    def _repr_keys(self):
        # step shows even at its default (ipywidgets' default is the string 'any')
        yield "value"
        for k in sorted([k for k in ValueWidget._repr_keys(self) if k != "value"] + ["step"]):
            yield k

    def _state_to_json(self, k, v):
        if k in ("value", "min", "max") and v is not None:
            return {"year": v.year, "month": v.month - 1, "date": v.day}
        return _to_json(v)

    def _state_from_json(self, k, v):
        if k in ("value", "min", "max") and isinstance(v, dict):
            import datetime
            return datetime.date(v["year"], v["month"] + 1, v["date"])
        return _from_json(v)

    def _validate(self, name, value):
        tv = self._trait_values
        if name == "value" and value is not None:
            if tv.get("min") is not None and value < tv["min"]:
                return tv["min"]
            if tv.get("max") is not None and value > tv["max"]:
                return tv["max"]
        return value


def _pad(seq, n):
    seq = tuple(seq)[:n]
    return seq + ("",) * (n - len(seq))


class _SelectionContainer(Box):
    """Box whose children are pages with `titles` and one `selected_index`."""

    def __init__(self, children=(), **kwargs):
        kwargs["children"] = tuple(children)
        Widget.__init__(self, **kwargs)

    def _init_extra(self, kwargs):
        tv = self._trait_values
        tv["children"] = tuple(kwargs.pop("children", ()))
        tv["titles"] = _pad(kwargs.pop("titles", ()), len(tv["children"]))
        if "selected_index" in kwargs:
            tv["selected_index"] = self._validate("selected_index", kwargs.pop("selected_index"))
        else:
            tv["selected_index"] = self._default_index()

    def _default_index(self):
        return None

    def _validate(self, name, value):
        n = len(self._trait_values["children"])
        if name == "selected_index" and value is not None:
            value = int(value)
            if not (0 <= value < n):
                raise TraitError("Invalid selection: index out of bounds")
        elif name == "titles":
            value = _pad(tuple(None if t is None else str(t) for t in value), n)
        elif name == "children":
            value = tuple(value)
        return value

    def set_trait(self, name, value):
        Widget.set_trait(self, name, value)
        if name == "children":
            self._reset_selected_index()
            if len(self.titles) != len(self.children):
                self.titles = tuple(self.titles)

    def _reset_selected_index(self):
        i = self.selected_index
        if i is not None and len(self.children) < i:
            self.selected_index = None

    def set_title(self, index, title):
        titles = list(self.titles)
        titles[index] = "" if title is None else title
        self.titles = tuple(titles)

    def get_title(self, index):
        return self.titles[index]


Accordion = _control("Accordion", _SelectionContainer)
Stack = _control("Stack", _SelectionContainer)


class Tab(_SelectionContainer):
    _model = "Tab"

    def _default_index(self):
        return 0 if self._trait_values["children"] else None

    def _reset_selected_index(self):
        n = len(self.children)
        if n == 0:
            self.selected_index = None
        elif self.selected_index is None:
            self.selected_index = 0
        elif n < self.selected_index:
            self.selected_index = n - 1


GridBox = _control("GridBox", Box)


# ---- links -----------------------------------------------------------------------------------
def _check_link_pair(pair):
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise TypeError("Each link end must be a (widget, trait name) pair, not %r" % (pair,))
    w, name = pair
    if not isinstance(w, Widget):
        raise TypeError("%r is not a widget" % (w,))
    if name not in w._keys:
        raise TypeError("%r has no synced trait %r" % (w, name))
    return tuple(pair)


class Link(Widget):
    """A link kept by the front end (jslink): source and target traits stay equal there."""
    _model = "Link"

    def __init__(self, source, target, **kwargs):
        kwargs["source"] = _check_link_pair(source)
        kwargs["target"] = _check_link_pair(target)
        Widget.__init__(self, **kwargs)

    def unlink(self):
        self.close()


class DirectionalLink(Link):
    """A one-way front-end link (jsdlink): the target follows the source."""
    _model = "DirectionalLink"


def jslink(attr1, attr2):
    return Link(attr1, attr2)


def jsdlink(source, target):
    return DirectionalLink(source, target)


def _pass_change(lk, change, to, transform, back=None, back_name="", to_name=""):
    # a link's update (traitlets'): `to` is set from the change unless the link is setting one
    # already; with `back`, the trait that changed must still hold the value afterwards
    if lk.updating:
        return
    lk.updating = True
    try:
        setattr(to[0], to[1], transform(change.new))
        if back is not None and getattr(back[0], back[1]) != change.new:
            raise TraitError("Broken link {}: the {} value changed while updating the {}."
                             .format(lk, back_name, to_name))
    finally:
        lk.updating = False


class link:
    """A kernel-side two-way link between two traits (traitlets.link)."""
    updating = False

    def __init__(self, source, target, transform=None):
        self.source, self.target = tuple(source), tuple(target)
        if transform:
            self._transform, self._transform_inv = transform
        else:
            self._transform = self._transform_inv = lambda x: x
        self.link()

    def link(self):
        try:
            setattr(self.target[0], self.target[1],
                    self._transform(getattr(self.source[0], self.source[1])))
        finally:
            self.source[0].observe(self._update_target, names=self.source[1])
            self.target[0].observe(self._update_source, names=self.target[1])

    def _update_target(self, change):
        _pass_change(self, change, self.target, self._transform, self.source, "source", "target")

    def _update_source(self, change):
        _pass_change(self, change, self.source, self._transform_inv, self.target, "target", "source")

    def unlink(self):
        self.source[0].unobserve(self._update_target, names=self.source[1])
        self.target[0].unobserve(self._update_source, names=self.target[1])


class dlink:
    """A kernel-side one-way link: the target follows the source (traitlets.dlink)."""
    updating = False

    def __init__(self, source, target, transform=None):
        self._transform = transform if transform else (lambda x: x)
        self.source, self.target = tuple(source), tuple(target)
        self.link()

    def link(self):
        try:
            setattr(self.target[0], self.target[1],
                    self._transform(getattr(self.source[0], self.source[1])))
        finally:
            self.source[0].observe(self._update, names=self.source[1])

    def _update(self, change):
        _pass_change(self, change, self.target, self._transform)

    def unlink(self):
        self.source[0].unobserve(self._update, names=self.source[1])


ProgressStyle = _style("ProgressStyle")
ToggleButtonsStyle = _style("ToggleButtonsStyle")
HTMLMathStyle = _style("HTMLMathStyle")


# ---- interact ----------------------------------------------------------------------------
class fixed:
    """A value that interact passes through unchanged, without a widget."""

    def __init__(self, value):
        self.value = value


def _min_max_value(mn, mx, value=None, step=None):
    if value is None:
        if mn is None or mx is None:
            raise ValueError("unable to infer range, value from: ({}, {}, {})".format(mn, mx, value))
        diff = mx - mn
        value = mn + (diff / 2)
        if not isinstance(value, type(diff)):
            value = mn + (diff // 2)
    else:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError("expected a real number, got: %r" % (value,))
        if value == 0:
            vrange = (value, value + 1)
        elif value > 0:
            vrange = (-value, 3 * value)
        else:
            vrange = (3 * value, -value)
        if mn is None:
            mn = vrange[0]
        if mx is None:
            mx = vrange[1]
    if step is not None:
        tick = int((value - mn) / step)
        value = mn + tick * step
    if not mn <= value <= mx:
        raise ValueError("value must be between min and max (min={}, value={}, max={})".format(mn, value, mx))
    return mn, mx, value


def _is_real(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _widget_from_abbrev(abbrev, default=None):
    if isinstance(abbrev, Widget) and isinstance(abbrev, ValueWidget):
        return abbrev
    if isinstance(abbrev, tuple):
        w = None
        if len(abbrev) == 2 and all(_is_real(x) for x in abbrev):
            mn, mx, value = _min_max_value(abbrev[0], abbrev[1])
            cls = IntSlider if all(isinstance(x, int) for x in abbrev) else FloatSlider
            w = cls(value=value, min=mn, max=mx)
        elif len(abbrev) == 3 and all(_is_real(x) for x in abbrev):
            if abbrev[2] <= 0:
                raise ValueError("step must be >= 0, not %r" % (abbrev[2],))
            mn, mx, value = _min_max_value(abbrev[0], abbrev[1], step=abbrev[2])
            cls = IntSlider if all(isinstance(x, int) for x in abbrev) else FloatSlider
            w = cls(value=value, min=mn, max=mx, step=abbrev[2])
        if w is None:
            w = Dropdown(options=list(abbrev))
    elif isinstance(abbrev, str):
        w = Text(value=abbrev)
    elif isinstance(abbrev, bool):
        w = Checkbox(value=abbrev)
    elif isinstance(abbrev, int):
        mn, mx, value = _min_max_value(None, None, abbrev)
        w = IntSlider(value=abbrev, min=mn, max=mx)
    elif isinstance(abbrev, float):
        mn, mx, value = _min_max_value(None, None, abbrev)
        w = FloatSlider(value=abbrev, min=mn, max=mx)
    elif isinstance(abbrev, (list, dict)):
        w = Dropdown(options=abbrev)
    elif hasattr(abbrev, "__iter__"):
        w = Dropdown(options=list(abbrev))
    else:
        raise ValueError("%r cannot be transformed to a widget" % (abbrev,))
    if default is not None:
        try:
            w.value = default
        except Exception:
            pass
    return w


class interactive(VBox):
    """A VBox of one control per argument of f and an Output that shows f's result; f runs
    again whenever a control's value changes."""

    def __init__(self, __interact_f, __options={}, **kwargs):
        f = __interact_f
        import inspect
        VBox.__init__(self, _dom_classes=("widget-interact",))
        params = []
        try:
            sig = inspect.signature(f)
            params = list(sig.parameters.values())
        except Exception:
            params = []
        controls = []
        fixed_kw = {}
        seen = set()
        for p in params:
            if p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
                continue
            if p.name in kwargs:
                abbrev = kwargs.pop(p.name)
                default = p.default if p.default is not p.empty else None
            elif p.default is not p.empty:
                abbrev, default = p.default, None
            else:
                continue
            seen.add(p.name)
            if isinstance(abbrev, fixed):
                fixed_kw[p.name] = abbrev
                continue
            w = _widget_from_abbrev(abbrev, default)
            if not w.description:
                w.description = p.name
            w.__dict__["_kwarg"] = p.name
            controls.append(w)
        for name, abbrev in kwargs.items():
            if isinstance(abbrev, fixed):
                fixed_kw[name] = abbrev
                continue
            w = _widget_from_abbrev(abbrev)
            if not w.description:
                w.description = name
            w.__dict__["_kwarg"] = name
            controls.append(w)
        d = self.__dict__
        d["manual"] = __options.get("manual", False)
        d["manual_name"] = __options.get("manual_name", "Run Interact")
        c = list(controls)
        if self.manual:
            d["manual_button"] = Button(description=self.manual_name)
            c.append(self.manual_button)
        out = Output()
        c.append(out)
        self.children = tuple(c)
        d["f"] = f
        d["out"] = out
        d["kwargs_widgets"] = controls
        d["_fixed"] = fixed_kw
        d["result"] = None
        d["kwargs"] = {}
        d["clear_output"] = __options.get("clear_output", True)
        d["auto_display"] = __options.get("auto_display", False)
        if self.manual:
            self.manual_button.on_click(self.update)
            for w in controls:
                if isinstance(w, Text):
                    w.continuous_update = False
                    w.observe(self.update, names="value")
        else:
            for w in controls:
                w.observe(self.update, names="value")
            self.update()

    def update(self, *args):
        from IPython.display import display, clear_output
        self.__dict__["kwargs"] = {}
        if self.manual:
            self.manual_button.disabled = True
        try:
            with self.out:
                if self.clear_output:
                    clear_output(wait=True)
                kw = {}
                for w in self.kwargs_widgets:
                    kw[w._kwarg] = w.get_interact_value()
                for k, v in self._fixed.items():
                    kw[k] = v.value
                self.__dict__["kwargs"] = kw
                self.__dict__["result"] = self.f(**kw)
                if self.auto_display and self.result is not None:
                    display(self.result)
        except Exception as e:
            _show_exception(e)
        finally:
            if self.manual:
                self.manual_button.disabled = False

    def widget_from_abbrev(self, abbrev, default=None):
        return _widget_from_abbrev(abbrev, default)


class _InteractFactory:
    """interact and interact_manual: interact(f, **abbrevs) shows controls for f's arguments
    and f's result, rerun on change; also a decorator, with or without arguments;
    .options(manual=..., manual_name=..., auto_display=...) makes a variant."""

    def __init__(self, cls, options, kwargs=None):
        self.cls = cls
        self.opts = options
        self.kwargs = kwargs if kwargs else {}

    def widget(self, f):
        return self.cls(f, self.opts, **self.kwargs)

    def __call__(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError("interact takes one positional argument (the function)")
        factory = self
        if kwargs:
            kw = dict(self.kwargs)
            kw.update(kwargs)
            factory = type(self)(self.cls, self.opts, kw)
        if not args or args[0] is None:
            return factory
        f = args[0]
        w = factory.widget(f)
        try:
            f.widget = w
        except AttributeError:
            g = f
            f = lambda *a, **k: g(*a, **k)
            f.widget = w
        from IPython.display import display
        display(w)
        return f

    def options(self, **kwds):
        opts = dict(self.opts)
        for k in kwds:
            if k not in opts:
                raise ValueError("invalid option {!r}".format(k))
            opts[k] = kwds[k]
        return type(self)(self.cls, opts, self.kwargs)


interact = _InteractFactory(interactive, {"manual": False, "auto_display": True,
                                          "manual_name": "Run Interact"})
interact_manual = interact.options(manual=True, manual_name="Run Interact")


def interactive_output(f, controls):
    out = Output()

    def observer(change):
        kwargs = {k: v.value for k, v in controls.items()}
        from IPython.display import clear_output
        with out:
            clear_output(wait=True)
            f(**kwargs)
    for k, w in controls.items():
        w.observe(observer, "value")
    observer(None)
    return out


def register_comm_target(kernel=None):
    _comm.get_comm_manager().register_target("jupyter.widget", _handle_comm_opened)


def _widget_registry():
    # _model_name -> class, for models the front end creates (the first class of each name)
    reg = {}
    for v in list(globals().values()):
        if isinstance(v, type) and issubclass(v, Widget) and v._model in _MODELS:
            reg.setdefault(_MODELS[v._model][0]["_model_name"], v)
    return reg


def _handle_comm_opened(c, msg):
    # a model the front end created (ipywidgets' Widget.handle_comm_opened): the widget of its
    # class on this comm, then its state from the message
    version = msg.get("metadata", {}).get("version", "")
    if version.split(".")[0] != __protocol_version__.split(".")[0]:
        raise ValueError("Incompatible widget protocol versions: received version %r, expected version %r" % (version, __protocol_version__))
    data = msg["content"]["data"]
    state = data["state"]
    # looked up as ipywidgets' registry does: model module, model name, view name (the
    # versions are not compared)
    reg = _widget_registry()
    if state["_model_module"] not in set(_MODELS[k._model][0]["_model_module"] for k in reg.values()):
        raise KeyError(state["_model_module"])
    cls = reg.get(state["_model_name"])
    if cls is None or _MODELS[cls._model][0]["_model_module"] != state["_model_module"]:
        raise KeyError(state["_model_name"])
    if _MODELS[cls._model][0]["_view_name"] != state["_view_name"]:
        raise KeyError(state["_view_name"])
    w = cls(comm=c)
    if "buffer_paths" in data:
        _put_buffers(state, data["buffer_paths"], msg.get("buffers", []))
    w.set_state(state)


def _handle_control_comm_opened(c, msg):
    # the front end asks for every widget's state after a reload (jupyter.widget.control)
    version = msg.get("metadata", {}).get("version", "")
    if version.split(".")[0] != "1":
        raise ValueError("Incompatible widget control protocol versions: received version %r, expected version %r" % (version, "1.0.0"))
    def on_msg(m):
        data = m["content"]["data"]
        if data.get("method") == "request_states":
            states = {}
            for mid, w in _instances.items():
                states[mid] = {"model_name": w._trait_values.get("_model_name"),
                               "model_module": w._trait_values.get("_model_module"),
                               "model_module_version": w._trait_values.get("_model_module_version"),
                               "state": w.get_state()}
            c.send({"method": "update_states", "states": states, "buffer_paths": []})
        else:
            raise RuntimeError('Unknown front-end to back-end widget control msg with method "%s"' % (data.get("method"),))
    c.on_msg(on_msg)


register_comm_target()
_comm.get_comm_manager().register_target("jupyter.widget.control", _handle_control_comm_opened)
