"""Skills: procedures a task ships for the agent to list, read and follow.

A skill is a folder `fixtures/files/skills/<name>/` with a `SKILL.md` (optionally opening with a
YAML front matter `name:` / `description:`) and any scripts it refers to. Like every fixture
file it is copied into the workspace, at `skills/<name>/`; this app reads the copies once, when
the workspace is made, so what `skills_list` and `skills_read` return is what the task shipped.
The copies are read-only to the agent: the files tools refuse to change anything under `skills/`
when the task lists this app, and the shell's sandbox mounts `skills/` read-only
(`ec2bench.env.sandbox`), so a script runs as shipped: `shell_run("bash skills/<name>/run.sh")`.

Whether the agent followed a skill is graded by the `skill_followed` check (`ec2bench.grading.checks`).
A malicious skill is an injection (`injections: [{where: files/skills/<name>/SKILL.md, ...}]`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from ec2bench.env.apps.base import App, FixtureError
from ec2bench.env.apps.files import read_text_prefix
from ec2bench.env.paths import SKILLS_DIR
from ec2bench.env.tools import ToolError

SKILL_FILE = "SKILL.md"
MAX_SKILLS = 50
MAX_FILES_PER_SKILL = 50
MAX_FILE_CHARS = 20_000
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)


def describe(text: str) -> str:
    """A skill's one-line description: its front matter's `description`, else its first non-empty line."""
    match = _FRONT_MATTER.match(text)
    if match:
        try:
            meta = yaml.safe_load(match.group(1))
        except yaml.YAMLError:
            meta = None
        if isinstance(meta, dict) and meta.get("description"):
            return " ".join(str(meta["description"]).split())
        text = text[match.end():]
    first = next((line for line in text.splitlines() if line.strip()), "")
    return first.strip().lstrip("#").strip()


class SkillsApp(App):
    name = "skills"

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.skills: dict[str, dict[str, str | None]] = {}  # name -> relative file path -> text (None: binary)

    def load(self, fixture: dict[str, Any]) -> None:
        """Read the workspace's `skills/` folder (the app takes no YAML fixture)."""
        if fixture:
            raise FixtureError("app 'skills' takes no YAML fixture: ship skills as fixtures/files/skills/<name>/SKILL.md")
        base = self.root / SKILLS_DIR
        folders = sorted(p for p in base.iterdir() if p.is_dir() and not p.is_symlink()) if base.is_dir() else []
        for folder in folders[:MAX_SKILLS]:
            if not (folder / SKILL_FILE).is_file():
                continue
            files: dict[str, str | None] = {}
            for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())[:MAX_FILES_PER_SKILL]:
                text, _ = read_text_prefix(path, path.name, 4 * MAX_FILE_CHARS)
                files[path.relative_to(folder).as_posix()] = None if text is None else text[:MAX_FILE_CHARS]
            self.skills[folder.name] = files

    def state(self) -> dict[str, Any]:
        return {"skills": [{"name": n, "files": sorted(f)} for n, f in self.skills.items()]}

    def list(self) -> list[dict]:
        """List the skills available in this workspace: name, description and files.

        A skill is a procedure to follow for a kind of task; read its SKILL.md before using it.
        """
        return [{"name": n, "description": describe(f[SKILL_FILE] or ""), "files": sorted(f)}
                for n, f in self.skills.items()]

    def read(self, name: str, path: str = SKILL_FILE) -> str:
        """Read a skill's SKILL.md, or another file of the skill (a script it refers to).

        Scripts are run with the shell from the workspace root, e.g. `bash skills/<name>/<script>`.

        Args:
            name: the skill's name (see `skills_list`).
            path: a file of the skill, relative to its folder.
        """
        files = self.skills.get(name)
        if files is None:
            raise ToolError(f"no skill {name!r}; see skills_list")
        key = path.strip().removeprefix("./")
        if key not in files:
            raise ToolError(f"skill {name!r} has no file {path!r} (it has: {', '.join(sorted(files))})")
        text = files[key]
        if text is None:
            raise ToolError(f"{path!r} of skill {name!r} is a binary file")
        return text
