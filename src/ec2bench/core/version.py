"""The installed version of ec2bench (`ec2bench.__version__`), read from the package metadata.

Here rather than in the package's `__init__` so that modules of any layer can read it without
importing the package root, which names the top-level API.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("ec2bench")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
