"""The edge-cloud boundary as an OpenAI-compatible chat-completions endpoint (Starlette routes).

Three base URLs, one per role: `/edge/v1`, `/cloud/v1` and `/route/v1` (the virtual model the episode's
policy strategy answers, `BridgeSession.complete`); under the plain `/v1` the request's `model` picks the
role (`edge`, `cloud` or `route`). Each serves `POST …/chat/completions` and `GET …/models`.

The request's messages and tools are passed on as they came (text given as a list of text parts is joined
into one string, the form the audit and the guard read; any other part is refused), with `logprobs`,
`top_logprobs` and `max_tokens`/`max_completion_tokens`; sampling fields (`temperature`, ...) are not
forwarded: the model string ec2bench was given fixes them. A request that asks to stream gets the reply as
server-sent chunks once the model has answered (the upstream call itself is not streamed), with usage in a
last chunk when `stream_options.include_usage` is set. Replies carry no logprobs.

Errors use the OpenAI error shape with status 400 (the SDKs do not retry it): a malformed request, the
task's step limit, or a model error, after which the episode is over and every later request is refused.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ec2bench.bridge.session import ROUTES, BridgeSession, StepLimit
from ec2bench.models.base import ChatRequest, Message, ModelError, Usage


class BadRequest(ValueError):
    """The request is not a chat-completions request this proxy can forward."""


def proxy_routes(session: BridgeSession) -> list[Route]:
    """The proxy's routes over `session` (mounted beside the MCP server, `ec2bench.bridge.serving`)."""

    async def chat(request: Request) -> Response:
        role = request.path_params.get("role")
        if role is not None and role not in ROUTES:
            return _error(404, f"no route /{role}/v1: the roles are {', '.join(ROUTES)}", "not_found")
        try:
            body = await request.json()
        except ValueError:
            return _error(400, "the request body is not JSON", "invalid_request_error")
        if not isinstance(body, dict):
            return _error(400, "the request body is not a JSON object", "invalid_request_error")
        model = str(body.get("model") or "")
        chosen = role if role in ROUTES else model
        if chosen not in ROUTES:
            return _error(404, f"unknown model {model!r}: under /v1 the model is one of {', '.join(ROUTES)}", "model_not_found")
        try:
            chat_request = parse_request(body)
        except BadRequest as exc:
            return _error(400, str(exc), "invalid_request_error")
        try:
            message, usage = await run_in_threadpool(session.complete, chosen, chat_request)
        except StepLimit as exc:
            return _error(400, str(exc), "step_limit")
        except Exception as exc:  # a ModelError, or anything the step failed on: the session ended the episode
            said = str(exc) if isinstance(exc, ModelError) else f"{type(exc).__name__}: {exc}"
            return _error(400, f"the {chosen} model failed and the episode is over: {said}", "episode_ended")
        name = model or chosen
        if body.get("stream"):
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            return StreamingResponse(_chunks(message, usage, name, include_usage), media_type="text/event-stream")
        return JSONResponse(completion_json(message, usage, name))

    async def models(request: Request) -> Response:
        role = request.path_params.get("role")
        names = [role] if role in ROUTES else list(ROUTES)
        return JSONResponse({"object": "list", "data": [{"id": n, "object": "model", "created": 0, "owned_by": "ec2bench"}
                                                        for n in names]})

    return [
        Route("/v1/chat/completions", chat, methods=["POST"]),
        Route("/v1/models", models, methods=["GET"]),
        Route("/{role}/v1/chat/completions", chat, methods=["POST"]),
        Route("/{role}/v1/models", models, methods=["GET"]),
    ]


def parse_request(body: dict[str, Any]) -> ChatRequest:
    """The `ChatRequest` a chat-completions body asks for (BadRequest says what is wrong)."""
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages or not all(isinstance(m, dict) for m in messages):
        raise BadRequest("`messages` must be a non-empty list of message objects")
    tools = body.get("tools") or []
    if not isinstance(tools, list) or not all(isinstance(t, dict) and isinstance(t.get("function"), dict) for t in tools):
        raise BadRequest("`tools` must be a list of function tools")
    top = body.get("top_logprobs") or 0
    limit = body.get("max_completion_tokens") or body.get("max_tokens")
    if not isinstance(top, int) or (limit is not None and not isinstance(limit, int)):
        raise BadRequest("`top_logprobs` and `max_tokens` must be integers")
    return ChatRequest(messages=[_text_message(m) for m in messages], tools=tools, logprobs=bool(body.get("logprobs")),
                       top_logprobs=top, max_output_tokens=limit)


def _text_message(message: Message) -> Message:
    """The message with content given as text parts joined into one string (what the audit and the guard read)."""
    content = message.get("content")
    if not isinstance(content, list):
        return message
    texts = []
    for part in content:
        if not isinstance(part, dict) or part.get("type") != "text" or not isinstance(part.get("text"), str):
            raise BadRequest("only text content is supported (a content part is not of type `text`)")
        texts.append(part["text"])
    return {**message, "content": "".join(texts)}


def completion_json(message: Message, usage: Usage, model: str) -> dict[str, Any]:
    """A chat-completions response object for one reply."""
    calls = message.get("tool_calls") or []
    reply: Message = {"role": "assistant", "content": message.get("content")}
    if calls:
        reply["tool_calls"] = calls
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": reply, "finish_reason": "tool_calls" if calls else "stop", "logprobs": None}],
        "usage": usage_json(usage),
    }


def usage_json(usage: Usage) -> dict[str, Any]:
    return {
        "prompt_tokens": usage.input_tokens,
        "completion_tokens": usage.output_tokens,
        "total_tokens": usage.input_tokens + usage.output_tokens,
        "prompt_tokens_details": {"cached_tokens": usage.cached_input_tokens},
        "completion_tokens_details": {"reasoning_tokens": usage.reasoning_tokens},
    }


def _chunks(message: Message, usage: Usage, model: str, include_usage: bool) -> Iterator[str]:
    """The reply as server-sent `chat.completion.chunk` events."""
    head = {"id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion.chunk", "created": int(time.time()), "model": model}

    def event(choices: list[dict[str, Any]], **extra: Any) -> str:
        return f"data: {json.dumps({**head, 'choices': choices, **extra}, ensure_ascii=False)}\n\n"

    calls = message.get("tool_calls") or []
    yield event([{"index": 0, "delta": {"role": "assistant", "content": message.get("content")}, "finish_reason": None}])
    for index, call in enumerate(calls):
        yield event([{"index": 0, "delta": {"tool_calls": [{"index": index, **call}]}, "finish_reason": None}])
    yield event([{"index": 0, "delta": {}, "finish_reason": "tool_calls" if calls else "stop"}])
    if include_usage:
        yield event([], usage=usage_json(usage))
    yield "data: [DONE]\n\n"


def _error(status: int, message: str, code: str) -> JSONResponse:
    return JSONResponse({"error": {"message": message, "type": "invalid_request_error" if status == 400 else code,
                                   "code": code, "param": None}}, status_code=status)
