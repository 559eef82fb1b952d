"""Reading from the source: weights and context vectors (article section 4).

    alpha_tj = Softmax_j(e_tj),      c_t = sum_j alpha_tj h_j

Arrays: H is (T, d_h) with row j = h_j^T; scores and weights are (N, T) with
row n for decoder state n (or (T,) for one state); contexts are (N, d_h) with
row n = c^T (or (d_h,)).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.scorers import (
    AdditiveParams,
    Nonlinearity,
    additive_scores_unchecked,
    check_sources,
    check_states,
    nonlinearity,
)
from core.softmax import softmax_unchecked
from core.validate import as_array, same_length


@dataclass(frozen=True)
class Reading:
    """One soft read: scores e, weights alpha = Softmax(e), context c = sum_j alpha_j h_j.

    scores, weights: (T,) or (N, T); context: (d_h,) or (N, d_h).
    """

    scores: np.ndarray
    weights: np.ndarray
    context: np.ndarray


def _check_scores(H: np.ndarray, scores: object) -> np.ndarray:
    e = as_array("scores", scores, ("...", "T"))
    same_length("T", ("H", H, 0), ("scores", e, e.ndim - 1))
    return e


def read(H: object, scores: object) -> Reading:
    """Soft read of the sources H: (T, d_h) with scores (T,) or (N, T)."""
    H_ = check_sources(H)
    return read_unchecked(H_, _check_scores(H_, scores))


def read_unchecked(H: np.ndarray, e: np.ndarray) -> Reading:
    """:func:`read` for checked H: (T, d_h) and scores e: (..., T); no input checks."""
    alpha = softmax_unchecked(e)  # (..., T)
    return Reading(scores=e, weights=alpha, context=alpha @ H)  # context: (..., d_h)


def attend(H: object, S: object, params: AdditiveParams, f: str = "tanh") -> Reading:
    """Score with the additive scorer, normalise, read: the whole of one attention step.

    H: (T, d_h); S: (N, d_s) or one state (d_s,).
    """
    g = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    S_, single = check_states(S, params.d_s)
    return attend_unchecked(H_, S_[0] if single else S_, params, g)


def attend_unchecked(H: np.ndarray, S: np.ndarray, params: AdditiveParams, g: Nonlinearity) -> Reading:
    """:func:`attend` for checked H: (T, d_h) and S: (N, d_s) or (d_s,); no input checks."""
    single = S.ndim == 1
    e = additive_scores_unchecked(H, S[None, :] if single else S, params, g)  # (N, T)
    return read_unchecked(H, e[0] if single else e)


def shift_change(H: object, S: object, params: AdditiveParams, shift: float, f: str = "tanh") -> float:
    """The largest change of any weight when one constant is added to every score: max over n, j of
    |Softmax(e_n)_j - Softmax(e_n + shift)_j|, e_n the additive scores at state n of S: (N, d_s) (or one state
    (d_s,)). Zero in exact arithmetic (Softmax ignores a shared shift); what floating point leaves of it."""
    base = attend(H, S, params, f)
    shifted = read(H, base.scores + shift)
    return float(np.abs(base.weights - shifted.weights).max())


def raw_weighted_sum(H: object, scores: object) -> Reading:
    """The read without normalisation: weights are the raw scores, c = sum_j e_j h_j.

    Weights may be negative and their total is arbitrary, so c need not lie in
    the convex hull of the sources and its scale follows the scores'.
    """
    H_ = check_sources(H)
    e = _check_scores(H_, scores)
    return Reading(scores=e, weights=e.copy(), context=e @ H_)


def hard_read(H: object, scores: object) -> Reading:
    """Hard selection: all weight on the highest-scoring position (first one on ties).

    Away from a switching boundary small changes to the scores change nothing;
    at a boundary the context jumps from one h_j to another.
    """
    H_ = check_sources(H)
    return hard_read_unchecked(H_, _check_scores(H_, scores))


def hard_read_unchecked(H: np.ndarray, e: np.ndarray) -> Reading:
    """:func:`hard_read` for checked H: (T, d_h) and scores e: (..., T); no input checks."""
    onehot = np.zeros_like(e)
    np.put_along_axis(onehot, e.argmax(axis=-1)[..., None], 1.0, axis=-1)  # (..., T)
    return Reading(scores=e, weights=onehot, context=onehot @ H)


def normalised(raw: object) -> np.ndarray:
    """Weights alpha_j = w_j / sum_k w_k from nonnegative numbers w: (T,), not all zero."""
    w = as_array("weights", raw, ("T",))
    if np.any(w < 0) or w.sum() <= 0:
        raise ValueError("weights: expected nonnegative numbers, not all zero")
    return w / w.sum()  # (T,)


def identical_sources(H: object, j: int = 0) -> np.ndarray:
    """T copies of the source h_j: (T, d_h). Read with any weights that sum to one, they give c = h_j."""
    H_ = check_sources(H)
    return np.repeat(H_[j : j + 1], len(H_), axis=0)  # (T, d_h)


def read_with(H: object, weights: object) -> Reading:
    """Read the sources H: (T, d_h) with given weights alpha: (T,) or (N, T): c = sum_j alpha_j h_j.

    The weights are used as given (for example the weights another set of
    sources produced); no scores are involved, so ``scores`` is empty.
    """
    H_ = check_sources(H)
    alpha = _check_scores(H_, weights)  # (..., T)
    return Reading(scores=np.empty(alpha.shape[:-1] + (0,)), weights=alpha, context=alpha @ H_)  # context: (..., d_h)
