"""A scratch copy of the end-state workspace, for checks that run code on it (`hidden_tests`, `skill_output`).

Such a check must never change the episode's end state, which the other checks and the collateral audit
read, so it copies the workspace (without build debris) into a temporary folder, puts the task's hidden
material in place of whatever the agent left at that path, runs in the shell's sandbox there, and the copy
is deleted with the block.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from ec2bench.spec.content import ignore_debris


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
