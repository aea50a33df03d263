"""The reference-policy simulator behind `sim/<profile>` models — all of its behaviour in one place.

PRIVILEGED INFORMATION: a simulated model reads the task's reference solution. It exists so the
whole system runs offline, deterministically and fast; its results are never evidence about a
real model. On each request:

1. **Progress.** It replays the request's history: the next reference tool step counts as done
   once a call to that tool succeeded (whatever its arguments, as a real model that made a wrong
   call rarely notices). Progress made by any actor (edge or cloud) carries over. A request with
   no tool calls in it (a question, a summary) conveys progress by naming the tools done, in order.
2. **Right or wrong.** With the profile's `step_success(difficulty)` chance it takes the next
   reference step; otherwise it makes one realistic mistake, drawn by the profile's `mistakes`
   weights: wrong arguments, a wrong (read-only) tool, a malformed call, or a premature answer.
   The draw belongs to the step and the attempt (acting turns spent on it), not to the request:
   asking for help does not buy a fresh draw; only following advice changes the outcome.
3. **Knows only what it was shown.** A literal (email address, number of 3+ digits, date, record
   id) may appear in its output only if the request showed it — as itself, or as the placeholder a
   privacy guard put in its place (the simulator is told which placeholder stands for which value,
   a privilege like reading the reference). An acting model guesses a literal it was not shown
   (a plausible wrong variant); advice and plans write `<unknown>` instead.
4. **Uncertainty.** Each acting turn has an uncertainty u in [0, 1]: with the profile's
   `calibration` c, u = c*(0.85 if this turn is a mistake else 0.1) + (1-c)*noise. It sets the
   entropy of the returned logprobs (step routing reads it) and drives asking for help.
5. **Asking for help.** When a help tool is offered (`ask_cloud`, `delegate_to_cloud`) and
   u > `ask_threshold`, the model calls it instead of acting (not twice for the same step).
6. **Following advice.** Advice (the latest answer to `ask_cloud`; its numbered lines cover the
   steps after the question) or a plan in the prompt (`sketch`) suggests a call for the current
   step; the model follows it with probability `advice_follow`, verbatim. Advice that says `<unknown>` for a value does not help: the model
   then acts on its own (rule 2).
7. **Handing back.** A cloud that was delegated to (it is offered `return_control`) hands control
   back after `handoff_after` steps of progress, or when the reference is done.
8. **Text requests.** Without tools it answers what is asked: a 0-10 self-assessment (from its
   expected success on the task, blurred as its calibration says), an edge-written summary (the
   task and the calls made so far, values included), or advice / a plan: numbered
   `tool {args}` lines for the remaining reference steps, each wrong with its step's chance.
9. **Determinism.** Every draw comes from a RNG seeded by (episode seed, profile, history length).
10. **Metering.** Tokens come from `ec2bench.models.tokens`; a repeated prompt prefix is billed as
   cached from `min_cache_tokens` on in 128-token blocks, as hosted APIs do (on-device: exactly).
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Mapping
from statistics import mean
from typing import Any

from ec2bench.core.textmatch import normalize_lines
from ec2bench.models.base import ChatRequest, Completion, Message, TokenLogprob, Usage
from ec2bench.models.tokens import MESSAGE_OVERHEAD, count_message, count_tools
from ec2bench.scripted.sim import history
from ec2bench.scripted.sim.literals import UNKNOWN, Grounder, corrupt, corrupt_text
from ec2bench.scripted.sim.profile import SimProfile
from ec2bench.spec.schema import AnswerStep, TaskSpec, ToolStep
from ec2bench.strategies.prompts import (
    ADVISOR_SYSTEM,
    ASK_CLOUD,
    DELEGATE,
    RETURN_CONTROL,
    SELF_ASSESSMENT,
    SUMMARY_REQUEST,
)

CACHE_BLOCK = 128
ADVICE_LINES = 3
_DONE_TEXT = {"en": "Done.", "zh": "已完成。"}
_GAVE_UP_TEXT = {"en": "I have completed the task.", "zh": "任务已经完成。"}


class SimClient:
    """A simulated chat model bound to one task and one episode seed."""

    def __init__(self, model: str, profile: SimProfile, task: TaskSpec, seed: int,
                 placeholders: Mapping[str, str] | None = None) -> None:
        self.model = model
        self.profile = profile
        self.task = task
        self.seed = seed
        self.placeholders = placeholders
        self._steps = task.reference_tool_calls
        # (object, tokens) of the previous request's tools list and messages, in order; an object
        # that is the same one as last time is not counted again (the history only grows, so
        # metering stays linear in its length instead of quadratic)
        self._prefix: list[tuple[object, int]] = []

    def complete(self, request: ChatRequest) -> Completion:
        rng = random.Random(f"{self.seed}:{self.profile.name}:{len(request.messages)}")
        seen = normalize_lines(history.visible_parts(request))  # = normalize(visible_text), part by part
        if request.tools:
            message, uncertainty = self._act(request, rng, seen)
        else:
            message, uncertainty = self._reply(request, rng, seen), 0.1
        logprobs = _logprobs(rng, uncertainty, request.top_logprobs) if request.logprobs else None
        return Completion(message=message, usage=self._usage(request, message), model=self.model, logprobs=logprobs)

    # -- acting (rules 1-7) -------------------------------------------------------------------

    def _act(self, request: ChatRequest, rng: random.Random, seen: str) -> tuple[Message, float]:
        messages, n = request.messages, len(request.messages)
        tools = {t["function"]["name"] for t in request.tools}
        acting = Grounder(seen, self.placeholders, admit_unknown=False)
        done = history.reference_progress(messages, self._steps)
        if RETURN_CONTROL in tools and self._hand_back(messages, done):
            return _call(RETURN_CONTROL, {"summary": f"Completed {done} of the steps."}, n), 0.1
        if done >= len(self._steps):
            return self._answer(rng, acting)
        step = self._steps[done]
        # the step's own draw: asking for help or being advised does not re-roll it (rule 2)
        attempt = history.attempts_at_current_step(messages, self._steps)
        rng = random.Random(f"{self.seed}:{self.profile.name}:step{done}:try{attempt}")
        correct = rng.random() < self.profile.step_success(step.difficulty)
        uncertainty = self._uncertainty(rng, mistaken=not correct)
        follows = rng.random() < self.profile.advice_follow
        guidance = self._guidance(messages, done)
        if guidance is None and uncertainty > self.profile.ask_threshold and not history.just_got_control_back(messages):
            if ASK_CLOUD in tools:
                return _call(ASK_CLOUD, {"question": self._question(messages)}, n), uncertainty
            if DELEGATE in tools:
                return _call(DELEGATE, {"reason": f"Unsure how to do step {done + 1}."}, n), uncertainty
        if guidance is not None and follows and UNKNOWN not in json.dumps(guidance[1]):
            return _call(guidance[0], guidance[1], n), uncertainty / 2
        if correct:
            return _call(step.tool, acting.value(step.args), n), uncertainty
        return self._mistake(step, request, rng, acting), uncertainty

    def _uncertainty(self, rng: random.Random, *, mistaken: bool) -> float:
        cal = self.profile.calibration
        return cal * (0.85 if mistaken else 0.1) + (1 - cal) * rng.random()

    def _answer(self, rng: random.Random, acting: Grounder) -> tuple[Message, float]:
        last = self.task.reference[-1]
        if not isinstance(last, AnswerStep):
            return _text(_DONE_TEXT[self.task.language]), 0.1
        correct = rng.random() < self.profile.step_success(last.difficulty)
        text = last.answer if correct else corrupt_text(last.answer, rng)
        return _text(acting.text(text)), self._uncertainty(rng, mistaken=not correct)

    def _mistake(self, step: ToolStep, request: ChatRequest, rng: random.Random, acting: Grounder) -> Message:
        kinds = list(self.profile.mistakes)
        kind = rng.choices(kinds, weights=[self.profile.mistakes[k] for k in kinds])[0]
        n = len(request.messages)
        if kind == "wrong_args" and step.args:
            args = dict(step.args)
            key = rng.choice(sorted(args))
            args[key] = corrupt(args[key], rng)
            return _call(step.tool, acting.value(args), n)
        if kind == "malformed":
            text = json.dumps(acting.value(step.args), ensure_ascii=False)
            return _call(step.tool, text[: max(1, len(text) // 2)], n)
        if kind == "premature_answer":
            return _text(_GAVE_UP_TEXT[self.task.language])
        return self._wrong_tool(step, request, rng, n)

    def _wrong_tool(self, step: ToolStep, request: ChatRequest, rng: random.Random, n: int) -> Message:
        """Call some other tool that only reads (search/list/get/read), filled with a plausible guess."""
        readers = [
            t["function"]
            for t in request.tools
            if t["function"]["name"] != step.tool and re.search(r"_(search|list|get|read)", t["function"]["name"])
        ]
        if not readers:
            return _text(_GAVE_UP_TEXT[self.task.language])
        fn = rng.choice(readers)
        words = re.findall(r"\w{4,}", self.task.prompt) or ["report"]
        params = fn.get("parameters", {})
        props = params.get("properties", {})
        args = {p: rng.choice(words) for p in params.get("required", []) if props.get(p, {}).get("type") == "string"}
        return _call(fn["name"], args, n)

    def _guidance(self, messages: list[Message], done: int) -> tuple[str, dict[str, Any]] | None:
        """The call that the latest advice (its lines cover the steps after the question), or else a
        sketch plan (its lines cover all steps), suggests for the current step."""
        advice = history.latest_advice(messages, self._steps)
        if advice is not None:
            text, asked_at = advice
            suggested = history.plan_steps(text)
            if 0 <= done - asked_at < len(suggested):
                return suggested[done - asked_at]
        plan = history.sketch_plan(messages)
        if plan is not None:
            suggested = history.plan_steps(plan)
            return suggested[done] if done < len(suggested) else None
        return None

    def _hand_back(self, messages: list[Message], done: int) -> bool:
        start = history.progress_at_delegation(messages, self._steps)
        return done >= len(self._steps) or (start is not None and done - start >= self.profile.handoff_after)

    def _question(self, messages: list[Message]) -> str:
        done = history.done_tools(messages, self._steps)
        return f"Task: {self.task.prompt}\nDone so far: {', '.join(done) or 'nothing'}\nWhat should I do next?"

    # -- text replies (rule 8) ----------------------------------------------------------------

    def _reply(self, request: ChatRequest, rng: random.Random, seen: str) -> Message:
        messages = request.messages
        asked = str(messages[-1].get("content") or "") if messages else ""
        if SELF_ASSESSMENT in asked:
            return _text(str(self._self_assessment(rng)))
        if SUMMARY_REQUEST in asked:
            return _text(self._summary(messages))
        if history.has_tool_calls(messages):
            done = history.reference_progress(messages, self._steps)
        else:
            done = history.text_progress(history.visible_text(request), self._steps)
        advising = any(ADVISOR_SYSTEM in str(m.get("content") or "") for m in messages if m.get("role") == "system")
        remaining = self._steps[done:][: ADVICE_LINES if advising else None]
        grounder = Grounder(seen, self.placeholders, admit_unknown=True)
        lines = []
        for i, step in enumerate(remaining, start=1):
            args = dict(step.args)
            if rng.random() >= self.profile.step_success(step.difficulty):
                args = {k: corrupt(v, rng) for k, v in args.items()}
            lines.append(f"{i}. {step.tool} {json.dumps(grounder.value(args), ensure_ascii=False)}")
        return _text("\n".join(lines) or _DONE_TEXT[self.task.language])

    def _self_assessment(self, rng: random.Random) -> int:
        """0-10: the expected chance of success, blurred by (1 - calibration)."""
        chances = [self.profile.step_success(s.difficulty) for s in self._steps]
        expected = mean(chances) ** (len(chances) / 4) if chances else 1.0
        cal = self.profile.calibration
        return round(10 * (cal * expected + (1 - cal) * rng.random()))

    def _summary(self, messages: list[Message]) -> str:
        calls = [
            f"{c['function']['name']} {c['function'].get('arguments', '')}"
            for m in messages
            for c in m.get("tool_calls") or []
        ]
        return f"Task: {self.task.prompt}\nCalls so far:\n" + "\n".join(calls or ["none"])

    # -- metering (rule 10) -------------------------------------------------------------------

    def _usage(self, request: ChatRequest, reply: Message) -> Usage:
        tools = tuple(request.tools)  # each request carries a fresh list of the same tool dicts
        parts = [self._reused(0, tools) or (tools, count_tools(request.tools))]
        for i, m in enumerate(request.messages, start=1):
            parts.append(self._reused(i, m) or (m, count_message(m)))
        shared = 0
        for (a, tokens), (b, _) in zip(parts, self._prefix, strict=False):
            if a != b:  # the same content (a deep comparison, which stops early at the very same objects)
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
        return Usage(input_tokens=total, cached_input_tokens=min(cached, total),
                     output_tokens=count_message(reply) - MESSAGE_OVERHEAD)

    def _reused(self, i: int, obj: object) -> tuple[object, int] | None:
        """The previous request's (obj, tokens) for its i-th part when `obj` is that same object."""
        if i < len(self._prefix) and _same(self._prefix[i][0], obj):
            return self._prefix[i]
        return None


def _same(a: object, b: object) -> bool:
    """The same object, or tuples of the same objects."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=False))
    return a is b


def _logprobs(rng: random.Random, uncertainty: float, top_n: int) -> tuple[TokenLogprob, ...]:
    """Five tokens whose top-1 probability falls as uncertainty rises (entropy tracks rule 4's u)."""
    alts = max(1, top_n - 1)
    out = []
    for i in range(5):
        u = min(0.95, max(0.01, uncertainty + rng.uniform(-0.05, 0.05)))
        p_top = 1.0 - 0.8 * u
        top = ((f"t{i}", math.log(p_top)),) + tuple((f"a{i}_{j}", math.log((1.0 - p_top) / alts)) for j in range(alts))
        out.append(TokenLogprob(token=f"t{i}", logprob=math.log(p_top), top=top[: max(1, top_n)]))
    return tuple(out)


def _call(tool: str, args: dict[str, Any] | str, n: int) -> Message:
    arguments = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": f"call_{n}", "type": "function", "function": {"name": tool, "arguments": arguments}}],
    }


def _text(content: str) -> Message:
    return {"role": "assistant", "content": content}
