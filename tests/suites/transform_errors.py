#!/usr/bin/env python3
"""Errors users of JAX meet, as Sable reports them: a traced value in Python control flow
inside jit / vmap (the error names the function, its source line, the argument it depends
on, and suggests static_argnums / lax.cond), shape errors inside traced functions pointing at
the user's expression, leaked tracers, grad of non-scalar / integer functions, vmap size
mismatches, print inside jit (the abstract value at trace time) against jax.debug.print (the
values at run time), retracing on new shapes and static values, cache-miss explanations,
make_jaxpr / lower().as_text() printing. Each case runs a small program through the sable
binary and checks its output. Env: SABLE (binary), SABLE_ROOT."""
import os
import subprocess
import sys
import tempfile

from _sable_bins import binaries

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
failures = 0


def report(status, name, why=""):
    global failures
    why = " ".join(str(why).split())[:500]
    if status == "FAIL":
        failures += 1
    print(f"{status} transform_errors/{name}" + (f": {why}" if why else ""), flush=True)


def run(code, binary, env):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False, dir="/tmp") as f:
        f.write(code)
        path = f.name
    try:
        p = subprocess.run([binary, path], capture_output=True, text=True, timeout=300,
                           stdin=subprocess.DEVNULL, errors="replace", env=env)
        return p.returncode, p.stdout, p.stderr.replace(path, "prog.py")
    finally:
        os.unlink(path)


def case(name, code, rc=None, out=(), err=(), not_out=()):
    for label, binary, env in binaries():
        case1(name + label, code, binary, env, rc, out, err, not_out)


def case1(name, code, binary, env, rc, out, err, not_out):
    try:
        got_rc, o, e = run(code, binary, env)
    except subprocess.TimeoutExpired:
        report("FAIL", name, "timed out")
        return
    if "Segmentation" in e or (got_rc is not None and got_rc < 0) or got_rc in (86, 87, 88):
        report("FAIL", name, f"crashed or sanitizer report: rc={got_rc} {e[-300:]}")
        return
    if rc is not None and got_rc != rc:
        report("FAIL", name, f"exit {got_rc}, wanted {rc}; stderr: {e[-400:]}")
        return
    for s in out:
        if s not in o:
            report("FAIL", name, f"stdout lacks {s!r}; got {o[-400:]!r}; stderr {e[-300:]!r}")
            return
    for s in not_out:
        if s in o:
            report("FAIL", name, f"stdout has {s!r}")
            return
    for s in err:
        if s not in e:
            report("FAIL", name, f"stderr lacks {s!r}; got {e[-600:]!r}")
            return
    report("PASS", name)


HEAD = "import jax\nimport jax.numpy as jnp\nfrom jax import jit, grad, vmap, lax\n"

case("bool_in_jit", HEAD + """
@jit
def f(x):
    if x > 0:
        return x
    return -x
f(1.0)
""", rc=1, err=["TracerBoolConversionError: Attempted boolean conversion of traced array with shape bool[].",
                'File "prog.py", line 7, in f', "    if x > 0:",
                "tracing the function f at prog.py:6 for jit",
                "depends on the value of the argument x", "static_argnums", "lax.cond"])

case("bool_second_arg", HEAD + """
def f(a, b):
    return a if b > 1 else -a
jit(f)(1.0, 2.0)
""", rc=1, err=["depends on the value of the argument b", "line 6, in f", "function f at prog.py:5"])

case("fjit_static", HEAD + """
def f(x, y):
    if x < 3:
        return 3. * x ** 2
    else:
        return -4 * y
try:
    jit(f)(5, 5)
except jax.errors.ConcretizationTypeError as e:
    print("caught", type(e).__name__)
print(jit(f, static_argnums=(0,))(5, 5))
print(jit(f, static_argnames=("x",))(1, 5))
""", rc=0, out=["caught TracerBoolConversionError", "-20\n", "3.0\n"])

case("int_in_jit", HEAD + """
@jit
def f(x, n):
    return jnp.zeros(n) + x
f(1.0, 3)
""", rc=1, err=["TracerIntegerConversionError", "depends on the value of the argument n"])

case("bool_in_vmap", HEAD + """
def f(x):
    if x > 0:
        return x
    return -x
vmap(f)(jnp.arange(3.0))
""", rc=1, err=["TracerBoolConversionError", "for vmap", "jnp.where"])

case("grad_python_control_flow_ok", HEAD + """
def f(x):
    if x > 0:
        return x ** 2
    return -x
print(grad(f)(3.0), grad(f)(-3.0))
""", rc=0, out=["6.0 -1.0"])

case("shape_error_in_jit", HEAD + """
@jit
def f(x, y):
    z = x * 2
    return z @ y
f(jnp.ones((3, 4)), jnp.ones((3, 4)))
""", rc=1, err=['line 8, in f', "    return z @ y", "~~^~~", "TypeError: dot_general requires contracting dimensions"])

case("shape_error_in_vmap", HEAD + """
def f(x, y):
    return x + y
vmap(f)(jnp.ones((2, 3)), jnp.ones((2, 4)))
""", rc=1, err=['line 6, in f', "x + y", "TypeError: add got incompatible shapes for broadcasting: (2, 3), (2, 4)."])

case("shape_error_in_grad", HEAD + """
def f(x):
    return jnp.sum(x @ jnp.ones((4, 2)))
grad(f)(jnp.ones((2, 3)))
""", rc=1, err=['line 6, in f', "TypeError: dot_general requires contracting dimensions"])

case("leaked_tracer", HEAD + """
saved = []
def f(x):
    saved.append(x)
    return x * 2
jit(f)(1.0)
y = saved[0] + 1
""", rc=1, err=["line 10", "escaped"])

case("leaked_tracer_inner", HEAD + """
saved = []
def f(x):
    saved.append(x)
    return x * 2
grad(f)(1.0)
def g(y):
    return y * saved[0]
grad(g)(2.0)
""", rc=1, err=["UnexpectedTracerError", "grad of f", "Return the value"])

case("grad_nonscalar", HEAD + """
grad(lambda x: x * 2)(jnp.ones(3))
""", rc=1, err=["Gradient only defined for scalar-output functions. Output had shape: (3,)."])

case("grad_int_input", HEAD + """
grad(lambda x: x * 2.0)(3)
""", rc=1, err=["grad requires real- or complex-valued inputs", "got int32", "allow_int"])

case("vmap_sizes", HEAD + """
vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))
""", rc=1, err=["vmap got inconsistent sizes for array axes to be mapped", "size 3", "size 4"])

case("vmap_in_axes_len", HEAD + """
vmap(lambda a, b: a + b, in_axes=(0, 0, 0))(jnp.ones(3), jnp.ones(3))
""", rc=1, err=["vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments"])

case("vmap_scalar_axis", HEAD + """
vmap(lambda a: a)(1.0)
""", rc=1, err=["vmap was requested to map its argument along axis 0"])

case("print_in_jit", HEAD + """
@jit
def f(x):
    print("traced:", x)
    jax.debug.print("value: {}", x)
    return x * 2
f(jnp.arange(3.0))
f(jnp.arange(3.0) + 1)
""", rc=0, out=["traced: JitTracer(float32[3])\nvalue: [0. 1. 2.]\nvalue: [1. 2. 3.]\n"])

case("debug_print_vmap_grad", HEAD + """
def f(x):
    jax.debug.print("x={x}", x=x)
    return x * x
f(0.5)
vmap(f)(jnp.array([1.0, 2.0]))
grad(f)(3.0)
""", rc=0, out=["x=0.5\nx=1.0\nx=2.0\nx=3.0\n"])

case("retrace_counts", HEAD + """
n = [0]
@jit
def f(x, k):
    n[0] += 1
    return x * k
f(jnp.ones(2), 1.0); f(jnp.ones(2), 2.0); f(jnp.ones(3), 2.0); f(jnp.ones(3), 2)
print(n[0])
def h(x, k):
    n[0] += 1
    return x * k
g = jit(h, static_argnums=(1,))
g(jnp.ones(2), 1.0); g(jnp.ones(2), 1.0); g(jnp.ones(2), 3.0); g(jnp.ones(2), k=3.0)
print(n[0], g._cache_size())
""", rc=0, out=["3\n6 3\n"])

case("explain_cache_misses", HEAD + """
jax.config.update("jax_explain_cache_misses", True)
@jit
def f(x, y):
    return x + y
f(jnp.ones(3), 1.0)
f(jnp.ones(3), 2.0)
f(jnp.ones(4), 1.0)
g = jit(lambda x, n: x * n, static_argnums=(1,))
g(1.0, 2)
g(1.0, 3)
""", rc=0, err=["TRACING CACHE MISS", "never seen function", "f defined at prog.py:7",
                "* at x, seen f32[3], but now given f32[4]", "static argument n changed: seen 2, now given 3"])

case("make_jaxpr", HEAD + """
print(jax.make_jaxpr(lambda x: jnp.sum(jnp.tanh(x) ** 2))(jnp.ones(3)))
print(jax.make_jaxpr(lambda x, y: lax.cond(x > 0, lambda a: a * 2, lambda a: a - 1, y))(1.0, 2.0))
""", rc=0, out=["{ lambda ; a:f32[3]. let\n    b:f32[3] = tanh a\n    c:f32[3] = integer_pow[y=2] b\n    d:f32[] = reduce_sum[axes=(0,)] c\n  in (d,) }",
                "cond[", "branches=("])

case("lower_as_text", HEAD + """
def f(x):
    y = x * 2.0
    z = x * 2.0
    unused = jnp.sin(x)
    return y + z + (jnp.ones(3) * 0.0).sum()
t = jit(f).lower(jnp.ones(3)).as_text()
print(t)
print("sin" in t, t.count("mul"))
""", rc=0, out=["module @jit_f", "False 1\n"])

case("jit_closure_capture", HEAD + """
def outer(a):
    return jit(lambda b: a * b)(3.0)
print(grad(outer)(2.0), vmap(outer)(jnp.arange(3.0)))
""", rc=0, out=["3.0 [0. 3. 6.]"])

case("while_grad_dynamic", HEAD + """
def f(v, n):
    return lax.fori_loop(0, n, lambda i, a: a * v, 1.0)
print(grad(f)(2.0, 3))
jit(grad(f))(2.0, 3)
""", rc=1, out=["12.0"], err=["Reverse-mode differentiation does not work for lax.while_loop"])

case("cond_branch_mismatch", HEAD + """
lax.cond(True, lambda: jnp.ones(3), lambda: jnp.ones(4))
""", rc=1, err=["true_fun and false_fun", "f32[3]", "f32[4]"])

case("scan_carry_mismatch", HEAD + """
lax.scan(lambda c, x: (c + x, x), 0, jnp.arange(3.0))
""", rc=1, err=["scan body function carry input and carry output must have equal types", "dtypes"])

case("custom_vjp_jvp_error", HEAD + """
@jax.custom_vjp
def f(x):
    return x
f.defvjp(lambda x: (x, None), lambda r, g: (g,))
jax.jvp(f, (1.0,), (1.0,))
""", rc=1, err=["can't apply forward-mode autodiff (jvp) to a custom_vjp function."])

case("interrupt_free_long_loop", HEAD + """
print(lax.fori_loop(0, 100000, lambda i, a: a + 1.0, 0.0))
print(jit(lambda n: lax.while_loop(lambda c: c < n, lambda c: c + 1, 0))(50000))
""", rc=0, out=["100000.0", "50000"])

sys.exit(1 if failures else 0)
