"""Execution strategies (DESIGN.md section 5). Importing this package registers the built-in ones."""

from ec2bench.strategies import cloud_only, edge_only  # noqa: F401
from ec2bench.strategies.base import STRATEGIES, Strategy, canonical_spec, make_strategy

__all__ = ["STRATEGIES", "Strategy", "canonical_spec", "make_strategy"]
