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


class CallbackDispatcher:
    """A list of callbacks called in order; an exception in one is shown, the rest still run."""

    def __init__(self):
        self.callbacks = []

    def __call__(self, *args, **kwargs):
        value = None
        for cb in self.callbacks:
            try:
                local = cb(*args, **kwargs)
            except Exception:
                import traceback
                traceback.print_exc()
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
        layout = kwargs.pop("layout", None)
        style = kwargs.pop("style", None)
        if layout is not None:
            state["layout"] = layout if isinstance(layout, Widget) else Layout(**layout)
        if style is not None:
            state["style"] = style if isinstance(style, Widget) else _STYLES[spec[1]](**style)
        self._init_extra(kwargs)
        for k, v in kwargs.items():
            setattr(self, k, v)
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
                out[k] = _to_json(self._trait_values[k])
        return out

    def _should_send_property(self, key, value):
        lock = self._property_lock
        if key in lock and _to_json(value) == lock[key]:
            return False
        if self._holding_sync:
            self._states_to_send.add(key)
            return False
        return True

    def send_state(self, key=None):
        state = self.get_state(key)
        if state:
            self._send({"method": "update", "state": state, "buffer_paths": []})

    def _send(self, msg, buffers=None):
        if self.comm is not None and not self.comm._closed:
            self.comm.send(data=msg, buffers=buffers)

    def send(self, content, buffers=None):
        self._send({"method": "custom", "content": content}, buffers=buffers)

    def hold_sync(self):
        return _HoldSync(self)

    def set_state(self, sync_data):
        echo = {k: v for k, v in sync_data.items() if k in self._keys}
        if echo:
            self._send({"method": "echo_update", "state": echo, "buffer_paths": []})
        self.__dict__["_property_lock"] = dict(sync_data)
        try:
            for name in sync_data:
                if name in self._keys:
                    self.set_trait(name, _from_json(sync_data[name]))
        finally:
            self.__dict__["_property_lock"] = {}

    # --- comm --------------------------------------------------------------------------
    def open(self, model_id=None):
        if self.comm is not None:
            return
        state = self.get_state()
        c = _comm.create_comm(target_name="jupyter.widget",
                              data={"state": state, "buffer_paths": []},
                              metadata={"version": __protocol_version__},
                              comm_id=model_id)
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
        data = msg["content"]["data"]
        method = data.get("method")
        if method == "update":
            if "state" in data:
                self.set_state(data["state"])
        elif method == "request_state":
            self.send_state()
        elif method == "custom":
            if "content" in data:
                self._handle_custom_msg(data["content"], msg.get("buffers", []))
        else:
            _comm._log("Unknown front-end to back-end widget msg with method %r" % (method,))

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
                continue
            v = self._trait_values.get(k)
            d = defaults.get(k)
            if isinstance(d, list):
                d = tuple(d)
            if v != d or type(v) != type(d):
                yield k

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


class Layout(Widget):
    _model = "Layout"


def _style_class(name):
    return type(name, (Widget,), {"_model": name})


_STYLES = {}
for _n in ("ButtonStyle", "CheckboxStyle", "DescriptionStyle", "HTMLStyle", "LabelStyle",
           "SliderStyle", "TextStyle", "ToggleButtonStyle"):
    _STYLES[_n] = _style_class(_n)
ButtonStyle = _STYLES["ButtonStyle"]
CheckboxStyle = _STYLES["CheckboxStyle"]
DescriptionStyle = _STYLES["DescriptionStyle"]
HTMLStyle = _STYLES["HTMLStyle"]
LabelStyle = _STYLES["LabelStyle"]
SliderStyle = _STYLES["SliderStyle"]
TextStyle = _STYLES["TextStyle"]
ToggleButtonStyle = _STYLES["ToggleButtonStyle"]


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


class IntSlider(_Bounded):
    _model = "IntSlider"


class FloatSlider(_Bounded):
    _model = "FloatSlider"
    _int = False


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


class IntText(_Number):
    _model = "IntText"


class FloatText(_Number):
    _model = "FloatText"
    _int = False


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


class Text(_String):
    _model = "Text"


class Textarea(_String):
    _model = "Textarea"


class Label(_String):
    _model = "Label"


class HTML(_String):
    _model = "HTML"


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


class Checkbox(_Bool):
    _model = "Checkbox"


class ToggleButton(_Bool):
    _model = "ToggleButton"


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


class Dropdown(ValueWidget):
    """A selection: `options` (a list of values or (label, value) pairs, or a dict) and the
    synced `index`; `value` and `label` follow the index."""
    _model = "Dropdown"

    def __init__(self, options=None, **kwargs):
        if options is not None:
            kwargs["options"] = options
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


class Box(DOMWidget):
    _model = "Box"

    def __init__(self, children=(), **kwargs):
        kwargs["children"] = tuple(children)
        Widget.__init__(self, **kwargs)


class HBox(Box):
    _model = "HBox"


class VBox(Box):
    _model = "VBox"


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
            import traceback
            traceback.print_exception(etype, evalue, tb)
            shown = _comm._native.has_frontend()
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
        out = Output()
        self.children = tuple(controls) + (out,)
        d = self.__dict__
        d["f"] = f
        d["out"] = out
        d["kwargs_widgets"] = controls
        d["_fixed"] = fixed_kw
        d["result"] = None
        d["kwargs"] = {}
        d["clear_output"] = __options.get("clear_output", True)
        d["auto_display"] = __options.get("auto_display", False)
        for w in controls:
            w.observe(self.update, names="value")

    def update(self, *args):
        from IPython.display import display, clear_output
        self.__dict__["kwargs"] = {}
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
        except Exception:
            import traceback
            traceback.print_exc()

    def widget_from_abbrev(self, abbrev, default=None):
        return _widget_from_abbrev(abbrev, default)


def interact(__interact_f=None, **kwargs):
    """interact(f, **abbrevs): show controls for f's arguments and f's result, rerun on change;
    also a decorator, with or without arguments."""
    def make(f):
        w = interactive(f, {"auto_display": True}, **kwargs)
        from IPython.display import display
        w.update()
        display(w)
        f.widget = w
        return f
    if __interact_f is None:
        return make
    return make(__interact_f)


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


def _handle_comm_opened(c, msg):
    # a model created by the front end is not supported: close it
    c.close()


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
