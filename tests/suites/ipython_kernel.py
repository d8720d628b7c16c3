"""IPython's shell API in a notebook kernel and the order of output against widget messages,
driven by jupyter_client: the iopub messages and replies of each step must equal what IPython 9 +
ipykernel 7.4 + ipywidgets 8.1.9 send for the same steps (tests/suites/ipython_expected.json,
recorded with `PYTHON ipython_kernel.py --record PYTHON` where PYTHON has ipykernel, ipywidgets).
Stream texts are joined between other messages (batching differs), tracebacks are left out
(each kernel formats its own) except IPython's exception_only text, ANSI colours removed."""
import json
import os
import re
import sys

import _kernel_util as ku
import widgets_kernel as wk

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTED = os.path.join(HERE, "ipython_expected.json")

STEPS = [
    ("cell", "import sys\nimport ipywidgets as widgets\nfrom IPython.display import display\n"
             "from IPython import get_ipython\nip = get_ipython()"),
    # a widget's comm_open goes out before the text printed ahead of it; display flushes
    ("cell", "print('a')\nw = widgets.IntSlider()\nprint('b')\ndisplay(w)\nprint('c')"),
    ("cell", "lab = widgets.Label()\nprint('m'); lab.value = 'v'; print('n')"),
    # Output flushes around its msg_id updates, so the prints land on the right side of them
    ("cell", "print('before')\nout = widgets.Output()\nwith out:\n    print('inside')\nprint('after')"),
    ("cell", "with out:\n    print('in2')\n    raise ValueError('shown by Output')\nprint('after2')"),
    # prints in a callback run from the cell
    ("cell", "def cb(ch):\n    print('cb', ch['new'])\n    lab.value = 'x%d' % ch['new']\n    print('cb2')\n"
             "w.observe(cb, names='value')\nprint('p'); w.value = 3; print('q')"),
    # ... and from a front end's update
    ("msg", ("IntSliderModel", 0), {"method": "update", "state": {"value": 7}, "buffer_paths": []}),
    # showtraceback: an error message, the cell goes on and succeeds
    ("cell", "print('t0')\ntry:\n    1/0\nexcept Exception:\n    ip.showtraceback()\nprint('after tb')"),
    ("cell", "print('k'); ip.showtraceback((KeyError, KeyError('x'), None), exception_only=True)"),
    ("cell", "try:\n    int('z')\nexcept ValueError:\n    print(repr(ip.get_exception_only()))"),
    ("cell", "ip.showtraceback()"),
    # set_custom_exc: the handler shows it, the reply says error, no error message
    ("cell", "def h(self, etype, value, tb, tb_offset=None):\n    print('handled', etype.__name__, value)\n"
             "    return ['custom']\nip.set_custom_exc((KeyError,), h)"),
    ("cell", "print('y'); {}['q']"),
    ("cell", "raise ValueError('not custom')"),
    ("cell", "def bad(self, etype, value, tb, tb_offset=None):\n    raise RuntimeError('handler broke')\n"
             "ip.set_custom_exc((KeyError,), bad)"),
    ("cell", "{}['r']"),
    ("cell", "print(ip.custom_exceptions)\n{}['s']"),
    ("cell", "try:\n    ip.set_custom_exc([KeyError], None)\nexcept TypeError as e:\n    print(e)"),
    # what libraries look at to tell a notebook
    ("cell", "print(type(ip).__name__, 'IPKernelApp' in ip.config, 'zmqshell' in str(type(ip)))"),
    # run_cell, push, ev, ex, user_ns
    ("cell", "r = ip.run_cell('40 + 2')\nprint(r.result, r.success, r.error_in_exec)"),
    ("cell", "r = ip.run_cell('zz = 5\\nraise KeyError(1)')\nprint(r.success, repr(r.error_in_exec), zz)"),
    ("cell", "ip.set_custom_exc((), None)\nr = ip.run_cell('raise IndexError(2)')\n"
             "print(r.success, repr(r.error_in_exec))"),
    ("cell", "r = ip.run_cell('x = )')\nprint(r.success, type(r.error_before_exec).__name__, r.error_in_exec)"),
    ("cell", "r = ip.run_cell('7', silent=True)\nprint(r.result)"),
    ("cell", "def f():\n    loc1, loc2 = 1, 2\n    ip.push('loc1 loc2')\nf()\nip.push({'pv': 3})\n"
             "ip.ex('qv = pv * 2')\nprint(loc1, loc2, pv, qv, ip.ev('qv + 1'), ip.user_ns['qv'])"),
    ("cell", "ip.user_ns['uv'] = 11\nprint(uv)\nip.del_var('uv')\nprint('uv' in ip.user_ns)"),
    # the kernel behind the shell: comms the front end opens, the request being answered
    ("cell", "def tgt(c, msg):\n    print('opened', msg['content']['data'])\n    c.send({'ack': 1})\n"
             "ip.kernel.comm_manager.register_target('my.target', tgt)\n"
             "print(ip.kernel.get_parent()['header']['msg_type'], ip.get_parent()['header']['msg_type'])"),
    ("open", "my.target", "fe-9", {"x": 1}),
    ("cell", "from IPython.core.interactiveshell import InteractiveShell, ExecutionResult\n"
             "print(InteractiveShell.initialized(), InteractiveShell.instance() is ip, isinstance(ip, InteractiveShell),\n"
             "      isinstance(ip.run_cell('1'), ExecutionResult))"),
]

ANSI = re.compile("\x1b\\[[0-9;]*m")


# steps whose stdout and stderr texts are compared apart: ipykernel holds each stream on its
# own and sends stdout first; Sable keeps the order written (kernel/batch.h)
APART = ("{}['r']",)


class Norm(wk.Norm):
    def msg(self, m):
        out = super().msg(m)
        if m["msg_type"] == "error":
            if out[1] == "SyntaxError":   # the file name is each kernel's own
                out[2] = re.sub(r" \([^()]*, line \d+\)$", "", out[2] or "")
            tb = [ANSI.sub("", x) for x in m["content"].get("traceback", [])]
            if tb and tb[0].startswith("An exception has occurred"):
                out.append(tb)
        if m["msg_type"] == "stream":
            text = ANSI.sub("", out[2])
            if "Traceback (most recent call last)" in text:   # printed by a shell: its own format
                text = "<traceback>"
            out[2] = text
        return out


def apart(iopub):
    """The stream texts of each run of stream messages, stdout then stderr."""
    out = []
    for m in iopub:
        if m[0] == "stream" and out and out[-1][0] == "streams":
            out[-1][1].setdefault(m[1], []).append(m[2])
        elif m[0] == "stream":
            out.append(["streams", {m[1]: [m[2]]}])
        else:
            out.append(m)
    return out


def run_steps(kc):
    norm = Norm()
    models = {}
    result = []
    for step in STEPS:
        if step[0] == "cell":
            mid = kc.execute(step[1])
            reply = wk.shell_reply(kc, mid)
            msgs = wk.collect(kc, mid)
            c = reply["content"]
            entry = {"step": step[1], "reply": [c["status"], c.get("ename"), c.get("evalue")]}
        elif step[0] == "open":
            msg = kc.session.msg("comm_open", {"comm_id": step[2], "target_name": step[1],
                                               "data": step[3]})
            kc.session.send(kc.shell_channel.socket, msg)
            msgs = wk.collect(kc, msg["header"]["msg_id"])
            entry = {"step": "comm_open " + step[1]}
        else:
            name, idx = step[1]
            msg = kc.session.msg("comm_msg", {"comm_id": models[name][idx], "data": step[2]})
            kc.session.send(kc.shell_channel.socket, msg)
            msgs = wk.collect(kc, msg["header"]["msg_id"])
            entry = {"step": "comm_msg to %s #%d: %s" % (name, idx, json.dumps(step[2], sort_keys=True))}
        for m in msgs:
            if m["msg_type"] == "comm_open":
                st = m["content"].get("data", {}).get("state", {})
                models.setdefault(st.get("_model_name", "?"), []).append(m["content"]["comm_id"])
        entry["iopub"] = [norm.msg(m) for m in msgs]
        if step[0] == "cell" and step[1] in APART:
            entry["iopub"] = apart(entry["iopub"])
        result.append(entry)
    return result


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--record":
        km, kc = wk.start_kernel([sys.argv[2], "-m", "ipykernel_launcher", "-f", "{connection_file}"])
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
    km, kc = wk.start_kernel()
    try:
        got = run_steps(kc)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    if os.environ.get("IPYTHON_DUMP"):
        json.dump(got, open(os.environ["IPYTHON_DUMP"], "w"), indent=1, sort_keys=True)
    for i, (g, e) in enumerate(zip(got, expected)):
        d = wk.diff(g, e)
        ku.report("FAIL" if d else "PASS", "ipython_step%02d" % i,
                  ("%s -- %s" % (e["step"][:60].replace("\n", " | "), d)) if d else "")
    if len(got) != len(expected):
        ku.report("FAIL", "ipython_steps", "%d steps, %d expected" % (len(got), len(expected)))
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
