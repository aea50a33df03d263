"""Regenerate the fixtures of built-in tasks, reproducibly.

Each task folder of the built-in suite that has a `make_fixtures.py` defines
`make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None`, which writes the task's
`fixtures/` folder (and `hidden/` beside it, `out.parent / "hidden"`, when checks read inputs the
agent never sees), using the shared helpers of `scripts/fixture_kit.py` (importable as
`fixture_kit` while this script runs). Both Faker instances are seeded from the task id and the
clock is frozen (`FIXTURE_CLOCK`), so
running this again rewrites identical files (the fixtures are committed; `--check` verifies
they are current).

    python scripts/make_fixtures.py                 # all tasks
    python scripts/make_fixtures.py office-*        # some tasks
    python scripts/make_fixtures.py --check         # exit 1 if any committed fixture differs
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import importlib.util
import shutil
import sys
import tempfile
from fnmatch import fnmatch
from pathlib import Path

import time_machine
from faker import Faker

SCRIPTS = Path(__file__).resolve().parent
SUITE = SCRIPTS.parent / "src" / "ec2bench" / "suite"
if str(SCRIPTS) not in sys.path:  # the generators import `fixture_kit` from here
    sys.path.insert(0, str(SCRIPTS))


def seeded(locale: str, task_id: str) -> Faker:
    fake = Faker(locale)
    fake.seed_instance(int(hashlib.sha256(f"{locale}:{task_id}".encode()).hexdigest()[:12], 16))
    return fake


# Generators draw dates relative to "today" (birthdays, `date_between('-200d')`, national ids that
# embed a birth date). The clock is frozen at the day the committed fixtures were made, so that
# regenerating them on any later day, on any machine, gives the same bytes.
FIXTURE_CLOCK = "2026-11-29T12:00:00+00:00"


def generate(task_dir: Path, out: Path) -> None:
    spec = importlib.util.spec_from_file_location(f"make_{task_dir.name.replace('-', '_')}", task_dir / "make_fixtures.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with time_machine.travel(FIXTURE_CLOCK, tick=False):
        module.make_fixtures(seeded("en_US", task_dir.name), seeded("zh_CN", task_dir.name), out)


def same_tree(a: Path, b: Path) -> bool:
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)[1:] != ([], []):
        return False
    return all(same_tree(a / d, b / d) for d in cmp.common_dirs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("patterns", nargs="*", default=["*"])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    stale = []
    for task_dir in sorted(p for p in SUITE.iterdir() if (p / "make_fixtures.py").is_file()):
        if not any(fnmatch(task_dir.name, pat) for pat in args.patterns):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "fixtures"
            out.mkdir()
            generate(task_dir, out)
            # the generator writes fixtures/ and, for what only checks read, hidden/ beside it (out.parent / "hidden")
            for name in ("fixtures", "hidden"):
                made, target = Path(tmp) / name, task_dir / name
                if not made.is_dir():
                    continue
                if args.check:
                    if not target.is_dir() or not same_tree(made, target):
                        stale.append(f"{task_dir.name}/{name}")
                    continue
                shutil.rmtree(target, ignore_errors=True)
                shutil.copytree(made, target)
                print(f"wrote {target}")
    if stale:
        print("fixtures out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
