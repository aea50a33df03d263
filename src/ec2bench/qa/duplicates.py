"""Near-duplicate tasks: two tasks written from one template with the names swapped, or one task
told twice in other words.

A suite is worth its distinct scenarios, so `tasks validate` compares every pair of tasks on two
texts and one structure. The texts are the prompt and the reference (each tool call's name and
arguments, then the answer). Each text becomes a set of character 5-grams after normalisation
(`ec2bench.core.textmatch.normalize`) with every digit folded to `0`, so changed amounts, dates and ids do
not hide a copy; character n-grams work alike for Chinese and English. The Jaccard similarity of two
such sets is high when most of the wording is shared, which is what swapping names and numbers leaves
behind. Measured on the built-in suite, distinct hand-written tasks stay below 0.25 on both texts.

The structure is the set of consecutive tool pairs of the reference (`email_search>email_read`, ...):
rewording a task does not change which tools it chains, so two references whose pairs are at least
`STRUCTURE_THRESHOLD` alike (each with `STRUCTURE_MIN_PAIRS` pairs or more) are the same task in other
words, which no text comparison sees.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass

from ec2bench.core.textmatch import normalize
from ec2bench.spec.schema import AnswerStep, ToolStep
from ec2bench.tasks.loader import Task

SHINGLE = 5
THRESHOLD = 0.5  # either text this similar makes a pair near-duplicates
STRUCTURE_THRESHOLD = 0.85  # tool-pair sets this alike make a pair near-duplicates ...
STRUCTURE_MIN_PAIRS = 4  # ... when each reference chains at least this many distinct tool pairs
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class NearDuplicate:
    first: str
    second: str
    prompt: float  # Jaccard similarity of the prompts' shingles
    reference: float  # ... of the references'
    structure: float  # ... of the references' consecutive tool pairs (0 when either has too few)

    @property
    def similarity(self) -> float:
        return max(self.prompt, self.reference)

    def near(self, threshold: float = THRESHOLD) -> bool:
        return self.similarity >= threshold or self.structure >= STRUCTURE_THRESHOLD

    def __str__(self) -> str:
        return (f"{self.first} ~ {self.second}: prompt similarity {self.prompt:.2f}, reference {self.reference:.2f}, "
                f"tool structure {self.structure:.2f}")


def shingles(text: str) -> frozenset[str]:
    """The character 5-grams of `text`, normalised, digits folded to 0."""
    norm = _DIGIT.sub("0", normalize(text))
    return frozenset(norm[i : i + SHINGLE] for i in range(max(1, len(norm) - SHINGLE + 1)))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def reference_text(task: Task) -> str:
    """The reference as one text: `tool {args}` per call, then the answer."""
    parts = []
    for step in task.spec.reference:
        if isinstance(step, ToolStep):
            parts.append(f"{step.tool} {json.dumps(step.args, ensure_ascii=False, sort_keys=True)}")
        elif isinstance(step, AnswerStep):
            parts.append(step.answer)
    return "\n".join(parts)


def tool_pairs(task: Task) -> frozenset[str]:
    """The reference's consecutive tool pairs (`tool>next tool`)."""
    tools = [s.tool for s in task.spec.reference_tool_calls]
    return frozenset(f"{x}>{y}" for x, y in itertools.pairwise(tools))


def _structure(a: frozenset[str], b: frozenset[str]) -> float:
    return jaccard(a, b) if len(a) >= STRUCTURE_MIN_PAIRS and len(b) >= STRUCTURE_MIN_PAIRS else 0.0


def similarities(tasks: list[Task]) -> list[NearDuplicate]:
    """Every pair of tasks with its three similarities, most similar text first."""
    texts = {t.id: (shingles(t.spec.prompt), shingles(reference_text(t)), tool_pairs(t)) for t in tasks}
    pairs = [NearDuplicate(a, b, jaccard(texts[a][0], texts[b][0]), jaccard(texts[a][1], texts[b][1]),
                           _structure(texts[a][2], texts[b][2]))
             for a, b in itertools.combinations(sorted(texts), 2)]
    return sorted(pairs, key=lambda p: -p.similarity)


def near_duplicates(tasks: list[Task], threshold: float = THRESHOLD) -> list[NearDuplicate]:
    """The pairs of tasks whose prompts or references are at least `threshold` similar, or whose
    references chain the same tools (`STRUCTURE_THRESHOLD`)."""
    return [p for p in similarities(tasks) if p.near(threshold)]
