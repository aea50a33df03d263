"""The runner of a task's hidden tests, run by the sandbox's own `python3` (`hidden_tests`, `kinds.code`).

This file is never imported by the harness: its text is copied into the scratch copy of the end-state
workspace and run there as `python3 -I -S runner.py TESTS RESULTS [PATH ...]`, so it uses the standard
library only (the system python has no pytest, and the sandbox hides the harness's packages). It puts the
workspace root and each PATH (the project's source folders) first on `sys.path`, discovers the
`test*.py` modules under TESTS with `unittest`, runs them, and appends one JSON line per test to RESULTS
as soon as the test ends (`{"id": "test_mod.Class.test_x", "outcome": "passed"}`; outcomes: passed,
failed, error, skipped), so a test that hangs until the timeout loses only itself and what comes after.
A module that cannot be imported (the agent's code does not parse) is an error line of unittest's own
stand-in test, and its tests are simply missing: the grader counts them as not passed.

The code under test runs in this process, so the runner guards its results (`ec2bench.grading.kinds.tamper`):
it reads the signing key from `key` beside itself and deletes the file before anything imports a test
module, signs each line (`"sig"`, HMAC-SHA256 of id and outcome), and after the run compares unittest's and
its own methods with the objects it started with; a replaced one is reported as a signed `tampered` line.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys
import unittest
from typing import Any, TextIO


def _sign(key: bytes, test_id: str, outcome: str) -> str:
    return hmac.new(key, f"{test_id}\0{outcome}".encode(), hashlib.sha256).hexdigest()


class _LineResult(unittest.TestResult):
    """A test result that writes each outcome as it comes, signed, and nothing else."""

    def __init__(self, out: TextIO, key: bytes) -> None:
        super().__init__()
        self._out = out
        self._key = key

    def _write(self, test: unittest.TestCase, outcome: str) -> None:
        self.emit(test.id(), outcome)

    def emit(self, test_id: str, outcome: str) -> None:
        line = {"id": test_id, "outcome": outcome, "sig": _sign(self._key, test_id, outcome)}
        self._out.write(json.dumps(line) + "\n")
        self._out.flush()

    def addSuccess(self, test: unittest.TestCase) -> None:  # noqa: N802 (unittest's names)
        super().addSuccess(test)
        self._write(test, "passed")

    def addFailure(self, test: unittest.TestCase, err: Any) -> None:  # noqa: N802
        super().addFailure(test, err)
        self._write(test, "failed")

    def addError(self, test: unittest.TestCase, err: Any) -> None:  # noqa: N802
        super().addError(test, err)
        self._write(test, "error")

    def addSkip(self, test: unittest.TestCase, reason: str) -> None:  # noqa: N802
        super().addSkip(test, reason)
        self._write(test, "skipped")

    def addExpectedFailure(self, test: unittest.TestCase, err: Any) -> None:  # noqa: N802
        super().addExpectedFailure(test, err)
        self._write(test, "passed")

    def addUnexpectedSuccess(self, test: unittest.TestCase) -> None:  # noqa: N802
        super().addUnexpectedSuccess(test)
        self._write(test, "failed")

    def addSubTest(self, test: unittest.TestCase, subtest: unittest.TestCase, err: Any) -> None:  # noqa: N802
        super().addSubTest(test, subtest, err)
        if err is not None:  # a failed subtest fails its test: the test's own line would say passed
            self._write(test, "failed")


_GUARDED = (unittest.TestCase, unittest.TestSuite, unittest.TestResult, unittest.TestLoader, _LineResult)


def _methods() -> dict[str, object]:
    """The functions the results depend on, by name: what code under test would patch to fake a pass."""
    found: dict[str, object] = {f"{cls.__name__}.{name}": value for cls in _GUARDED
                                for name, value in vars(cls).items() if callable(value)}
    found |= {f"json.{name}": getattr(json, name) for name in ("dumps", "dump")}
    found |= {"hmac.new": hmac.new, "unittest.defaultTestLoader": unittest.defaultTestLoader}
    return found


def main(argv: list[str]) -> int:
    tests, results, *paths = argv
    key_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "key")
    with open(key_file, "rb") as fh:
        key = fh.read()
    os.unlink(key_file)
    before = _methods()
    root = os.getcwd()
    sys.path[:0] = [root, *(os.path.join(root, p) for p in paths)]
    with open(results, "a", encoding="utf-8") as out:
        result = _LineResult(out, key)
        suite = unittest.defaultTestLoader.discover(tests, pattern="test*.py", top_level_dir=tests)
        suite.run(result)
        after, emit = _methods(), before["_LineResult.emit"]
        assert callable(emit)
        for name in sorted(set(before) | set(after)):
            if before.get(name) is not after.get(name):
                emit(result, f"runner:{name}", "tampered")  # the method as it was: a patched one would lie
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
