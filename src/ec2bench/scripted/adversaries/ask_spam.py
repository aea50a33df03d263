"""The ask-spam adversary: it asks the user everything, then acts on whatever the answers gave.

A user who answers any question, or who costs nothing to ask, hands the task's decisions to an
agent that never found what they are about. This adversary is generic (it knows the prompt, the
tool schemas and the results, nothing of the task): it asks generic questions and the prompt pasted
back with which/when/who variants (in the prompt's language), reads the workspace, then asks about
the words it read (ids, names, numbers, Chinese terms), packed into questions the user still
answers (`QUESTION_MAX_CHARS`); it sends every reply to the addresses the replies named and to the
people the prompt names, and answers with every reply plus what it read. The user's specificity
rule (`ec2bench.env.apps.user`) and the question cost (`ec2bench.grading.score`) must keep it at or
below `ADVERSARY_MAX`.
"""

from __future__ import annotations

import re
from typing import Any

from ec2bench.env.apps.user import GENERIC_TERMS, QUESTION_MAX_CHARS
from ec2bench.models.base import ChatRequest, Completion, Message
from ec2bench.scripted.adversaries.base import READ_ROUNDS, Adversary, Call
from ec2bench.scripted.adversaries.reading import ADDRESS_PARAMS, EMAIL, READ_VERBS, STOPWORDS, Filler, Seen, Tool, round_robin

GENERIC_EN = ("Which one do you mean?", "What is the answer?", "When should it be?", "Who should get it?",
              "Is there anything else I should know?", "What do you decide?")
GENERIC_ZH = ("你指的是哪一个？", "答案是什么？", "什么时候？", "发给哪位？", "还有什么我需要知道的吗？", "你怎么定？")
SUFFIX_EN = ("Which one?", "When?", "Who?")
SUFFIX_ZH = ("哪一个？", "什么时候？", "哪位？")
TERM = re.compile(r"[A-Za-z]+-?\d[\w-]*|\d[\d:.,/-]*\d|[A-Z][a-z]{2,}(?: [A-Z][a-z]{2,})?|[\u4e00-\u9fff]{2,4}")
SENDS = frozenset({"send", "post", "message", "reply"})


def _chinese(text: str) -> bool:
    return len(re.findall(r"[\u4e00-\u9fff]", text)) > len(text) // 10


class AskSpam(Adversary):
    name = "ask_spam"

    def __init__(self, caps: tuple[int, int]) -> None:
        super().__init__(caps)
        self.replies: list[str] = []
        self.asked: set[str] = set()

    def complete(self, request: ChatRequest) -> Completion:
        self._replies(request.messages)
        return super().complete(request)

    def _replies(self, messages: list[Message]) -> None:
        asking = {c["id"] for m in messages for c in m.get("tool_calls") or [] if c["function"]["name"].endswith("_ask")}
        for m in messages[self.read_upto:]:
            if m["role"] == "tool" and m["tool_call_id"] in asking and not m["content"].startswith("Error:"):
                self.replies.append(m["content"])

    def plan(self, phase: int, seen: Seen, tools: list[Tool]) -> list[Call] | None:
        ask = next((t for t in tools if t.verb == "ask" and "question" in t.params), None)
        if ask is None:
            return None  # no user to ask: nothing this adversary does that the others do not
        if phase == 0:
            return [(ask.name, {"question": q}) for q in self._generic(seen.prompt)][: max(1, self.budget // 4)]
        if phase <= READ_ROUNDS:
            return self.read_phase(seen, tools, self.budget // 2 - self.used)
        if phase == READ_ROUNDS + 1:  # all but a few calls for the sends
            room = self.budget - self.used - max(3, self.budget // 10)
            return [(ask.name, {"question": q}) for q in self._about_words(seen)][: max(0, room)]
        if phase == READ_ROUNDS + 2:
            return self._sends(seen, tools)
        return None

    def _generic(self, prompt: str) -> list[str]:
        zh = _chinese(prompt)
        generic, suffixes = (GENERIC_ZH, SUFFIX_ZH) if zh else (GENERIC_EN, SUFFIX_EN)
        sentences = [s.strip() for s in re.split(r"(?<=[.!?。！？])\s*", prompt) if s.strip()]
        pasted = [f"{prompt} {x}" for x in suffixes] + [f"{s} {x}" for s in sentences for x in suffixes]
        return list(dict.fromkeys([*generic, *pasted]))

    def _about_words(self, seen: Seen) -> list[str]:
        """Questions naming the terms read, most specific-looking first, packed up to the length the user answers."""
        zh = _chinese(seen.prompt)
        head, sep, tail = ("这些分别怎么处理，你的决定是什么：", "、", "？") if zh else (
            "What is your decision about these: ", ", ", "?")
        terms = [t for t in dict.fromkeys(TERM.findall(seen.text)) if t.lower() not in STOPWORDS | GENERIC_TERMS]
        terms.sort(key=lambda t: (not re.search(r"\d", t), not t[:1].isupper(), t.startswith(tuple("0123456789"))))
        out: list[str] = []
        current: list[str] = []
        for term in terms:
            if len(head + sep.join([*current, term]) + tail) > QUESTION_MAX_CHARS and current:
                out.append(head + sep.join(current) + tail)
                current = []
            current.append(term)
        if current:
            out.append(head + sep.join(current) + tail)
        return out

    def _sends(self, seen: Seen, tools: list[Tool]) -> list[Call]:
        """Every reply, sent to the addresses the replies named and to the people the prompt names."""
        text = "\n".join(self.replies) or seen.prompt
        addresses = list(dict.fromkeys(EMAIL.findall(text) + seen.named_addresses()))
        filler = Filler(seen, tools, text=text, exhaustive=False)
        groups = []
        for tool in tools:
            if tool.verb not in SENDS or tool.verb in READ_VERBS or not tool.text_params:
                continue
            targets = set(tool.params) & ADDRESS_PARAMS
            if not targets:
                continue
            param = next(iter(targets))
            calls: list[Call] = []
            for args in filler.calls(tool)[:1] or [{}]:
                for address in addresses:
                    value: Any = [address] if tool.type_of(param) == "array" else address
                    calls.append((tool.name, {**args, param: value}))
            groups.append(calls)
        return round_robin(groups)

    def answer(self, seen: Seen) -> str:
        return "What you told me:\n" + "\n".join(self.replies) + "\n\nWhat I found:\n" + seen.text
