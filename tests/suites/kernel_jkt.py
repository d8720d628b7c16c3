"""jupyter_kernel_test (the Jupyter project's kernel conformance tests) against `sable kernel`,
with every test the package offers turned on. Prints PASS/FAIL/SKIP lines for tests/run.py."""
import re
import sys
import unittest

import _kernel_util as ku

if not ku.have_binary():
    sys.exit(0)
ku.kernelspec()

import jupyter_kernel_test as jkt  # noqa: E402  (after JUPYTER_PATH is set)


class SableKernelTests(jkt.KernelTests):
    kernel_name = "sable"
    language_name = "sable"
    file_extension = ".py"

    code_hello_world = 'print("hello, world")'
    code_stderr = 'import sys; print("err", file=sys.stderr)'
    completion_samples = [
        {"text": "prin", "matches": {"print"}},
        {"text": "isinst", "matches": {"isinstance"}},
    ]
    complete_code_samples = ["1", 'print("hello, world")', "x = [1, 2,\n     3]",
                             "def f(x):\n    return x * 2\n\n"]
    incomplete_code_samples = ["for i in range(3):", "x = (1 +", "def f(x):"]
    invalid_code_samples = ["x = = 1", "1 +* 2"]
    code_page_something = "print?"
    code_generate_error = "raise ValueError('boom')"
    code_execute_result = [
        {"code": "1+2+3", "result": "6"},
        {"code": "6*7", "result": "42"},
        {"code": "'ab' + 'cd'", "result": "'abcd'"},
    ]
    code_history_pattern = "1?2*"
    supported_history_operations = ("tail", "range", "search")
    code_display_data = [
        {"code": "display(42)", "mime": "text/plain"},
    ]
    code_inspect_sample = "print"
    code_clear_output = "clear_output()"


class SableWelcomeTests(jkt.IopubWelcomeTests):
    kernel_name = "sable"
    support_iopub_welcome = True


def short(err):
    """The exception line of a formatted traceback (an assertion's message may span lines)."""
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    for i, ln in enumerate(lines):
        if re.match(r"^[A-Za-z_.]*(Error|Exception|Timeout)\b", ln):
            return " | ".join(lines[i:i + 3])
    return lines[-1] if lines else err


class Result(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.sub_failures = {}

    def _name(self, test):
        return "jkt/" + getattr(test, "_testMethodName", str(test))

    def addSuccess(self, test):
        ku.report("PASS", self._name(test))

    def addFailure(self, test, err):
        ku.report("FAIL", self._name(test), short(self._exc_info_to_string(err, test)))

    def addError(self, test, err):
        name = self._name(test) if hasattr(test, "_testMethodName") else f"jkt/{test}"
        ku.report("FAIL", name, short(self._exc_info_to_string(err, test)))

    def addSkip(self, test, reason):
        ku.report("SKIP", self._name(test), reason)

    def addSubTest(self, test, subtest, err):
        if err is not None:
            desc = subtest._subDescription()
            ku.report("FAIL", self._name(test) + "/" + "".join(c for c in desc if c.isalnum() or c in "=_-"),
                      short(self._exc_info_to_string(err, test)))


def main():
    suite = unittest.TestSuite()
    loader = unittest.defaultTestLoader
    suite.addTests(loader.loadTestsFromTestCase(SableKernelTests))
    suite.addTests(loader.loadTestsFromTestCase(SableWelcomeTests))
    suite.run(Result())
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
