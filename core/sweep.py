"""Sweeping the decoder state (article section 6, the figure over s).

Each swept value of a scalar state s is a constructed reading state, not a
training step or an executed decoder step: every point evaluates the same
attention function anew. Arrays: s values (N,), weights (N, T), contexts
(N, d_h).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.reading import _attend, _hard_read
from core.scorers import NONLINEARITIES, AdditiveParams, check_sources, check_states, nonlinearity
from core.validate import as_array


@dataclass(frozen=True)
class Sweep:
    """Soft and hard reads over a grid of states, with and without the nonlinearity."""

    s: np.ndarray  # (N,)
    weights: np.ndarray  # (N, T)
    contexts: np.ndarray  # (N, d_h)
    weights_linear: np.ndarray  # (N, T), f = identity
    hard_contexts: np.ndarray  # (N, d_h), all weight on the argmax
    winner: np.ndarray  # (N,) index of the most-weighted position

    @property
    def switches(self) -> np.ndarray:
        """Indices i where the most-weighted position changes between s[i-1] and s[i]."""
        return np.flatnonzero(np.diff(self.winner)) + 1


def linspace_states(low: float, high: float, points: int) -> np.ndarray:
    """An evenly spaced grid of scalar states, validated: low < high, 2 <= points <= 5000."""
    if not (np.isfinite(low) and np.isfinite(high) and low < high):
        raise ValueError(f"interval: expected finite low < high, got ({low}, {high})")
    if not 2 <= points <= 5000:
        raise ValueError(f"points: expected 2 to 5000 points, got {points}")
    return np.linspace(low, high, points)


def sweep_states(H: object, params: AdditiveParams, s: object, f: str = "tanh") -> Sweep:
    """Read the sources at every scalar state in ``s`` (N,), in one vectorised call each."""
    s_ = as_array("s", s, ("N",))
    g = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    S, _ = check_states(s_[:, None], params.d_s)  # (N, 1): each row one state, d_s = 1
    soft = _attend(H_, S, params, g)
    linear = _attend(H_, S, params, NONLINEARITIES["identity"])
    hard = _hard_read(H_, soft.scores)
    return Sweep(
        s=s_,
        weights=soft.weights,
        contexts=soft.context,
        weights_linear=linear.weights,
        hard_contexts=hard.context,
        winner=soft.scores.argmax(axis=1),
    )
