"""The command line answers to `--version` and runs as `python -m ec2bench`."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

from typer.testing import CliRunner

import ec2bench
from ec2bench.cli import app
from ec2bench.tasks.loader import load_suite


def test_version_matches_the_installed_distribution() -> None:
    assert ec2bench.__version__ == version("ec2bench")
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"ec2bench {ec2bench.__version__}"


def test_python_dash_m_runs_the_same_cli() -> None:
    proc = subprocess.run([sys.executable, "-m", "ec2bench", "tasks", "list"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert f"{len(load_suite())} tasks" in proc.stdout


def test_the_cli_module_does_not_import_the_openai_sdk() -> None:
    """`ec2bench --help` stays fast: the SDK (about a second to import) loads only when a real model is opened."""
    code = "import sys, ec2bench.cli; print('openai' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"
