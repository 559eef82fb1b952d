"""The article's closing questions (section 8), on the additive scorer: keys and values, and self-attention.

Must the representation used to score a match be the one that is read? Give
every position j a key, used only for scoring, and a value, used only for
reading, both computed from its representation h_j:

    k_j = W_K h_j,   v_j = W_V h_j
    e_tj = v^T f(W k_j + U s_{t-1} + b),   alpha_tj = Softmax_j(e_tj),   c_t = sum_j alpha_tj v_j

With W_K = W_V = I (keys and values both h_j) this is exactly the additive read
of the earlier sections. (The scorer's vector v and the values v_j are
different things: the values carry a position subscript.)

Could every position make its own request? In self-attention each position i
asks with a query q_i = W_Q h_i, which takes the decoder state's place:

    e_ij = v^T f(W k_j + U q_i + b),   alpha_ij = Softmax over the visible j,   c_i = sum_j alpha_ij v_j

Query, key and value are one way to arrange these questions, not the only one.

Arrays, as in :mod:`core.scorers`: H is (T, d_h) with row j = h_j^T; the
projections keep the article's column-vector orientation, W_K: (d_k, d_h)
where the scorer's W is (d_a, d_k), W_V: (d_v, d_h), W_Q: (d_s, d_h) where the
scorer's U is (d_a, d_s); so keys (T, d_k) = H @ W_K.T, values (T, d_v),
queries (T, d_s). Self-attention's scores and weights are (T, T), row i the
asking position and column j the position read; contexts (T, d_v), row i = c_i^T.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from core.masks import masked_softmax
from core.scorers import AdditiveParams, additive_scores_unchecked, check_sources, check_states, nonlinearity
from core.softmax import softmax_unchecked
from core.validate import as_array


@dataclass(frozen=True)
class KeyValueReading:
    """One read that scores with keys and reads values.

    keys: (T, d_k); values: (T, d_v); scores and weights: (T,) or (N, T);
    context: (d_v,) or (N, d_v).
    """

    keys: np.ndarray
    values: np.ndarray
    scores: np.ndarray
    weights: np.ndarray
    context: np.ndarray


def _projections(H: object, params: AdditiveParams, W_K: object, W_V: object) -> tuple[np.ndarray, ...]:
    """Checked H: (T, d_h), keys H W_K^T: (T, d_k) with d_k the scorer's, and values H W_V^T: (T, d_v)."""
    H_ = check_sources(H)
    W_K_ = as_array("W_K", W_K, (params.d_h, H_.shape[1]))  # keys must be as wide as W expects
    W_V_ = as_array("W_V", W_V, ("d_v", H_.shape[1]))
    return H_, H_ @ W_K_.T, H_ @ W_V_.T  # (T, d_h), (T, d_k), (T, d_v)


def key_value_read(
    H: object, S: object, params: AdditiveParams, W_K: object, W_V: object, f: str = "tanh"
) -> KeyValueReading:
    """Score the keys k_j = W_K h_j against the state(s), read the values v_j = W_V h_j.

    H: (T, d_h); S: (N, d_s) or one state (d_s,); W_K: (d_k, d_h); W_V: (d_v, d_h).
    """
    g = nonlinearity(f)
    _, K, V = _projections(H, params, W_K, W_V)  # (T, d_k), (T, d_v)
    S_, single = check_states(S, params.d_s)  # (N, d_s)
    e = additive_scores_unchecked(K, S_, params, g)  # (N, T)
    alpha = softmax_unchecked(e)  # (N, T)
    c = alpha @ V  # (N, d_v)
    if single:
        e, alpha, c = e[0], alpha[0], c[0]
    return KeyValueReading(keys=K, values=V, scores=e, weights=alpha, context=c)


@dataclass(frozen=True)
class SelfAttention:
    """Every position's read of every visible position.

    queries: (T, d_s); keys: (T, d_k); values: (T, d_v); scores, weights and
    visible: (T, T), row i asks, column j is read; contexts: (T, d_v), row i = c_i^T.
    Scores are computed at every pair; a hidden pair's weight is exactly 0.
    """

    queries: np.ndarray
    keys: np.ndarray
    values: np.ndarray
    scores: np.ndarray
    weights: np.ndarray
    visible: np.ndarray
    contexts: np.ndarray


def self_attention(
    H: object,
    params: AdditiveParams,
    W_Q: object,
    W_K: object,
    W_V: object,
    visible: object | None = None,
    f: str = "tanh",
) -> SelfAttention:
    """Each position i asks with q_i = W_Q h_i; the additive scorer matches it with every key k_j.

    H: (T, d_h); W_Q: (d_s, d_h); W_K: (d_k, d_h); W_V: (d_v, d_h); visible:
    (T, T) booleans (e.g. :func:`core.masks.causal_mask`), or None for every
    position visible to every position.
    """
    g = nonlinearity(f)
    H_, K, V = _projections(H, params, W_K, W_V)  # (T, d_h), (T, d_k), (T, d_v)
    T = H_.shape[0]
    Q = H_ @ as_array("W_Q", W_Q, (params.d_s, H_.shape[1])).T  # (T, d_s): row i = q_i^T
    mask = np.ones((T, T), dtype=bool) if visible is None else np.asarray(visible)
    if mask.shape != (T, T) or mask.dtype != bool:
        raise ValueError(f"visible: expected ({T}, {T}) booleans, got {mask.dtype} of shape {mask.shape}")
    e = additive_scores_unchecked(K, Q, params, g)  # (T, T): e[i, j] = v^T f(W k_j + U q_i + b)
    alpha = masked_softmax(e, mask)  # (T, T)
    return SelfAttention(queries=Q, keys=K, values=V, scores=e, weights=alpha, visible=mask, contexts=alpha @ V)


def reorder_gap(
    H: object,
    params: AdditiveParams,
    W_Q: object,
    W_K: object,
    W_V: object,
    order: Sequence[int],
    visible: object | None = None,
    f: str = "tanh",
) -> float:
    """How far self-attention is from following a reordering of its positions.

    Runs self-attention on the positions in ``order`` (the same mask, which
    belongs to the places, not to the words) and compares it with the original
    weights reordered alike, rows and columns: the largest absolute difference.
    Without a mask it is 0 up to rounding for any order: nothing in the
    computation knows where a position stands. A causal mask makes it depend on order.
    """
    H_ = check_sources(H)
    perm = np.asarray(order)
    if sorted(perm.tolist()) != list(range(H_.shape[0])):
        raise ValueError(f"order: expected a rearrangement of 0..{H_.shape[0] - 1}, got {list(perm)}")
    base = self_attention(H_, params, W_Q, W_K, W_V, visible, f).weights  # (T, T)
    moved = self_attention(H_[perm], params, W_Q, W_K, W_V, visible, f).weights  # (T, T)
    return float(np.abs(moved - base[np.ix_(perm, perm)]).max())


def rows_read_as_states(
    sa: SelfAttention,
    params: AdditiveParams,
    states: Mapping[str, object],
    f: str = "tanh",
    tol: float = 1e-12,
) -> list[str]:
    """For each asking position i, the name of a state whose read of the same keys and values has row i's weights.

    A state s: (d_s,) matches row i when its weights (the additive scorer on
    ``sa.keys`` at s) agree with sa.weights[i] to ``tol`` in every entry; ""
    where no state does. Without a mask this happens where q_i equals the
    state; a mask that hides part of the row breaks it.
    """
    names = list(states)
    S = np.stack([check_states(states[n], params.d_s)[0][0] for n in names])  # (M, d_s)
    alpha = softmax_unchecked(additive_scores_unchecked(sa.keys, S, params, nonlinearity(f)))  # (M, T)
    gap = np.abs(sa.weights[:, None, :] - alpha[None, :, :]).max(axis=-1)  # (T, M)
    return [next((names[m] for m in range(len(names)) if gap[i, m] <= tol), "") for i in range(gap.shape[0])]
