"""Which positions a reading may use (article section 8), and Softmax restricted to them.

A visibility mask is a boolean matrix whose row is the position that reads
(a decoder step t, an annotation h_j, a query position i) and whose column is
a position that might be read; True means visible. In the article's
column-vector notation row t of a weight matrix is alpha_t^T, so row t of the
mask says which alpha_tj may be non-zero.

- A bidirectional encoder's annotation h_j has read every source word x_k:
  the (T, T) mask is all True; a left-to-right pass alone has read x_k for
  k <= j, a right-to-left pass alone x_k for k >= j.
- Decoder step t, which produces y_t, reads every annotation h_1..h_T (the
  whole source is available in offline translation): (U, T), all True.
- It may depend on the target tokens y_0 = <s>, y_1, ..., y_{t-1} and on no
  later one, neither the token it is producing nor those after it:
  (U, U + 1) over the columns y_0..y_U, entry [t - 1, k] = (k < t).
- Causal self-attention: position i may read positions 1..i: (T, T),
  lower triangular with its diagonal.

:func:`masked_softmax` puts -inf on hidden scores, so hidden positions get a
weight of exactly 0 and the visible ones share all of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.softmax import softmax_unchecked
from core.validate import as_array

ENCODERS = ("bidirectional", "forward", "backward")


def _positive(name: str, n: int) -> int:
    if not isinstance(n, int | np.integer) or n < 1:
        raise ValueError(f"{name}: expected a whole number of positions >= 1, got {n!r}")
    return int(n)


def annotation_visibility(T: int, encoder: str = "bidirectional") -> np.ndarray:
    """Which source words x_k the annotation h_j has read: (T, T), row j, column k.

    ``encoder`` is "bidirectional" (Bahdanau's: every word), "forward" (a
    left-to-right pass alone: k <= j) or "backward" (right-to-left alone: k >= j).
    """
    T = _positive("T", T)
    j, k = np.indices((T, T))  # (T, T) each: row j, column k
    if encoder == "bidirectional":
        return np.ones((T, T), dtype=bool)
    if encoder == "forward":
        return k <= j
    if encoder == "backward":
        return k >= j
    raise ValueError(f"encoder: expected one of {', '.join(ENCODERS)}, got {encoder!r}")


@dataclass(frozen=True)
class DecoderVisibility:
    """What decoder step t (row t - 1, producing y_t) may use.

    source: (U, T), the annotations h_1..h_T; target: (U, U + 1), the target
    tokens y_0 = <s>, y_1, ..., y_U (column k is y_k).
    """

    source: np.ndarray
    target: np.ndarray

    def visible_targets(self, t: int) -> list[int]:
        """The k of the target tokens y_k that step t (1-based) may use."""
        return [int(k) for k in np.flatnonzero(self.target[t - 1])]

    def sees_ahead(self) -> bool:
        """Whether some step t may use the token y_t it produces or a later one."""
        step, k = np.indices(self.target.shape)  # step = t - 1
        return bool(np.any(self.target & (k >= step + 1)))


def decoder_visibility(T: int, U: int) -> DecoderVisibility:
    """Visibility for a decoder of U steps reading T annotations (see the module docstring)."""
    T, U = _positive("T", T), _positive("U", U)
    step, k = np.indices((U, U + 1))  # step = t - 1, k indexes y_0..y_U
    return DecoderVisibility(source=np.ones((U, T), dtype=bool), target=k < step + 1)


def causal_mask(T: int) -> np.ndarray:
    """Position i may read positions 1..i: (T, T), True on and below the diagonal."""
    T = _positive("T", T)
    return np.tril(np.ones((T, T), dtype=bool))


def masked_softmax(scores: object, visible: object) -> np.ndarray:
    """alpha_tj = exp(e_tj) / sum over visible k of exp(e_tk) for visible j, and exactly 0 for hidden j.

    scores: (..., T) finite; visible: booleans of the same shape (or one that
    broadcasts to it), at least one True a row. Returns weights of the scores'
    shape, each row summing to 1 over its visible positions.
    """
    e = as_array("scores", scores, ("...", "T"))
    mask = np.asarray(visible)
    if mask.dtype != bool:
        raise ValueError(f"visible: expected booleans, got values of type {mask.dtype}")
    try:
        mask = np.broadcast_to(mask, e.shape)
    except ValueError:
        raise ValueError(f"visible: shape {mask.shape} does not fit the scores' shape {e.shape}") from None
    if not np.all(mask.any(axis=-1)):
        raise ValueError("visible: every row needs at least one visible position")
    return softmax_unchecked(np.where(mask, e, -np.inf))  # (..., T); exp(-inf) = 0 exactly
