"""pyplot in the Jupyter kernel, through a real jupyter_client: plt.show() and, as with
matplotlib's inline backend, the end of a cell that drew send display_data (image/png decoded
and inspected, text/plain; image/svg+xml when rcParams["figure.format"] asks for SVG) and close
the figures; cells that draw nothing send nothing; a missing gnuplot is a clear error once and
the kernel goes on. Runs the ASan build too when tests/run.py provides it."""
import base64
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _kernel_util as ku  # noqa: E402
from plot_pyplot import png_pixels  # noqa: E402

TIMEOUT = 120.0


def start(binary, env=None):
    from jupyter_client.manager import KernelManager
    name = "sable-plot-asan" if binary != ku.SABLE else "sable"
    ku.kernelspec(binary, name=name)
    km = KernelManager(kernel_name=name)
    log = tempfile.NamedTemporaryFile(prefix="sable-plot-kernel-", suffix=".log", delete=False)
    kw = {"stderr": log, "stdout": log}
    if env is not None:
        kw["env"] = env
    km.start_kernel(**kw)
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=TIMEOUT)
    return km, kc


def stop(km, kc):
    try:
        kc.stop_channels()
    finally:
        km.shutdown_kernel(now=True)


def run(kc, code, timeout=TIMEOUT):
    """Execute code: (reply content, iopub messages of the request up to idle)."""
    mid = kc.execute(code)
    end = time.time() + timeout
    reply = None
    while reply is None:
        m = kc.get_shell_msg(timeout=max(0.01, end - time.time()))
        if m["parent_header"].get("msg_id") == mid:
            reply = m["content"]
    out = []
    while True:
        m = kc.get_iopub_msg(timeout=max(0.01, end - time.time()))
        if m["parent_header"].get("msg_id") != mid:
            continue
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return reply, out
        out.append(m)


def displays(msgs):
    return [m["content"]["data"] for m in msgs if m["msg_type"] == "display_data"]


def stdout_of(msgs):
    return "".join(m["content"]["text"] for m in msgs
                   if m["msg_type"] == "stream" and m["content"]["name"] == "stdout")


def check_png(data, size=(640, 480)):
    """size is figsize * dpi; the inline PNG is cropped to what is drawn (the inline backend's
    bbox_inches='tight'), so it may be somewhat smaller (matplotlib's default figure: 547x413)"""
    png = base64.b64decode(data["image/png"])
    w, h, px = png_pixels(png)
    assert 0.75 * size[0] <= w <= size[0] and 0.75 * size[1] <= h <= size[1], (w, h)
    colours = len(set(px[::7]))
    assert colours > 20, f"only {colours} colours: blank?"
    return w, h, px


def t_cell_end_shows_and_closes(kc):
    reply, msgs = run(kc, "import matplotlib.pyplot as plt\nplt.plot([1, 3, 2], 'r-')\n"
                          "plt.title('end of cell');")
    assert reply["status"] == "ok", reply
    ds = displays(msgs)
    assert len(ds) == 1, f"{len(ds)} display_data messages"
    d = ds[0]
    assert d["text/plain"] == "<Figure size 640x480 with 1 Axes>", d["text/plain"]
    assert "image/svg+xml" not in d
    w, h, px = check_png(d)
    red = sum(1 for r, g, b in px if r > 200 and g < 60 and b < 60)
    assert red > 100, f"{red} red pixels"
    # closed at the end of the cell: the next cell has no figure and shows nothing
    reply, msgs = run(kc, "print(plt.get_fignums())")
    assert stdout_of(msgs).strip() == "[]", stdout_of(msgs)
    assert not displays(msgs), "a cell that drew nothing displayed something"


def t_show_once(kc):
    reply, msgs = run(kc, "plt.plot([1, 2]); plt.show()\nx = 1")
    assert reply["status"] == "ok", reply
    assert len(displays(msgs)) == 1, f"{len(displays(msgs))} display_data for one show()"


def t_two_figures_in_order(kc):
    reply, msgs = run(kc, "f1 = plt.figure(figsize=(3, 2))\nplt.plot([1, 2])\n"
                          "f2, axes = plt.subplots(1, 2)\naxes[0].bar([1, 2], [3, 4])\n"
                          "axes[1].hist([1, 2, 2, 3])\nprint(plt.get_fignums())")
    assert reply["status"] == "ok", reply
    assert stdout_of(msgs).strip() == "[1, 2]", stdout_of(msgs)
    ds = displays(msgs)
    assert [d["text/plain"] for d in ds] == ["<Figure size 300x200 with 1 Axes>",
                                             "<Figure size 640x480 with 2 Axes>"], ds
    check_png(ds[0], (300, 200))
    check_png(ds[1])


def t_svg_format(kc):
    reply, msgs = run(kc, "plt.rcParams['figure.format'] = 'svg'\n"
                          "plt.plot([0, 1], [1, 0], label='down'); plt.legend()")
    ds = displays(msgs)
    assert reply["status"] == "ok" and len(ds) == 1, (reply, len(ds))
    svg = ds[0]["image/svg+xml"]
    assert svg.lstrip().startswith("<?xml") or "<svg" in svg[:400], svg[:200]
    assert "down" in svg and "</svg>" in svg
    check_png(ds[0])
    run(kc, "plt.rcParams['figure.format'] = 'png'")


def t_empty_figure_is_text(kc):
    reply, msgs = run(kc, "f = plt.figure()")
    ds = displays(msgs)
    assert reply["status"] == "ok" and len(ds) == 1, (reply, len(ds))
    assert ds[0] == {"text/plain": "<Figure size 640x480 with 0 Axes>"}, ds[0]


def t_error_still_shows(kc):
    reply, msgs = run(kc, "plt.plot([1, 2, 3])\n1 / 0")
    assert reply["status"] == "error" and reply["ename"] == "ZeroDivisionError", reply
    assert len(displays(msgs)) == 1, "the figure of a failed cell was not shown"
    reply, msgs = run(kc, "print(len(plt.get_fignums()))")
    assert stdout_of(msgs).strip() == "0"


def t_scatter_colormap(kc):
    reply, msgs = run(kc, "sc = plt.scatter([1, 2, 3], [3, 1, 2], c=[1, 2, 3], s=400)\n"
                          "plt.colorbar(sc)")
    ds = displays(msgs)
    assert reply["status"] == "ok" and len(ds) == 1, (reply, len(ds))
    w, h, px = check_png(ds[0])
    # viridis' ends: dark purple (68, 1, 84) and yellow (253, 231, 37), in markers and bar
    purple = sum(1 for p in px if abs(p[0] - 68) < 12 and p[1] < 20 and abs(p[2] - 84) < 12)
    yellow = sum(1 for p in px if p[0] > 235 and p[1] > 215 and p[2] < 60)
    assert purple > 100 and yellow > 100, (purple, yellow)


def t_missing_gnuplot(binary):
    env = dict(os.environ)
    empty = tempfile.mkdtemp(prefix="sable-nognuplot-")
    env["PATH"] = empty
    env.pop("SABLE_GNUPLOT", None)
    km, kc = start(binary, env)
    try:
        reply, msgs = run(kc, "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\ny = 5")
        assert reply["status"] == "error", reply
        assert "apt-get install gnuplot-nox" in reply["evalue"], reply["evalue"]
        # reported once: the figure is gone and the session goes on with its variables
        reply, msgs = run(kc, "print(y + 1, plt.get_fignums())")
        assert reply["status"] == "ok", reply
        assert stdout_of(msgs).strip() == "6 []", stdout_of(msgs)
    finally:
        stop(km, kc)
        shutil.rmtree(empty, ignore_errors=True)


def main():
    try:
        import jupyter_client  # noqa: F401
    except Exception as e:  # noqa: BLE001
        ku.report("SKIP", "plot_kernel", f"no jupyter_client: {e}")
        return 0
    if not shutil.which("gnuplot"):
        ku.report("SKIP", "plot_kernel", "gnuplot is not installed")
        return 0
    builds = []
    if os.access(ku.SABLE, os.X_OK):
        builds.append(("", ku.SABLE))
    if ku.SABLE_ASAN and os.access(ku.SABLE_ASAN, os.X_OK):
        builds.append(("asan_", ku.SABLE_ASAN))
    if not builds:
        ku.report("SKIP", "plot_kernel", f"{ku.SABLE} is not built")
        return 0
    cases = [t_cell_end_shows_and_closes, t_show_once, t_two_figures_in_order, t_svg_format,
             t_empty_figure_is_text, t_error_still_shows, t_scatter_colormap]
    for prefix, binary in builds:
        km, kc = start(binary)
        try:
            for fn in cases:
                ku.case(prefix + "kernel_" + fn.__name__[2:], fn, kc)
        finally:
            stop(km, kc)
        ku.case(prefix + "kernel_missing_gnuplot", t_missing_gnuplot, binary)
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
