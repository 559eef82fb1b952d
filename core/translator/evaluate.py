"""Metrics: exact-match translation, accuracy by source length, learned alignment.

- exact match: the greedy translation equals the reference, token for token,
  up to and including ``</s>``;
- by length: exact match of the sentences of each source length;
- alignment accuracy: over the reference target tokens that have a true source
  word (``</s>`` and inserted words excluded), the fraction whose largest
  attention weight alpha_tj, read while decoding the reference (teacher
  forcing), falls on that word;
- crossing: over pairs of target tokens whose true source words are in the
  opposite order (a reordered phrase), the fraction whose argmax positions
  are also in the opposite order; :func:`adjacent_reversals` counts, for one
  sentence, the neighbouring target tokens whose source words are reversed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from core.translator.model import Batch, Config, Params, greedy, teacher_forced_weights
from core.translator.task import Pair, source_ids, target_words

EVAL_BATCH = 256


def _chunks(pairs: Sequence[Pair]) -> list[list[int]]:
    """Indices in batches of similar length (less padding)."""
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i].source))
    return [order[k : k + EVAL_BATCH] for k in range(0, len(order), EVAL_BATCH)]


def translate_all(params: Params, cfg: Config, sources: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Greedy translations of many source sentences (batched), each ending with ``</s>`` if produced."""
    out: list[tuple[str, ...]] = [()] * len(sources)
    order = sorted(range(len(sources)), key=lambda i: len(sources[i]))
    for k in range(0, len(order), EVAL_BATCH):
        idx = order[k : k + EVAL_BATCH]
        X, mask = source_ids([sources[i] for i in idx])
        ids = greedy(params, cfg, X, mask).ids
        for row, i in enumerate(idx):
            out[i] = target_words(ids[row])
    return out


@dataclass(frozen=True)
class Scores:
    exact_match: float
    by_length: dict[int, float]
    counts: dict[int, int]
    alignment_accuracy: float | None = None
    crossing_accuracy: float | None = None

    def as_dict(self) -> dict:
        out = {
            "exact_match": self.exact_match,
            "by_length": {str(k): v for k, v in sorted(self.by_length.items())},
            "counts": {str(k): v for k, v in sorted(self.counts.items())},
        }
        if self.alignment_accuracy is not None:
            out["alignment_accuracy"] = self.alignment_accuracy
            out["crossing_accuracy"] = self.crossing_accuracy
        return out


def exact_matches(params: Params, cfg: Config, pairs: Sequence[Pair]) -> np.ndarray:
    """1.0 where the greedy translation equals the reference, else 0.0: (n,)."""
    hyp = translate_all(params, cfg, [p.source for p in pairs])
    return np.array([float(h == p.target) for h, p in zip(hyp, pairs, strict=True)])


def by_length(pairs: Sequence[Pair], hits: np.ndarray) -> tuple[dict[int, float], dict[int, int]]:
    lengths = np.array([len(p.source) for p in pairs])
    acc, counts = {}, {}
    for L in sorted(set(lengths.tolist())):
        sel = lengths == L
        acc[L], counts[L] = float(hits[sel].mean()), int(sel.sum())
    return acc, counts


def alignment_hits(params: Params, cfg: Config, pairs: Sequence[Pair]) -> tuple[np.ndarray, np.ndarray]:
    """Per aligned target token, 1.0 if argmax_j alpha_tj is its true source word; per crossing pair, 1.0 if
    the argmaxes cross too. Returns (token hits, crossing hits)."""
    tokens, crossings = [], []
    for idx in _chunks(pairs):
        batch = Batch.of([pairs[i] for i in idx])
        A = teacher_forced_weights(params, cfg, batch)  # (B, U, T)
        top = A.argmax(axis=2)  # (B, U)
        for row, i in enumerate(idx):
            true = np.array(pairs[i].alignment)  # (U_i,)
            got = top[row, : len(true)]
            keep = true >= 0
            tokens.append((got[keep] == true[keep]).astype(float))
            crossings.append(crossing_hits(got[keep], true[keep]))
    return np.concatenate(tokens), np.concatenate(crossings)


def crossing_hits(top: np.ndarray, true: np.ndarray) -> np.ndarray:
    """For one sentence's aligned target tokens, in order, their argmax source positions ``top`` (n,) and true ones
    ``true`` (n,): over the pairs of tokens whose true source words are in the opposite order (i before k, i's
    word after k's), 1.0 where the argmaxes are in the opposite order too (the alignment crosses), else 0.0."""
    order_true = np.sign(true[:, None] - true[None, :])  # (n, n): +1 where i's word is later
    order_got = np.sign(top[:, None] - top[None, :])
    upper = np.triu(np.ones_like(order_true, dtype=bool), 1)
    crossing = upper & (order_true > 0)  # target i before k, source word of i after k's
    return (order_got[crossing] > 0).astype(float)


def argmax_hits(weights: np.ndarray, alignment: Sequence[int]) -> tuple[int, int]:
    """Of one sentence's target tokens that have a true source word, how many put their largest weight on it.

    ``weights``: alpha (U, T); ``alignment``: each target token's source position, -1 where there is none.
    Returns (hits, aligned tokens).
    """
    true = np.asarray(alignment)  # (U,)
    keep = true >= 0
    top = np.asarray(weights)[: len(true)].argmax(axis=1)  # (U,): argmax_j alpha_tj
    return int((top[keep] == true[keep]).sum()), int(keep.sum())


def adjacent_reversals(alignment: Sequence[int]) -> int:
    """How many neighbouring target tokens read their source words in reverse order.

    ``alignment`` holds each target token's source position, -1 where there is
    none (inserted words, ``</s>``); those tokens are skipped, so neighbours are
    consecutive aligned tokens. "le chat rouge dort" for "the red cat sleeps",
    alignment (0, 2, 1, 3, -1), has one reversal: rouge (1) after chat (2).
    """
    aligned = [j for j in alignment if j >= 0]
    return int(sum(b < a for a, b in pairwise(aligned)))


def score(params: Params, cfg: Config, test: Sequence[Pair], long: Sequence[Pair] = ()) -> Scores:
    """Exact match on ``test``; by length on ``test`` and ``long`` together; alignment on ``test``."""
    if len(test) == 0:
        raise ValueError("test: expected at least one sentence pair, got none")
    hits_test = exact_matches(params, cfg, test)
    hits_long = exact_matches(params, cfg, long) if len(long) else np.zeros(0)
    acc, counts = by_length([*test, *long], np.concatenate([hits_test, hits_long]))
    align = cross = None
    if cfg.attention:
        token_hits, cross_hits = alignment_hits(params, cfg, test)
        align, cross = float(token_hits.mean()), float(cross_hits.mean())
    return Scores(float(hits_test.mean()), acc, counts, align, cross)
