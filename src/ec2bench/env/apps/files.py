"""Files: list, read, write, move, delete and search files in the workspace directory.

The app has no state of its own: the task's files are copied into the workspace before the
episode, and graders read the directory directly. Every path goes through `confine`, so
nothing outside the workspace can be read or changed (symlinks included), and a file is
opened only if it is a regular file with a single link: a hard link made to a file outside
the workspace is refused, never read or overwritten. Writes are held to the workspace's disk
quota (`ec2bench.env.diskquota`, shared with the shell): one that would pass it is refused
before anything is written. Reads are bounded: a tool reads only
as many bytes as it can return, whatever the file's size.
"""

from __future__ import annotations

import builtins
import codecs
import os
import shutil
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ec2bench.core.safe_regex import RegexError, compile_untrusted, escape
from ec2bench.env import diskquota
from ec2bench.env.apps.base import App
from ec2bench.env.paths import SKILLS_DIR, confine, relative
from ec2bench.env.tools import RESULT_CAP_CHARS, ToolError

_SNIFF_BYTES = 8192
_CHUNK_BYTES = 65536
_MAX_LIST_ENTRIES = 1000
_MAX_SEARCH_FILE_BYTES = 5_000_000
_MAX_LINE_CHARS = 300
_MAX_READ_CHARS = RESULT_CAP_CHARS - 100  # room for the truncation note within the result cap
_MAX_REPLACE_FILE_BYTES = 1_000_000  # bigger files are skipped by files_replace (rewritten whole, in memory)
_MAX_PATTERN_CHARS = 500


def _open_regular(path: Path, shown: str, flags: int) -> int:
    """Open a confined path as a regular file with no other hard link; return the descriptor.

    O_NOFOLLOW and O_NONBLOCK make a symlink or FIFO swapped in after `confine` fail instead
    of being followed or blocking; the checks are made on the opened file itself.
    """
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except FileNotFoundError:
        raise ToolError(f"no file {shown!r} in the workspace") from None
    except OSError as exc:
        raise ToolError(f"cannot open {shown!r}: {exc.strerror or 'not a regular file'}") from None
    st = os.fstat(fd)
    problem = None
    if not stat.S_ISREG(st.st_mode):
        problem = f"{shown!r} is not a regular file"
    elif st.st_nlink > 1:
        problem = f"{shown!r} has other hard links; such files are not read or written"
    if problem:
        os.close(fd)
        raise ToolError(problem)
    return fd


def _read_prefix(fd: int, limit: int) -> tuple[bytes, bool]:
    """At most `limit` bytes from the start of the file, and whether that is the whole file."""
    parts: list[bytes] = []
    got = 0
    while got < limit:
        chunk = os.pread(fd, min(_CHUNK_BYTES, limit - got), got)
        if not chunk:
            return b"".join(parts), True
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts), os.pread(fd, 1, got) == b""


def _decode(data: bytes, complete: bool) -> str | None:
    """The bytes as UTF-8 text, or None if they look binary (a NUL early on, or invalid UTF-8).

    An incomplete prefix may end inside a character; that tail is dropped, not an error.
    """
    if b"\x00" in data[:_SNIFF_BYTES]:
        return None
    try:
        return codecs.getincrementaldecoder("utf-8")().decode(data, final=complete)
    except UnicodeDecodeError:
        return None


def _missing_parents(p: Path) -> int:
    """How many of `p`'s parent folders do not exist yet (a write makes them)."""
    missing = 0
    for parent in p.parents:
        if parent.exists():
            break
        missing += 1
    return missing


def read_text_prefix(path: Path, shown: str, max_bytes: int) -> tuple[str | None, bool]:
    """A file's text (at most `max_bytes` read; None if binary) and whether it was read whole."""
    fd = _open_regular(path, shown, os.O_RDONLY)
    try:
        data, complete = _read_prefix(fd, max_bytes)
    finally:
        os.close(fd)
    return _decode(data, complete), complete


class FilesApp(App):
    name = "files"

    # -- helpers (private: not tools) ----------------------------------------------------

    def _path(self, path: str) -> Path:
        return confine(self.root, path)

    def _rel(self, path: Path) -> str:
        return relative(self.root, path)

    def _existing_file(self, path: str) -> Path:
        p = self._path(path)
        if p.is_dir():
            raise ToolError(f"{path!r} is a directory, not a file (use files_list)")
        if not p.is_file():
            raise ToolError(f"no file {path!r} in the workspace")
        return p

    def _entry(self, p: Path) -> dict[str, Any]:
        rel = self._rel(p)
        if p.is_symlink():
            return {"path": rel, "type": "symlink"}
        if p.is_dir():
            return {"path": rel + "/", "type": "dir"}
        return {"path": rel, "type": "file", "size": p.stat().st_size}

    def _read_only(self, p: Path) -> bool:
        """Whether `p` is part of the skills (`skills/`, when the task lists the skills app, whose tools alone change it)."""
        skills = self.root.resolve() / SKILLS_DIR
        return "skills" in self.peers and (p == skills or skills in p.parents)

    def _changeable(self, p: Path, path: str) -> Path:
        """`p` if the agent may change it (not the task's skills), else a ToolError."""
        if self._read_only(p):
            raise ToolError(f"{path!r} is in skills/, which is read-only here: change skills with skills_create "
                            "and skills_update")
        return p

    def _check_quota(self, p: Path, grows: Callable[[os.stat_result | None], int]) -> None:
        """Refuse (ToolError) a write to file `p` that grows the workspace past its quota.

        `grows` gives the bytes the write adds, from the file's stat (None for a new file).
        """
        try:
            added, new_entries = grows(os.lstat(p)), 0
        except FileNotFoundError:
            added, new_entries = grows(None), 1 + _missing_parents(p)
        problem = diskquota.write_problem(self.root, added, new_entries)
        if problem:
            raise ToolError(problem)

    def _writable_target(self, path: str, grows: Callable[[os.stat_result | None], int]) -> Path:
        """The file a write may create or change, its parents made, once what it `grows` fits the quota."""
        p = self._changeable(self._path(path), path)
        if p == self.root.resolve() or p.is_dir():
            raise ToolError(f"{path!r} is a directory; give a file path")
        parent = p.parent
        if parent.exists() and not parent.is_dir():
            raise ToolError(f"cannot create {path!r}: {self._rel(parent)!r} is a file, not a directory")
        self._check_quota(p, grows)
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise ToolError(f"cannot create {path!r}: part of its directory path is a file") from None
        return p

    # -- tools ---------------------------------------------------------------------------

    def list(self, path: str = ".", recursive: bool = False) -> list[dict]:
        """List a workspace directory: each entry's path, type (file, dir or symlink) and size in bytes.

        Paths are relative to the workspace root; directories end with "/".

        Args:
            path: the directory to list, relative to the workspace root.
            recursive: also list everything below subdirectories.
        """
        base = self._path(path)
        if not base.exists():
            raise ToolError(f"no directory {path!r} in the workspace")
        if not base.is_dir():
            raise ToolError(f"{path!r} is a file, not a directory (use files_read)")
        if recursive:
            found: list[Path] = []
            for dirpath, dirnames, filenames in os.walk(base):  # does not descend into symlinked dirs
                dirnames.sort()
                found.extend(Path(dirpath) / n for n in dirnames + filenames)
        else:
            found = list(base.iterdir())
        found.sort(key=lambda p: self._rel(p))
        entries = [self._entry(p) for p in found[:_MAX_LIST_ENTRIES]]
        if len(found) > _MAX_LIST_ENTRIES:
            more = len(found) - _MAX_LIST_ENTRIES
            entries.append({"note": f"{more} more entries not shown; list a subdirectory"})
        return entries

    def read(self, path: str, max_chars: int = 20000) -> str:
        """Read a text file of the workspace.

        Args:
            path: the file, relative to the workspace root.
            max_chars: return at most this many characters; longer files are cut with a note.
        """
        if max_chars < 1:
            raise ToolError("max_chars must be at least 1")
        max_chars = min(max_chars, _MAX_READ_CHARS)
        p = self._existing_file(path)
        # A character is at most 4 bytes in UTF-8, so this many bytes hold max_chars characters.
        text, complete = read_text_prefix(p, path, 4 * max_chars + 4)
        if text is None:
            size = p.stat().st_size
            raise ToolError(f"{path!r} is a binary file ({size} bytes); it cannot be shown as text")
        if len(text) > max_chars or not complete:
            size = p.stat().st_size
            return text[:max_chars] + f"\n[truncated: showed the first {max_chars} characters of a {size}-byte file]"
        return text

    def write(self, path: str, content: str) -> dict:
        """Create or overwrite a text file (missing parent directories are created).

        Args:
            path: the file, relative to the workspace root.
            content: the complete new content of the file.
        """
        size = len(content.encode("utf-8", "surrogatepass"))
        p = self._writable_target(path, lambda st: diskquota.allocated(size) - (st.st_blocks * 512 if st else 0))
        existed = p.exists()
        fd = _open_regular(p, path, os.O_WRONLY | os.O_CREAT)  # truncated only once checked
        with open(fd, "w", encoding="utf-8", newline="") as fh:
            fh.truncate(0)
            fh.write(content)
        status = "overwritten" if existed else "created"
        return {"path": self._rel(p), "chars": len(content), "status": status}

    def append(self, path: str, content: str) -> dict:
        """Append text to the end of a file (the file and its parent directories are created if missing).

        Args:
            path: the file, relative to the workspace root.
            content: the text to add; include a leading newline if it should start on a new line.
        """
        added = len(content.encode("utf-8", "surrogatepass"))
        # only the tail grows (a sparse file's holes stay holes)
        p = self._writable_target(path, lambda st: diskquota.allocated((st.st_size if st else 0) + added)
                                  - diskquota.allocated(st.st_size if st else 0))
        existed = p.exists()
        fd = _open_regular(p, path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
        with open(fd, "a", encoding="utf-8", newline="") as fh:
            data, complete = _read_prefix(fd, _SNIFF_BYTES)
            if _decode(data, complete) is None:
                raise ToolError(f"{path!r} is a binary file; cannot append text to it")
            fh.write(content)
            fh.flush()
            size = os.fstat(fd).st_size
        return {"path": self._rel(p), "chars_added": len(content), "size": size,
                "status": "appended" if existed else "created"}

    def move(self, src: str, dst: str) -> dict:
        """Move or rename a file or directory. An existing file at the destination is not overwritten.

        Args:
            src: what to move, relative to the workspace root.
            dst: the new path; if it is an existing directory, `src` is moved into it.
        """
        s = self._changeable(self._path(src), src)
        d = self._changeable(self._path(dst), dst)
        root = self.root.resolve()
        if s == root:
            raise ToolError("cannot move the workspace root")
        if not s.exists():
            raise ToolError(f"no file or directory {src!r} in the workspace")
        if d.is_dir():
            d = d / s.name
        if d == s:
            raise ToolError(f"{src!r} is already at {dst!r}")
        if s.is_dir() and (d == s or s in d.parents):
            raise ToolError(f"cannot move directory {src!r} into itself")
        if d.exists():
            raise ToolError(f"{self._rel(d)!r} already exists; delete it first or choose another name")
        if d.parent.exists() and not d.parent.is_dir():
            raise ToolError(f"cannot move to {dst!r}: {self._rel(d.parent)!r} is a file, not a directory")
        problem = diskquota.write_problem(self.root, 0, _missing_parents(d))
        if problem:
            raise ToolError(problem)
        d.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(s), str(d))
        return {"from": self._rel(s), "to": self._rel(d), "status": "moved"}

    def delete(self, path: str) -> dict:
        """Delete a file or an empty directory.

        Args:
            path: what to delete, relative to the workspace root.
        """
        p = self._changeable(self._path(path), path)
        if p == self.root.resolve():
            raise ToolError("cannot delete the workspace root")
        if p.is_dir():
            if any(p.iterdir()):
                raise ToolError(f"directory {path!r} is not empty; delete its contents first")
            p.rmdir()
            return {"path": self._rel(p) + "/", "status": "deleted"}
        if not p.exists():
            raise ToolError(f"no file or directory {path!r} in the workspace")
        p.unlink()
        return {"path": self._rel(p), "status": "deleted"}

    def search(self, pattern: str, path: str = ".", max_results: int = 50) -> list[str]:
        """Search text files for a plain substring (case-insensitive, not a regex), like grep.

        Returns matching lines as "path:line_number:text"; binary files are skipped.

        Args:
            pattern: the text to look for.
            path: a file or directory to search in (directories are searched recursively).
            max_results: maximum number of matching lines to return.
        """
        if not pattern:
            raise ToolError("the search pattern is empty")
        if max_results < 1:
            raise ToolError("max_results must be at least 1")
        base = self._path(path)
        if not base.exists():
            raise ToolError(f"no file or directory {path!r} in the workspace")
        if base.is_file():
            candidates = [base]
        else:
            candidates = []
            for dirpath, dirnames, filenames in os.walk(base):
                dirnames.sort()
                candidates.extend(Path(dirpath) / n for n in sorted(filenames))
        needle = pattern.casefold()
        hits: list[str] = []
        for f in candidates:
            shown_path = self._rel(f)  # a symlink is reported under its own name
            if f.is_symlink():  # follow a symlink only if its target is inside the workspace
                try:
                    f = confine(self.root, str(f))
                except ToolError:
                    continue
            if not f.is_file() or f.stat().st_size > _MAX_SEARCH_FILE_BYTES:
                continue
            try:
                text, _ = read_text_prefix(f, shown_path, _MAX_SEARCH_FILE_BYTES)
            except ToolError:  # not a regular file, or hard-linked: skipped like binary files
                continue
            if text is None:
                continue
            for lineno, line in enumerate(text.splitlines(), start=1):
                if needle in line.casefold():
                    if len(hits) == max_results:
                        hits.append("[more matches not shown; narrow the pattern or the path]")
                        return hits
                    shown = line if len(line) <= _MAX_LINE_CHARS else line[:_MAX_LINE_CHARS] + "..."
                    hits.append(f"{shown_path}:{lineno}:{shown}")
        return hits

    def replace(
        self,
        path: str,
        find: str,
        replacement: str,
        regex: bool = False,
        dry_run: bool = False,
        max_files: int = 50,
    ) -> dict:
        """Search and replace in a text file, or in every text file below a directory; returns the count per file.

        `find` is literal text (case-sensitive) unless `regex` is true (Python syntax without
        backreferences or lookaround, run by RE2 in linear time; the replacement may use `\\1` or `\\g<name>`). With `dry_run` nothing is written: the counts say what would change.

        Args:
            path: a file or directory, relative to the workspace root (directories are searched recursively).
            find: the text (or regular expression) to replace.
            replacement: what replaces each match.
            regex: treat `find` as a regular expression.
            dry_run: only count the matches, change nothing.
            max_files: change at most this many files; more matching files make it an error (narrow the path).
        """
        if not find:
            raise ToolError("`find` is empty")
        if len(find) > _MAX_PATTERN_CHARS:
            raise ToolError(f"`find` is longer than {_MAX_PATTERN_CHARS} characters")
        if max_files < 1:
            raise ToolError("max_files must be at least 1")
        try:  # RE2: an agent's pattern runs in linear time (`ec2bench.core.safe_regex`)
            pattern = compile_untrusted(find if regex else escape(find), multiline=True)
        except RegexError as exc:
            raise ToolError(f"`find` is not a valid regular expression here: {exc}") from None
        try:
            pattern.subn(replacement if regex else "", "")  # a bad group reference fails here, before any file
        except RegexError as exc:
            raise ToolError(f"bad replacement: {exc}") from None
        changes: builtins.list[tuple[Path, str, str, int]] = []  # (file, shown path, new text, count); `list` is a tool here
        if not dry_run:
            self._changeable(self._path(path), path)
        for f, shown in self._text_files(path):
            if self._read_only(f):
                continue  # the task's skills: never changed, so not counted either
            text, complete = read_text_prefix(f, shown, _MAX_REPLACE_FILE_BYTES + 1)
            if text is None or not complete:
                continue  # binary, or too big to rewrite whole
            new, count = pattern.subn(replacement if regex else replacement.replace("\\", "\\\\"), text)
            if count:
                changes.append((f, shown, new, count))
        if len(changes) > max_files:
            raise ToolError(f"{len(changes)} files match, more than max_files={max_files}; nothing was changed")
        if not dry_run:
            grows = sum(diskquota.allocated(len(new.encode("utf-8", "surrogatepass"))) - f.lstat().st_blocks * 512
                        for f, _, new, _ in changes)
            problem = diskquota.write_problem(self.root, grows, 0)
            if problem:
                raise ToolError(problem)
            for f, shown, new, _ in changes:
                fd = _open_regular(f, shown, os.O_WRONLY)
                with open(fd, "w", encoding="utf-8", newline="") as fh:
                    fh.truncate(0)
                    fh.write(new)
        return {
            "files": [{"path": shown, "replacements": count} for _, shown, _, count in changes],
            "total": sum(c[3] for c in changes),
            "status": "dry run: nothing changed" if dry_run else "replaced",
        }

    def _text_files(self, path: str) -> Iterator[tuple[Path, str]]:
        """The regular files at or below a path (symlinks skipped), with their shown paths, in order."""
        base = self._path(path)
        if not base.exists():
            raise ToolError(f"no file or directory {path!r} in the workspace")
        if base.is_file():
            yield base, self._rel(base)
            return
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            for name in sorted(filenames):
                f = Path(dirpath) / name
                if not f.is_symlink() and f.is_file():
                    yield f, self._rel(f)
