"""The IPython layer through a real jupyter_client session against the kernel: magics and their
output formats (IPython 8's, checked by pattern, never by timing), shell escapes, help syntax,
IPython.display messages, tqdm's display updates and throttling, is_complete, and the REPL side
in a pseudo-terminal. Prints PASS/FAIL/SKIP lines for tests/run.py."""
import os
import re
import sys
import tempfile
import time

import _kernel_util as ku

if not ku.have_binary():
    sys.exit(0)
ku.kernelspec()

from jupyter_client.manager import start_new_kernel  # noqa: E402

KM, KC = start_new_kernel(kernel_name="sable")
TMP = tempfile.mkdtemp(prefix="sable-ipy-")


def run(code, timeout=60):
    """Execute code; returns (reply content, [(msg_type, content)] of iopub)."""
    msg_id = KC.execute(code)
    out = []
    while True:
        m = KC.get_iopub_msg(timeout=timeout)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        t = m["msg_type"]
        if t == "status" and m["content"]["execution_state"] == "idle":
            break
        if t not in ("status", "execute_input"):
            out.append((t, m["content"]))
    reply = KC.get_shell_msg(timeout=timeout)
    return reply["content"], out


def stdout(out):
    return "".join(c["text"] for t, c in out if t == "stream" and c["name"] == "stdout")


def stderr(out):
    return "".join(c["text"] for t, c in out if t == "stream" and c["name"] == "stderr")


def result(out):
    for t, c in out:
        if t == "execute_result":
            return c["data"]
    return None


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def ok(reply, out):
    errs = [c for t, c in out if t == "error"]
    expect(reply["status"] == "ok", f"status {reply['status']}: {errs or reply}")


TIME_RE = r"\d[\d.]* (s|ms|µs|ns)"


def t_time():
    reply, out = run("%time sum(range(1000))")
    ok(reply, out)
    text = stdout(out)
    expect(re.fullmatch(rf"CPU times: user {TIME_RE}, sys: {TIME_RE}, total: {TIME_RE}\nWall time: {TIME_RE}\n", text), repr(text))
    expect(result(out) == {"text/plain": "499500"}, result(out))


def t_cell_time():
    reply, out = run("%%time\na = 2\na * 21")
    ok(reply, out)
    expect(stdout(out).startswith("CPU times: user ") and "\nWall time: " in stdout(out), stdout(out))
    expect(result(out)["text/plain"] == "42", result(out))


def t_timeit():
    reply, out = run("%timeit -n 100 -r 3 x = 1 + 1")
    ok(reply, out)
    text = stdout(out)
    expect(re.fullmatch(rf"{TIME_RE} ± {TIME_RE} per loop \(mean ± std. dev. of 3 runs, 100 loops each\)\n", text), repr(text))


def t_timeit_auto_and_o():
    # auto-ranging: the loop count is a power of ten, printed with thousands separators
    reply, out = run("r = %timeit -o -r 2 1 + 1\nr.loops, r.repeat, len(r.all_runs), r.best <= r.average <= r.worst")
    ok(reply, out)
    m = re.fullmatch(rf"{TIME_RE} ± {TIME_RE} per loop \(mean ± std. dev. of 2 runs, ([\d,]+) loops? each\)\n", stdout(out))
    expect(m, repr(stdout(out)))
    loops = int(m.group(3).replace(",", ""))
    expect(str(loops).strip("0") == "1", loops)
    expect(result(out)["text/plain"] == f"({loops}, 2, 2, True)", result(out))
    reply, out = run("r")
    expect(result(out)["text/plain"].startswith("<TimeitResult : "), result(out))


def t_cell_timeit():
    reply, out = run("%%timeit -n 5 -r 1 y = [1, 2]\nsum(y)")
    ok(reply, out)
    expect(re.fullmatch(rf"{TIME_RE} ± {TIME_RE} per loop \(mean ± std. dev. of 1 run, 5 loops each\)\n", stdout(out)), repr(stdout(out)))


def t_unknown_magic():
    reply, out = run("%nosuchmagic 1")
    expect(reply["status"] == "error" and reply["ename"] == "UsageError", reply)
    expect(stderr(out) == "UsageError: Line magic function `%nosuchmagic` not found.\n", repr(stderr(out)))
    expect(not [c for t, c in out if t == "error"], out)
    reply, out = run("%%nosuchmagic\nx")
    expect(stderr(out) == "UsageError: Cell magic `%%nosuchmagic` not found.\n", repr(stderr(out)))
    reply, out = run("%%pwd\nx")
    expect("(But line magic `%pwd` exists, did you mean that instead?)" in stderr(out), stderr(out))


def t_matplotlib_config():
    reply, out = run("%matplotlib inline\n%config InlineBackend.figure_format = 'retina'\n"
                     "import matplotlib\nmatplotlib.rcParams['figure.format']")
    ok(reply, out)
    expect(result(out)["text/plain"] == "'retina'", result(out))
    run("matplotlib.rcParams['figure.format'] = 'png'")
    reply, out = run("%matplotlib widget")
    ok(reply, out)


def t_who_whos_reset():
    run("%reset -f")
    reply, out = run("alpha = 1\nbeta = [1, 2, 3]\ngamma = 'hi'\n%who")
    ok(reply, out)
    expect(stdout(out) == "alpha\t beta\t gamma\t \n", repr(stdout(out)))
    reply, out = run("%who int")
    expect(stdout(out) == "alpha\t \n", repr(stdout(out)))
    reply, out = run("%whos")
    expect(stdout(out) == ("Variable   Type    Data/Info\n"
                           "----------------------------\n"
                           "alpha      int     1\n"
                           "beta       list    n=3\n"
                           "gamma      str     hi\n"), repr(stdout(out)))
    reply, out = run("%reset -f\n%who")
    expect(stdout(out) == "Interactive namespace is empty.\n", repr(stdout(out)))


def t_pwd_cd_env():
    reply, out = run(f"%cd {TMP}\n%pwd")
    ok(reply, out)
    expect(stdout(out) == os.path.realpath(TMP) + "\n" or stdout(out) == TMP + "\n", stdout(out))
    expect(result(out)["text/plain"] in (repr(TMP), repr(os.path.realpath(TMP))), result(out))
    reply, out = run("%env SABLE_IPY_TEST=hello\n!echo $SABLE_IPY_TEST")
    expect(stdout(out) == "env: SABLE_IPY_TEST=hello\nhello\n", repr(stdout(out)))
    reply, out = run("%env SABLE_IPY_TEST")
    expect(result(out)["text/plain"] == "'hello'", result(out))


def t_shell():
    reply, out = run("!echo one; echo two >&2")
    ok(reply, out)
    expect(stdout(out) == "one\n" and stderr(out) == "two\n", out)
    reply, out = run("n = 3\nfiles = !printf 'a\\nb\\n'; echo {n + 1} $n\nfiles, files.s, files.n, len(files)")
    ok(reply, out)
    expect(result(out)["text/plain"] == "(['a', 'b', '4 3'], 'a b 4 3', 'a\\nb\\n4 3', 3)", result(out))
    reply, out = run("for i in range(2):\n    !echo loop{i}")
    expect(stdout(out) == "loop0\nloop1\n", repr(stdout(out)))
    reply, out = run("%%bash\necho from $0 | sed s/from/FROM/\n")
    expect(stdout(out).startswith("FROM "), repr(stdout(out)))
    reply, out = run("get_ipython().system('echo direct')\nget_ipython().getoutput('echo x')")
    expect(stdout(out) == "direct\n" and result(out)["text/plain"] == "['x']", out)


def t_pip():
    reply, out = run("!pip install numpy")
    ok(reply, out)
    text = stdout(out)
    expect(text.startswith("Sable has its libraries built in") and "numpy is built in" in text and "Built in: numpy" in text, text)
    reply, out = run("%pip install somethingelse")
    expect("somethingelse is not available in Sable." in stdout(out), stdout(out))


def t_writefile_run_capture():
    path = os.path.join(TMP, "script.py")
    reply, out = run(f"%%writefile {path}\nimport sys\nprint('ran', sys.argv[1:])\nvalue_from_script = 7\n")
    expect(stdout(out) == f"Writing {path}\n", stdout(out))
    reply, out = run(f"%%writefile -a {path}\nmore = 1\n")
    expect(stdout(out) == f"Appending to {path}\n", stdout(out))
    reply, out = run(f"%run {path} a b\nvalue_from_script")
    ok(reply, out)
    expect(stdout(out) == "ran ['a', 'b']\n" and result(out)["text/plain"] == "7", out)
    reply, out = run("%%capture cap\nprint('hidden')\nimport sys\nprint('err', file=sys.stderr)\n"
                     "from IPython.display import HTML, display\ndisplay(HTML('<i>h</i>'))")
    ok(reply, out)
    expect(not out, out)
    reply, out = run("cap.stdout, cap.stderr, len(cap.outputs)")
    expect(result(out)["text/plain"] == "('hidden\\n', 'err\\n', 1)", result(out))
    reply, out = run("cap.show()")
    expect(stdout(out) == "hidden\n" and [t for t, c in out if t == "display_data"], out)


def t_capture_error():
    # an exception escaping a %%capture cell is reported through the kernel's own error
    # callback (the capture sink forwards with the kernel's data, not its own), the text
    # printed before it stays captured, and the kernel goes on
    reply, out = run("%%capture c2\nprint('before')\n1/0")
    errs = [c for t, c in out if t == "error"]
    expect(len(errs) == 1 and errs[0]["ename"] == "ZeroDivisionError", out)
    expect("before" not in stdout(out), out)
    reply, out = run("%%capture c3\nprint('ok')\nimport sys\nprint('e', file=sys.stderr)")
    ok(reply, out)
    reply, out = run("c3.stdout + c3.stderr")
    expect(result(out)["text/plain"] == "'ok\\ne\\n'", result(out))


def t_misc_magics():
    reply, out = run("%precision 3\nx = 3.14159265\nx")
    expect(result(out)["text/plain"] == "3.142", result(out))
    run("%precision")
    reply, out = run("x")
    expect(result(out)["text/plain"] == "3.14159265", result(out))
    reply, out = run("%xmode Plain")
    expect(stdout(out) == "Exception reporting mode: Plain\n", stdout(out))
    reply, out = run("%load_ext autoreload\n%autoreload 2")
    ok(reply, out)
    reply, out = run("%load_ext nosuchext")
    expect(reply["status"] == "error" and reply["ename"] == "ModuleNotFoundError", reply)
    reply, out = run("get_ipython().run_line_magic('pwd', '') == __import__('os').getcwd()")
    expect(result(out)["text/plain"] == "True", result(out))


def t_help_syntax():
    reply, out = run("def documented(a, b=2):\n    'Adds things.'\n    return a + b\ndocumented?")
    ok(reply, out)
    expect("Adds things." in stdout(out), stdout(out))
    reply, out = run("x = 1\nlen??")
    expect("len" in stdout(out), stdout(out))
    reply, out = run("s = 'is this a question?'  # really?\ns")
    expect(result(out)["text/plain"] == "'is this a question?'", result(out))


def t_transformer_edges():
    # a magic after code on the same line is not a magic (IPython: SyntaxError)
    reply, out = run("x = 1; %time x")
    expect(reply["status"] == "error" and reply["ename"] == "SyntaxError", reply)
    # modulo at the start of a continuation line stays an operator
    reply, out = run("y = (10\n% 3)\ny")
    expect(result(out)["text/plain"] == "1", result(out))
    reply, out = run("t = '''\n%not a magic\n!nor this\n'''\nt")
    expect(result(out)["text/plain"] == "'\\n%not a magic\\n!nor this\\n'", result(out))
    reply, out = run("def f():\n    %time 1 + 1\n    return 5\nf()")
    expect(stdout(out).startswith("CPU times") and result(out)["text/plain"] == "5", out)


def t_display():
    reply, out = run("from IPython.display import display, HTML, Markdown, Latex, Math, SVG, JSON, Javascript, IFrame, Image, Audio, clear_output, update_display\n"
                     "h = display(HTML('<b>one</b>'), display_id=True)\nh.update(Markdown('**two**'))\ntype(h).__name__")
    ok(reply, out)
    dd = [c for t, c in out if t == "display_data"]
    ud = [c for t, c in out if t == "update_display_data"]
    expect(len(dd) == 1 and dd[0]["data"]["text/html"] == "<b>one</b>", dd)
    expect(dd[0]["data"]["text/plain"] == "<IPython.core.display.HTML object>", dd)
    did = dd[0]["transient"]["display_id"]
    expect(len(ud) == 1 and ud[0]["transient"]["display_id"] == did and ud[0]["data"]["text/markdown"] == "**two**", ud)
    expect(result(out)["text/plain"] == "'DisplayHandle'", result(out))
    reply, out = run("Math(r'\\alpha')")
    expect(result(out)["text/latex"] == "$\\displaystyle \\alpha$", result(out))
    reply, out = run("JSON({'a': [1, 2]})")
    r = [c for t, c in out if t == "execute_result"][0]
    expect(r["data"]["application/json"] == {"a": [1, 2]} and r["metadata"]["application/json"] == {"expanded": False, "root": "root"}, r)
    reply, out = run("SVG('<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"></svg>')")
    expect(result(out)["image/svg+xml"].startswith("<svg"), result(out))
    reply, out = run("Javascript('console.log(1)')")
    expect(result(out)["application/javascript"] == "console.log(1)", result(out))
    reply, out = run("IFrame('https://example.org', 300, 200)")
    expect('src="https://example.org"' in result(out)["text/html"] and 'width="300"' in result(out)["text/html"], result(out))
    reply, out = run("Latex('$x^2$')")
    expect(result(out)["text/latex"] == "$x^2$", result(out))
    reply, out = run("clear_output(wait=True)")
    expect(("clear_output", {"wait": True}) in out, out)
    reply, out = run("display({'text/plain': 'raw', 'text/html': '<p>raw</p>'}, raw=True)")
    dd = [c for t, c in out if t == "display_data"]
    expect(dd and dd[0]["data"] == {"text/plain": "raw", "text/html": "<p>raw</p>"}, dd)


# a 2x1 RGB PNG, written by hand (independent of the plotting code)
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000020000000108020000007b40e8dd"
                    "0000000f4944415478da63f8cfc0f01f0003fe01fe6d6f6b8b0000000049454e44ae426082")


def t_image_audio():
    path = os.path.join(TMP, "tiny.png")
    with open(path, "wb") as f:
        f.write(PNG)
    import base64
    reply, out = run(f"Image(filename={path!r}, width=100)")
    ok(reply, out)
    r = [c for t, c in out if t == "execute_result"][0]
    expect(base64.b64decode(r["data"]["image/png"]) == PNG, "png bytes differ")
    expect(r["metadata"]["image/png"] == {"width": 100}, r["metadata"])
    reply, out = run(f"data = open({path!r}, 'rb').read()\nImage(data)")
    expect(base64.b64decode(result(out)["image/png"]) == PNG, "png from bytes")
    reply, out = run("Image(url='https://example.org/a.png', width=50)")
    expect(result(out)["text/html"] == '<img src="https://example.org/a.png" width="50"/>', result(out))
    reply, out = run("import numpy as np\nAudio(np.array([0.0, 0.5, -1.0, 1.0]), rate=8000)")
    ok(reply, out)
    html = result(out)["text/html"]
    m = re.search(r'src="data:audio/wav;base64,([A-Za-z0-9+/=]+)"', html)
    expect(m, html)
    import io
    import wave
    w = wave.open(io.BytesIO(base64.b64decode(m.group(1))))
    expect(w.getframerate() == 8000 and w.getnchannels() == 1 and w.getsampwidth() == 2, "wav header")
    import struct
    frames = struct.unpack("<4h", w.readframes(4))
    expect(frames == (0, 16383, -32767, 32767), frames)


def t_figure_display():
    reply, out = run("import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.plot([1, 2, 3])\ndisplay(fig)\nplt.close(fig)")
    ok(reply, out)
    dd = [c for t, c in out if t == "display_data"]
    expect(dd and "image/png" in dd[0]["data"], [list(c["data"]) for c in dd])


def t_tqdm_text():
    reply, out = run("from tqdm import tqdm, trange\nfor i in tqdm(range(10), desc='d', mininterval=0): pass")
    ok(reply, out)
    text = stderr(out)
    frames = [f for f in text.split("\r") if f]
    expect(frames[0] == "d:   0%|          | 0/10 [00:00<?, ?it/s]", frames[0])
    # (padded with spaces where the frame before was longer, as tqdm pads: a rate with more digits)
    expect(re.fullmatch(r"d: 100%\|██████████\| 10/10 \[00:00<00:00, +[\d.]+(it/s|s/it)\] *\n", frames[-1]), repr(frames[-1]))
    reply, out = run("with tqdm(total=4, unit='img', leave=False, mininterval=0) as p:\n"
                     "    p.update(2)\n    p.set_postfix(loss=0.123456, acc=1)\n    p.set_description('ep1')")
    text = stderr(out)
    expect(re.search(r"ep1:  50%\|█████     \| 2/4 \[00:00<00:00, +[\d.]+img/s, acc=1, loss=0.123\]", text), repr(text))
    expect(text.endswith("\r"), "leave=False clears the line")
    reply, out = run("for i in trange(3, disable=True): pass")
    expect(stderr(out) == "", stderr(out))


def t_tqdm_notebook():
    reply, out = run("from tqdm.auto import tqdm\nimport time\n"
                     "for i in tqdm(range(50), desc='nb'):\n    time.sleep(0.01)")
    ok(reply, out)
    dd = [c for t, c in out if t == "display_data"]
    ud = [c for t, c in out if t == "update_display_data"]
    expect(len(dd) == 1 and "text/html" in dd[0]["data"], dd)
    did = dd[0]["transient"]["display_id"]
    expect(all(c["transient"]["display_id"] == did for c in ud), "one display id")
    # throttled at mininterval=0.1 s: 50 steps of 10 ms give about 5 redraws, never one per step
    expect(1 <= len(ud) <= 15, len(ud))
    expect(ud[-1]["data"]["text/plain"].startswith("nb: 100%|██████████| 50/50 ["), ud[-1]["data"]["text/plain"])
    reply, out = run("from tqdm.notebook import trange\nfor i in trange(3): pass")
    expect([c for t, c in out if t == "display_data"], out)


def is_complete(code):
    KC.is_complete(code)
    return KC.get_shell_msg(timeout=10)["content"]


def t_is_complete():
    expect(is_complete("for i in range(3):\n    print(i)")["status"] == "incomplete", "open block")
    expect(is_complete("for i in range(3):\n    print(i)\n")["status"] == "complete", "block + newline")
    expect(is_complete("for i in range(3):\n    print(i)\n    ")["status"] == "complete", "block + blank line")
    expect(is_complete("if x:\n")["status"] == "incomplete", "header only")
    expect(is_complete("%time x")["status"] == "complete", "line magic")
    expect(is_complete("%%time\nx = 1")["status"] == "incomplete", "cell magic")
    expect(is_complete("%%time\nx = 1\n\n")["status"] == "complete", "cell magic + blank")
    expect(is_complete("x = (1,")["status"] == "incomplete", "bracket")


def t_exit():
    reply, out = run("exit")
    pl = reply.get("payload", [])
    expect(any(p.get("source") == "ask_exit" for p in pl), reply)


# ---- the REPL in a pseudo-terminal ---------------------------------------------------------
from _pty_util import Term  # noqa: E402


def t_repl():
    home = tempfile.mkdtemp(prefix="sable-ipy-home-")
    t = Term(ku.SABLE, home, timeout=20.0)
    try:
        t.read_until(">>> ")
        t.send("%time 6 * 7\r")
        got = t.read_until(">>> ")
        expect(re.search(rf"CPU times: user {TIME_RE}, sys: {TIME_RE}, total: {TIME_RE}\r\nWall time: {TIME_RE}\r\n42\r\n", got), repr(got))
        t.send("files = !echo a; echo b\r")
        t.read_until(">>> ")
        t.send("files\r")
        got = t.read_until(">>> ")
        expect("['a', 'b']" in got, repr(got))
        t.send("%nosuch\r")
        got = t.read_until(">>> ")
        expect("UsageError: Line magic function `%nosuch` not found." in got and "Traceback" not in got, repr(got))
        t.send("%%time\r")
        t.read_until("... ")
        t.send("z = 5\r")
        t.read_until("... ")
        t.send("\r")
        got = t.read_until(">>> ")
        expect("Wall time:" in got, repr(got))
        t.send("from tqdm import tqdm\r")
        t.read_until(">>> ")
        t.send("for i in tqdm(range(3), mininterval=0): pass\r\r")
        got = t.read_until(">>> ")
        expect("\r100%|██████████| 3/3 [" in got, repr(got))
        t.send("exit\r")
        expect(t.wait(10) is not None, "bare exit ends the REPL")
    finally:
        t.close()


try:
    for name, fn in [("time", t_time), ("cell_time", t_cell_time), ("timeit", t_timeit),
                     ("timeit_auto_o", t_timeit_auto_and_o), ("cell_timeit", t_cell_timeit),
                     ("unknown_magic", t_unknown_magic), ("matplotlib_config", t_matplotlib_config),
                     ("who_whos_reset", t_who_whos_reset), ("pwd_cd_env", t_pwd_cd_env),
                     ("shell", t_shell), ("pip", t_pip), ("writefile_run_capture", t_writefile_run_capture),
                     ("capture_error", t_capture_error),
                     ("misc_magics", t_misc_magics), ("help_syntax", t_help_syntax),
                     ("transformer_edges", t_transformer_edges), ("display", t_display),
                     ("image_audio", t_image_audio), ("figure_display", t_figure_display),
                     ("tqdm_text", t_tqdm_text), ("tqdm_notebook", t_tqdm_notebook),
                     ("is_complete", t_is_complete), ("exit", t_exit)]:
        ku.case("ipython_" + name, fn)
finally:
    KM.shutdown_kernel(now=True)
ku.case("ipython_repl", t_repl)
sys.exit(ku.exit_status())
