"""The suite and results stores as Hugging Face datasets (docs/datasets.md).

`export_suite` writes one row per task (its spec's facts, its privacy units and checks, and every file
of its folder) and `import_suite` writes such rows back into a runnable suite folder; `export_results`
writes one row per stored episode with its trace. An export is a folder that `datasets.load_dataset`
and `hf upload` read as it is: a dataset card (`README.md`, computed from the rows) and one Parquet file.
Only the functions that read or write Parquet import `datasets` (the `[hf]` extra), so the core install
imports this package without it.
"""

from ec2bench.dataset.hub import DatasetError
from ec2bench.dataset.results import export_results
from ec2bench.dataset.suite import export_suite, import_suite

__all__ = ["DatasetError", "export_results", "export_suite", "import_suite"]
