"""ec2bench: edge-cloud collaboration benchmark for LLM agents (utility, cost and privacy exposure).

`ec2bench.run(...)` runs a sweep and returns a `SweepResult`; `ec2bench.load(folder, ...)` (also
`ec2bench.report.load`) reads finished run folders back as one. Both are imported on first use,
so `import ec2bench` stays light (no model SDK is imported).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ec2bench.core.version import __version__

if TYPE_CHECKING:
    from ec2bench import report
    from ec2bench.api import run
    from ec2bench.report import load
    from ec2bench.report.result import SweepResult

__all__ = ["SweepResult", "__version__", "load", "report", "run"]
_LAZY = {"run": ("ec2bench.api", "run"), "load": ("ec2bench.report", "load"),
         "SweepResult": ("ec2bench.report.result", "SweepResult"), "report": ("ec2bench.report", None)}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'ec2bench' has no attribute {name!r}")
    module, attribute = _LAZY[name]
    value = import_module(module)
    return value if attribute is None else getattr(value, attribute)
