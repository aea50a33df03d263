"""Turn an app's typed public methods into tools: OpenAI JSON schema plus argument validation.

The schema is generated from the method signature (types, defaults) and its Google-style
docstring (summary and `Args:` descriptions), through a pydantic model built once per
method. The same model validates the arguments a model sends, so "wrong argument types"
is detected by exactly the code that advertised the types.
"""

from __future__ import annotations

import inspect
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, get_type_hints

import docstring_parser
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

RESULT_CAP_CHARS = 20_000  # the longest observation any tool call returns


class ToolError(Exception):
    """Raised by a tool for an expected failure (not found, bad path, ...): shown to the agent."""


class ToolArgumentError(Exception):
    """The arguments a model sent do not fit the tool's schema."""


@dataclass(frozen=True)
class ToolSpec:
    """A callable tool: its public name, description, JSON schema and argument model."""

    name: str
    app: str
    method: str
    description: str
    args_model: type[BaseModel]

    @cached_property
    def parameters(self) -> dict[str, Any]:
        """The JSON schema of the arguments. Specs are built once per app method and generating the
        schema takes pydantic about a millisecond, so it is generated once and shared: read-only."""
        schema = self.args_model.model_json_schema()
        schema.pop("title", None)
        for prop in schema.get("properties", {}).values():
            prop.pop("title", None)
        return schema

    def openai_schema(self) -> dict[str, Any]:
        """The tool in the chat-completions `tools` format: the same shared object at every call, read-only.
        Every episode then sends the very same tool objects, which the metering of simulated models counts
        once (`models.tokens.count_tools`)."""
        return self._openai_schema

    @cached_property
    def _openai_schema(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }

    def validate(self, args: Any) -> dict[str, Any]:
        """Check arguments against the schema; return them as keyword arguments."""
        if not isinstance(args, dict):
            raise ToolArgumentError(f"arguments must be a JSON object, got {type(args).__name__}")
        try:
            parsed = self.args_model.model_validate(args)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'arguments'}: {err['msg']}"
                for err in exc.errors()
            )
            raise ToolArgumentError(problems) from None
        return {name: getattr(parsed, name) for name in type(parsed).model_fields}


MAX_ARG_CHARS = 4_000  # a string argument: a name, an id, a path, a search query, a pattern, a date
MAX_CONTENT_ARG_CHARS = 200_000  # a string argument that carries a body: a file, a message, a note, a command
CONTENT_ARGS = frozenset({"content", "body", "text", "replacement", "description", "notes", "note", "message",
                          "memo", "command"})
MAX_ARGUMENTS_CHARS = 400_000  # the arguments JSON of one call, as the model sent it


def argument_size_problem(args: Any) -> str | None:
    """Which argument is too long to run, or None.

    Checked before any tool runs, so a hostile size costs a length check, not a search: a 1 MB
    `kb_search` query took 8.3 s to score. A top-level argument named in `CONTENT_ARGS` may hold up
    to `MAX_CONTENT_ARG_CHARS` characters; every other string, at any depth (list items, keys),
    up to `MAX_ARG_CHARS`."""
    if not isinstance(args, dict):
        return None
    for name, value in args.items():
        cap = MAX_CONTENT_ARG_CHARS if name in CONTENT_ARGS else MAX_ARG_CHARS
        stack: list[Any] = [name, value]
        while stack:
            item = stack.pop()
            if isinstance(item, str) and len(item) > cap:
                return f"argument {str(name)[:40]!r} is {len(item):,} characters long, more than the {cap:,} allowed"
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, (list, tuple)):
                stack.extend(item)
    return None


MAX_ARG_DEPTH = 32
_MAX_ARG_INT = 2**63


def argument_problem(args: Any) -> str | None:
    """What makes parsed arguments unusable by any tool, or None.

    Checked before schema validation so that hostile values (deep nesting, integers too big to
    print, lone UTF-16 surrogates that cannot be encoded) become a plain argument error rather
    than an exception deep inside a tool, a path function or the trace writer. Iterative, so
    any depth is safe to inspect.
    """
    stack: list[tuple[Any, int]] = [(args, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_ARG_DEPTH:
            return f"arguments are nested more than {MAX_ARG_DEPTH} levels deep"
        if isinstance(value, dict):
            stack.extend((k, depth + 1) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _MAX_ARG_INT:
            return "an integer argument is out of range"
        elif isinstance(value, float) and not math.isfinite(value):
            return "a number argument is not finite"
        elif isinstance(value, str) and any("\ud800" <= ch <= "\udfff" for ch in value):
            return "a string argument contains a lone UTF-16 surrogate (invalid Unicode)"
    return None


def tool_from_method(app_name: str, method: Callable[..., Any]) -> ToolSpec:
    """Build the `ToolSpec` of one bound app method."""
    doc = docstring_parser.parse(inspect.getdoc(method) or "")
    arg_docs = {p.arg_name: (p.description or "") for p in doc.params}
    hints = get_type_hints(method)
    fields: dict[str, Any] = {}
    for pname, param in inspect.signature(method).parameters.items():
        if pname == "self":
            continue
        if pname not in hints:
            raise TypeError(f"{app_name}.{method.__name__}: parameter {pname!r} has no type annotation")
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[pname] = (hints[pname], Field(default, description=arg_docs.get(pname) or None))
    description = "\n\n".join(x for x in (doc.short_description, doc.long_description) if x)
    if not description:
        raise TypeError(f"{app_name}.{method.__name__}: a tool needs a docstring")
    model = create_model(
        f"{app_name}_{method.__name__}_args",
        __config__=ConfigDict(extra="forbid", strict=False),
        **fields,
    )
    return ToolSpec(
        name=f"{app_name}_{method.__name__}",
        app=app_name,
        method=method.__name__,
        description=description,
        args_model=model,
    )


ResultSignal = Literal["empty", "conflict"]


def result_signal(value: Any) -> ResultSignal | None:
    """What a successful tool result says beyond its content, from its structure (never its wording):

    * `conflict`: the tool did what was asked but reports a clash (a new calendar event overlapping
      another of an attendee's: a non-empty `conflicts` list);
    * `empty`: nothing was found (the tool returned an empty list or mapping).

    The validator uses them to catch fixture drift: a reference step that books into a now-busy slot
    or searches for something that is no longer there.
    """
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, dict) and value.get("conflicts"):
        return "conflict"
    if isinstance(value, (list, dict)) and not value:
        return "empty"
    return None


def cap_result(text: str) -> str:
    """A tool observation cut to `RESULT_CAP_CHARS`, with a note saying how much was cut."""
    if len(text) <= RESULT_CAP_CHARS:
        return text
    return text[:RESULT_CAP_CHARS] + f"\n[cut: {len(text) - RESULT_CAP_CHARS} more characters]"


def render_result(value: Any) -> str:
    """How a tool's return value is shown to the model: strings as-is, the rest as compact JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", exclude_none=True)
    elif isinstance(value, list):
        value = [
            v.model_dump(mode="json", exclude_none=True) if isinstance(v, BaseModel) else v for v in value
        ]
    return json.dumps(value, ensure_ascii=False, default=str)
