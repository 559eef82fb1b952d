"""One decoder step's reading, for a batch of sentences of different lengths.

    e_tj = v^T tanh(W h_j + U s_{t-1} + b),   alpha_tj = Softmax_j(e_tj),   c_t = sum_j alpha_tj h_j

This is :func:`core.reading.attend` (same :class:`core.scorers.AdditiveParams`,
same Softmax) for B sentences at once, each with its own annotations, padded
to a common T and masked: a padded position gets score -inf and weight 0.

Arrays: annotations H (B, T, d_h), row (b, j) = h_j^T of sentence b; mask
(B, T); states s_{t-1} (B, d_s); scores and weights (B, T); contexts (B, d_h).
The term W h_j + b does not depend on t, so it is computed once per batch as
``keys``: (B, T, d_a), and its gradient is accumulated over steps.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.scorers import AdditiveParams, source_part
from core.softmax import softmax_unchecked


@dataclass(frozen=True)
class ReadCache:
    s: np.ndarray  # (B, d_s) the state s_{t-1}
    y: np.ndarray  # (B, T, d_a) tanh(W h_j + U s + b)
    alpha: np.ndarray  # (B, T)
    c: np.ndarray  # (B, d_h)


def keys(H: np.ndarray, p: AdditiveParams) -> np.ndarray:
    """W h_j + b for every sentence and position: (B, T, d_h) -> (B, T, d_a)."""
    return source_part(H, p)


def read_step(
    K: np.ndarray, H: np.ndarray, mask: np.ndarray, s: np.ndarray, p: AdditiveParams
) -> tuple[np.ndarray, np.ndarray, ReadCache]:
    """c_t and alpha_t from s_{t-1}. K: (B, T, d_a) keys; H: (B, T, d_h); mask: (B, T); s: (B, d_s)."""
    y = np.tanh(K + (s @ p.U.T)[:, None, :])  # (B, T, d_a)
    e = np.where(mask > 0, y @ p.v, -np.inf)  # (B, T): e_tj, -inf on padding
    alpha = softmax_unchecked(e)  # (B, T)
    c = (alpha[:, None, :] @ H)[:, 0]  # (B, d_h): sum_j alpha_tj h_j
    return c, alpha, ReadCache(s, y, alpha, c)


def scores_gradient(H: np.ndarray, alpha: np.ndarray, c: np.ndarray, g: np.ndarray) -> np.ndarray:
    """dL/de_tj = alpha_tj g^T (h_j - c_t), batched (cf. :func:`core.gradients.scores_gradient`).

    H: (B, T, d_h); alpha: (B, T); c, g: (B, d_h) -> (B, T).
    """
    g_dot_h = (H @ g[:, :, None])[:, :, 0]  # (B, T): g^T h_j
    g_dot_c = np.sum(g * c, axis=1, keepdims=True)  # (B, 1): g^T c
    return alpha * (g_dot_h - g_dot_c)


@dataclass
class ReadGradients:
    """Gradients accumulated over the decoder's steps."""

    K: np.ndarray  # (B, T, d_a): dL/d(W h_j + b)
    H: np.ndarray  # (B, T, d_h): the read's path c = sum alpha h (the scorer's path goes through K)
    U: np.ndarray  # (d_a, d_s)
    v: np.ndarray  # (d_a,)


def read_step_backward(
    g: np.ndarray, cache: ReadCache, H: np.ndarray, p: AdditiveParams, acc: ReadGradients
) -> np.ndarray:
    """Backward through :func:`read_step` for dL/dc_t = g (B, d_h); adds to ``acc``, returns dL/ds_{t-1} (B, d_s)."""
    de = scores_gradient(H, cache.alpha, cache.c, g)  # (B, T); 0 on padding, where alpha = 0
    da = de[:, :, None] * p.v * (1.0 - cache.y**2)  # (B, T, d_a): through v^T tanh(.)
    per_state = da.sum(axis=1)  # (B, d_a)
    acc.K += da
    acc.H += cache.alpha[:, :, None] * g[:, None, :]  # (B, T, d_h): alpha_tj g
    acc.U += per_state.T @ cache.s  # (d_a, d_s)
    acc.v += np.einsum("bt,bta->a", de, cache.y)  # (d_a,)
    return per_state @ p.U  # (B, d_s)


def keys_backward(acc: ReadGradients, H: np.ndarray, p: AdditiveParams) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the accumulated dL/dK to dL/dW (d_a, d_h), dL/db (d_a,), and dL/dH (B, T, d_h) of both paths."""
    d_a, d_h = p.W.shape
    dW = acc.K.reshape(-1, d_a).T @ H.reshape(-1, d_h)  # (d_a, d_h)
    db = acc.K.sum(axis=(0, 1))  # (d_a,)
    dH = acc.K @ p.W + acc.H  # (B, T, d_h): scorer path + read path
    return dW, db, dH
