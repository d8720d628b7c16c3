"""Widgets in a real browser: JupyterLab (with jupyterlab_widgets) runs a notebook on the Sable
kernel in headless Chromium, driven over the DevTools protocol on a pipe (no extra packages):
an IntSlider and an interact render, dragging interact's slider reruns the function and its
output in the Output widget follows the slider's readout; an IntRangeSlider (two handles), a
Play and a Tab render, the Tab's first page an Image whose PNG (made in the cell) travels as a
binary comm buffer and decodes in the browser at its size; clicking the second tab sets the
kernel's selected_index. Saves a screenshot (path printed; set
SABLE_SCREEN_DIR to choose the folder). SKIPs when Chromium or JupyterLab is missing.
JupyterLab is looked for in SABLE_LAB_PYTHON, then build/venv."""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import _kernel_util as ku

NAME = "browser_widgets"
DEADLINE = time.time() + float(os.environ.get("SABLE_BROWSER_TIMEOUT", "55"))


def find_chromium():
    for n in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        p = shutil.which(n)
        if p:
            return p
    return None


def find_lab_python():
    cands = [os.environ.get("SABLE_LAB_PYTHON"), os.path.join(ku.ROOT, "build", "venv", "bin", "python")]
    for py in cands:
        if py and os.access(py, os.X_OK):
            r = subprocess.run([py, "-c", "import jupyterlab, jupyterlab_widgets"], capture_output=True)
            if r.returncode == 0:
                return py
    return None


class CDP:
    """The DevTools protocol over --remote-debugging-pipe: NUL-terminated JSON both ways."""

    def __init__(self, chromium, profile):
        self.r_ours, self.w_chrome = os.pipe()   # chrome writes fd 4
        self.r_chrome, self.w_ours = os.pipe()   # chrome reads fd 3
        args = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                "--user-data-dir=" + profile, "--window-size=1200,1300", "--no-first-run",
                "--disable-dev-shm-usage", "about:blank"]

        def fds():
            # Chromium reads fd 3 and writes fd 4 (copies first, so neither overwrites the other)
            a, b = os.dup(self.r_chrome), os.dup(self.w_chrome)
            os.dup2(a, 3)
            os.dup2(b, 4)
        self.proc = subprocess.Popen(args, close_fds=False, preexec_fn=fds,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        os.close(self.r_chrome)
        os.close(self.w_chrome)
        self.buf = b""
        self.next_id = 0
        self.session = None

    def _read(self, timeout):
        import select
        while b"\0" not in self.buf:
            left = DEADLINE - time.time() if timeout is None else timeout
            r, _, _ = select.select([self.r_ours], [], [], max(0.0, min(left, 5)))
            if not r:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self.r_ours, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium exited")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=True):
        self.next_id += 1
        m = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            m["sessionId"] = self.session
        os.write(self.w_ours, json.dumps(m).encode() + b"\0")
        while True:
            r = self._read(None)
            if r.get("id") == self.next_id:
                if "error" in r:
                    raise RuntimeError("%s: %s" % (method, r["error"]))
                return r.get("result", {})

    def attach(self):
        targets = self.call("Target.getTargets", session=False)["targetInfos"]
        page = [t for t in targets if t["type"] == "page"][0]
        self.session = self.call("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                                 session=False)["sessionId"]

    def eval(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError("JS: %s" % (r["exceptionDetails"].get("text"),))
        return r["result"].get("value")

    def wait(self, expr, what, timeout=30):
        end = min(DEADLINE, time.time() + timeout)
        while time.time() < end:
            v = self.eval(expr)
            if v:
                return v
            time.sleep(0.25)
        raise TimeoutError("waiting for " + what)

    def mouse(self, kind, x, y):
        self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                               "buttons": 1 if kind != "mouseReleased" else 0, "clickCount": 1})

    def close(self):
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except OSError:
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)


def notebook():
    cells = [
        "import ipywidgets as widgets\ns = widgets.IntSlider(value=3, min=0, max=10, description='n')\ns",
        "def f(x):\n    print('square', x * x)\nw = widgets.interact(f, x=(0, 10))",
        "import struct, zlib\n"
        "def png(w, h):\n"
        "    rows = b''.join(b'\\x00' + bytes(sum(([x * 255 // w, 90, y * 255 // h] for x in range(w)), []))\n"
        "                   for y in range(h))\n"
        "    def chunk(t, d):\n"
        "        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)\n"
        "    return (b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))\n"
        "            + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))\n"
        "img = widgets.Image(value=png(64, 48), format='png', width=128)\n"
        "rs = widgets.IntRangeSlider(value=[2, 7], max=10, description='range')\n"
        "play = widgets.Play(value=1, max=5, description='play')\n"
        "tab = widgets.Tab(children=[img, widgets.Label('the second page')], titles=('Image', 'Label'))\n"
        "widgets.VBox([rs, play, tab])",
    ]
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "sable", "display_name": "Sable", "language": "python"}},
            "cells": [{"cell_type": "code", "id": "c%d" % i, "metadata": {}, "execution_count": None,
                       "outputs": [], "source": c} for i, c in enumerate(cells)]}


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


OUTPUT_TEXT = """(() => { const o = document.querySelectorAll('.widget-interact .widget-output');
  return o.length ? o[0].innerText : ''; })()"""


def run(chromium, labpy):
    if os.environ.get("SABLE_SCREEN_DIR"):
        os.makedirs(os.environ["SABLE_SCREEN_DIR"], exist_ok=True)
    work = tempfile.mkdtemp(prefix="sable-lab-")
    ku.kernelspec()
    with open(os.path.join(work, "w.ipynb"), "w") as f:
        json.dump(notebook(), f)
    port, token = free_port(), "sabletest"
    env = dict(os.environ, JUPYTER_CONFIG_DIR=os.path.join(work, "cfg"), JUPYTER_DATA_DIR=os.path.join(work, "data"))
    lab = subprocess.Popen([labpy, "-m", "jupyterlab", "--no-browser", "--port=%d" % port, "--ip=127.0.0.1",
                            "--IdentityProvider.token=" + token, "--ServerApp.root_dir=" + work,
                            "--LabApp.expose_app_in_browser=True", "--ServerApp.disable_check_xsrf=True"]
                           + (["--allow-root"] if os.geteuid() == 0 else []),
                           env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "lab.log"), "w"),
                           start_new_session=True)
    cdp = None
    try:
        base = "http://127.0.0.1:%d" % port
        while True:
            try:
                urllib.request.urlopen(base + "/api/status?token=" + token, timeout=1)
                break
            except OSError:
                if time.time() > DEADLINE - 20 or lab.poll() is not None:
                    raise RuntimeError("JupyterLab did not start (%s)" % os.path.join(work, "lab.log"))
                time.sleep(0.3)
        cdp = CDP(chromium, os.path.join(work, "profile"))
        time.sleep(0.5)
        cdp.attach()
        cdp.call("Page.enable")
        cdp.call("Emulation.setDeviceMetricsOverride", {"width": 1200, "height": 1300, "deviceScaleFactor": 1, "mobile": False})
        cdp.call("Page.navigate", {"url": base + "/lab/tree/w.ipynb?token=" + token})
        cdp.wait("!!(window.jupyterapp && document.querySelector('.jp-Notebook') && "
                 "document.querySelector('.jp-Notebook-ExecutionIndicator[data-status=\"idle\"], .jp-Notebook'))",
                 "the notebook", 30)
        # wait for the kernel to be ready, then run everything
        cdp.wait("""(() => { const ws = Array.from(window.jupyterapp.shell.widgets('main'));
          return ws.some(w => w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel &&
                              w.sessionContext.session.kernel.connectionStatus === 'connected' &&
                              w.sessionContext.session.kernel.status === 'idle'); })()""", "the kernel", 30)
        cdp.eval("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        cdp.wait("document.querySelectorAll('.widget-slider .noUi-handle, .widget-hslider .noUi-handle').length >= 2",
                 "two sliders", 30)
        first = cdp.wait(OUTPUT_TEXT, "interact's output", 20)
        if "square 25" not in first:
            raise AssertionError("interact's first output: %r" % first)
        # drag the interact slider's handle to about 80% of its track
        box = cdp.eval("""(() => { const s = document.querySelectorAll('.widget-interact .noUi-target')[0];
          const h = s.querySelector('.noUi-handle'); const a = s.getBoundingClientRect(), b = h.getBoundingClientRect();
          return [b.x + b.width / 2, b.y + b.height / 2, a.x + a.width * 0.8]; })()""")
        x0, y, x1 = box
        cdp.mouse("mousePressed", x0, y)
        for i in range(1, 11):
            cdp.mouse("mouseMoved", x0 + (x1 - x0) * i / 10, y)
            time.sleep(0.03)
        cdp.mouse("mouseReleased", x1, y)
        readout = cdp.wait("""(() => { const r = document.querySelector('.widget-interact .widget-readout');
          return r && r.innerText !== '5' ? r.innerText : ''; })()""", "the slider to move", 10)
        want = "square %d" % (int(readout) ** 2)
        cdp.wait(OUTPUT_TEXT + ".includes(%s)" % json.dumps(want), "output '%s'" % want, 15)
        out = cdp.eval(OUTPUT_TEXT)
        if "square 25" in out:
            raise AssertionError("the old output is still shown: %r" % out)
        # the third cell: a range slider's two handles, a Play, the Image from its binary buffer
        cdp.wait("Array.from(document.querySelectorAll('.noUi-target')).some(t => t.querySelectorAll('.noUi-handle').length === 2)",
                 "a range slider", 20)
        cdp.wait("!!document.querySelector('.widget-play')", "the Play widget", 10)
        size = cdp.wait("""(() => { const i = document.querySelector('img.widget-image');
          return i && i.complete && i.naturalWidth ? [i.naturalWidth, i.naturalHeight] : null; })()""", "the image", 15)
        if size != [64, 48]:
            raise AssertionError("the image decoded as %r, not 64x48" % (size,))
        titles = cdp.eval("""Array.from(document.querySelectorAll('.widget-tab .lm-TabBar-tab'))
          .map(t => t.innerText.trim())""")
        if titles != ["Image", "Label"]:
            raise AssertionError("tab titles %r" % (titles,))
        shot = cdp.call("Page.captureScreenshot", {"format": "png"})["data"]
        folder = os.environ.get("SABLE_SCREEN_DIR") or work
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "browser_widgets.png")
        import base64
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot))
        # click the second tab; the kernel's Tab follows (asked with a cell of our own)
        tx, ty = cdp.eval("""(() => { const t = document.querySelectorAll('.widget-tab .lm-TabBar-tab')[1];
          t.scrollIntoView({block: 'center'}); const b = t.getBoundingClientRect();
          return [b.x + b.width / 2, b.y + b.height / 2]; })()""")
        cdp.mouse("mousePressed", tx, ty)
        cdp.mouse("mouseReleased", tx, ty)
        cdp.wait("!!(document.querySelectorAll('.widget-tab .lm-TabBar-tab')[1].classList.contains('lm-mod-current'))",
                 "the second tab to open", 10)
        asked = cdp.eval("""new Promise((resolve) => {
          const nb = Array.from(window.jupyterapp.shell.widgets('main')).find(w => w.sessionContext);
          const fut = nb.sessionContext.session.kernel.requestExecute({code: 'print(tab.selected_index)'});
          let text = ''; fut.onIOPub = (m) => { if (m.header.msg_type === 'stream') text += m.content.text; };
          fut.done.then(() => resolve(text)); })""")
        if asked.strip() != "1":
            raise AssertionError("the kernel's tab.selected_index after the click: %r" % (asked,))
        print("# screenshot: " + path + " (slider at %s, output %r, image %dx%d, tabs %r)"
              % (readout, out.strip(), size[0], size[1], titles), flush=True)
    except Exception:
        if cdp and os.environ.get("SABLE_SCREEN_DIR"):   # what the page showed, for debugging
            try:
                globals()["DEADLINE"] = time.time() + 10
                shot = cdp.call("Page.captureScreenshot", {"format": "png"})["data"]
                import base64
                with open(os.path.join(os.environ["SABLE_SCREEN_DIR"], "browser_widgets_failed.png"), "wb") as f:
                    f.write(base64.b64decode(shot))
            except Exception:
                pass
        raise
    finally:
        if cdp:
            cdp.close()
        try:
            os.killpg(lab.pid, signal.SIGTERM)
            lab.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            try:
                os.killpg(lab.pid, signal.SIGKILL)
            except OSError:
                pass


def main():
    if not ku.have_binary():
        return 0
    chromium = find_chromium()
    if not chromium:
        ku.report("SKIP", NAME, "no Chromium on PATH")
        return 0
    labpy = find_lab_python()
    if not labpy:
        ku.report("SKIP", NAME, "no Python with jupyterlab and jupyterlab_widgets (set SABLE_LAB_PYTHON)")
        return 0
    ku.case(NAME, run, chromium, labpy)
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
