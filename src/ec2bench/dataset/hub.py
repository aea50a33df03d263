"""Where `datasets` is touched: the export folder's layout, writing it, and reading a dataset back.

An export folder is what the Hub's dataset viewer and `datasets.load_dataset(folder)` read directly:

    OUT/README.md                              the card; its YAML `configs` names the data file
    OUT/data/test-00000-of-00001.parquet       the rows, with the `datasets` features in its schema

One split, `test`: a benchmark is evaluated on, never trained on (the `train` command has its own split).
"""

from __future__ import annotations

import importlib
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ec2bench.core.errors import InputError

SPLIT = "test"
DATA_FILE = f"data/{SPLIT}-00000-of-00001.parquet"
CARD_FILE = "README.md"


class DatasetError(InputError):
    """A dataset cannot be read or written: the extra is missing, the folder is in the way, a row is malformed."""


def datasets_module() -> Any:
    """`datasets`, imported only when a dataset is read or written (the `[hf]` extra)."""
    try:
        return importlib.import_module("datasets")
    except ImportError:
        raise DatasetError("Hugging Face datasets need the [hf] extra: pip install 'ec2bench[hf]'") from None


def write_folder(out: Path, rows: list[dict[str, Any]], features: Callable[[Any], Any], card: str) -> Path:
    """Write `rows` (typed by `features(datasets)`) and the `card` as an export folder; returns the Parquet file.

    `out` must not exist or be empty, so an export never mixes with an older one's files."""
    ds = datasets_module()
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise DatasetError(f"{out}: already exists and is not an empty folder; give a new folder")
    table = ds.Dataset.from_list(rows, features=features(ds))
    data = out / DATA_FILE
    try:
        data.parent.mkdir(parents=True, exist_ok=True)
        table.to_parquet(str(data))
        (out / CARD_FILE).write_text(card, encoding="utf-8")
    except OSError as exc:
        raise DatasetError(f"cannot write {out}: {exc.strerror or exc}") from None
    return data


def read_rows(source: str) -> list[dict[str, Any]]:
    """The rows of a dataset: an export folder, a `save_to_disk` folder, a Parquet file, or a Hub id.

    Anything but a `save_to_disk` folder goes through `load_dataset` with a throw-away cache, so reading
    a local export leaves no copy in the user's Hugging Face cache. With several splits, `test` is read."""
    ds = datasets_module()
    path = Path(source)
    with tempfile.TemporaryDirectory(prefix="ec2bench-hf-") as cache:
        try:
            if path.is_dir() and ((path / "state.json").is_file() or (path / "dataset_dict.json").is_file()):
                loaded = ds.load_from_disk(str(path))
            elif path.is_file() and path.suffix == ".parquet":
                loaded = ds.load_dataset("parquet", data_files=str(path), cache_dir=cache)
            else:
                loaded = ds.load_dataset(source, cache_dir=cache)
        except Exception as exc:  # datasets raises many types (FileNotFoundError, DatasetNotFoundError, ValueError...)
            raise DatasetError(f"{source}: cannot read it as a dataset ({type(exc).__name__}: {exc})") from None
        if isinstance(loaded, ds.DatasetDict):
            if SPLIT not in loaded and len(loaded) != 1:
                raise DatasetError(f"{source}: has splits {', '.join(loaded)} but no {SPLIT!r}; export one split")
            loaded = loaded[SPLIT] if SPLIT in loaded else next(iter(loaded.values()))
        return [dict(row) for row in loaded]


def front_matter(*, pretty_name: str, rows: int, task_categories: list[str], tags: list[str]) -> str:
    """The card's YAML header: what the Hub indexes and how `load_dataset` finds the data file."""
    size = "n<1K" if rows < 1_000 else "1K<n<10K" if rows < 10_000 else "10K<n<100K" if rows < 100_000 else "100K<n<1M"
    lines = ["---", "license: apache-2.0", "language:", "- zh", "- en", f"pretty_name: {pretty_name}", "size_categories:",
             f"- {size}", "task_categories:", *(f"- {c}" for c in task_categories), "tags:", *(f"- {t}" for t in tags),
             "configs:", "- config_name: default", "  data_files:", f"  - split: {SPLIT}", f"    path: {DATA_FILE}", "---", ""]
    return "\n".join(lines)
