"""nbclient runs every notebook in notebooks/ on the Sable kernel, found through a kernelspec
written by tools/install_kernel.py into a directory on JUPYTER_PATH, as a person's Jupyter
would. Where a notebook stores outputs (made with CPython for plain-language cells), the new
outputs must match them: stream text and text/plain exactly, other MIME types by presence.
A cell tagged "nocheck" is run but not compared. Prints PASS/FAIL/SKIP lines."""
import glob
import os
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


def run_notebook(path):
    want = nbformat.read(path, as_version=4)
    nb = nbformat.read(path, as_version=4)
    for c in nb.cells:
        if c.cell_type == "code":
            c.outputs = []
    client = nbclient.NotebookClient(nb, kernel_name="sable", timeout=120, allow_errors=False,
                                     resources={"metadata": {"path": os.path.dirname(path)}})
    client.execute()
    for i, (a, b) in enumerate(zip(want.cells, nb.cells)):
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
