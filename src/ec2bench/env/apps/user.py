"""The user who can be asked: one tool, `user_ask`, answered by a simulated user.

Without it, a task whose right move is to ask ("which of the three 张经理 do you mean?")
cannot exist: the first message without a tool call ends the episode. The answers are
scripted in the task's `fixtures/user.yaml` and matched to the question; every question and
its answer is kept in the `questions` collection, so checks can require that the agent asked
(`record_exists`) or penalise asking what the prompt already says (`record_absent`).

A real user answers what they know, and only when asked about it: "which one?", "what is the
answer?" or the request pasted back with "when?" get nothing from them. So a scripted answer
declares what it is `about` (the specific terms it answers: an id, a name, a thing the agent
must have found in the workspace) and is given only to a question that names one of them; an
`about` term may not be a generic word (`GENERIC_TERMS`), and `tasks validate` rejects an
answer that a generic probe (`generic_probes`: the prompt pasted back, generic questions, in
English and Chinese) unlocks, as well as an `asked_*` check such probes pass.

A question must be one question: one longer than `QUESTION_MAX_CHARS` (a list of every id and name
the agent read, which would name every answer's subject at once) gets `TOO_LONG`. And a real user's
patience is limited: `QUESTION_ALLOWANCE` questions per episode are free (a task may
allow more with `user_questions`), and each question beyond costs `QUESTION_COST` points of the
completion (`ec2bench.grading.score`). The tool's description says so, and so does every reply
past the allowance.

With `run --user-model MODEL` the answers come from a user model instead (`ec2bench.scripted.user`),
set as the app's `answerer`; the questions are kept the same way.

The user's answers are device-side data: the user sits at the device, so an answer reaches
the cloud only when a strategy sends the transcript that holds it, like any tool result.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pydantic import model_validator

from ec2bench.core import safe_regex
from ec2bench.core.textmatch import RegexText, canonical, unit_occurs
from ec2bench.env.apps.base import Record, RecordApp
from ec2bench.env.tools import ToolError

NO_ANSWER = "The user has nothing to add; decide from what you know."
QUESTION_ALLOWANCE = 2  # questions per episode the user answers at no cost (a task may set `user_questions`)
QUESTION_COST = 5.0  # completion points each question beyond the allowance costs
QUESTION_MAX_CHARS = 300  # a longer "question" (a list of everything read) is not answered, only counted
TOO_LONG = "That is too long for me to follow; ask one short question about one thing."

# Words any question may hold whatever it is about: they never make a question specific. English
# words, and Chinese words (a Chinese question is matched by character pairs, see `specific_terms`).
GENERIC_EN = frozenset("""
a about after again all also am an and answer answers any anyone anything are as ask asking at be been before
best between both but by can choose choice could date day days decide decision detail details did do does done
else every everything exactly for from get give go had has have he her him his how i if in information instead
into is it its just know let like man matter matters me mean meant more most my need needs next no not now of
ok on one ones option options or other others our out people person please prefer rather really right say
should so some someone something specific still sure take tell than that the their them then there these they
thing things this those time times to today tomorrow up us use want was we week well were what whatever when
where whether which while who whom whose why will with woman would yes yet you your yours
""".split())
GENERIC_ZH = frozenset("""
哪位 哪个 哪一 一位 一个 哪些 哪里 哪天 哪儿 什么 么时 时候 时间 日期 几点 几号 怎么 怎样 如何 为什么 是否 是不 不是 可以
需要 应该 还是 还有 其他 别的 答案 问题 请问 问一 一下 我们 你们 他们 这个 那个 这些 那些 具体 确认 一下 决定 选择 意思
指的 的是 是谁 是哪 谁的 要不 不要 要么 以及 或者 安排 处理 情况 事情 东西 方面 一些 有没 没有 知道 告诉 说明 定一 拍板
""".split())
GENERIC_TERMS = GENERIC_EN | GENERIC_ZH
GENERIC_QUESTIONS = (
    "What is the answer?", "Which one?", "Which one do you mean?", "When?", "Who?", "Anything else?",
    "Is there anything else I should know?", "What should I do?", "Can you tell me everything you know about this?",
    "What exactly do you want me to do?", "Which option should I choose?", "What date and time?", "Who should get it?",
    "答案是什么？", "哪一个？", "哪位？", "什么时候？", "是谁？", "还有别的吗？", "我该怎么做？", "你具体指的是哪个？",
    "时间定在哪天几点？", "发给谁？", "还有什么需要我知道的吗？",
)
PROBE_SUFFIXES = ("Which one?", "When?", "Who?", "Which date and time?", "What do you decide?",
                  "哪一个？", "什么时候？", "哪位？", "谁？", "几点？", "你怎么定？")
_WORD = re.compile(r"[a-z0-9][a-z0-9._/-]*[a-z0-9]|[a-z0-9]|[\u4e00-\u9fff]+")


def specific_terms(text: str, *, besides: str = "") -> set[str]:
    """The terms of `text` that can make a question specific: its words (Chinese: character pairs,
    and single characters of a one-character run) that are not generic and do not occur in
    `besides` (the task's prompt: what the prompt pasted back names is no sign of a specific question)."""
    def terms(t: str) -> set[str]:
        out: set[str] = set()
        for token in _WORD.findall(canonical(t)):
            if "\u4e00" <= token[0] <= "\u9fff":
                out |= {token[i:i + 2] for i in range(len(token) - 1)} if len(token) > 1 else {token}
            else:
                out |= {token, *re.split(r"[._/-]", token)} - {""}
        return out
    return terms(text) - GENERIC_TERMS - terms(besides)


def generic_probes(prompt: str) -> list[str]:
    """Questions that name nothing the agent found: generic ones (English and Chinese), the prompt
    pasted back, and the prompt (and each of its sentences) followed by a which/when/who question.
    No answer may be unlocked by them."""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?。！？；;])\s*", prompt) if s.strip()]
    probes = [*GENERIC_QUESTIONS, prompt]
    probes += [f"{prompt} {suffix}" for suffix in PROBE_SUFFIXES]
    probes += [f"{s} {suffix}" for s in sentences for suffix in PROBE_SUFFIXES[:3] + PROBE_SUFFIXES[5:8]]
    return list(dict.fromkeys(probes))


class ScriptedAnswer(Record):
    """An answer, given when the question names one of its `about` terms (case-insensitive, a whole
    word for a term that starts or ends with a letter or digit) and, when given, every keyword
    occurs and the regex matches.

    An answer without `about` is the default, given to any question: put it last, and give it no
    keywords or regex (it must not decide anything, as every question gets it).
    """

    about: list[str] = []
    keywords: list[str] = []
    regex: RegexText | None = None
    answer: str

    @model_validator(mode="after")
    def _specific(self) -> ScriptedAnswer:
        if not self.about and (self.keywords or self.regex):
            raise ValueError("an answer with keywords or regex must say what it is about: list the specific "
                             "terms a question must name in `about` (an id, a name, a thing found in the workspace)")
        generic = [t for t in self.about if not specific_terms(t)]
        if generic:
            raise ValueError(f"`about` terms {generic} are generic words any question holds; name what the "
                             "answer is about (an id, a name, a thing found in the workspace)")
        return self

    def fits(self, question: str) -> bool:
        if self.about and not unit_occurs(self.about, question):
            return False
        folded = question.casefold()
        return all(k.casefold() in folded for k in self.keywords) and (
            self.regex is None or safe_regex.search(self.regex, question, ignore_case=True) is not None
        )


class Question(Record):
    id: str
    question: str
    answer: str


def over_allowance_note(asked: int, allowance: int) -> str:
    """What a reply past the allowance adds: the user's patience, in figures."""
    return (f"\n\n(Question {asked}; the user answers {allowance} questions free, and each one beyond costs "
            f"{QUESTION_COST:g} points of the score.)")


class UserApp(RecordApp):
    name = "user"
    collections = {"answers": ScriptedAnswer, "questions": Question}

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.answerer: Callable[[str], str] | None = None  # a user model (`ec2bench.scripted.user`); None: scripted
        self.allowance = QUESTION_ALLOWANCE  # the task's `user_questions`, set by `Task.new_workspace`

    def _answer_to(self, question: str) -> str:
        """The answer the user gives to `question` (no record is kept)."""
        if self.answerer is not None:
            return self.answerer(question)
        return next((a.answer for a in self.data["answers"] if a.fits(question)), NO_ANSWER)

    def ask(self, question: str) -> str:
        """Ask the user a question and get their answer. Ask only what the task and the workspace do not
        tell you, and name what you ask about (the id, name or item you found): the user does not answer
        "which one?", the request repeated back, or a question over 300 characters. The user answers
        2 questions per task free (unless the task says otherwise); each question beyond costs 5 points.

        Args:
            question: one clear question to the user, naming what it is about.
        """
        if not question.strip():
            raise ToolError("the question is empty")
        answer = self._answer_to(question) if len(question) <= QUESTION_MAX_CHARS else TOO_LONG
        self.data["questions"].append(Question(id=self._next_id("questions", "Q"), question=question, answer=answer))
        asked = len(self.data["questions"])
        return answer + over_allowance_note(asked, self.allowance) if asked > self.allowance else answer
