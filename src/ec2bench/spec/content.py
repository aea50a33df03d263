"""A task folder's own files, without the build debris an install or a test run leaves in it.

`pip install .` byte-compiles every `.py` file of the package, the suite's fixture scripts
included, so an installed task folder gains `__pycache__/*.pyc` next to its sources; running a
fixture script or a test does the same. Those files are not the task: copied into a workspace
the agent would list them (and compiled fixtures still hold the fixtures' secrets), and in the
content hash they would make the same task differ between an editable and a wheel install.
Everything that walks a task folder (the workspace copy, the content hash, unit occurrence and
derived units) goes through this module, so they all see the same files.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from fnmatch import fnmatchcase
from pathlib import Path

DEBRIS_DIRS = frozenset({"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"})
DEBRIS_FILES = ("*.pyc", "*.pyo", "*$py.class", ".coverage", ".coverage.*")


def is_debris(name: str) -> bool:
    """Whether a file or folder name is build debris rather than task content."""
    return name in DEBRIS_DIRS or any(fnmatchcase(name, pattern) for pattern in DEBRIS_FILES)


def task_files(folder: Path) -> Iterator[Path]:
    """The files under `folder`, sorted, without debris (nor anything inside a debris folder)."""
    if not folder.is_dir():
        return
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).parts
        if path.is_file() and not any(is_debris(part) for part in rel):
            yield path


def ignore_debris(directory: str, names: list[str]) -> set[str]:
    """A `shutil.copytree` ignore function that leaves debris behind."""
    return {name for name in names if is_debris(name)}


def copy_task_files(source: Path, target: Path) -> None:
    """Copy a task's files into `target` (which may exist), leaving debris behind, in name order.

    The order is for what `ls -f`, `find` and `grep -r` print: a memory file system (tmpfs, where
    sweeps keep workspaces: `ec2bench.runner.tempdirs`) lists a folder in the order its entries were
    made, so a copy in name order lists alike on every machine, whatever order the installed suite's
    own file system (an ext4 hash of the name, seeded per file system) gives its folders."""
    target.mkdir(parents=True, exist_ok=True)
    with os.scandir(source) as listing:
        entries = sorted((e for e in listing if not is_debris(e.name)), key=lambda e: e.name)
    for entry in entries:
        if entry.is_dir():
            copy_task_files(Path(entry.path), target / entry.name)
        else:
            shutil.copy2(entry.path, target / entry.name)
    shutil.copystat(source, target)
