"""Uncertainty of a proposed action from its token log-probabilities."""

from __future__ import annotations

import math

from ec2bench.models.base import TokenLogprob


def mean_entropy(tokens: tuple[TokenLogprob, ...]) -> float:
    """Mean over tokens of the entropy (nats) of the top-k distribution, renormalised over the k shown."""
    if not tokens:
        return 0.0
    total = 0.0
    for token in tokens:
        alternatives = token.top or ((token.token, token.logprob),)
        probs = [math.exp(lp) for _, lp in alternatives]
        z = sum(probs)
        total -= sum(p / z * math.log(p / z) for p in probs if p > 0)
    return total / len(tokens)
