"""The learned query router: k-nearest neighbours over prompt features, trained on stored results.

Each training example is a task prompt with its observed benefit of the cloud (mean completion
under `cloud_only` minus under `edge_only`, same models). Features are hashed word and character
3-gram counts (works for English and Chinese alike), compared by cosine similarity; the score of
a new prompt is the similarity-weighted mean benefit of its k nearest training prompts.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter
from dataclasses import dataclass

DIMENSIONS = 4096


def features(text: str) -> dict[int, float]:
    """L2-normalised hashed counts of lowercase words and character 3-grams."""
    text = text.casefold()
    grams = re.findall(r"\w+", text) + [text[i : i + 3] for i in range(max(0, len(text) - 2))]
    counts = Counter(zlib.crc32(g.encode()) % DIMENSIONS for g in grams)
    norm = math.sqrt(sum(v * v for v in counts.values())) or 1.0
    return {k: v / norm for k, v in counts.items()}


def cosine(a: dict[int, float], b: dict[int, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(k, 0.0) for k, v in a.items())


@dataclass(frozen=True)
class KnnRouter:
    examples: tuple[tuple[dict[int, float], float], ...]
    k: int = 3

    @classmethod
    def fit(cls, prompts_and_gains: list[tuple[str, float]], k: int = 3) -> KnnRouter:
        if not prompts_and_gains:
            raise ValueError("the learned router needs at least one training example")
        return cls(tuple((features(p), g) for p, g in prompts_and_gains), k)

    def score(self, prompt: str) -> float:
        """Predicted completion gain (points) from sending this task to the cloud."""
        query = features(prompt)
        nearest = sorted(((cosine(query, f), g) for f, g in self.examples), reverse=True)[: self.k]
        weight = sum(max(s, 0.0) for s, _ in nearest)
        if weight == 0:
            return sum(g for _, g in nearest) / len(nearest)
        return sum(max(s, 0.0) * g for s, g in nearest) / weight
