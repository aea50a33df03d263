"""ec2bench: edge-cloud collaboration benchmark for LLM agents (utility, cost and privacy exposure)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("ec2bench")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
