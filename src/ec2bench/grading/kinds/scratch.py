"""A scratch copy of the end-state workspace, for checks that run code on it (`hidden_tests`, `skill_output`).

Such a check must never change the episode's end state, which the other checks and the collateral audit
read, so it copies the workspace (without build debris) into a temporary folder, puts the task's hidden
material in place of whatever the agent left at that path, runs in the shell's sandbox there
(`run_in_scratch`), and the copy is deleted with the block.

A run is remembered by what it ran on. The sandbox shows a command nothing but the scratch tree (a
read-only system, no network, a fresh /tmp, a fixed environment), so the same tree and command line give
the same run, and a sweep's repeats and strategies often leave the same end state (simulated ones very
often): a hidden test suite, the dearest call of grading (an interpreter and unittest per run), runs
once per distinct tree. The tree is told by its entries' paths, kinds, permission bits and contents
(`tree_digest`), not their times. Never remembered: a run that timed out (the machine's load may be why)
and a run outside the sandbox (it sees the host). A hidden test that depends on the clock or on chance
would get its first outcome for every copy of a tree: such a test is a bug of its task.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ec2bench.core.memory import Memory
from ec2bench.env.apps.shell import TIMEOUT_EXIT_CODE, ShellApp
from ec2bench.spec.content import ignore_debris

RUNS_KEPT = 1024  # remembered runs per process (each holds a run's output and the file it wrote)


def relative_path(path: str) -> str:
    """A pydantic after-validator: a relative POSIX path that stays inside the folder it is relative to."""
    parts = PurePosixPath(path).parts
    if not path.strip() or path.startswith(("/", "~")) or ".." in parts or "\\" in path:
        raise ValueError(f"a path relative to its folder without '..', got {path!r}")
    return path


@contextmanager
def scratch_copy(root: Path) -> Iterator[Path]:
    """A copy of the workspace `root` for the block; deleted after it."""
    with tempfile.TemporaryDirectory(prefix="ec2scratch-") as folder:
        scratch = Path(folder) / "workspace"
        shutil.copytree(root, scratch, symlinks=True, ignore=ignore_debris)
        yield scratch


def put(source: Path, target: Path) -> None:
    """Copy `source` (a file or folder) to `target`, in place of whatever is there (a link is removed, not followed)."""
    if target.is_symlink() or target.is_file():
        target.unlink()
    elif target.is_dir():
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target, ignore=ignore_debris)
    else:
        shutil.copyfile(source, target)


@dataclass(frozen=True)
class ScratchRun:
    """A command's run in a scratch copy: its exit code and output, and the text of the file it was to write
    (None: no such file after the run)."""

    exit_code: int
    output: str
    written: str | None


_runs: Memory[ScratchRun] = Memory(RUNS_KEPT)


def run_in_scratch(scratch: Path, command: str, timeout_seconds: int, *, read: str | None = None) -> ScratchRun:
    """Run `command` in the shell's sandbox on the prepared `scratch` copy; `read`: the file (relative to the
    copy) whose text the run is for. Remembered per tree and command line (the module docstring says why).

    Raises:
        SandboxFailure: the machine could not run the command (never remembered).
    """
    shell = ShellApp(scratch)
    remembered = shell.sandbox == "bwrap"
    key = (command, timeout_seconds, read, tree_digest(scratch)) if remembered else None
    if key is not None and (known := _runs.find(key)) is not None:
        return known
    ran = shell.run(command, timeout_seconds)
    target = scratch / read if read is not None else None
    written = target.read_text(encoding="utf-8", errors="replace") if target is not None and target.is_file() else None
    run = ScratchRun(ran["exit_code"], ran["output"], written)
    if key is not None and run.exit_code != TIMEOUT_EXIT_CODE:
        _runs.keep(key, run)
    return run


def tree_digest(root: Path) -> bytes:
    """A digest of the tree under `root`: each entry's relative path, kind and permission bits, and a file's
    contents or a link's target (links are not followed; times, owners and inode numbers are left out)."""
    digest = hashlib.blake2b(digest_size=20)
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        rel = os.path.relpath(folder, root)
        for name in sorted(dirs + files):
            path = os.path.join(folder, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue
            digest.update(f"{rel}/{name}\0{st.st_mode:o}\0".encode("utf-8", "surrogateescape"))
            if stat.S_ISLNK(st.st_mode):
                tag, body = b"@", os.fsencode(os.readlink(path))
            elif stat.S_ISREG(st.st_mode):
                try:
                    tag, body = b"=", Path(path).read_bytes()
                except OSError:
                    tag, body = b"?", b""
            else:
                continue
            digest.update(tag + len(body).to_bytes(8, "little"))
            digest.update(body)
    return digest.digest()
