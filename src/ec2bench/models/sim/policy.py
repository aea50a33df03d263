"""The reference-policy simulator behind `sim/<profile>` models.

PRIVILEGED INFORMATION: a simulated model reads the task's reference solution. It exists so the
whole system runs offline, deterministically and fast; its results are never evidence about a
real model. What it does on each request:

1. **Progress.** It replays the request's history: the next reference tool step counts as done
   once a call to that tool succeeded (whatever its arguments, as a real model that made a wrong
   call rarely notices). So progress made by any actor (edge or cloud) carries over.
2. **Right or wrong.** With the profile's `step_success(difficulty)` chance it takes the next
   reference step; otherwise it makes one realistic mistake, drawn by the profile's `mistakes`
   weights: wrong arguments, a wrong (read-only) tool, a malformed call, or a premature final answer.
3. **Knows only what it was shown.** A literal (email address, number of 3+ digits, date, record
   id) may appear in its output only if that literal occurs in the request it received. A literal
   the payload did not carry is guessed (a plausible but wrong variant), so a model that was not
   shown a value cannot produce it. This makes privacy-preserving strategies pay a real price.
4. **Text requests.** A request without tools (e.g. asking for a plan) gets a numbered plan of the
   remaining reference steps, written under the same rule 3.
5. **Determinism.** Every draw comes from a RNG seeded by (episode seed, profile, history length),
   so a given history always gets the same reply, in any process, in any order.
6. **Metering.** Tokens are counted by `ec2bench.models.tokens`; a repeated prompt prefix is
   billed as cached from the profile's `min_cache_tokens` on, in 128-token blocks (as hosted APIs do).
"""

from __future__ import annotations

import json
import math
import random
import re
from typing import Any

from ec2bench.models.base import ChatRequest, Completion, Message, TokenLogprob, Usage
from ec2bench.models.sim.profile import SimProfile
from ec2bench.models.tokens import MESSAGE_OVERHEAD, count_message, count_tools
from ec2bench.tasks.spec import AnswerStep, TaskSpec, ToolStep
from ec2bench.textmatch import find_normalized, normalize

LITERAL = re.compile(
    r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"  # email address (ASCII, so CJK text around it is not swallowed)
    r"|[A-Za-z]{1,6}-\d{2,}"  # record id such as T-0042
    r"|\d[\d,.:/-]*\d{2,}"  # numbers of 3+ digits, amounts, dates, times, phones
)
_GENERAL_KNOWLEDGE = re.compile(r"10{2,}")  # powers of ten (percent, per mille, units) are not facts
CACHE_BLOCK = 128
_DONE_TEXT = {"en": "Done.", "zh": "已完成。"}
_GAVE_UP_TEXT = {"en": "I have completed the task.", "zh": "任务已经完成。"}


class SimClient:
    """A simulated chat model bound to one task and one episode seed."""

    def __init__(self, model: str, profile: SimProfile, task: TaskSpec, seed: int) -> None:
        self.model = model
        self.profile = profile
        self.task = task
        self.seed = seed
        self._prefix: list[tuple[str, int]] = []  # (message json, tokens) of the previous request

    def complete(self, request: ChatRequest) -> Completion:
        rng = random.Random(f"{self.seed}:{self.profile.name}:{len(request.messages)}")
        visible = _visible_text(request)
        if request.tools:
            message, mistaken = self._act(request, rng, visible)
        else:
            message, mistaken = self._plan(request, rng, visible), False
        usage = self._usage(request, message)
        logprobs = self._logprobs(rng, mistaken, request.top_logprobs) if request.logprobs else None
        return Completion(message=message, usage=usage, model=self.model, logprobs=logprobs)

    # -- acting -------------------------------------------------------------------------------

    def _act(self, request: ChatRequest, rng: random.Random, visible: str) -> tuple[Message, bool]:
        steps = self.task.reference_tool_calls
        done = reference_progress(request.messages, steps)
        if done < len(steps):
            step = steps[done]
            if rng.random() < self.profile.step_success(step.difficulty):
                return self._call(step.tool, _ground(step.args, visible, rng), len(request.messages)), False
            return self._mistake(step, request, rng, visible), True
        answer = self.task.reference[-1]
        if isinstance(answer, AnswerStep):
            correct = rng.random() < self.profile.step_success(answer.difficulty)
            text = answer.answer if correct else _corrupt_text(answer.answer, rng)
            return _text(_ground_text(text, visible, rng)), not correct
        return _text(_DONE_TEXT[self.task.language]), False

    def _mistake(self, step: ToolStep, request: ChatRequest, rng: random.Random, visible: str) -> Message:
        kinds = list(self.profile.mistakes)
        kind = rng.choices(kinds, weights=[self.profile.mistakes[k] for k in kinds])[0]
        n = len(request.messages)
        if kind == "wrong_args" and step.args:
            args = dict(step.args)
            key = rng.choice(sorted(args))
            args[key] = _corrupt(args[key], rng)
            return self._call(step.tool, _ground(args, visible, rng), n)
        if kind == "malformed":
            text = json.dumps(_ground(step.args, visible, rng), ensure_ascii=False)
            return self._call(step.tool, text[: max(1, len(text) // 2)], n)
        if kind == "premature_answer":
            return _text(_GAVE_UP_TEXT[self.task.language])
        return self._wrong_tool(step, request, rng, n)

    def _wrong_tool(self, step: ToolStep, request: ChatRequest, rng: random.Random, n: int) -> Message:
        """Call some other tool that only reads (search/list/get/read), filled with a plausible guess."""
        readers = [
            t["function"]
            for t in request.tools
            if t["function"]["name"] != step.tool
            and re.search(r"_(search|list|get|read)", t["function"]["name"])
        ]
        if not readers:
            return _text(_GAVE_UP_TEXT[self.task.language])
        fn = rng.choice(readers)
        words = re.findall(r"\w{4,}", self.task.prompt) or ["report"]
        props = fn.get("parameters", {}).get("properties", {})
        args = {p: rng.choice(words) for p in fn.get("parameters", {}).get("required", []) if props.get(p, {}).get("type") == "string"}
        return self._call(fn["name"], args, n)

    @staticmethod
    def _call(tool: str, args: dict[str, Any] | str, n: int) -> Message:
        arguments = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": f"call_{n}", "type": "function", "function": {"name": tool, "arguments": arguments}}],
        }

    # -- planning -----------------------------------------------------------------------------

    def _plan(self, request: ChatRequest, rng: random.Random, visible: str) -> Message:
        steps = self.task.reference_tool_calls
        done = reference_progress(request.messages, steps)
        lines = []
        for i, step in enumerate(steps[done:], start=1):
            args = dict(step.args)
            if rng.random() >= self.profile.step_success(step.difficulty):
                args = {k: _corrupt(v, rng) for k, v in args.items()}
            args = _ground(args, visible, rng)
            lines.append(f"{i}. {step.tool} {json.dumps(args, ensure_ascii=False)}")
        if not lines:
            lines.append(_DONE_TEXT[self.task.language])
        return _text("\n".join(lines))

    # -- metering -----------------------------------------------------------------------------

    def _usage(self, request: ChatRequest, reply: Message) -> Usage:
        parts = [(json.dumps(request.tools, sort_keys=True), count_tools(request.tools))] + [
            (json.dumps(m, sort_keys=True, ensure_ascii=False), count_message(m)) for m in request.messages
        ]
        shared = 0
        for (a, tokens), (b, _) in zip(parts, self._prefix):
            if a != b:
                break
            shared += tokens
        self._prefix = parts
        total = sum(t for _, t in parts)
        if self.profile.min_cache_tokens == 0:
            cached = shared  # on-device KV-cache reuse is exact
        elif shared >= self.profile.min_cache_tokens:
            cached = shared // CACHE_BLOCK * CACHE_BLOCK
        else:
            cached = 0
        return Usage(
            input_tokens=total,
            cached_input_tokens=min(cached, total),
            output_tokens=count_message(reply) - MESSAGE_OVERHEAD,
        )

    def _logprobs(self, rng: random.Random, mistaken: bool, top_n: int) -> tuple[TokenLogprob, ...]:
        """Token log-probabilities whose entropy tracks the chance of a mistake as well as
        the profile's calibration says: a calibrated model is unsure exactly when it errs."""
        cal = self.profile.calibration
        uncertainty = cal * (0.85 if mistaken else 0.1) + (1 - cal) * rng.random()
        out = []
        for i in range(5):
            u = min(0.95, max(0.01, uncertainty + rng.uniform(-0.05, 0.05)))
            p_top = 1.0 - 0.8 * u
            alts = max(1, top_n - 1)
            rest = [(1.0 - p_top) / alts] * alts
            top = ((f"t{i}", math.log(p_top)),) + tuple((f"a{i}_{j}", math.log(p)) for j, p in enumerate(rest))
            out.append(TokenLogprob(token=f"t{i}", logprob=math.log(p_top), top=top[: max(1, top_n)]))
        return tuple(out)


def reference_progress(messages: list[Message], steps: list[ToolStep]) -> int:
    """How many reference tool steps the history has completed (see rule 1 above)."""
    results = {m.get("tool_call_id"): str(m.get("content", "")) for m in messages if m.get("role") == "tool"}
    done = 0
    for m in messages:
        if m.get("role") != "assistant":
            continue
        for call in m.get("tool_calls") or []:
            if done < len(steps) and call["function"]["name"] == steps[done].tool:
                result = results.get(call.get("id"))
                if result is not None and not result.startswith("Error:"):
                    done += 1
    return done


def _visible_text(request: ChatRequest) -> str:
    parts: list[str] = []
    for m in request.messages:
        if isinstance(m.get("content"), str):
            parts.append(m["content"])
        for call in m.get("tool_calls") or []:
            parts.append(call["function"].get("arguments", ""))
    return "\n".join(parts)


def _ground(args: dict[str, Any], visible: str, rng: random.Random) -> dict[str, Any]:
    """The step's arguments with every literal the request did not show replaced by a guess."""
    return {k: _ground_value(v, visible, rng) for k, v in args.items()}


def _ground_value(value: Any, visible: str, rng: random.Random) -> Any:
    if isinstance(value, str):
        return _ground_text(value, visible, rng)
    if isinstance(value, list):
        return [_ground_value(v, visible, rng) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) >= 100:
        return value if _number_visible(value, visible) else _guess_number(value)
    return value


def _number_visible(value: float, visible: str) -> bool:
    digits = re.sub(r"\D", "", f"{value:g}" if isinstance(value, float) else str(value))
    return digits in re.sub(r"[,\s]", "", visible)


def _ground_text(text: str, visible: str, rng: random.Random) -> str:
    """Keep the literals the request showed (as `textmatch` finds them: `3,571.83` = `3571.83`), guess the rest."""
    seen = normalize(visible)
    return LITERAL.sub(lambda m: m.group(0) if not is_fact(m.group(0)) or find_normalized(m.group(0), seen) else _guess(m.group(0)), text)


def fact_literals(text: str) -> list[str]:
    """The literals in a text that a model can only know by having been shown them."""
    return [lit for lit in LITERAL.findall(text) if is_fact(lit)]


def is_fact(literal: str) -> bool:
    return _GENERAL_KNOWLEDGE.fullmatch(literal) is None


def _guess(token: str) -> str:
    """What a model that never saw a literal writes instead: its last digit or letter shifted by one.

    Guessing is applied after any deliberate corruption (`_mutate`, which shifts by 1-8 digits or
    1-24 letters), and the two shifts never add up to a full cycle, so a guess can never land
    back on the true value."""
    return _shift(token, max(i for i, ch in enumerate(token) if ch.isalnum()), 1)


def _guess_number(value: float) -> float:
    """A guessed amount: off by half again (never equal to the true value for |value| >= 100)."""
    return type(value)(value * 1.5 + (7 if isinstance(value, int) else 0.07))


def _mutate(token: str, rng: random.Random) -> str:
    """A plausible wrong variant of a literal: one digit or letter changed."""
    i = rng.choice([i for i, ch in enumerate(token) if ch.isalnum()])
    return _shift(token, i, rng.randint(1, 8 if token[i].isdigit() else 24))


def _shift(token: str, i: int, by: int) -> str:
    ch = token[i]
    if ch.isdigit():
        new = str((int(ch) + by) % 10)
    elif ch.isascii() and ch.isalpha():
        base = ord("a") if ch.islower() else ord("A")
        new = chr(base + (ord(ch) - base + by) % 26)
    else:
        new = "x"
    return token[:i] + new + token[i + 1 :]


def _corrupt(value: Any, rng: random.Random) -> Any:
    """A wrong version of an argument value, of the same type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return type(value)(value * rng.choice((0.9, 1.1, 2)) + (1 if isinstance(value, int) else 0))
    if isinstance(value, list):
        return value[:-1] if len(value) > 1 else [_corrupt(v, rng) for v in value]
    if isinstance(value, str):
        return _corrupt_text(value, rng)
    return value


def _corrupt_text(text: str, rng: random.Random) -> str:
    literals = list(LITERAL.finditer(text))
    if literals:
        m = rng.choice(literals)
        return text[: m.start()] + _mutate(m.group(0), rng) + text[m.end() :]
    return text[: max(1, len(text) // 3)]


def _text(content: str) -> Message:
    return {"role": "assistant", "content": content}
