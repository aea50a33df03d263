"""The user who can be asked: one tool, `user_ask`, answered by a simulated user.

Without it, a task whose right move is to ask ("which of the three 张经理 do you mean?")
cannot exist: the first message without a tool call ends the episode. The answers are
scripted in the task's `fixtures/user.yaml` and matched to the question; every question and
its answer is kept in the `questions` collection, so checks can require that the agent asked
(`record_exists`) or penalise asking what the prompt already says (`record_absent`).

With `run --user-model MODEL` the answers come from a user model instead (`ec2bench.models.user`),
set as the app's `answerer`; the questions are kept the same way.

The user's answers are device-side data: the user sits at the device, so an answer reaches
the cloud only when a strategy sends the transcript that holds it, like any tool result.
"""

from __future__ import annotations


from collections.abc import Callable
from pathlib import Path

from ec2bench import safe_regex
from ec2bench.env.apps.base import Record, RecordApp
from ec2bench.env.tools import ToolError
from ec2bench.textmatch import RegexText

NO_ANSWER = "The user has nothing to add; decide from what you know."


class ScriptedAnswer(Record):
    """An answer, given when every keyword occurs in the question (case-insensitive) and the regex matches.

    An answer with neither keywords nor regex matches any question: put it last as the default.
    """

    keywords: list[str] = []
    regex: RegexText | None = None
    answer: str

    def fits(self, question: str) -> bool:
        folded = question.casefold()
        return all(k.casefold() in folded for k in self.keywords) and (
            self.regex is None or safe_regex.search(self.regex, question, ignore_case=True) is not None
        )


class Question(Record):
    id: str
    question: str
    answer: str


class UserApp(RecordApp):
    name = "user"
    collections = {"answers": ScriptedAnswer, "questions": Question}

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.answerer: Callable[[str], str] | None = None  # a user model (`ec2bench.models.user`); None: scripted

    def ask(self, question: str) -> str:
        """Ask the user a question and get their answer. Ask only what the task and the workspace do not tell you.

        Args:
            question: one clear question to the user.
        """
        if not question.strip():
            raise ToolError("the question is empty")
        if self.answerer is not None:
            answer = self.answerer(question)
        else:
            answer = next((a.answer for a in self.data["answers"] if a.fits(question)), NO_ANSWER)
        self.data["questions"].append(Question(id=self._next_id("questions", "Q"), question=question, answer=answer))
        return answer
