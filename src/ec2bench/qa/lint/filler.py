"""Faker lorem text in what the agent reads.

Faker's `sentence()` draws words at random from a fixed list (en_US: 971 common English words;
zh_CN: 346 two-to-four-character words, joined without spaces and closed by an ASCII full stop).
A real model finds the one coherent record among such sentences without reading, so the suite must
not hold them. The rules test a sentence against Faker's own word lists:

* `faker-en-filler`: a capitalised sentence of four or more words, all from the en_US list, with
  fewer than 30% function words (English prose runs at 40-50%; random draws from the list at ~10%).
  Measured on the suite this keeps real sentences made of common words ("State the total you
  claim.") out while it finds the generated ones.
* `faker-zh-filler`: a run of four or more Chinese characters closed by "." that splits entirely
  into words of the zh_CN list (a Chinese writer ends a sentence with "。").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from ec2bench.qa.lint import Finding, TaskRule
from ec2bench.qa.lint.texts import readable_texts
from ec2bench.tasks.loader import Task

EN_SENTENCE = re.compile(r"\b[A-Z][a-z]+(?: [a-z]+){3,}\.")
ZH_SENTENCE = re.compile(r"[\u4e00-\u9fff]{4,}\.")
FUNCTION_WORDS = frozenset(
    "a an the to of in on at by for with from and or but if is are was were be been am i you he she it we they me him "
    "her us them my your his its our their this that these those do does did not no so as than then there here what "
    "which who when where why how will would can could should may might must have has had".split())
MAX_FUNCTION_SHARE = 0.3
EXCERPT = 80


@cache
def _word_lists() -> tuple[frozenset[str], frozenset[str]]:
    """Faker's en_US and zh_CN lorem word lists (Faker is in the `lint` extra)."""
    from faker.providers.lorem.en_US import Provider as English
    from faker.providers.lorem.zh_CN import Provider as Chinese

    return frozenset(w.lower() for w in English.word_list), frozenset(Chinese.word_list)


def is_en_filler(sentence: str) -> bool:
    english, _ = _word_lists()
    words = sentence.rstrip(".").lower().split()
    if len(words) < 4 or not all(w in english for w in words):
        return False
    return sum(w in FUNCTION_WORDS for w in words) / len(words) < MAX_FUNCTION_SHARE


def is_zh_filler(run: str) -> bool:
    """Whether `run` (Chinese characters, without the stop) splits entirely into Faker zh_CN words."""
    _, chinese = _word_lists()
    reachable = [True] + [False] * len(run)
    for i in range(len(run)):
        if reachable[i]:
            for size in (2, 3, 4):
                if i + size <= len(run) and run[i:i + size] in chinese:
                    reachable[i + size] = True
    return reachable[-1]


def en_filler(task: Task) -> Iterator[Finding]:
    for where, text in readable_texts(task):
        hits = [m.group() for m in EN_SENTENCE.finditer(text) if is_en_filler(m.group())]
        if hits:
            yield Finding("faker-en-filler", task.id, where, f"{len(hits)} Faker sentence(s), e.g. {hits[0][:EXCERPT]!r}")


def zh_filler(task: Task) -> Iterator[Finding]:
    for where, text in readable_texts(task):
        hits = [m.group() for m in ZH_SENTENCE.finditer(text) if is_zh_filler(m.group()[:-1])]
        if hits:
            yield Finding("faker-zh-filler", task.id, where, f"{len(hits)} Faker sentence(s), e.g. {hits[0][:EXCERPT]!r}")


RULES: dict[str, TaskRule] = {"faker-en-filler": en_filler, "faker-zh-filler": zh_filler}
