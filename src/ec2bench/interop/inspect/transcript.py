"""ec2bench's messages and traces as Inspect's chat messages, and Inspect's replies as ec2bench's.

ec2bench speaks OpenAI chat-completions dicts everywhere (`ec2bench.models.base.Message`); Inspect has typed
`ChatMessage`s. Both directions are written here by hand, synchronously, so that the model adapter (in an
episode's worker thread) and the log export (a plain CLI command) share them.

An episode's conversation is rebuilt from its trace (`conversation`): the trace keeps every assistant turn
(`step` events) and every tool call's result (`tool`, `limited`, and for the strategy's own tools its
`consult` and `control` events: the advice as the edge read it; a delegation's return summary is not
traced), which is what `inspect view` needs to show the episode as a chat. Each assistant message
carries who acted (`actor`: edge or cloud) and the step in its metadata.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    ModelOutput,
)
from inspect_ai.tool import ToolCall, ToolCallError, ToolInfo

from ec2bench.models.base import Message
from ec2bench.strategies.prompts import ADVICE_PREFIX, ASK_CLOUD, CONTROL_RETURNED, DELEGATE, DELEGATION_ACCEPTED, RETURN_CONTROL

UNRECORDED = "(no result recorded in the trace)"


def text_of(content: Any) -> str:
    """A message's content as text (chat-completions content may be a list of parts)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) if isinstance(p, dict) else str(p) for p in content)
    return str(content)


def tool_call(call: dict[str, Any]) -> ToolCall:
    """One chat-completions tool call; arguments that are not a JSON object keep their text as the parse error."""
    fn = call.get("function") or {}
    raw = fn.get("arguments")
    arguments: dict[str, Any] = {}
    problem: str | None = None
    if isinstance(raw, dict):
        arguments = raw
    elif raw not in (None, ""):
        try:
            parsed = json.loads(str(raw))
        except json.JSONDecodeError:
            parsed = None
        if isinstance(parsed, dict):
            arguments = parsed
        else:
            problem = f"arguments are not a JSON object: {str(raw)[:500]}"
    return ToolCall(id=str(call.get("id") or ""), function=str(fn.get("name") or ""), arguments=arguments,
                    parse_error=problem)


def chat_message(message: Message, *, model: str | None = None, metadata: dict[str, Any] | None = None) -> ChatMessage:
    """One chat-completions message as an Inspect message."""
    role, content = message.get("role"), text_of(message.get("content"))
    if role == "system":
        return ChatMessageSystem(content=content, metadata=metadata)
    if role == "assistant":
        calls = [tool_call(c) for c in message.get("tool_calls") or [] if isinstance(c, dict)]
        return ChatMessageAssistant(content=content, tool_calls=calls or None, model=model, metadata=metadata)
    if role == "tool":
        return ChatMessageTool(content=content, tool_call_id=message.get("tool_call_id"), metadata=metadata)
    return ChatMessageUser(content=content, metadata=metadata)


def chat_messages(messages: Iterable[Message]) -> list[ChatMessage]:
    """A request's messages; a tool message gets its function's name from the call it answers."""
    converted: list[ChatMessage] = []
    names: dict[str, str] = {}
    for message in messages:
        item = chat_message(message)
        if isinstance(item, ChatMessageAssistant):
            names.update({c.id: c.function for c in item.tool_calls or []})
        elif isinstance(item, ChatMessageTool) and item.tool_call_id in names:
            item.function = names[item.tool_call_id]
        converted.append(item)
    return converted


def tool_info(tool: dict[str, Any]) -> ToolInfo:
    """A chat-completions tool definition as Inspect's `ToolInfo` (its JSON schema kept as it is)."""
    fn = tool.get("function") or tool
    parameters = fn.get("parameters") or {"type": "object", "properties": {}}
    return ToolInfo.model_validate({"name": fn["name"], "description": fn.get("description") or fn["name"],
                                    "parameters": parameters})


def reply_message(output: ModelOutput) -> Message:
    """The assistant message of an Inspect model's output, as ec2bench's agent loop reads it."""
    message = output.message
    calls = [{"id": c.id, "type": "function", "function": {"name": c.function, "arguments": json.dumps(c.arguments)}}
             for c in message.tool_calls or []]
    reply: Message = {"role": "assistant", "content": message.text or None}
    if calls:
        reply["tool_calls"] = calls
    return reply


def conversation(events: Sequence[dict[str, Any]], opening: Sequence[Message]) -> list[ChatMessage]:
    """An episode's conversation from its trace: `opening` (the system prompt and the task), then each
    assistant turn followed by a tool message for each of its calls, in call order."""
    models = _role_models(events)
    messages = chat_messages(opening)
    pending: list[ToolCall] = []

    def answer(call: ToolCall, content: str, error: str | None = None) -> None:
        messages.append(ChatMessageTool(content=content, tool_call_id=call.id, function=call.function,
                                        error=ToolCallError(type="unknown", message=error) if error else None))

    def settle(name: str, content: str, error: str | None = None) -> None:
        """The first pending call to `name` gets `content`; calls before it were answered without a record."""
        for i, call in enumerate(pending):
            if call.function == name:
                for earlier in pending[:i]:
                    answer(earlier, UNRECORDED)
                answer(call, content, error)
                del pending[: i + 1]
                return

    for event in events:
        kind = event.get("type")
        if kind == "step":
            for call in pending:
                answer(call, UNRECORDED)
            actor = str(event.get("actor", ""))
            message = chat_message(event.get("message") or {}, model=models.get(actor),
                                   metadata={"actor": actor, "step": event.get("step")})
            messages.append(message)
            pending = list(message.tool_calls or []) if isinstance(message, ChatMessageAssistant) else []
        elif kind == "tool":
            ok = bool(event.get("ok", True))
            settle(str(event.get("tool")), text_of(event.get("result")), None if ok else str(event.get("error") or "error"))
        elif kind == "limited":
            settle(str(event.get("tool")), str(event.get("reason", "")), "refused: past the task's tool-call cap")
        elif kind == "consult" and event.get("kind") == "advice":  # the strategy's own tools (strategies.consult)
            settle(ASK_CLOUD, f"{ADVICE_PREFIX}\n{event.get('advice', '')}")
        elif kind == "consult" and event.get("kind") == "delegation":
            settle(DELEGATE, DELEGATION_ACCEPTED)
        elif kind == "control" and event.get("reason") == "return_control":  # the summary itself is not traced
            settle(RETURN_CONTROL, CONTROL_RETURNED)
    for call in pending:
        answer(call, UNRECORDED)
    return messages


def _role_models(events: Sequence[dict[str, Any]]) -> dict[str, str]:
    """The model name of each role (edge, cloud), from the trace's `episode` event."""
    head = next((e for e in events if e.get("type") == "episode"), {})
    return {role: str(head[role]) for role in ("edge", "cloud") if head.get(role)}
