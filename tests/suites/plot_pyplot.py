"""matplotlib.pyplot through the sable binary: savefig by extension (PNG decoded and
inspected), subplots, hist against NumPy, missing gnuplot as a clear exception with the
session going on, and image/png in display_data from the Jupyter kernel.
SKIPs every case while `import matplotlib.pyplot` does not run yet."""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.environ.get("SABLE_ROOT") or os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SABLE = os.environ.get("SABLE") or os.path.join(ROOT, "bin", "sable")
failures = 0


def report(status, name, why=""):
    global failures
    why = " ".join(str(why).split())[:400]
    if status == "FAIL":
        failures += 1
    print(f"{status} {name}" + (f": {why}" if why else ""), flush=True)


def run(code, env=None, cwd=None):
    p = subprocess.run([SABLE, "-c", code], capture_output=True, text=True, timeout=120,
                       env=env, cwd=cwd, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def png_pixels(data):
    """width, height and a list of RGB tuples of an 8-bit RGB/RGBA PNG"""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    off, idat, w = 8, b"", 0
    while off < len(data):
        n, typ = struct.unpack(">I4s", data[off:off + 8])
        body = data[off + 8:off + 8 + n]
        assert zlib.crc32(typ + body) == struct.unpack(">I", data[off + 8 + n:off + 12 + n])[0]
        if typ == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), f"colour type {ctype}"
            ch = 3 if ctype == 2 else 4
        elif typ == b"IDAT":
            idat += body
        off += 12 + n
    raw = zlib.decompress(idat)
    stride = w * ch
    prev = bytearray(stride)
    px = []
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - ch] if i >= ch else 0
            b = prev[i]
            c = prev[i - ch] if i >= ch else 0
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        px.extend(tuple(line[i:i + 3]) for i in range(0, stride, ch))
        prev = line
    return w, h, px


def works():
    if not os.access(SABLE, os.X_OK):
        return f"{SABLE} is not built"
    try:
        rc, out, err = run("import matplotlib.pyplot as plt\nprint('ok')")
    except Exception as e:  # noqa: BLE001
        return str(e)
    if rc != 0 or "ok" not in out:
        return "import matplotlib.pyplot does not run yet: " + (err.strip().splitlines() or [""])[-1]
    if not shutil.which("gnuplot"):
        return "gnuplot is not installed"
    return None


def case_savefig(tmp):
    code = """
import matplotlib.pyplot as plt
import math
xs = [i / 10 - 6 for i in range(121)]
plt.plot(xs, [x / (1 + math.exp(-x)) for x in xs], label="swish")
plt.plot(xs, [math.tanh(x) for x in xs], 'r--', label="tanh")
plt.legend(); plt.grid(True); plt.title("activations"); plt.xlabel("x")
plt.savefig("a.png"); plt.savefig("a.svg"); plt.savefig("a.pdf")
print("saved")
"""
    rc, out, err = run(code, cwd=tmp)
    assert rc == 0 and "saved" in out, err
    w, h, px = png_pixels(open(os.path.join(tmp, "a.png"), "rb").read())
    assert (w, h) == (640, 480), (w, h)
    inside = [px[y * w + x] for y in range(70, 420) for x in range(90, 570)]
    colours = len(set(inside))
    red = sum(1 for r, g, b in inside if r > 200 and g < 80 and b < 80)
    assert colours > 30 and red > 200, f"{colours} colours, {red} red pixels"
    svg = open(os.path.join(tmp, "a.svg")).read()
    assert "<svg" in svg and "swish" in svg
    assert open(os.path.join(tmp, "a.pdf"), "rb").read(5) == b"%PDF-"


def case_subplots(tmp):
    code = """
import matplotlib.pyplot as plt
fig, axes = plt.subplots(2, 2)
axes[0, 0].plot([1, 2, 3], [1, 4, 9], 'g-o')
axes[0, 1].scatter([1, 2, 3], [3, 1, 2], c=[1, 2, 3])
axes[1, 0].bar(['a', 'b', 'c'], [3, 1, 2])
axes[1, 1].hist([1, 2, 2, 3, 3, 3], bins=3)
for ax in axes.flat:
    ax.set_title("t")
fig.savefig("s.png")
print(len(fig.axes), axes.shape)
"""
    rc, out, err = run(code, cwd=tmp)
    assert rc == 0 and out.split()[0] == "4", (out, err)
    w, h, px = png_pixels(open(os.path.join(tmp, "s.png"), "rb").read())
    for (x0, y0, x1, y1) in [(90, 60, 300, 230), (350, 60, 570, 230), (90, 270, 300, 420),
                             (350, 270, 570, 420)]:
        sat = sum(1 for y in range(y0, y1) for x in range(x0, x1)
                  if max(px[y * w + x]) - min(px[y * w + x]) > 60)
        assert sat > 100, f"quadrant at {x0},{y0}: {sat} coloured pixels"
    # c=[1, 2, 3] goes through viridis: its dark purple and yellow ends are there
    quad = [px[y * w + x] for y in range(40, 240) for x in range(330, 600)]
    purple = sum(1 for r, g, b in quad if abs(r - 68) < 15 and g < 25 and abs(b - 84) < 15)
    yellow = sum(1 for r, g, b in quad if r > 230 and g > 210 and b < 70)
    assert purple > 30 and yellow > 30, f"viridis ends: {purple} purple, {yellow} yellow pixels"


def case_hist(tmp):
    import numpy as np
    data = [0.5, 1.5, 1.7, 2.2, 2.9, 3.0, 3.5, 4.0, 9.0]
    want_n, want_b = np.histogram(data, bins=4, range=(0, 4), density=True)
    code = f"""
import matplotlib.pyplot as plt
n, bins, _ = plt.hist({data}, bins=4, range=(0, 4), density=True)
print(" ".join(repr(float(v)) for v in n))
print(" ".join(repr(float(v)) for v in bins))
"""
    rc, out, err = run(code, cwd=tmp)
    assert rc == 0, err
    lines = out.strip().splitlines()
    got_n = [float(v) for v in lines[0].split()]
    got_b = [float(v) for v in lines[1].split()]
    assert np.allclose(got_n, want_n) and np.allclose(got_b, want_b), (got_n, list(want_n))


def case_every_function(tmp):
    """every pyplot function of the issue, each series kind, figsize and dpi, the three
    formats: valid files, PNG not blank"""
    code = """
import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0, 10, 50)
fig = plt.figure(figsize=(8, 6), dpi=80)
plt.subplot(2, 3, 1)
plt.plot(x, np.sin(x), 'b-', label='sin')
plt.plot(x, np.cos(x), color='tab:orange', linestyle='--', marker='o', markersize=3, label='cos')
plt.xlabel('x'); plt.ylabel('y'); plt.title('lines'); plt.legend(loc='lower left'); plt.grid(True)
print(plt.xlim(0, 8), plt.ylim(-1.5, 1.5))
ax = plt.subplot(232)
sc = ax.scatter(np.arange(30) % 7, np.arange(30) % 5, c=np.arange(30), cmap='plasma', s=40, alpha=0.8)
ax.set_title('scatter')
plt.subplot(2, 3, 3)
plt.bar([1, 2, 3], [3, 5, 2], color='C2', edgecolor='k', label='b')
plt.title('bar')
plt.subplot(2, 3, 4)
n, bins, _ = plt.hist(np.sin(np.arange(1000)), bins=30, density=True, alpha=0.7, color='purple')
plt.title('hist')
plt.subplot(2, 3, 5)
plt.imshow(np.outer(np.linspace(0, 1, 20), np.linspace(0, 1, 30)), cmap='hot'); plt.colorbar()
plt.subplot(2, 3, 6)
plt.fill_between(x, np.sin(x) - 0.3, np.sin(x) + 0.3, alpha=0.3)
plt.errorbar(x[::5], np.sin(x[::5]) + 2, yerr=0.2, fmt='s', capsize=3)
plt.xscale('log'); plt.yscale('log'); plt.title('fill+err')
plt.suptitle('all kinds')
plt.tight_layout()
plt.savefig('all.png'); plt.savefig('small.png', dpi=50)
plt.savefig('all.svg'); plt.savefig('all.pdf')
print(plt.get_fignums(), len(fig.axes))
plt.clf(); print(len(plt.gcf().axes)); plt.close('all'); print(plt.get_fignums())
"""
    rc, out, err = run(code, cwd=tmp)
    assert rc == 0, err
    lines = out.strip().splitlines()
    assert lines[0] == "(0.0, 8.0) (-1.5, 1.5)", lines[0]
    assert lines[1:] == ["[1] 6", "0", "[]"], lines
    w, h, px = png_pixels(open(os.path.join(tmp, "all.png"), "rb").read())
    assert (w, h) == (640, 480), (w, h)
    assert len(set(px[::5])) > 200, "too few colours"
    w2, h2, _ = png_pixels(open(os.path.join(tmp, "small.png"), "rb").read())
    assert (w2, h2) == (400, 300), (w2, h2)
    import xml.dom.minidom
    svg = xml.dom.minidom.parse(os.path.join(tmp, "all.svg"))
    assert svg.documentElement.tagName == "svg"
    assert len(svg.getElementsByTagName("image")) + len(svg.getElementsByTagName("path")) > 50
    pdf = open(os.path.join(tmp, "all.pdf"), "rb").read()
    assert pdf[:5] == b"%PDF-" and b"%%EOF" in pdf[-32:] and len(pdf) > 10000, len(pdf)


def case_missing_gnuplot(tmp):
    code = """
import matplotlib.pyplot as plt
plt.plot([1, 2, 3])
try:
    plt.savefig("m.png")
    print("no error")
except Exception as e:
    print("caught:", e)
x = 41
print("continued", x + 1)
"""
    env = dict(os.environ)
    env["PATH"] = tmp            # no gnuplot there
    env.pop("SABLE_GNUPLOT", None)
    rc, out, err = run(code, env=env, cwd=tmp)
    assert "apt-get install gnuplot-nox" in out, (out, err)
    assert "continued 42" in out and rc == 0, (out, err)


def case_kernel_png(tmp):
    try:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import _kernel_util as ku
        from jupyter_client.manager import start_new_kernel
    except Exception as e:  # noqa: BLE001
        return f"SKIP no jupyter_client: {e}"
    ku.kernelspec()
    km, kc = start_new_kernel(kernel_name="sable", startup_timeout=60)
    try:
        kc.execute("import matplotlib.pyplot as plt\nplt.plot([1, 3, 2])\nplt.show()")
        found = False
        while True:
            msg = kc.get_iopub_msg(timeout=60)
            if msg["msg_type"] == "display_data":
                data = msg["content"]["data"]
                import base64
                png = base64.b64decode(data["image/png"])
                assert png[:8] == b"\x89PNG\r\n\x1a\n" and "text/plain" in data
                found = True
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
        assert found, "no display_data with image/png"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main():
    why = works()
    names = ["pyplot_savefig_by_extension", "pyplot_subplots", "pyplot_hist_like_numpy",
             "pyplot_missing_gnuplot", "pyplot_kernel_image_png", "pyplot_every_function"]
    if why:
        for n in names:
            report("SKIP", n, why)
        return 0
    fns = [case_savefig, case_subplots, case_hist, case_missing_gnuplot, case_kernel_png,
           case_every_function]
    global SABLE
    builds = [("", SABLE)]
    asan = os.environ.get("SABLE_ASAN", "")
    if asan and os.access(asan, os.X_OK):
        builds.append(("asan_", asan))      # the script cases again under ASan+UBSan
    for prefix, binary in builds:
        SABLE = binary
        for n, fn in zip(names, fns):
            if prefix and fn is case_kernel_png:
                continue                    # plot_kernel runs the kernel under ASan
            tmp = tempfile.mkdtemp(prefix="sable-plot-")
            try:
                r = fn(tmp)
                if isinstance(r, str) and r.startswith("SKIP"):
                    report("SKIP", prefix + n, r[5:])
                else:
                    report("PASS", prefix + n)
            except Exception as e:  # noqa: BLE001
                report("FAIL", prefix + n, f"{type(e).__name__}: {e}")
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
