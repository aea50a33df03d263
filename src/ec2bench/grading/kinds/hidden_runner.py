"""The runner of a task's hidden tests, run by the sandbox's own `python3` (`hidden_tests`, `kinds.code`).

This file is never imported by the harness: its text is copied into the scratch copy of the end-state
workspace and run there as `python3 -I runner.py TESTS RESULTS [PATH ...]`, so it uses the standard
library only (the system python has no pytest, and the sandbox hides the harness's packages). It puts the
workspace root and each PATH (the project's source folders) first on `sys.path`, discovers the
`test*.py` modules under TESTS with `unittest`, runs them, and appends one JSON line per test to RESULTS
as soon as the test ends (`{"id": "test_mod.Class.test_x", "outcome": "passed"}`; outcomes: passed,
failed, error, skipped), so a test that hangs until the timeout loses only itself and what comes after.
A module that cannot be imported (the agent's code does not parse) is an error line of unittest's own
stand-in test, and its tests are simply missing: the grader counts them as not passed.
"""

from __future__ import annotations

import json
import os
import sys
import unittest
from typing import Any, TextIO


class _LineResult(unittest.TestResult):
    """A test result that writes each outcome as it comes, and nothing else."""

    def __init__(self, out: TextIO) -> None:
        super().__init__()
        self._out = out

    def _write(self, test: unittest.TestCase, outcome: str) -> None:
        self._out.write(json.dumps({"id": test.id(), "outcome": outcome}) + "\n")
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


def main(argv: list[str]) -> int:
    tests, results, *paths = argv
    root = os.getcwd()
    sys.path[:0] = [root, *(os.path.join(root, p) for p in paths)]
    suite = unittest.defaultTestLoader.discover(tests, pattern="test*.py", top_level_dir=tests)
    with open(results, "a", encoding="utf-8") as out:
        suite.run(_LineResult(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
