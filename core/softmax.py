"""Softmax over source positions (article section 4).

    alpha_tj = exp(e_tj) / sum_k exp(e_tk),   j = 1..T

Scores are rows: the last array axis runs over the T source positions, any
leading axes over decoder states (a batch of target steps or swept states).
"""

from __future__ import annotations

import numpy as np

from core.validate import as_array


def softmax(scores: np.ndarray) -> np.ndarray:
    """Softmax along the last axis, stable for finite scores of any magnitude.

    The maximum of each row is subtracted before exponentiating, so the largest
    exponent is exp(0) = 1 and nothing overflows even for scores near +-1e308;
    subtracting a shared constant is exactly what Softmax ignores, so the
    result is the textbook one.

    scores: (..., T) finite floats, T >= 1.  Returns weights of the same shape,
    each row positive (up to underflow) and summing to 1.
    """
    return softmax_unchecked(as_array("scores", scores, ("...", "T")))


def softmax_unchecked(e: np.ndarray) -> np.ndarray:
    """Softmax along the last axis without input checks (inner loops)."""
    with np.errstate(over="ignore"):
        shifted = e - e.max(axis=-1, keepdims=True)  # (..., T), max entry 0; may be -inf
    p = np.exp(shifted)
    return p / p.sum(axis=-1, keepdims=True)
