"""Runs in a scratch copy (`ec2bench.grading.kinds.scratch`): what tells two trees apart, and which runs are
remembered (the same tree and command line in the sandbox) and which are not (a timeout, no sandbox)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from ec2bench.core.memory import Memory
from ec2bench.env import sandbox
from ec2bench.env.apps import shell as shell_app
from ec2bench.grading.kinds import scratch as scratch_mod
from ec2bench.grading.kinds.scratch import run_in_scratch, tree_digest

needs_sandbox = pytest.mark.skipif(sandbox.sandbox_problem() is not None, reason="no working bubblewrap sandbox")


def _tree(root: Path) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "src" / "a.py").write_text("print('a')\n", encoding="utf-8")
    (root / "notes.md").write_text("# notes\n", encoding="utf-8")
    return root


def test_the_digest_tells_trees_apart_by_names_kinds_modes_contents_and_links(tmp_path: Path) -> None:
    base = tree_digest(_tree(tmp_path / "t"))
    copy = tmp_path / "copy"
    shutil.copytree(tmp_path / "t", copy)
    os.utime(copy / "notes.md", (1, 1))  # times are not the tree's
    assert tree_digest(copy) == base

    def changed(edit: object) -> bytes:
        other = tmp_path / f"o{len(list(tmp_path.iterdir()))}"
        shutil.copytree(tmp_path / "t", other)
        edit(other)  # type: ignore[operator]
        return tree_digest(other)

    variants = [
        changed(lambda t: (t / "notes.md").write_text("# notes!\n", encoding="utf-8")),
        changed(lambda t: (t / "notes.md").rename(t / "notes2.md")),
        changed(lambda t: (t / "src" / "a.py").chmod(0o755)),
        changed(lambda t: (t / "empty").mkdir()),
        changed(lambda t: (t / "link").symlink_to("notes.md")),
        changed(lambda t: (t / "link").symlink_to("src/a.py")),
        # the same bytes split differently between two files
        changed(lambda t: ((t / "notes.md").write_text("# no", encoding="utf-8"),
                           (t / "src" / "a.py").write_text("tes\nprint('a')\n", encoding="utf-8"))),
    ]
    assert base not in variants and len(set(variants)) == len(variants)


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The commands the shell really ran, from a memory of runs that starts empty."""
    ran: list[str] = []
    real = shell_app.ShellApp.run

    def counted(self: shell_app.ShellApp, command: str, timeout_seconds: int = 10) -> dict:
        ran.append(command)
        return real(self, command, timeout_seconds)

    monkeypatch.setattr(shell_app.ShellApp, "run", counted)
    monkeypatch.setattr(scratch_mod, "_runs", Memory(scratch_mod.RUNS_KEPT))
    return ran


@needs_sandbox
def test_the_same_tree_and_command_run_once(tmp_path: Path, runs: list[str]) -> None:
    command = "cat notes.md > out.txt; echo done; exit 3"
    first = run_in_scratch(_tree(tmp_path / "a"), command, 5, read="out.txt")
    assert (first.exit_code, first.output, first.written) == (3, "done\n", "# notes\n")
    again = run_in_scratch(_tree(tmp_path / "b"), command, 5, read="out.txt")  # another copy of the same tree
    assert again == first and len(runs) == 1
    assert run_in_scratch(_tree(tmp_path / "c"), command, 5, read=None).written is None  # another run: reads nothing
    edited = _tree(tmp_path / "d")
    (edited / "notes.md").write_text("# other\n", encoding="utf-8")
    assert run_in_scratch(edited, command, 5, read="out.txt").written == "# other\n"
    assert len(runs) == 3


@needs_sandbox
def test_a_timed_out_run_is_not_remembered(tmp_path: Path, runs: list[str]) -> None:
    for name in ("a", "b"):
        ran = run_in_scratch(_tree(tmp_path / name), "sleep 5", 1)
        assert ran.exit_code == shell_app.TIMEOUT_EXIT_CODE
    assert len(runs) == 2


def test_without_the_sandbox_nothing_is_remembered(tmp_path: Path, runs: list[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside the sandbox a command sees the host, so its run is not the tree's alone."""
    monkeypatch.setattr(shell_app, "sandbox_mode", lambda **_: "none")
    monkeypatch.setattr(shell_app, "warn_unsandboxed", lambda _problem: None)
    outputs = [run_in_scratch(_tree(tmp_path / name), "echo $RANDOM$RANDOM", 5).output for name in ("a", "b")]
    assert outputs[0] != outputs[1] and not scratch_mod._runs
