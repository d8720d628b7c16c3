#!/usr/bin/env python3
"""Convolutions (engine/cpu/cpu_conv.c, engine/cpu/cpu_dnnl.c) against a float64 NumPy reference:
random shapes forward and both gradients (jax.vjp w.r.t. input and filter) over NCHW/NHWC (and
1-D/3-D) dimension numbers, strides, padding (negative too), lhs/rhs dilation, feature groups
(depthwise included), 1x1 kernels and batch 1, eager and jit-ed, run by one Sable program per
kernel path: SABLE_CONV=im2col, =col2im, =nhwc (channels-last runs), =dnnl (oneDNN; SKIP when libdnnl.so.2 is absent) and
the automatic choice. Also central finite differences of the float64 forward for a few cases.
Tolerance: float32 results within 1e-4 * (1 + max|reference|) of the reference (all paths sum in
a different order than the reference; oneDNN's order is its own), float64 within 1e-10. Env:
SABLE (binary), SABLE_ROOT."""
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
rng = np.random.default_rng(2026)
fails = 0


def report(ok, name, why=""):
    global fails
    if ok:
        print("PASS", name)
    else:
        fails += 1
        print("FAIL %s: %s" % (name, why))


# ---- float64 reference on NC<spatial> / OI<spatial> ------------------------------------------
def _geometry(xs, ws, strides, pads, ld, rd):
    sp = xs[2:]
    dil = [(n - 1) * l + 1 if n > 0 else 0 for n, l in zip(sp, ld)]
    padded = [d + lo + hi for d, (lo, hi) in zip(dil, pads)]
    kd = [(k - 1) * r + 1 for k, r in zip(ws[2:], rd)]
    out = [max((p - k) // s + 1, 0) if p >= k else 0 for p, k, s in zip(padded, kd, strides)]
    return dil, padded, out


def _taps(xs, ws, strides, pads, ld, rd):
    """For each kernel tap: the (input index arrays) each output position reads, as a mask and
    flat index into the dilated+padded input (positions outside read zero)."""
    dil, padded, out = _geometry(xs, ws, strides, pads, ld, rd)
    nsp = len(out)
    res = []
    for kidx in np.ndindex(*ws[2:]):
        # for each output position along each dim: position in the padded dilated input
        valid = np.ones(tuple(out), bool)
        src = np.zeros(tuple(out), np.int64)
        mult = 1
        for i in reversed(range(nsp)):
            o = np.arange(out[i]) * strides[i] + kidx[i] * rd[i] - pads[i][0]   # in dilated coords
            ok = (o >= 0) & (o < dil[i]) & (o % ld[i] == 0)
            xi = np.where(ok, o // ld[i], 0)
            shp = [1] * nsp
            shp[i] = out[i]
            valid &= ok.reshape(shp)
            src = src + (xi * mult).reshape(shp)
            mult *= xs[2 + i]
        res.append((kidx, valid, src))
    return res, out


def ref_conv_vjp(x, w, ct, strides, pads, ld, rd, G):
    x = x.astype(np.float64)
    w = w.astype(np.float64)
    N, C = x.shape[:2]
    O, I = w.shape[:2]
    Og = O // G
    taps, out = _taps(x.shape, w.shape, strides, pads, ld, rd)
    xf = x.reshape(N, C, -1)
    y = np.zeros((N, O) + tuple(out))
    gx = np.zeros_like(xf)
    gw = np.zeros_like(w)
    ct = None if ct is None else ct.astype(np.float64)
    for kidx, valid, src in taps:
        vm = valid.astype(np.float64)
        for g in range(G):
            xs = xf[:, g * I:(g + 1) * I][:, :, src] * vm           # N, I, out...
            wk = w[(slice(g * Og, (g + 1) * Og), slice(None)) + kidx]  # Og, I
            y[:, g * Og:(g + 1) * Og] += np.einsum("ni...,oi->no...", xs, wk)
            if ct is not None:
                cg = ct[:, g * Og:(g + 1) * Og]
                gw[(slice(g * Og, (g + 1) * Og), slice(None)) + kidx] += np.einsum("nip,nop->oi", xs.reshape(N, I, -1),
                                                                                     cg.reshape(N, Og, -1))
                contrib = np.einsum("no...,oi->ni...", cg, wk) * vm   # N, I, out...
                flat = contrib.reshape(N, I, -1)
                sidx = src.reshape(-1)
                for n in range(N):
                    for i in range(I):
                        np.add.at(gx[n, g * I + i], sidx, flat[n, i])
    return y, gx.reshape(x.shape), gw


# ---- layouts -------------------------------------------------------------------------------
LAYOUTS = {1: [("NCH", "OIH", "NCH"), ("NHC", "HIO", "NHC")],
           2: [("NCHW", "OIHW", "NCHW"), ("NHWC", "HWIO", "NHWC"), ("NHWC", "OIHW", "NCHW")],
           3: [("NCDHW", "OIDHW", "NCDHW"), ("NDHWC", "DHWIO", "NDHWC")]}


def perm_from(spec, canon):
    return [spec.index(c) for c in canon]


def to_layout(a, canon, spec):
    """a in canonical order (N C sp.. / O I sp..) -> spec's order."""
    return np.transpose(a, [canon.index(c) for c in spec]).copy()


def from_layout(a, spec, canon):
    return np.transpose(a, [spec.index(c) for c in canon])


def rand_case(nsp, fixed=None):
    B = int(rng.choice([1, 2, 3, 5]))
    G = int(rng.choice([1, 1, 2, 3]))
    Ig = int(rng.integers(1, 4))
    Og = int(rng.integers(1, 4))
    if rng.random() < 0.2:   # depthwise
        Ig, Og, G = 1, int(rng.integers(1, 3)), int(rng.integers(2, 5))
    ks = [int(rng.choice([1, 1, 2, 3, 5])) for _ in range(nsp)]
    st = [int(rng.choice([1, 1, 2, 3])) for _ in range(nsp)]
    ld = [int(rng.choice([1, 1, 1, 2])) for _ in range(nsp)]
    rd = [int(rng.choice([1, 1, 1, 2])) for _ in range(nsp)]
    n = [int(rng.integers(1, 9 if nsp < 3 else 5)) for _ in range(nsp)]
    pads = []
    for i in range(nsp):
        kd = (ks[i] - 1) * rd[i] + 1
        lo, hi = int(rng.integers(-1, kd + 1)), int(rng.integers(-1, kd + 1))
        dn = (n[i] - 1) * ld[i] + 1
        if dn + lo + hi < kd:   # keep at least one output position
            hi = kd - dn - lo
        pads.append((lo, hi))
    return dict(xs=(B, G * Ig) + tuple(n), ws=(G * Og, Ig) + tuple(ks), st=st, pads=pads, ld=ld, rd=rd, G=G)


def cases():
    out = []
    # fixed shapes: LeNet's (small batch), ResNet-like 3x3, 1x1, strided, depthwise, batch 1
    fixed = [((4, 1, 28, 28), (6, 1, 5, 5), [1, 1], [(2, 2), (2, 2)], [1, 1], [1, 1], 1),
             ((4, 6, 14, 14), (16, 6, 5, 5), [1, 1], [(0, 0), (0, 0)], [1, 1], [1, 1], 1),
             ((2, 16, 12, 12), (16, 16, 3, 3), [1, 1], [(1, 1), (1, 1)], [1, 1], [1, 1], 1),
             ((2, 16, 9, 9), (8, 16, 1, 1), [1, 1], [(0, 0), (0, 0)], [1, 1], [1, 1], 1),
             ((2, 8, 11, 11), (12, 8, 3, 3), [2, 2], [(1, 1), (1, 1)], [1, 1], [1, 1], 1),
             ((2, 8, 10, 10), (8, 1, 3, 3), [1, 1], [(1, 1), (1, 1)], [1, 1], [1, 1], 8),
             ((1, 3, 7, 6), (4, 3, 3, 2), [2, 1], [(1, 2), (0, 1)], [1, 1], [2, 1], 1),
             ((1, 4, 5, 5), (6, 2, 3, 3), [1, 1], [(2, 2), (2, 2)], [2, 2], [1, 1], 2)]
    for xs, ws, st, pads, ld, rd, G in fixed:
        out.append(dict(xs=xs, ws=ws, st=st, pads=pads, ld=ld, rd=rd, G=G))
    for _ in range(26):
        out.append(rand_case(2))
    for _ in range(6):
        out.append(rand_case(1))
    for _ in range(3):
        out.append(rand_case(3))
    return out


PROGRAM = r'''
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
jax.config.update("jax_enable_x64", True)
import sys
d = sys.argv[1]
spec = open(d + "/cases.txt").read().splitlines()
for line in spec:
    i, st, pads, ld, rd, G, dn, usejit = eval(line)
    x = jnp.asarray(np.load("%s/x%d.npy" % (d, i)))
    w = jnp.asarray(np.load("%s/w%d.npy" % (d, i)))
    ct = jnp.asarray(np.load("%s/c%d.npy" % (d, i)))
    def f(a, b):
        return lax.conv_general_dilated(a, b, st, pads, lhs_dilation=ld, rhs_dilation=rd,
                                        dimension_numbers=dn, feature_group_count=G)
    def fg(a, b, c):
        y, back = jax.vjp(f, a, b)
        gx, gw = back(c)
        return y, gx, gw
    y, gx, gw = (jax.jit(fg) if usejit else fg)(x, w, ct)
    np.save("%s/y%d.npy" % (d, i), np.asarray(y))
    np.save("%s/gx%d.npy" % (d, i), np.asarray(gx))
    np.save("%s/gw%d.npy" % (d, i), np.asarray(gw))
    if x.dtype == jnp.float64 and i % 3 == 0:
        dx = jnp.asarray(np.load("%s/dx%d.npy" % (d, i)))
        dw = jnp.asarray(np.load("%s/dw%d.npy" % (d, i)))
        e = 1e-6
        fd = (jnp.vdot(ct, f(x + e * dx, w + e * dw)) - jnp.vdot(ct, f(x - e * dx, w - e * dw))) / (2 * e)
        np.save("%s/fd%d.npy" % (d, i), np.asarray(fd))
print("done")
'''


def main():
    have_dnnl = any(os.path.exists(os.path.join(p, "libdnnl.so.2"))
                    for p in ("/usr/lib/x86_64-linux-gnu", "/usr/lib", "/usr/local/lib"))
    tmp = tempfile.mkdtemp(prefix="conv_diff_")
    prog = os.path.join(tmp, "prog.py")
    open(prog, "w").write(PROGRAM)
    cs = cases()
    lines, refs = [], []
    for i, c in enumerate(cs):
        nsp = len(c["xs"]) - 2
        dn = LAYOUTS[nsp][i % len(LAYOUTS[nsp])]
        dt = np.float64 if i % 4 == 3 or i % 3 == 0 and i % 2 == 0 else np.float32
        x = rng.standard_normal(c["xs"]).astype(dt)
        w = rng.standard_normal(c["ws"]).astype(dt)
        y, _, _ = ref_conv_vjp(x, w, None, c["st"], c["pads"], c["ld"], c["rd"], c["G"])
        ct = rng.standard_normal(y.shape).astype(dt)
        y, gx, gw = ref_conv_vjp(x, w, ct, c["st"], c["pads"], c["ld"], c["rd"], c["G"])
        canon_x = "NC" + dn[0].replace("N", "").replace("C", "")
        canon_w = "OI" + dn[1].replace("O", "").replace("I", "")
        canon_y = "NC" + dn[2].replace("N", "").replace("C", "")
        # spatial letters in the same order in all three specs (as the tables above are)
        canon_x = "NC" + "".join(ch for ch in dn[0] if ch not in "NC")
        canon_w = "OI" + "".join(ch for ch in dn[1] if ch not in "OI")
        canon_y = "NC" + "".join(ch for ch in dn[2] if ch not in "NC")
        np.save("%s/x%d.npy" % (tmp, i), to_layout(x, canon_x, dn[0]))
        np.save("%s/w%d.npy" % (tmp, i), to_layout(w, canon_w, dn[1]))
        np.save("%s/c%d.npy" % (tmp, i), to_layout(ct, canon_y, dn[2]))
        if dt == np.float64 and i % 3 == 0:
            dx = rng.standard_normal(x.shape)
            dw = rng.standard_normal(w.shape)
            np.save("%s/dx%d.npy" % (tmp, i), to_layout(dx, canon_x, dn[0]))
            np.save("%s/dw%d.npy" % (tmp, i), to_layout(dw, canon_w, dn[1]))
            fd_ref = float(np.vdot(gx, dx) + np.vdot(gw, dw))
        else:
            fd_ref = None
        lines.append(repr((i, list(c["st"]), [tuple(p) for p in c["pads"]], list(c["ld"]), list(c["rd"]),
                           c["G"], dn, i % 2 == 1)))
        refs.append((c, dn, dt, y, gx, gw, canon_x, canon_w, canon_y, fd_ref))
    open(os.path.join(tmp, "cases.txt"), "w").write("\n".join(lines) + "\n")
    for mode in ("im2col", "col2im", "nhwc", "dnnl", "auto"):
        if mode == "dnnl" and not have_dnnl:
            print("SKIP conv:dnnl: libdnnl.so.2 not installed")
            continue
        env = dict(os.environ)
        env.pop("SABLE_CONV", None)
        if mode != "auto":
            env["SABLE_CONV"] = mode
        for f in os.listdir(tmp):
            if f[:1] in "yg" or f.startswith("fd"):
                os.remove(os.path.join(tmp, f))
        p = subprocess.run([SABLE, prog, tmp], capture_output=True, text=True, env=env, timeout=600)
        if p.returncode != 0 or "done" not in p.stdout:
            report(False, "conv:%s:run" % mode, (p.stderr or p.stdout).strip().splitlines()[-3:])
            continue
        for i, (c, dn, dt, y, gx, gw, cx, cw, cy, fd_ref) in enumerate(refs):
            name = "conv:%s:%d:%s:%s:x%s w%s st%s pad%s ld%s rd%s G%d" % (
                mode, i, np.dtype(dt).name, "/".join(dn), c["xs"], c["ws"], c["st"], c["pads"], c["ld"], c["rd"], c["G"])
            rtol = 1e-4 if dt == np.float32 else 1e-10
            bad = []
            for tag, ref, spec, canon in (("y", y, dn[2], cy), ("gx", gx, dn[0], cx), ("gw", gw, dn[1], cw)):
                got = np.load("%s/%s%d.npy" % (tmp, tag, i))
                if got.dtype != dt:
                    bad.append("%s dtype %s" % (tag, got.dtype))
                    continue
                got = from_layout(got.astype(np.float64), spec, canon)
                if got.shape != ref.shape:
                    bad.append("%s shape %s != %s" % (tag, got.shape, ref.shape))
                    continue
                err = float(np.max(np.abs(got - ref))) if ref.size else 0.0
                lim = rtol * (1 + (float(np.max(np.abs(ref))) if ref.size else 0.0))
                if not err <= lim:
                    bad.append("%s max err %.3g > %.3g" % (tag, err, lim))
            if fd_ref is not None:
                fd = float(np.load("%s/fd%d.npy" % (tmp, i)))
                if not abs(fd - fd_ref) <= 1e-6 * (1 + abs(fd_ref)):
                    bad.append("finite difference %.12g vs <grad, d> %.12g" % (fd, fd_ref))
            report(not bad, name, "; ".join(bad))
    print("%d failed" % fails)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
