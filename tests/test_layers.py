"""The packages are layers (docs/design.md, "Layers"): import-linter's contract in pyproject.toml holds."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_no_package_imports_a_layer_above_it() -> None:
    beside = Path(sys.executable).parent / "lint-imports"  # this interpreter's own, before any other on PATH
    lint_imports = str(beside) if beside.exists() else shutil.which("lint-imports")
    if lint_imports is None:
        pytest.fail("lint-imports is missing: pip install -e '.[dev]'")
    done = subprocess.run([lint_imports], cwd=ROOT, capture_output=True, text=True)  # reads ROOT/pyproject.toml
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "1 kept, 0 broken" in done.stdout
