# comm.py - Jupyter comms as the `comm` package (and ipykernel.comm) define them: Comm objects
# that talk to the front end through sable._comm, targets, and the kernel's dispatch (_deliver).
import json
import sable._comm as _native


def _new_id():
    import random
    return "%032x" % random.getrandbits(128)


def _jsonable(x):
    # what json_clean does for the common cases: tuples become lists, keys become str
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (bytes, bytearray, memoryview)):
        import base64
        return base64.b64encode(bytes(x)).decode("ascii")
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if hasattr(x, "tolist"):
        return _jsonable(x.tolist())
    return str(x)


class BaseComm:
    """One end of a comm (comm.base_comm.BaseComm): open, send, close, on_msg, on_close."""

    def __init__(self, target_name="comm", data=None, metadata=None, buffers=None,
                 comm_id=None, primary=True, target_module=None, topic=None,
                 _open_data=None, _close_data=None, show_warning=True, **kwargs):
        self.comm_id = comm_id if comm_id else _new_id()
        self.primary = primary
        self.target_name = target_name
        self.target_module = target_module
        self.topic = topic if topic else ("comm-" + self.comm_id).encode("ascii")
        self._open_data = _open_data if _open_data else {}
        self._close_data = _close_data if _close_data else {}
        self._msg_callback = None
        self._close_callback = None
        self._closed = True
        self.kernel = None
        if self.primary:
            self.open(data=data, metadata=metadata, buffers=buffers)
        else:
            self._closed = False

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        if data is None:
            data = {}
        if metadata is None:
            metadata = {}
        content = {"data": _jsonable(data), "comm_id": self.comm_id}
        for k, v in keys.items():
            content[k] = _jsonable(v)
        bufs = None
        if buffers:
            # binary frames after the content (bytes, bytearray, memoryview, ...)
            bufs = [b if isinstance(b, bytes) else bytes(b) for b in buffers]
        _native.publish(msg_type, json.dumps(content), json.dumps(_jsonable(metadata)), bufs)

    def open(self, data=None, metadata=None, buffers=None):
        if data is None:
            data = self._open_data
        mgr = get_comm_manager()
        mgr.register_comm(self)
        try:
            self.publish_msg("comm_open", data=data, metadata=metadata, buffers=buffers,
                             target_name=self.target_name, target_module=self.target_module)
            self._closed = False
        except Exception:
            mgr.unregister_comm(self)
            raise

    def close(self, data=None, metadata=None, buffers=None, deleting=False):
        if self._closed:
            return
        self._closed = True
        if data is None:
            data = self._close_data
        self.publish_msg("comm_close", data=data, metadata=metadata, buffers=buffers)
        if not deleting:
            get_comm_manager().unregister_comm(self)

    def send(self, data=None, metadata=None, buffers=None):
        self.publish_msg("comm_msg", data=data, metadata=metadata, buffers=buffers)

    def on_close(self, callback):
        self._close_callback = callback

    def on_msg(self, callback):
        self._msg_callback = callback

    def handle_close(self, msg):
        if self._close_callback:
            self._close_callback(msg)

    def handle_msg(self, msg):
        if self._msg_callback:
            self._msg_callback(msg)

    def __repr__(self):
        return "<Comm %s target=%s>" % (self.comm_id, self.target_name)


class Comm(BaseComm):
    """ipykernel.comm.Comm: Comm(target_name, data, metadata, buffers)."""
    pass


class CommManager:
    """The kernel's comms and targets (comm.base_comm.CommManager)."""

    def __init__(self):
        self.comms = {}
        self.targets = {}

    def register_target(self, target_name, f):
        if isinstance(f, str):
            raise TypeError("a comm target must be a callable, not a str")
        self.targets[target_name] = f

    def unregister_target(self, target_name, f=None):
        return self.targets.pop(target_name, None)

    def register_comm(self, comm):
        self.comms[comm.comm_id] = comm
        return comm.comm_id

    def unregister_comm(self, comm):
        self.comms.pop(comm.comm_id, None)

    def get_comm(self, comm_id):
        c = self.comms.get(comm_id)
        if c is None:
            _log("No such comm: %s" % (comm_id,))
        return c

    def comm_open(self, stream, ident, msg):
        content = msg["content"]
        comm_id = content["comm_id"]
        target_name = content.get("target_name", "")
        f = self.targets.get(target_name)
        c = Comm(comm_id=comm_id, primary=False, target_name=target_name, show_warning=False)
        self.register_comm(c)
        if f is None:
            _log("No such comm target registered: %s" % (target_name,))
        else:
            try:
                f(c, msg)
                return
            except Exception:
                _log_exc("Exception opening comm with target: %s" % (target_name,))
        try:
            c.close()
        except Exception:
            _log_exc("Could not close comm during comm_open failure cleanup")

    def comm_msg(self, stream, ident, msg):
        c = self.get_comm(msg["content"]["comm_id"])
        if c is None:
            return
        try:
            c.handle_msg(msg)
        except Exception:
            _log_exc("Exception in comm_msg for %s" % (c.comm_id,))

    def comm_close(self, stream, ident, msg):
        comm_id = msg["content"]["comm_id"]
        c = self.get_comm(comm_id)
        if c is None:
            return
        self.comms.pop(comm_id, None)
        c._closed = True
        try:
            c.handle_close(msg)
        except Exception:
            _log_exc("Exception in comm_close for %s" % (comm_id,))


def _log(text):
    # ipykernel's logger writes to sys.stderr, which the kernel sends to the front end, and
    # flushes it (logging's StreamHandler), so the text goes out before a comm_close after it
    import sys
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def _log_exc(text):
    import traceback
    _log(text + "\n" + traceback.format_exc())


_manager = None


def get_comm_manager():
    global _manager
    if _manager is None:
        _manager = CommManager()
    return _manager


def create_comm(*args, **kwargs):
    return Comm(*args, **kwargs)


def _parent_header():
    h = _native.parent_header()
    return json.loads(h) if h else {}


def _deliver(text):
    # called by the kernel for each comm_open / comm_msg / comm_close from the front end
    msg = json.loads(text)
    # the binary buffers come apart from the JSON; ipykernel gives memoryviews
    msg["buffers"] = [memoryview(b) for b in _native.request_buffers()]
    msg["msg_type"] = msg["header"].get("msg_type", "")
    msg["msg_id"] = msg["header"].get("msg_id", "")
    msg.setdefault("parent_header", {})
    mgr = get_comm_manager()
    t = msg["msg_type"]
    if t == "comm_open":
        mgr.comm_open(None, None, msg)
    elif t == "comm_msg":
        mgr.comm_msg(None, None, msg)
    elif t == "comm_close":
        mgr.comm_close(None, None, msg)
