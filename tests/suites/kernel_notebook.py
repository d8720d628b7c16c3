"""nbclient runs every notebook in notebooks/ on the Sable kernel, found through a kernelspec
written by tools/install_kernel.py into a directory on JUPYTER_PATH, as a person's Jupyter
would. Where a notebook stores outputs (made with CPython for plain-language cells), the new
outputs must match them: stream text and text/plain exactly, other MIME types by presence.
A cell tagged "nocheck" is run but not compared. A notebook listed in SHORT has its
"parameters" cell followed by an injected cell (as papermill does) with a short configuration,
and its outputs are then checked by a function of the printed text. Prints PASS/FAIL/SKIP lines."""
import glob
import os
import re
import sys

import _kernel_util as ku

if not ku.have_binary():
    sys.exit(0)
ku.kernelspec()

import nbclient  # noqa: E402
import nbformat  # noqa: E402


def normal(outputs):
    """Outputs as comparable tuples; consecutive streams of one name are joined."""
    res = []
    for o in outputs:
        t = o.get("output_type")
        if t == "stream":
            if res and res[-1][0] == "stream" and res[-1][1] == o["name"]:
                res[-1] = ("stream", o["name"], res[-1][2] + o["text"])
            else:
                res.append(("stream", o["name"], o["text"]))
        elif t in ("execute_result", "display_data"):
            data = o.get("data", {})
            res.append((t, tuple(sorted(data)), data.get("text/plain") if t == "execute_result" else None))
        elif t == "error":
            res.append(("error", o.get("ename"), None))
    return res


def _floats(pattern, text):
    return [float(m) for m in re.findall(pattern, text)]


def check_03(text):
    for want in ("fjit failed: TracerBoolConversionError", "d^2 f/dx^2 (3, 3) = 2.0", "(1200,) (1200,)"):
        if want not in text:
            raise AssertionError(f"{want!r} not printed")


def check_04(text):
    losses = _floats(r"epoch loss ([0-9.]+)", text)
    acc = _floats(r"final test accuracy ([0-9.]+)", text)
    if len(losses) != 2 or not losses[1] < losses[0]:
        raise AssertionError(f"loss did not decrease: {losses}")
    if not acc or acc[0] < 0.5:
        raise AssertionError(f"test accuracy {acc} below 0.5")


def check_07(text):
    per_epoch = _floats(r"epoch \d+: loss ([0-9.]+)", text)
    if len(per_epoch) != 4 or not (per_epoch[1] < per_epoch[0] and per_epoch[3] < per_epoch[2]):
        raise AssertionError(f"JAX/Flax epoch losses {per_epoch} do not decrease")
    keras_losses = _floats(r"accuracy: [0-9.]+ - loss: ([0-9.]+)", text)
    if len(keras_losses) != 2 or not keras_losses[1] < keras_losses[0]:
        raise AssertionError(f"Keras losses {keras_losses} do not decrease")
    rows = re.findall(r"^(JAX \+ Optax|Flax \+ Optax \+ TrainState|Keras Sequential) +([0-9.]+) +([0-9.]+)$",
                      text, re.M)
    if len(rows) != 3 or not all(0.0 <= float(a) <= 1.0 and float(t) > 0 for _, t, a in rows):
        raise AssertionError(f"comparison table rows {rows}")


def check_05(text):
    losses = _floats(r"epoch loss ([0-9.]+)", text)
    if len(losses) != 2 or not losses[1] < losses[0]:
        raise AssertionError(f"loss did not decrease: {losses}")


def check_06(text):
    if "BFGS agrees with least squares: True" not in text or "matches central difference: True" not in text:
        raise AssertionError("BFGS or gradient check failed")


def check_08(text):
    for name in ("regression", "classification"):
        m = re.search(name + r" loss: first ([0-9.]+), last ([0-9.]+)", text)
        losses = [float(v) for v in m.groups()] if m else []
        if len(losses) != 2 or not losses[1] < losses[0]:
            raise AssertionError(f"{name} loss did not decrease: {losses}")
    if "CNN: test accuracy" not in text:
        raise AssertionError("CNN accuracy not printed")


def check_09(text):
    for name in ("SimpleRNN", "LSTM", "LSTM classifier", "Conv1D\\+LSTM classifier"):
        m = re.search("^" + name + r" loss: first ([0-9.]+), last ([0-9.]+)$", text, re.M)
        losses = [float(v) for v in m.groups()] if m else []
        if len(losses) != 2 or not losses[1] < losses[0]:
            raise AssertionError(f"{name} loss did not decrease: {losses}")
    for name in ("LSTM classifier", "Conv1D\\+LSTM classifier"):
        acc = _floats("(?m)^" + name + r": test accuracy ([0-9.]+)$", text)
        if not acc or acc[0] < 0.7:   # two balanced classes: chance is 0.5
            raise AssertionError(f"{name} test accuracy {acc} not above chance")


# notebook name -> (short parameters, check of the printed text)
SHORT = {
    "03_jax_basics": ({"N": 1000}, check_03),
    "04_mlp_fashion_mnist": ({"num_epochs": 2, "N_TRAIN": 2560}, check_04),
    "05_numpy_backprop": ({"EPOCHS": 2, "N_TRAIN": 2000}, check_05),
    "06_capability_analysis": ({"MATRIX_SIZE": 300, "JIT_SIZES": [(1000, 10)]}, check_06),
    "07_lenet5": ({"EPOCHS": 2, "N_TRAIN": 1024, "N_TEST": 1024}, check_07),
    "08_keras_dense_cnn": ({"EPOCHS_REG": 2, "EPOCHS_CLS": 2, "EPOCHS_CNN": 1, "N_TRAIN": 256}, check_08),
    "09_keras_rnn": ({"EPOCHS_TS": 3, "EPOCHS_TXT": 4, "N_DOCS": 2000}, check_09),
}


def inject(nb, params):
    """Insert a cell setting params after the cell tagged "parameters"; return its index."""
    for i, c in enumerate(nb.cells):
        if "parameters" in c.metadata.get("tags", []):
            src = "# Parameters\n" + "".join(f"{k} = {v!r}\n" for k, v in params.items())
            cell = nbformat.v4.new_code_cell(src)
            cell.metadata["tags"] = ["injected-parameters"]
            nb.cells.insert(i + 1, cell)
            return i + 1
    raise AssertionError("no cell tagged 'parameters'")


def stream_text(nb):
    return "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code"
                   for o in c.outputs if o.get("output_type") == "stream")


def run_notebook(path):
    want = nbformat.read(path, as_version=4)
    nb = nbformat.read(path, as_version=4)
    for c in nb.cells:
        if c.cell_type == "code":
            c.outputs = []
    short = SHORT.get(os.path.basename(path)[:-6])
    injected = inject(nb, short[0]) if short else None
    client = nbclient.NotebookClient(nb, kernel_name="sable", timeout=120, allow_errors=False,
                                     resources={"metadata": {"path": os.path.dirname(path)}})
    client.execute()
    if short:
        short[1](stream_text(nb))
    cells = [c for i, c in enumerate(nb.cells) if i != injected]
    for i, (a, b) in enumerate(zip(want.cells, cells)):
        if a.cell_type != "code" or not a.outputs or "nocheck" in a.metadata.get("tags", []):
            continue
        wa, got = normal(a.outputs), normal(b.outputs)
        if wa != got:
            raise AssertionError(f"cell {i} ({a.source.splitlines()[0][:40]!r}): expected {wa}, got {got}")
    return None


def kernelspec_found():
    """The installed kernelspec is what jupyter_client finds: absolute binary, logos."""
    import struct
    from jupyter_client.kernelspec import KernelSpecManager
    ksm = KernelSpecManager()
    spec = ksm.get_kernel_spec("sable")
    if not (os.path.isabs(spec.argv[0]) and spec.argv[1:] == ["kernel", "-f", "{connection_file}"]):
        raise AssertionError(f"argv {spec.argv}")
    if spec.language != "sable" or spec.display_name != "Sable" or spec.interrupt_mode != "signal":
        raise AssertionError(f"spec {spec.to_dict()}")
    files = os.listdir(spec.resource_dir)
    for size in (32, 64):
        name = f"logo-{size}x{size}.png"
        if name not in files:
            raise AssertionError(f"{name} missing")
        with open(os.path.join(spec.resource_dir, name), "rb") as f:
            head = f.read(24)
        if head[:8] != b"\x89PNG\r\n\x1a\n" or struct.unpack(">II", head[16:24]) != (size, size):
            raise AssertionError(f"{name} is not a {size}x{size} PNG")
    if "logo-svg.svg" not in files:
        raise AssertionError("logo-svg.svg missing")
    if "sable" not in ksm.find_kernel_specs():
        raise AssertionError("not listed")


def main():
    ku.case("notebook/kernelspec", kernelspec_found)
    books = sorted(glob.glob(os.path.join(ku.ROOT, "notebooks", "*.ipynb")))
    if not books:
        ku.report("SKIP", "notebook", "no notebooks")
    for path in books:
        ku.case("notebook/" + os.path.basename(path)[:-6], run_notebook, path)
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
