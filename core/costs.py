"""What hard selection costs and what global soft attention costs (article section 4).

Hard selection reads the single highest-scoring source, c = h_{j*} with
j* = argmax_j e_j. Away from a switching boundary a small change of the
scores changes nothing, so dL/de_j = 0 there; at a boundary the read jumps
and has no derivative. The soft read c = sum_j alpha_j h_j with
alpha = Softmax(e) has, for L = g^T c,

    dL/de_j = alpha_j g^T (h_j - c)        (finite, and non-zero in general)

Global soft attention scores every source position j = 1..T at every target
step t = 1..T', so one sentence pair costs T x T' scores e_tj. Luong et al.'s
(2015) local attention scores a window [p_t - D, p_t + D] of at most 2D + 1
positions a step; with their monotonic choice p_t = t (held at T when the
target is longer, our choice) the window is cut where it leaves the sentence.

Arrays: H (T, d_h), scores e (T,), g = dL/dc (d_h,), score masks (T', T)
with row t - 1 for target step t and column j - 1 for source position j.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.gradients import GradientCheck, check_gradient_unchecked, finite_difference, scores_gradient
from core.reading import hard_read_unchecked, read_unchecked
from core.scorers import check_sources
from core.validate import as_array, same_length

# --- Hard selection against the soft read, one score moved -------------------------------------


@dataclass(frozen=True)
class ScoreSweep:
    """L = g^T c as score e_k takes each of ``values``, the other scores held fixed.

    values, soft, hard, soft_slope, hard_slope: (K,). soft_slope is the analytic
    dL/de_k = alpha_k g^T (h_k - c); hard_slope is the central difference
    (L(e_k + h) - L(e_k - h)) / 2h of the hard read. ``switch`` is the value of
    e_k where hard selection changes (the largest other score); ``jump`` is the
    hard read's L just above it minus just below it.
    """

    values: np.ndarray
    soft: np.ndarray
    hard: np.ndarray
    soft_slope: np.ndarray
    hard_slope: np.ndarray
    switch: float
    jump: float


def _checked(H: object, scores: object, g: object, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    H_ = check_sources(H)
    e = as_array("scores", scores, ("T",))
    g_ = as_array("g", g, ("d_h",))
    same_length("T", ("H", H_, 0), ("scores", e, 0))
    same_length("d_h", ("H", H_, 1), ("g", g_, 0))
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 0 <= k < e.shape[0]:
        raise ValueError(f"k: expected a source position from 0 to {e.shape[0] - 1}, got {k!r}")
    return H_, e, g_


def _with(e: np.ndarray, k: int, values: np.ndarray) -> np.ndarray:
    """Scores (K, T): row i is e with e_k replaced by values[i]."""
    E = np.repeat(e[None, :], values.shape[0], axis=0)  # (K, T)
    E[:, k] = values
    return E


def sweep_score(H: object, scores: object, g: object, k: int, values: object, h: float = 1e-6) -> ScoreSweep:
    """Soft and hard reads of H: (T, d_h) as e_k runs over ``values``: (K,); L = g^T c with g: (d_h,).

    Needs T >= 2, so that hard selection has another position to switch to.
    """
    H_, e, g_ = _checked(H, scores, g, k)
    if e.shape[0] < 2:
        raise ValueError("scores: hard selection needs at least two source positions to switch between")
    x = as_array("values", values, ("K",))
    E = _with(e, k, x)  # (K, T)
    soft = read_unchecked(H_, E)
    hard = hard_read_unchecked(H_, E).context @ g_  # (K,)
    up = hard_read_unchecked(H_, _with(e, k, x + h)).context @ g_  # (K,)
    down = hard_read_unchecked(H_, _with(e, k, x - h)).context @ g_  # (K,)
    slopes = scores_gradient(H_, soft.weights, np.broadcast_to(g_, (x.shape[0], g_.shape[0])))  # (K, T)
    switch = float(np.delete(e, k).max())
    around = hard_read_unchecked(H_, _with(e, k, np.array([switch - 1.0, switch + 1.0]))).context @ g_  # (2,)
    return ScoreSweep(
        values=x,
        soft=soft.context @ g_,
        hard=hard,
        soft_slope=slopes[:, k],
        hard_slope=(up - down) / (2.0 * h),
        switch=switch,
        jump=float(around[1] - around[0]),
    )


@dataclass(frozen=True)
class SlopeCheck:
    """dL/de at one set of scores e: (T,), for L = g^T c of the soft and of the hard read.

    soft: the analytic alpha_j g^T (h_j - c) against central differences
    (Richardson-refined, step 1e-4 max(1, |e_j|)); hard_numeric: the same
    differences of the hard read, (T,). ``at_switch`` says that another score
    lies within the differences' step of the largest one, where the hard read
    has no derivative.
    """

    soft: GradientCheck
    hard_numeric: np.ndarray
    at_switch: bool


def slopes(H: object, scores: object, g: object, eps: float = 1e-4) -> SlopeCheck:
    """dL/de of the soft read (analytic, checked by finite differences) and of the hard read (finite differences)."""
    H_, e, g_ = _checked(H, scores, g, 0)
    analytic = scores_gradient(H_, read_unchecked(H_, e).weights[None, :], g_[None, :])[0]  # (T,)
    soft = check_gradient_unchecked(lambda x: float(read_unchecked(H_, x).context @ g_), e, analytic, eps)
    hard = finite_difference(lambda x: float(hard_read_unchecked(H_, x).context @ g_), e, eps)  # (T,)
    top = e.max()
    step = eps * max(1.0, float(np.abs(e).max()))
    at_switch = e.shape[0] > 1 and bool(np.sort(e)[-2] >= top - 2.0 * step)
    return SlopeCheck(soft, hard, at_switch)


def positive_weights(weights: object) -> int:
    """How many weights alpha_j are above 0: all T for Softmax of finite scores, unless exp underflows."""
    return int(np.count_nonzero(as_array("weights", weights, ("...", "T")) > 0))


# --- Scoring work: global against local -----------------------------------------------------------


def _lengths(T: int, T_prime: int, D: int = 0) -> None:
    for name, n, low in (("T", T, 1), ("T_prime", T_prime, 1), ("D", D, 0)):
        if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < low:
            raise ValueError(f"{name}: expected a whole number of at least {low}, got {n!r}")


def global_mask(T: int, T_prime: int) -> np.ndarray:
    """Which scores e_tj global soft attention computes: all of them, (T', T) of True."""
    _lengths(T, T_prime)
    return np.ones((T_prime, T), dtype=bool)


def local_mask(T: int, T_prime: int, D: int) -> np.ndarray:
    """Which scores a local window computes: |j - p_t| <= D with p_t = min(t, T); (T', T)."""
    _lengths(T, T_prime, D)
    p = np.minimum(np.arange(1, T_prime + 1), T)  # (T',): p_t
    j = np.arange(1, T + 1)  # (T,)
    return np.abs(j[None, :] - p[:, None]) <= D  # (T', T)


def global_count(T: int, T_prime: int) -> int:
    """Scores of one sentence pair under global soft attention: T x T'."""
    _lengths(T, T_prime)
    return T * T_prime


def local_count(T: int, T_prime: int, D: int) -> int:
    """Scores of one sentence pair with a window of half-width D: at most T' min(2D + 1, T)."""
    return int(local_mask(T, T_prime, D).sum())
