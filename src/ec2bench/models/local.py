"""`llamacpp/<file.gguf or alias>` and `hf/<folder, file.gguf, alias or checkpoint>`: in-process edge models.

Resolving one reads its size from the weights' header (parameters for FLOPs, the training
context); the heavy libraries (llama-cpp-python, torch and transformers) are imported only when a
client is opened, by `llamacpp.py` and `hf.py`.
"""

from __future__ import annotations

from collections.abc import Mapping

from ec2bench.models.base import ModelClient
from ec2bench.models.hf import HFClient, resolve_hf
from ec2bench.models.llamacpp import LlamaCppClient, require_llama_cpp, resolve_gguf
from ec2bench.models.registry import DEFAULT_MAX_OUTPUT_TOKENS, ModelInfo, ModelProvider, ModelRequest
from ec2bench.spec.schema import TaskSpec


class LlamaCppProvider(ModelProvider):
    """A GGUF file (or an alias of one shipped in a wheel) run by llama.cpp in the worker process."""

    default_max_output_tokens = DEFAULT_MAX_OUTPUT_TOKENS

    def resolve(self, request: ModelRequest) -> ModelInfo:
        require_llama_cpp()
        header = resolve_gguf(request.model_id)
        endpoint = request.endpoint
        context = endpoint.context_length if endpoint and endpoint.context_length else None
        return request.info(request.quote(), params=header.n_params, context_length=context or header.default_context)

    def open(self, info: ModelInfo, task: TaskSpec, seed: int,
             placeholders: Mapping[str, str] | None = None) -> ModelClient:
        return LlamaCppClient(info.name, resolve_gguf(info.model_id).path, n_ctx=info.context_length, seed=seed,
                              temperature=info.temperature, max_output_tokens=info.max_output_tokens)


class HFProvider(ModelProvider):
    """A transformers model (a folder, a .gguf file, an alias, or a LoRA checkpoint of `ec2bench train advice`)."""

    def resolve(self, request: ModelRequest) -> ModelInfo:
        ref = resolve_hf(request.model_id)
        return request.info(request.quote(), params=ref.n_params, context_length=ref.default_context)

    def open(self, info: ModelInfo, task: TaskSpec, seed: int,
             placeholders: Mapping[str, str] | None = None) -> ModelClient:
        return HFClient(info.name, resolve_hf(info.model_id), n_ctx=info.context_length, seed=seed,
                        temperature=info.temperature, max_output_tokens=info.max_output_tokens)


LLAMACPP = LlamaCppProvider("llamacpp")
HF = HFProvider("hf")
