"""Sweeping the decoder state (article section 6, the figure over s).

Each swept value of a scalar state s is a constructed reading state, not a
training step or an executed decoder step: every point evaluates the same
attention function anew. Arrays: s values (N,), weights (N, T), contexts
(N, d_h).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.reading import attend_unchecked, hard_read_unchecked
from core.scorers import NONLINEARITIES, AdditiveParams, check_sources, check_states, nonlinearity
from core.switches import TIE_TOLERANCE, Leads, find_leads
from core.validate import as_array


@dataclass(frozen=True)
class Sweep:
    """Soft and hard reads over a grid of states, with and without the nonlinearity."""

    s: np.ndarray  # (N,)
    weights: np.ndarray  # (N, T)
    contexts: np.ndarray  # (N, d_h)
    weights_linear: np.ndarray  # (N, T), f = identity
    hard_contexts: np.ndarray  # (N, d_h), all weight on the argmax
    winner: np.ndarray  # (N,) index of the most-weighted position (the grid's argmax; hard selection reads it)
    leads: Leads  # where the leading position switches (roots between grid points) and where weights tie


def linspace_states(low: float, high: float, points: int) -> np.ndarray:
    """An evenly spaced grid of scalar states, validated: low < high, 2 <= points <= 5000."""
    if not (np.isfinite(low) and np.isfinite(high) and low < high):
        raise ValueError(f"interval: expected finite low < high, got ({low}, {high})")
    if not 2 <= points <= 5000:
        raise ValueError(f"points: expected 2 to 5000 points, got {points}")
    return np.linspace(low, high, points)


def slider_states(low: float, high: float, step: float, also: object = ()) -> np.ndarray:
    """Every value a slider from ``low`` to ``high`` in steps of ``step`` can show, and the values ``also`` (a
    state a link set between the steps), sorted: (N,).

    The steps are rounded to 10 decimals, as the slider's own values are decimals (-0.95, not
    -0.9499999999999997), so a value the slider sends is exactly one of them.
    """
    if not (np.isfinite(low) and np.isfinite(high) and low < high and step > 0):
        raise ValueError(f"slider: expected finite low < high and a positive step, got ({low}, {high}, {step})")
    n = int(round((high - low) / step))
    steps = np.round(low + step * np.arange(n + 1), 10)  # (n + 1,)
    return np.unique(np.concatenate([steps, np.atleast_1d(np.asarray(also, dtype=float))]))


def sweep_states(
    H: object, params: AdditiveParams, s: object, f: str = "tanh", tie_tolerance: float = TIE_TOLERANCE
) -> Sweep:
    """Read the sources at every scalar state in ``s`` (N,), in one vectorised call each.

    The switches of the leading position are found between grid points of an
    increasing ``s`` (see :mod:`core.switches`); an unsorted ``s`` gets none.
    """
    s_ = as_array("s", s, ("N",))
    g = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    S, _ = check_states(s_[:, None], params.d_s)  # (N, 1): each row one state, d_s = 1
    soft = attend_unchecked(H_, S, params, g)
    linear = attend_unchecked(H_, S, params, NONLINEARITIES["identity"])
    hard = hard_read_unchecked(H_, soft.scores)
    increasing = len(s_) < 2 or bool(np.all(np.diff(s_) > 0))
    leads = (
        find_leads(s_, soft.weights, lambda x: attend_unchecked(H_, x[:, None], params, g).weights, tie_tolerance)
        if increasing
        else Leads(np.full(len(s_), -1), (), ())
    )
    return Sweep(
        s=s_,
        weights=soft.weights,
        contexts=soft.context,
        weights_linear=linear.weights,
        hard_contexts=hard.context,
        winner=soft.scores.argmax(axis=1),
        leads=leads,
    )
