"""Execution strategies (docs/design.md, section 5). Importing this package registers the built-in ones."""

from ec2bench.strategies import (  # noqa: F401  (registration)
    advisory,
    cloud_only,
    delegation,
    edge_only,
    query_routing,
    random_controls,
    sketch,
    step_routing,
)
from ec2bench.strategies.base import STRATEGIES, Strategy, canonical_spec, make_strategy

__all__ = ["STRATEGIES", "Strategy", "canonical_spec", "make_strategy"]
