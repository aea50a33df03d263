"""YAML reading for task specs and fixtures, without YAML 1.1's surprises.

PyYAML's safe loader turns `2026-03-02` into a date object, `10:30` into the integer 630
(base-60) and `0205` into 133 (octal). Task data means those as text (a date, a time, a day
"0205", a postal code), so this loader resolves no timestamps, no base-60 numbers and no
leading-zero octals (`0o17` still is one); other ints and floats are read as usual.

Parsing uses libyaml's C parser when PyYAML was built with it (about ten times faster than the
pure-Python one; a suite is hundreds of YAML files), with the same resolvers either way.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

_DROPPED = {"tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}


def textual_resolvers(loader: type[Any]) -> None:
    """Give a loader class (a SafeLoader or libyaml's CSafeLoader subclass) the textual resolvers."""
    loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in _DROPPED]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:int",
        re.compile(r"^(?:[-+]?0b[0-1_]+|[-+]?0o[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+)$"),
        list("-+0123456789"),
    )
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:float",
        re.compile(r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)"
                   r"|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
        list("-+0123456789."),
    )


class _TextualLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's parser when PyYAML has it, else the pure-Python one."""


textual_resolvers(_TextualLoader)


def load_yaml(text: str) -> Any:
    """Parse YAML, keeping dates and times such as `2026-03-02` and `10:30` as strings."""
    return yaml.load(text, Loader=_TextualLoader)  # noqa: S506 - a SafeLoader subclass
