"""Numeric core of the dashboard: soft attention as in Bahdanau, Cho and Bengio (2014).

Pure numpy, float64. Symbols follow the article: source representations h_j,
decoder state s_{t-1}, scores e_tj, weights alpha_tj, context c_t, and the
additive scorer's parameters W, U, v, b. Each module's docstring says how its
array axes map to the article's column vectors.

Inputs are checked once, where they enter ``core``; a function named
``<name>_unchecked`` (``softmax_unchecked``, ``attend_unchecked``...) is ``<name>``
for inputs already checked, for the inner loops of other modules.
"""

from core.reading import Reading, attend, hard_read, raw_weighted_sum, read
from core.scorers import (
    NONLINEARITIES,
    AdditiveParams,
    additive_scores,
    dot_scores,
    general_scores,
    nonlinearity,
)
from core.softmax import softmax

__all__ = [
    "NONLINEARITIES",
    "AdditiveParams",
    "Reading",
    "additive_scores",
    "attend",
    "dot_scores",
    "general_scores",
    "hard_read",
    "nonlinearity",
    "raw_weighted_sum",
    "read",
    "softmax",
]
