"""What each registered strategy accepts, for people: `ec2bench strategies list` and `show NAME`.

Everything is read from the registry (`STRATEGIES`) and each strategy's `Params` class (field
types, defaults and the field docstrings that pydantic keeps as descriptions), so a strategy
added by a plugin is described exactly as a built-in one, and the text cannot drift from the code.
"""

from __future__ import annotations

import inspect
import re
import sys
import types
import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic_core import PydanticUndefined

from ec2bench.core.errors import ConfigError
from ec2bench.strategies import STRATEGIES  # the package registers the built-in strategies
from ec2bench.strategies.base import Strategy


@dataclass(frozen=True)
class ParamDoc:
    name: str
    type: str
    default: str  # as written in a spec (`none` for no default value); a default the strategy applies for none is shown
    doc: str


@dataclass(frozen=True)
class StrategyDoc:
    name: str
    summary: str  # the first sentence of `doc`
    doc: str
    params: tuple[ParamDoc, ...]


def describe(name: str) -> StrategyDoc:
    """The description of one registered strategy (ConfigError for an unknown name)."""
    if name not in STRATEGIES:
        raise ConfigError(f"unknown strategy {name!r}; known strategies: {', '.join(sorted(STRATEGIES))}")
    cls = STRATEGIES[name]
    doc = _doc(cls)
    applied = cls.applied_defaults()
    params = tuple(ParamDoc(field, type_name(info.annotation), _default(applied.get(field, info.default)),
                            " ".join((info.description or "").split()))
                   for field, info in cls.Params.model_fields.items() if field not in cls.Params.internal)
    # the summary: the first sentence, without a leading "`name`:" or "`name` (control):"
    first_paragraph = re.sub(rf"^`{re.escape(name)}`(\s*\([^)]*\))?:\s*", "", " ".join(doc.split("\n\n")[0].split()))
    return StrategyDoc(name, first_paragraph.split(". ")[0].rstrip("."), doc, params)


def catalog() -> list[StrategyDoc]:
    """Every registered strategy, by name."""
    return [describe(name) for name in sorted(STRATEGIES)]


def type_name(annotation: Any) -> str:
    """A type as a user writes its values: `int`, `float | none`, `full | question | summary`."""
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return " | ".join(str(a) for a in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        return " | ".join(type_name(a) for a in typing.get_args(annotation))
    if annotation is type(None):
        return "none"
    return getattr(annotation, "__name__", str(annotation))


def _default(value: Any) -> str:
    if value is PydanticUndefined:
        return "(required)"
    if isinstance(value, float):
        return f"{value:g}"
    return "none" if value is None else str(value)


def _doc(cls: type[Strategy]) -> str:
    """The strategy class's own docstring, else its module's (built-in strategies document their module)."""
    own = cls.__doc__  # not inherited: a class without a docstring has None here
    text = own or sys.modules[cls.__module__].__doc__ or ""
    return inspect.cleandoc(text)
