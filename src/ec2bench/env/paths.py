"""Workspace path confinement, shared by every tool that takes a workspace path.

Agents name files relative to the workspace root. `confine` turns such a name into a real
filesystem path and refuses anything that would end up outside the workspace: `..`
escapes, absolute paths elsewhere, and symlinks (existing or dangling, anywhere along the
path) whose target lies outside. The check is made on the fully resolved path and that
resolved path is what the tool then uses, so a symlink inside the workspace is followed to
its (inside) target rather than acted on itself. `~` and `/workspace` mean the workspace root,
as they do in the shell app (whose sandbox mounts the workspace at `/workspace`, its HOME).
Error messages name only what the agent sent, never a host path.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ec2bench.env.tools import ToolError

WORKSPACE_PATH = "/workspace"  # the workspace root as the sandboxed shell sees it
SKILLS_DIR = "skills"  # a task's skills in the workspace (`env.apps.skills`): read-only to files tools and the shell


MAX_PATH_CHARS = 1024
MAX_PATH_DEPTH = 64


def confine(root: Path, path: str) -> Path:
    """Resolve `path` (relative to `root`, or absolute) and check it stays inside `root`.

    The target need not exist: symlinks are resolved as far as the path exists (including
    a dangling final symlink), the rest is taken as written.

    Raises:
        ToolError: the path is empty or malformed, or resolves outside the workspace.
    """
    if not isinstance(path, str) or not path.strip():
        raise ToolError("the path is empty")
    if "\x00" in path:
        raise ToolError(f"path {path!r} contains a NUL character")
    if len(path) > MAX_PATH_CHARS or path.count("/") >= MAX_PATH_DEPTH:  # deeper trees break recursive mkdir
        raise ToolError(f"the path is too long (at most {MAX_PATH_CHARS} characters and {MAX_PATH_DEPTH} levels)")
    base = _real(root)
    if path == "~" or path.startswith("~/"):  # the shell's HOME is the workspace root; match it
        candidate = Path("." + path[1:])
    elif path == WORKSPACE_PATH or path.startswith(WORKSPACE_PATH + "/"):
        candidate = Path("." + path[len(WORKSPACE_PATH):])
    else:
        candidate = Path(path)
    if not candidate.is_absolute():
        candidate = base / candidate
    try:
        real = candidate.resolve(strict=False)
    except (OSError, RuntimeError, ValueError):  # symlink loops, overly long names, ...
        raise ToolError(f"path {path!r} cannot be resolved (a symlink loop or a name too long)") from None
    if real != base and base not in real.parents:
        raise ToolError(f"path {path!r} is outside the workspace; use a path relative to the workspace root")
    return real


@lru_cache(maxsize=256)
def _real(root: Path) -> Path:
    """The workspace root with its symlinks resolved, once per root: every path a tool takes is checked
    against it, and resolving it again took as long as resolving the path."""
    return root.resolve()


def relative(root: Path, path: Path | str) -> str:
    """`path` as the agent should see it: POSIX-style, relative to the workspace root ("." for the root)."""
    p = Path(path)
    for base in (_real(root), root):
        try:
            rel = p.relative_to(base)
        except ValueError:
            continue
        return rel.as_posix() if rel.parts else "."
    return p.as_posix()
