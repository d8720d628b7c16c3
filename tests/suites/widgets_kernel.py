"""ipywidgets over the kernel's comms, driven by jupyter_client as a front end would: the iopub
messages of each step, normalized (model ids numbered in order of appearance), must equal what
ipywidgets 8.1.9 + ipykernel 7.4 send for the same steps (tests/suites/widgets_expected.json,
recorded with `python widgets_kernel.py --record PYTHON` where PYTHON has ipykernel, ipywidgets)."""
import json
import os
import queue
import sys
import time

import _kernel_util as ku

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTED = os.path.join(HERE, "widgets_expected.json")

# The steps: ("cell", code) runs a cell; ("msg", model_name_or_index, data) sends a comm_msg
# to the n-th model of that name (front end -> kernel); ("open", target) opens a comm from the
# front end; ("info", target) asks comm_info.
STEPS = [
    ("cell", "import ipywidgets as widgets\ns = widgets.IntSlider(value=3, min=0, max=10, description='n')\ns"),
    ("cell", "seen = []\ns.observe(lambda ch: seen.append((ch['name'], ch['old'], ch['new'])), names='value')"),
    ("msg", ("IntSliderModel", 0), {"method": "update", "state": {"value": 7}, "buffer_paths": []}),
    ("cell", "print(s.value, seen)"),
    ("cell", "s.value = 11\ns.max = 20\nprint(s.value, s.max)"),
    ("msg", ("IntSliderModel", 0), {"method": "request_state"}),
    ("cell", "b = widgets.Button(description='go')\nb.on_click(lambda w: print('clicked', w.description))\ndisplay(b)"),
    ("msg", ("ButtonModel", 0), {"method": "custom", "content": {"event": "click"}}),
    ("cell", "out = widgets.Output()\nwith out:\n    print('inside')\nprint('outside')\nout"),
    ("cell", "f1 = widgets.FloatSlider(value=0.5, min=0.0, max=1.0, step=0.25)\n"
             "t = widgets.Text(value='hi', description='name')\nc = widgets.Checkbox(value=True)\n"
             "box = widgets.HBox([f1, widgets.VBox([t, c])])\nbox"),
    ("msg", ("TextModel", 0), {"method": "update", "state": {"value": "hello"}, "buffer_paths": []}),
    ("msg", ("CheckboxModel", 0), {"method": "update", "state": {"value": False}, "buffer_paths": []}),
    ("cell", "print(t.value, c.value, f1.value)"),
    ("msg", ("TextModel", 0), {"method": "update", "state": {"value": "h\u00e9llo \U0001f600 'q' \\ \"d\"\n"}, "buffer_paths": []}),
    ("cell", "print(repr(t.value))"),
    ("cell", "d = widgets.Dropdown(options=['red', 'green', 'blue'], value='green', description='colour')\n"
             "d.observe(lambda ch: print('now', ch['new']), names='value')\nd"),
    ("msg", ("DropdownModel", 0), {"method": "update", "state": {"index": 2}, "buffer_paths": []}),
    ("cell", "print(d.value, d.index, d.label)"),
    ("cell", "def f(x=5, kind='a', flag=True):\n    print('f', x, kind, flag)\n    return x * 2\n"
             "r = widgets.interact(f, x=(0, 10), kind=['a', 'b'])"),
    ("msg", ("IntSliderModel", 1), {"method": "update", "state": {"value": 2}, "buffer_paths": []}),
    ("msg", ("DropdownModel", 1), {"method": "update", "state": {"index": 1}, "buffer_paths": []}),
    ("info", "jupyter.widget"),
    ("open", "no.such.target", "frontend-comm-1"),
    ("cell", "widgets.Label(value='a label')"),
    ("cell", "widgets.HTML(value='<b>bold</b>')"),
    ("cell", "tb = widgets.ToggleButton(value=False, description='t')\n"
             "it = widgets.IntText(value=4)\nft = widgets.FloatText(value=1.5)\nta = widgets.Textarea(value='x')\n"
             "widgets.VBox([tb, it, ft, ta])"),
    ("msg", ("IntTextModel", 0), {"method": "update", "state": {"value": 9}, "buffer_paths": []}),
    ("cell", "print(it.value)"),
    ("cell", "s.close()"),
    ("info", "jupyter.widget"),
    ("open", "jupyter.widget.control", "control-1", {"version": "1.0.0"}),
    ("send", "control-1", {"method": "request_states"}),
    # binary buffers, kernel -> front end (a bytes trait) and front end -> kernel
    ("cell", "png = b'\\x89PNG\\r\\n\\x1a\\n' + bytes(range(24))\n"
             "img = widgets.Image(value=png, format='png', width=40)\nimg"),
    ("cell", "img.value = b'\\x00abc\\xff'"),
    ("msg", ("ImageModel", 0), {"method": "update", "state": {}, "buffer_paths": [["value"]]}, [b"xyz\x00\x01"]),
    ("cell", "print(bytes(img.value), type(img.value).__name__, img.format, img.width)"),
    ("cell", "import comm\ngot = []\n"
             "def tgt(c, msg):\n    got.append(('open', msg['content']['data'], [bytes(b) for b in msg['buffers']]))\n"
             "    c.on_msg(lambda m: got.append(('msg', m['content']['data'], [bytes(b) for b in m['buffers']])))\n"
             "    c.send({'hello': 1}, buffers=[b'\\x01\\x02', memoryview(b'mv')])\n"
             "comm.get_comm_manager().register_target('buf.target', tgt)"),
    ("open", "buf.target", "buf-1", {}, {"x": 1}, [b"open-buf"]),
    ("send", "buf-1", {"y": 2}, [b"\x00\xff", b"", b"abc"]),
    ("cell", "print(got)"),
    # a model created by the front end
    ("open", "jupyter.widget", "fe-1", {"version": "2.1.0"},
     {"state": {"_model_name": "IntSliderModel", "_model_module": "@jupyter-widgets/controls",
                "_model_module_version": "2.0.0", "_view_name": "IntSliderView",
                "_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0",
                "value": 4, "max": 9}, "buffer_paths": []}),
    ("send", "fe-1", {"method": "update", "state": {"value": 6}, "buffer_paths": []}),
    ("send", "fe-1", {"method": "request_state"}),
    ("info", "jupyter.widget"),
    # more controls
    ("cell", "rs = widgets.IntRangeSlider(value=[2, 6], min=0, max=10, description='r')\n"
             "frs = widgets.FloatRangeSlider(value=(0.25, 0.75), min=0.0, max=1.0, step=0.05)\n"
             "ls = widgets.FloatLogSlider(value=10, base=10, min=-2, max=3)\n"
             "ss = widgets.SelectionSlider(options=['lo', 'mid', 'hi'], value='mid')\n"
             "widgets.VBox([rs, frs, ls, ss])"),
    ("msg", ("IntRangeSliderModel", 0), {"method": "update", "state": {"value": [3, 8]}, "buffer_paths": []}),
    ("msg", ("SelectionSliderModel", 0), {"method": "update", "state": {"index": 2}, "buffer_paths": []}),
    ("cell", "print(rs.value, rs.lower, rs.upper, frs.value, ls.value, ss.value, ss.index)"),
    ("cell", "se = widgets.Select(options=[('one', 1), ('two', 2)], value=2, rows=3)\n"
             "sm = widgets.SelectMultiple(options=['a', 'b', 'c'], value=['b'])\n"
             "rb = widgets.RadioButtons(options=['x', 'y'], description='pick')\n"
             "tbs = widgets.ToggleButtons(options=['p', 'q', 'r'], tooltips=['P', 'Q', 'R'])\n"
             "widgets.HBox([se, sm, rb, tbs])"),
    ("msg", ("SelectMultipleModel", 0), {"method": "update", "state": {"index": [0, 2]}, "buffer_paths": []}),
    ("msg", ("RadioButtonsModel", 0), {"method": "update", "state": {"index": 1}, "buffer_paths": []}),
    ("cell", "print(se.value, se.label, sm.value, sm.label, sm.index, rb.value, tbs.value)"),
    ("cell", "bi = widgets.BoundedIntText(value=5, min=0, max=8)\n"
             "bf = widgets.BoundedFloatText(value=2.5, min=0, max=3.0, step=0.5)\n"
             "ip = widgets.IntProgress(value=3, min=0, max=10, bar_style='info')\n"
             "fp = widgets.FloatProgress(value=0.5, max=1.0, orientation='vertical')\n"
             "pw = widgets.Password(value='secret')\nhm = widgets.HTMLMath(value='$x^2$')\n"
             "cp = widgets.ColorPicker(value='#ff0000', concise=True)\n"
             "widgets.VBox([bi, bf, ip, fp, pw, hm, cp])"),
    ("msg", ("BoundedIntTextModel", 0), {"method": "update", "state": {"value": 7}, "buffer_paths": []}),
    ("cell", "bi.value = 99\nprint(bi.value, bf.value, ip.value, fp.value, pw.value, cp.value)"),
    ("cell", "pl = widgets.Play(value=0, min=0, max=5, interval=200)\n"
             "tab = widgets.Tab(children=[widgets.Label('a'), widgets.Label('b')], titles=('A', 'B'))\n"
             "acc = widgets.Accordion(children=[widgets.Label('c')], titles=('C',))\n"
             "gb = widgets.GridBox([widgets.Label('g')], layout=widgets.Layout(grid_template_columns='1fr 1fr'))\n"
             "widgets.VBox([pl, tab, acc, gb])"),
    ("msg", ("TabModel", 0), {"method": "update", "state": {"selected_index": 1}, "buffer_paths": []}),
    ("cell", "tab.set_title(0, 'first')\nprint(tab.selected_index, tab.titles, tab.get_title(1), acc.selected_index)"),
    ("cell", "import datetime\ndp = widgets.DatePicker(value=datetime.date(2024, 2, 29), description='day')\ndp"),
    ("msg", ("DatePickerModel", 0), {"method": "update", "state": {"value": {"year": 2025, "month": 0, "date": 15}}, "buffer_paths": []}),
    ("cell", "print(dp.value)"),
    # links
    ("cell", "la = widgets.IntSlider(value=1)\nlb = widgets.IntSlider(value=2)\n"
             "jl = widgets.jslink((la, 'value'), (lb, 'value'))\njd = widgets.jsdlink((la, 'max'), (lb, 'max'))"),
    ("cell", "kl = widgets.link((la, 'min'), (lb, 'min'))\nkd = widgets.dlink((la, 'value'), (lb, 'description'), lambda v: 'v=%d' % v)\n"
             "r = []\nla.min = -3\nla.value = 5\nr.append((lb.min, lb.description))\nlb.min = -5\nr.append(la.min)\n"
             "kl.unlink()\nlb.min = 0\nr.append(la.min)\nprint(r)"),
    ("cell", "jl.unlink()"),
    # interact abbreviations, fixed, interact_manual
    ("cell", "def g(a, b, c, d, e, f, k):\n    print('g', a, b, c, d, e, f, k)\n"
             "w = widgets.interact(g, a=(1, 5), b=(0.0, 1.0, 0.25), c=['x', 'y'], d={'one': 1, 'two': 2},\n"
             "                     e='txt', f=True, k=widgets.fixed(3))"),
    ("msg", ("DropdownModel", 3), {"method": "update", "state": {"index": 1}, "buffer_paths": []}),
    ("cell", "@widgets.interact(n=(0, 4, 2), s=widgets.fixed('f'))\ndef h(n, s):\n    print('h', n, s)"),
    ("cell", "@widgets.interact_manual\ndef m(x=3):\n    print('m', x)"),
    ("msg", ("ButtonModel", 1), {"method": "custom", "content": {"event": "click"}}),
    # exceptions in callbacks
    ("cell", "eb = widgets.Button(description='boom')\neb.on_click(lambda w: 1 / 0)\n"
             "es = widgets.IntSlider()\nes.observe(lambda ch: [][1], names='value')\nwidgets.HBox([eb, es])"),
    ("msg", ("ButtonModel", 2), {"method": "custom", "content": {"event": "click"}}),
    ("msg", ("IntSliderModel", 7), {"method": "update", "state": {"value": 3}, "buffer_paths": []}),
    ("cell", "print(es.value)"),
    ("cell", "def bad(x=1):\n    raise KeyError('nope')\nbw = widgets.interact(bad)"),
    ("msg", ("IntSliderModel", 8), {"method": "update", "state": {"value": 2}, "buffer_paths": []}),
    ("cell", "eb.click()\nprint('after')"),
    # front-end mistakes: an unknown model, a protocol version from the future, a buffer path
    # into nothing, an unknown method; the kernel stays up
    ("open", "jupyter.widget", "fe-2", {"version": "2.1.0"},
     {"state": {"_model_name": "NoSuchModel", "_model_module": "x", "_model_module_version": "1",
                "_view_name": "X", "_view_module": "x", "_view_module_version": "1"}, "buffer_paths": []}),
    ("open", "jupyter.widget", "fe-3", {"version": "3.0.0"},
     {"state": {"_model_name": "IntSliderModel", "_model_module": "@jupyter-widgets/controls",
                "_model_module_version": "2.0.0", "_view_name": "IntSliderView",
                "_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0"}, "buffer_paths": []}),
    ("send", "fe-1", {"method": "update", "state": {}, "buffer_paths": [["nope", "deeper"]]}, [b"x"]),
    ("send", "fe-1", {"method": "bogus"}),
    ("info", "jupyter.widget"),
    ("cell", "print('alive', img.format)"),
    # files from the front end: FileUpload's value holds binary buffers at nested paths
    ("cell", "up = widgets.FileUpload(multiple=True)\n"
             "up.observe(lambda ch: print('files', [(f.name, bytes(f.content), f.size, str(f.last_modified)) for f in ch['new']]), names='value')\nup"),
    ("msg", ("FileUploadModel", 0), {"method": "update", "state": {"value": [
        {"name": "a.txt", "type": "text/plain", "size": 3, "last_modified": 1578585523321},
        {"name": "b.bin", "type": "", "size": 2, "last_modified": 0}]},
        "buffer_paths": [["value", 0, "content"], ["value", 1, "content"]]}, [b"abc", b"\x00\xff"]),
    ("cell", "r = [up.value[1].content.tobytes(), len(up.value), up.value[0]['type']]\nup.value = ()\nprint(r, up.value)"),
    ("cell", "vid = widgets.Video(value=b'\\x00\\x00\\x00\\x18ftypmp42', width=320, autoplay=False)\nvid"),
]


class Norm:
    """Numbers model/comm ids in order of first appearance, so two kernels compare."""

    def __init__(self):
        self.ids = {}

    def id(self, x):
        if x not in self.ids:
            self.ids[x] = "M%d" % len(self.ids)
        return self.ids[x]

    def walk(self, v):
        if isinstance(v, dict):
            out = {}
            for k, x in v.items():
                if k in self.ids:   # a dict keyed by model id (update_states)
                    k = self.ids[k]
                if k == "model_id" and isinstance(x, str):
                    out[k] = self.id(x)
                elif k == "msg_id" and isinstance(x, str) and x:
                    out[k] = "<parent>"
                else:
                    out[k] = self.walk(x)
            return out
        if isinstance(v, list):
            return [self.walk(x) for x in v]
        if isinstance(v, str) and v.startswith("IPY_MODEL_"):
            return "IPY_MODEL_" + self.id(v[10:])
        return v

    def msg(self, m):
        t = m["msg_type"]
        c = m["content"]
        if t == "status":
            return [t, c["execution_state"]]
        if t == "execute_input":
            return [t]
        if t in ("comm_open", "comm_msg", "comm_close"):
            out = {"comm_id": self.id(c["comm_id"]), "data": self.walk(c.get("data", {}))}
            if t == "comm_open":
                out["target_name"] = c.get("target_name")
                out["metadata"] = m.get("metadata", {})
            if m.get("buffers"):
                out["buffers"] = [bytes(b).hex() for b in m["buffers"]]
            return [t, out]
        if t in ("display_data", "execute_result"):
            return [t, self.walk(c.get("data", {}))]
        if t == "stream":
            text = c["text"]
            if c["name"] == "stderr" and "Traceback (most recent call last):" in text:
                # a logged traceback: its frames name each kernel's own files; keep the
                # message before it and the exception line
                lines = [x for x in text.split("\n") if x.strip()]
                text = "\n".join([lines[0], "<traceback>", lines[-1]]) + "\n"
            return [t, c["name"], text]
        if t == "clear_output":
            return [t, c.get("wait")]
        if t == "error":
            return [t, c.get("ename"), c.get("evalue")]
        return [t]


def collect(kc, msg_id, timeout=10):
    """iopub messages whose parent is msg_id, up to its idle."""
    out = []
    end = time.time() + timeout
    while time.time() < end:
        try:
            m = kc.get_iopub_msg(timeout=max(0.05, end - time.time()))
        except queue.Empty:
            break
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        out.append(m)
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            break
    stream = {}
    merged = []
    for m in out:   # stream batching differs between kernels: join consecutive stream texts
        if m["msg_type"] == "stream" and merged and merged[-1]["msg_type"] == "stream" and \
                merged[-1]["content"]["name"] == m["content"]["name"]:
            merged[-1] = dict(merged[-1], content=dict(merged[-1]["content"], text=merged[-1]["content"]["text"] + m["content"]["text"]))
            continue
        merged.append(m)
    del stream
    return merged


def shell_reply(kc, msg_id):
    while True:
        r = kc.get_shell_msg(timeout=20)
        if r["parent_header"].get("msg_id") == msg_id:
            return r


def run_steps(kc):
    norm = Norm()
    models = {}   # model name -> [comm ids]
    result = []
    for step in STEPS:
        kind = step[0]
        if kind == "cell":
            mid = kc.execute(step[1])
            reply = shell_reply(kc, mid)
            msgs = collect(kc, mid)
            entry = {"step": step[1], "reply": reply["content"]["status"]}
        elif kind == "msg":
            name, idx = step[1]
            cid = models[name][idx]
            msg = kc.session.msg("comm_msg", {"comm_id": cid, "data": step[2]})
            kc.session.send(kc.shell_channel.socket, msg, buffers=step[3] if len(step) > 3 else None)
            msgs = collect(kc, msg["header"]["msg_id"])
            entry = {"step": "comm_msg to %s #%d: %s" % (name, idx, json.dumps(step[2], sort_keys=True))}
        elif kind == "send":
            msg = kc.session.msg("comm_msg", {"comm_id": step[1], "data": step[2]})
            kc.session.send(kc.shell_channel.socket, msg, buffers=step[3] if len(step) > 3 else None)
            msgs = collect(kc, msg["header"]["msg_id"])
            entry = {"step": "comm_msg to %s: %s" % (step[1], json.dumps(step[2], sort_keys=True))}
        elif kind == "open":
            msg = kc.session.msg("comm_open", {"comm_id": step[2], "target_name": step[1],
                                               "data": step[4] if len(step) > 4 else {}},
                                 metadata=step[3] if len(step) > 3 else {})
            kc.session.send(kc.shell_channel.socket, msg, buffers=step[5] if len(step) > 5 else None)
            msgs = collect(kc, msg["header"]["msg_id"])
            entry = {"step": "comm_open " + step[1]}
        else:
            msg = kc.session.msg("comm_info_request", {"target_name": step[1]})
            kc.shell_channel.send(msg)
            reply = shell_reply(kc, msg["header"]["msg_id"])
            msgs = collect(kc, msg["header"]["msg_id"])
            comms = reply["content"]["comms"]
            entry = {"step": "comm_info " + step[1],
                     "comms": sorted(norm.id(k) for k in comms),
                     "targets": sorted(set(v["target_name"] for v in comms.values()))}
        for m in msgs:
            if m["msg_type"] == "comm_open":
                st = m["content"].get("data", {}).get("state", {})
                models.setdefault(st.get("_model_name", "?"), []).append(m["content"]["comm_id"])
        entry["iopub"] = [norm.msg(m) for m in msgs]
        result.append(entry)
    return result


def start_kernel(argv=None):
    from jupyter_client.manager import KernelManager
    if argv:
        km = KernelManager()
        km.kernel_cmd = argv
        km.start_kernel(extra_arguments=[])
    else:
        km = KernelManager(kernel_name="sable")
        km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=30)
    return km, kc


def diff(a, b, path=""):
    """The first difference between two JSON values, as text (None when equal)."""
    if type(a) is not type(b):
        return "%s: %r != %r" % (path, a, b)
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return "%s.%s: only in %s" % (path, k, "expected" if k in b else "sable")
            d = diff(a[k], b[k], path + "." + k)
            if d:
                return d
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = diff(x, y, "%s[%d]" % (path, i))
            if d:
                return d
        if len(a) != len(b):
            return "%s: %d items != %d expected (%r)" % (path, len(a), len(b), (a[len(b):] or b[len(a):])[:2])
        return None
    return None if a == b else "%s: %r != %r" % (path, a, b)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--record":
        km, kc = start_kernel([sys.argv[2], "-m", "ipykernel_launcher", "-f", "{connection_file}"])
        try:
            res = run_steps(kc)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
        with open(EXPECTED, "w") as f:
            json.dump(res, f, indent=1, sort_keys=True)
            f.write("\n")
        print("recorded", len(res), "steps")
        return 0
    if not ku.have_binary():
        return 0
    ku.kernelspec()
    expected = json.load(open(EXPECTED))
    km, kc = start_kernel()
    try:
        got = run_steps(kc)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    if os.environ.get("WIDGETS_DUMP"):
        json.dump(got, open(os.environ["WIDGETS_DUMP"], "w"), indent=1, sort_keys=True)
    for i, (g, e) in enumerate(zip(got, expected)):
        name = "widgets_step%02d" % i
        d = diff(g, e)
        ku.report("FAIL" if d else "PASS", name, ("%s -- %s" % (e["step"][:60], d)) if d else "")
    if len(got) != len(expected):
        ku.report("FAIL", "widgets_steps", "%d steps, %d expected" % (len(got), len(expected)))
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
