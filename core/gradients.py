"""Gradients through one reading operation (article section 7), and their oracle.

With incoming gradient g = dL/dc (a column vector in R^{d_h}):

    dc/de_j   = alpha_j (h_j - c)                      (a column of the Jacobian dc/de)
    dL/de_j   = g^T dc/de_j = alpha_j g^T (h_j - c)    and  sum_j dL/de_j = 0

and onward through e_j = v^T f(a_j), a_j = W h_j + U s + b into W, U, v, b, s
and the h_j. Array layout as in :mod:`core.scorers`: H (T, d_h), S (N, d_s),
scores and weights (N, T), contexts and g (N, d_h); a single state may be
given as 1-D arrays throughout and comes back 1-D.

:func:`check_gradient` is the independent oracle: central finite differences
on any function of any parameter array.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.reading import Reading
from core.scorers import (
    AdditiveParams,
    Nonlinearity,
    additive_preactivation,
    check_sources,
    check_states,
    nonlinearity,
)
from core.softmax import softmax_unchecked
from core.validate import as_array, same_length

# --- The read: scores -> weights -> context ---------------------------------------------


def context_jacobian(H: object, weights: object) -> np.ndarray:
    """dc/de for each state: column j is alpha_j (h_j - c).

    H: (T, d_h); weights: (T,) or (N, T). Returns (d_h, T) or (N, d_h, T).
    """
    H_ = check_sources(H)
    alpha = as_array("weights", weights, ("...", "T"))
    same_length("T", ("H", H_, 0), ("weights", alpha, alpha.ndim - 1))
    c = alpha @ H_  # (..., d_h)
    diff = H_ - c[..., None, :]  # (..., T, d_h): h_j - c
    return np.swapaxes(alpha[..., :, None] * diff, -1, -2)  # (..., d_h, T)


def scores_gradient(H: np.ndarray, weights: np.ndarray, g: np.ndarray) -> np.ndarray:
    """dL/de_j = alpha_j g^T (h_j - c) for checked H (T, d_h), weights (N, T), g (N, d_h) -> (N, T)."""
    c = weights @ H  # (N, d_h)
    g_dot_h = g @ H.T  # (N, T): g^T h_j
    g_dot_c = np.sum(g * c, axis=-1, keepdims=True)  # (N, 1): g^T c
    return weights * (g_dot_h - g_dot_c)


# --- The whole step: state -> scorer -> read ------------------------------------------------


@dataclass(frozen=True)
class AttentionGradients:
    """dL/d(everything) of one attention step, for L a function of the context(s).

    scores: like the scores (dL/de); W, U, v, b: like the parameters;
    S: like the states (dL/ds); H: (T, d_h), both the scorer's and the read's paths.
    """

    scores: np.ndarray
    W: np.ndarray
    U: np.ndarray
    v: np.ndarray
    b: np.ndarray
    S: np.ndarray
    H: np.ndarray


def attention_backward(
    H: object, S: object, params: AdditiveParams, dL_dc: object, f: str = "tanh"
) -> tuple[Reading, AttentionGradients]:
    """Forward and backward through e = v^T f(W h + U s + b), alpha = Softmax(e), c = sum alpha h.

    H: (T, d_h); S: (N, d_s) or (d_s,); dL_dc: (N, d_h) or (d_h,), the incoming
    gradient g for each state. Losses of several states add up.
    """
    nl = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    S_, single = check_states(S, params.d_s)
    g = as_array("dL_dc", dL_dc, ("d_h",) if single else ("N", "d_h"))
    g_rows = g[None, :] if single else g  # (N, d_h)
    same_length("N", ("S", S_, 0), ("dL_dc", g_rows, 0))
    same_length("d_h", ("H", H_, 1), ("dL_dc", g_rows, 1))
    return _attention_backward(H_, S_[0] if single else S_, params, g, nl)


@dataclass(frozen=True)
class Forward:
    """What the backward pass reuses of one forward pass for states S: (N, d_s): the preactivations
    a_tj = W h_j + U s_t + b (N, T, d_a), y = f(a) (N, T, d_a), the scores e (N, T), the weights alpha (N, T)
    and the contexts c (N, d_h)."""

    a: np.ndarray
    y: np.ndarray
    e: np.ndarray
    alpha: np.ndarray
    c: np.ndarray


def attention_forward_unchecked(H: np.ndarray, S: np.ndarray, params: AdditiveParams, nl: Nonlinearity) -> Forward:
    """The read for checked H: (T, d_h) and states S: (N, d_s), keeping what the backward pass needs; no checks."""
    a = additive_preactivation(H, S, params)  # (N, T, d_a)
    y = nl.f(a)  # (N, T, d_a)
    e = y @ params.v  # (N, T)
    alpha = softmax_unchecked(e)  # (N, T)
    return Forward(a, y, e, alpha, alpha @ H)  # c: (N, d_h)


def _attention_backward(
    H: np.ndarray,
    S: np.ndarray,
    params: AdditiveParams,
    g: np.ndarray,
    nl: Nonlinearity,
    forward: Forward | None = None,
) -> tuple[Reading, AttentionGradients]:
    """:func:`attention_backward` for checked H: (T, d_h), S: (N, d_s) or (d_s,), g like the contexts; no checks.
    ``forward``, if given, is :func:`attention_forward_unchecked`'s pass for these S (N, d_s), not run again here."""
    single = S.ndim == 1
    S_ = S[None, :] if single else S  # (N, d_s)
    g = g[None, :] if single else g  # (N, d_h)

    fw = forward if forward is not None else attention_forward_unchecked(H, S_, params, nl)
    a, y, e, alpha, c = fw.a, fw.y, fw.e, fw.alpha, fw.c

    dL_de = scores_gradient(H, alpha, g)  # (N, T)
    dL_da = dL_de[..., None] * params.v * nl.df(a)  # (N, T, d_a)
    per_state = dL_da.sum(axis=1)  # (N, d_a)
    grads = AttentionGradients(
        scores=dL_de,
        W=np.einsum("nta,td->ad", dL_da, H),  # (d_a, d_h)
        U=per_state.T @ S_,  # (d_a, d_s)
        v=np.einsum("nt,nta->a", dL_de, y),  # (d_a,)
        b=per_state.sum(axis=0),  # (d_a,)
        S=per_state @ params.U,  # (N, d_s)
        H=dL_da.sum(axis=0) @ params.W + alpha.T @ g,  # (T, d_h): scorer path + read path
    )
    reading = Reading(scores=e, weights=alpha, context=c)
    if single:
        reading = Reading(scores=e[0], weights=alpha[0], context=c[0])
        grads = AttentionGradients(grads.scores[0], grads.W, grads.U, grads.v, grads.b, grads.S[0], grads.H)
    return reading, grads


def context_state_jacobian(H: object, s: object, params: AdditiveParams, f: str = "tanh") -> np.ndarray:
    """dc/ds: (d_h, d_s), how the read c moves as the state s moves; H (T, d_h), s (d_s,).

    Row k is dL/ds for the probe L = c_k (g the k-th unit vector), so for any g,
    dL/ds = g^T dc/ds. All d_h probes run as one batch of d_h copies of s.
    """
    nl = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    s_ = as_array("s", s, (params.d_s,))
    S = np.tile(s_, (params.d_h, 1))  # (d_h, d_s): one copy of s a probe
    _, grads = _attention_backward(H_, S, params, np.eye(params.d_h), nl)
    return grads.S  # (d_h, d_s)


def state_gradients(H: object, s: object, params: AdditiveParams, g: object, f: str = "tanh") -> dict[str, np.ndarray]:
    """dL/dU (d_a, d_s), dL/db (d_a,) and dL/ds (d_s,) of L = g^T c at one state s: (d_s,).

    These are the gradients through which the scorer could learn to depend on
    the state. Each is built from dL/da_j summed over the positions j; with f the
    identity, dL/da_j = (dL/de_j) v, so the sum is (sum_j dL/de_j) v = 0 and all
    three vanish exactly (up to rounding): s only adds a shared offset to the scores.
    """
    nl = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    s_ = as_array("s", s, (params.d_s,))
    g_ = as_array("g", g, (params.d_h,))
    _, grads = _attention_backward(H_, s_, params, g_, nl)
    return {"dL_dU": grads.U, "dL_db": grads.b, "dL_ds": grads.S}


# --- Losses on the context --------------------------------------------------------------------


def linear_loss(context: np.ndarray, g: np.ndarray) -> tuple[float, np.ndarray]:
    """L = sum_n g_n^T c_n, the probe loss whose gradient dL/dc is g itself."""
    return float(np.sum(context * g)), np.broadcast_to(g, np.shape(context)).copy()


@dataclass(frozen=True)
class OutputLayer:
    """Logits z = W_o c + b_o over a target vocabulary of K tokens; W_o: (K, d_h), b_o: (K,)."""

    W_o: np.ndarray
    b_o: np.ndarray
    vocabulary: tuple[str, ...]

    @classmethod
    def checked(cls, W_o: object, b_o: object, vocabulary: tuple[str, ...]) -> OutputLayer:
        W = as_array("W_o", W_o, ("K", "d_h"))
        b = as_array("b_o", b_o, ("K",))
        same_length("K", ("W_o", W, 0), ("b_o", b, 0))
        if len(vocabulary) != W.shape[0]:
            raise ValueError(f"vocabulary: expected K = {W.shape[0]} tokens, got {len(vocabulary)}")
        return cls(W, b, tuple(vocabulary))

    def probabilities(self, context: np.ndarray) -> np.ndarray:
        """p(y | c) = Softmax(W_o c + b_o): (..., K) for contexts (..., d_h)."""
        return softmax_unchecked(context @ self.W_o.T + self.b_o)


def prediction_loss(context: np.ndarray, output: OutputLayer, target: int | np.ndarray) -> tuple[float, np.ndarray]:
    """Cross-entropy L = -sum_n log p(y_n | c_n) and its gradient dL/dc = W_o^T (p - onehot(y)).

    context: (d_h,) or (N, d_h); target: a token index, or (N,) indices.
    """
    c = np.atleast_2d(context)  # (N, d_h)
    y = np.broadcast_to(np.asarray(target), (c.shape[0],))
    if np.any((y < 0) | (y >= output.W_o.shape[0])):
        raise ValueError(f"target: expected token indices in 0..{output.W_o.shape[0] - 1}, got {target!r}")
    loss, dL_dc = prediction_loss_from_probabilities(output.probabilities(c), output, y)
    return loss, dL_dc.reshape(np.shape(context))


def prediction_loss_from_probabilities(p: np.ndarray, output: OutputLayer, y: np.ndarray) -> tuple[float, np.ndarray]:
    """:func:`prediction_loss` from the probabilities p = p(. | c_n): (N, K) and checked targets y: (N,); dL/dc is
    (N, d_h)."""
    rows = np.arange(p.shape[0])
    loss = float(-np.sum(np.log(p[rows, y])))
    dL_dz = p.copy()
    dL_dz[rows, y] -= 1.0  # (N, K): p - onehot(y)
    return loss, dL_dz @ output.W_o  # dL/dc: (N, d_h)


# --- The oracle: central finite differences ------------------------------------------------


@dataclass(frozen=True)
class GradientCheck:
    """Analytic against numeric gradient, entry by entry.

    rel_error = |analytic - numeric| / max(|analytic|, |numeric|, floor).

    Finite differences carry a rounding error of about 1e-16 |L| / eps, so an
    entry that is zero (or nearly) cannot be judged relative to itself; the
    floor, 1e-3 max(1, |L(x)|), judges such entries against the loss's own
    scale instead (1e-6 relative then means an absolute error of 1e-9 max(1, |L|)).
    """

    analytic: np.ndarray
    numeric: np.ndarray
    rel_error: np.ndarray

    @property
    def max_rel_error(self) -> float:
        return float(self.rel_error.max(initial=0.0))

    def passed(self, tol: float = 1e-6) -> bool:
        return self.max_rel_error <= tol


def finite_difference(fun: Callable[[np.ndarray], float], x: np.ndarray, eps: float = 1e-4) -> np.ndarray:
    """Central differences for every entry i of x, refined by Richardson extrapolation.

    D(h) = (L(x + h e_i) - L(x - h e_i)) / 2h has error O(h^2); combining two
    step sizes as (4 D(h/2) - D(h)) / 3 cancels that term and leaves O(h^4).
    With h = eps max(1, |x_i|) = 1e-4 the truncation error is negligible and
    rounding stays near 1e-16 |L| / h, far below a plain 1e-6 step's.
    """
    x = np.array(x, dtype=np.float64)  # a private copy to perturb
    grad = np.empty_like(x)
    flat, gflat = x.reshape(-1), grad.reshape(-1)

    def central(i: int, h: float) -> float:
        old = flat[i]
        flat[i] = old + h
        up = fun(x)
        flat[i] = old - h
        down = fun(x)
        flat[i] = old
        return (up - down) / (2.0 * h)

    for i in range(flat.size):
        h = eps * max(1.0, abs(flat[i]))
        gflat[i] = (4.0 * central(i, h / 2) - central(i, h)) / 3.0
    return grad


def check_gradient(
    fun: Callable[[np.ndarray], float],
    x: object,
    analytic: object,
    eps: float = 1e-4,
    floor: float = 1e-3,
) -> GradientCheck:
    """Compare ``analytic`` with central finite differences of ``fun`` at ``x``.

    ``floor`` is scaled by max(1, |fun(x)|); see :class:`GradientCheck`.
    """
    x_ = as_array("x", x, ("...",))
    a = as_array("analytic", analytic, ("...",))
    if a.shape != x_.shape:
        raise ValueError(f"analytic: expected the shape of x {x_.shape}, got {a.shape}")
    return check_gradient_unchecked(fun, x_, a, eps, floor)


def check_gradient_unchecked(
    fun: Callable[[np.ndarray], float], x: np.ndarray, analytic: np.ndarray, eps: float = 1e-4, floor: float = 1e-3
) -> GradientCheck:
    """:func:`check_gradient` for float64 arrays x and analytic of one shape; no input checks."""
    n = finite_difference(fun, x, eps)
    denom = np.maximum(np.maximum(np.abs(analytic), np.abs(n)), floor * max(1.0, abs(fun(x))))
    return GradientCheck(analytic=analytic, numeric=n, rel_error=np.abs(analytic - n) / denom)
