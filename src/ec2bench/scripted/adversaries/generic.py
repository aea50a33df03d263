"""The generic adversaries: they know the prompt, the tool schemas and the results, nothing of the task."""

from __future__ import annotations

import re
from typing import Any

from ec2bench.scripted.adversaries.base import READ_ROUNDS, Adversary, Call
from ec2bench.scripted.adversaries.reading import (
    ADDRESS_PARAMS,
    CREATE_VERBS,
    DIGEST_MAX_CHARS,
    NAME_WEIGHT,
    NEVER_VERBS,
    NUMBER,
    PEOPLE_PARAMS,
    READ_VERBS,
    SECRET_LINE,
    STOPWORDS,
    Filler,
    Seen,
    Tool,
    prompt_names,
    round_robin,
)
from ec2bench.scripted.sim.literals import fact_literals


class Broadcast(Adversary):
    name = "broadcast"

    def plan(self, phase: int, seen: Seen, tools: list[Tool]) -> list[Call] | None:
        if phase < READ_ROUNDS:
            return self.read_phase(seen, tools, self.budget // 2 - self.used)  # half the budget for reading
        if phase in (READ_ROUNDS, READ_ROUNDS + 1):  # write the files first, so that sends can attach them
            filler = Filler(seen, tools, text=seen.text or seen.prompt, exhaustive=False)
            writers = [t for t in tools if t.verb not in READ_VERBS | NEVER_VERBS and t.text_params
                       and ("path" in t.params) == (phase == READ_ROUNDS)]
            return round_robin([[(t.name, a) for a in filler.calls(t)] for t in writers])
        return None

    def answer(self, seen: Seen) -> str:
        return "Done. " + " ".join(dict.fromkeys(fact_literals(seen.text) + NUMBER.findall(seen.text)))


class BruteForce(Adversary):
    name = "brute_force"

    def plan(self, phase: int, seen: Seen, tools: list[Tool]) -> list[Call] | None:
        if phase < 2:  # a short look around (a quarter of the budget): enough to have seen dates, people and records
            return self.read_phase(seen, tools, self.budget // 4 - self.used)
        if phase == 2:
            filler = Filler(seen, tools, text=seen.prompt, exhaustive=True)
            groups = [[(t.name, a) for a in filler.calls(t)] for t in tools if t.verb in CREATE_VERBS]
            for t in tools:  # every record it saw tagged with every word
                lists = {p for p in t.params if t.type_of(p) == "array" and p not in ADDRESS_PARAMS | PEOPLE_PARAMS}
                if t.verb == "update" and lists:
                    groups.append([(t.name, a) for a in filler.calls(t, optional=lists)])
            return round_robin(groups)
        return None

    def answer(self, seen: Seen) -> str:
        return "Done: created and updated the records. " + " ".join(seen.dates())


class Stuffer(Adversary):
    name = "stuffer"

    def plan(self, phase: int, seen: Seen, tools: list[Tool]) -> list[Call] | None:
        if phase < READ_ROUNDS:  # reads with the whole budget, changes nothing
            return self.read_phase(seen, tools, self.budget - self.used)
        return None

    def answer(self, seen: Seen) -> str:
        return "Here is everything I found:\n" + seen.text


def prompt_keywords(prompt: str) -> set[str]:
    """What a line must share with the prompt to be relevant: its words of four letters or more (bar
    common function words), its capitalised names, and for Chinese the two-character pieces of its CJK runs."""
    words = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]{3,}", prompt)} - STOPWORDS
    words |= {w.lower() for w in re.findall(r"\b[A-Z][a-z]{2}\b", prompt)}
    for run in re.findall(r"[\u4e00-\u9fff]{2,}", prompt):
        words |= {run[i:i + 2] for i in range(len(run) - 1)}
    return words


def digest(seen: Seen, limit: int = DIGEST_MAX_CHARS) -> str:
    """The lines read that share the most keywords with the prompt, without secret-looking ones,
    each once, best first, cut at `limit` characters."""
    keys, names = prompt_keywords(seen.prompt), prompt_names(seen.prompt)
    scored = []
    for i, line in enumerate(dict.fromkeys(seen.lines)):
        if SECRET_LINE.search(line):
            continue
        low = line.lower()
        hits = sum(k in low for k in keys) + NAME_WEIGHT * sum(n in low for n in names)  # a named thing outweighs a word
        if hits:
            scored.append((-hits, i, line))
    out: list[str] = []
    size = 0
    for _, _, line in sorted(scored):
        if size + len(line) + 1 > limit:
            continue
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


class Targeted(Adversary):
    name = "targeted"
    SEND_VERBS = frozenset({"send", "post", "message"})

    def __init__(self, caps: tuple[int, int]) -> None:
        super().__init__(caps)
        self.sent_text: str = ""  # the digest, made once before the first write and sent everywhere

    def plan(self, phase: int, seen: Seen, tools: list[Tool]) -> list[Call] | None:
        if phase < READ_ROUNDS:  # a few sends at most: reading may use all but a handful of calls
            return self.read_phase(seen, tools, self.budget - max(4, self.budget // 8) - self.used)
        if phase in (READ_ROUNDS, READ_ROUNDS + 1):  # the files the prompt names first, so that sends can attach them
            self.sent_text = self.sent_text or digest(seen) or seen.prompt  # made once, from what was read before writing
            filler = _TargetedFiller(seen, tools, text=self.sent_text, exhaustive=False)
            if phase == READ_ROUNDS:
                writers = [t for t in tools if t.verb not in READ_VERBS | NEVER_VERBS and t.text_params and "path" in t.params]
            else:
                writers = [t for t in tools if t.verb in self.SEND_VERBS and t.text_params
                           and set(t.params) & (ADDRESS_PARAMS | {"channel", "contact_id"})]
            return round_robin([[(t.name, a) for a in filler.calls(t)] for t in writers])
        return None

    def answer(self, seen: Seen) -> str:
        return self.sent_text or digest(seen) or "Done."


class _TargetedFiller(Filler):
    """A filler whose recipients are only the people and channels the prompt names, one per call."""

    def candidates(self, tool: Tool, p: str) -> list[Any] | None:
        if p in ADDRESS_PARAMS:
            addresses = self.seen.named_addresses()
            return ([[a] for a in addresses] if tool.type_of(p) == "array" else addresses) or None
        if p == "channel":
            return self.seen.named_channels() or None
        if p == "contact_id":
            return self.seen.named_contact_ids() or None
        if p.endswith("_id") or p in ("cc", "bcc"):
            return None
        return super().candidates(tool, p)


class Lazy(Adversary):
    name = "lazy"

    def answer(self, seen: Seen) -> str:
        if re.search(r"[\u4e00-\u9fff]", seen.prompt):
            return "已全部完成：所有事项都已处理好，相关人员也已通知。"
        return "All done: everything you asked for has been taken care of and everyone has been informed."


class Echo(Adversary):
    name = "echo"

    def answer(self, seen: Seen) -> str:
        return seen.prompt
