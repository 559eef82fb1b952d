"""Where the most-weighted source position changes along a sweep of the state s (article section 6).

On a grid of states s_1 < ... < s_N with weights alpha_j(s_i), the grid's argmax
only says that the largest weight changed position somewhere between two grid
points. This module finds where, and refuses to call a near-tie a switch.

- Tie tolerance: two weights that differ by less than :data:`TIE_TOLERANCE`
  count as tied (0.01, a few pixels on a weight axis from 0 to 1).
- A position *leads* at s_i when its weight exceeds every other weight by at
  least the tolerance; where none does, no position leads.
- A *switch* from j to k: j leads at s_a, k leads at a later s_b, no position
  leads in between, and alpha_j - alpha_k changes sign exactly once on the grid
  from s_a to s_b. Its position is the root of alpha_j(s) - alpha_k(s) in the
  one grid cell where the sign changes, found by bisection to float resolution.
- A *tie*: any other stretch of grid points where no position leads and the
  grid's argmax changes (for example curves that stay within 0.01 of each other
  over a whole stretch), or the whole grid when no position leads anywhere. It
  is reported as a tie over that stretch, never as a switch.

The grid decides which cells are searched: two crossings closer together than
the grid spacing that leave the same position leading on both sides are missed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

TIE_TOLERANCE = 0.01
NO_LEADER = -1
_MAX_BISECTIONS = 200  # more than the 2 * 53 halvings any float interval needs
_ROUNDING = 1e-12  # a third weight this close above the crossing pair is rounding, not a hidden leader
_REFINED_POINTS = 65  # the finer grid laid over one cell that hides more than one switch

WeightsAt = Callable[[np.ndarray], np.ndarray]  # states s (M,) -> weights alpha (M, T)


@dataclass(frozen=True)
class Switch:
    """The leading position changes from ``before`` to ``after`` at ``s``, the root of alpha_before - alpha_after."""

    s: float
    before: int
    after: int


@dataclass(frozen=True)
class Tie:
    """A stretch of the grid from ``low`` to ``high`` where no position leads and that is not one clean switch.

    ``positions``: every position whose weight comes within the tolerance of the
    largest weight somewhere in the stretch.
    """

    low: float
    high: float
    positions: tuple[int, ...]


@dataclass(frozen=True)
class Leads:
    """Which position leads at each grid point (``NO_LEADER`` where none does), the switches and the ties."""

    leader: np.ndarray  # (N,)
    switches: tuple[Switch, ...]
    ties: tuple[Tie, ...]


def margins(weights: np.ndarray) -> np.ndarray:
    """The largest weight minus the second largest at each grid point: weights (N, T) -> (N,); inf for T = 1."""
    if weights.shape[1] == 1:
        return np.full(weights.shape[0], np.inf)
    top2 = np.partition(weights, -2, axis=1)[:, -2:]  # (N, 2): second largest, largest
    return top2[:, 1] - top2[:, 0]


def leaders(weights: np.ndarray, tol: float = TIE_TOLERANCE) -> np.ndarray:
    """The position that leads by at least ``tol`` at each grid point, else ``NO_LEADER``: (N, T) -> (N,)."""
    return np.where(margins(weights) >= tol, weights.argmax(axis=1), NO_LEADER)


def bisect_crossings(weights_at: WeightsAt, lo: np.ndarray, hi: np.ndarray, j: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Roots of alpha_j(s) - alpha_k(s), one per bracket, all brackets halved together.

    lo, hi, j, k: (M,), with alpha_j > alpha_k at lo and alpha_j <= alpha_k at hi.
    Returns (M,): the midpoint of each bracket once it cannot be halved further.
    """
    lo, hi = lo.astype(np.float64), hi.astype(np.float64)
    rows = np.arange(len(lo))
    for _ in range(_MAX_BISECTIONS):
        mid = (lo + hi) / 2  # (M,)
        done = (mid <= lo) | (mid >= hi)  # no float left between lo and hi
        if done.all():
            break
        alpha = weights_at(mid)  # (M, T)
        ahead = alpha[rows, j] > alpha[rows, k]  # (M,): the root lies above mid
        lo = np.where(ahead & ~done, mid, lo)
        hi = np.where(~ahead & ~done, mid, hi)
    return (lo + hi) / 2


def find_leads(
    s: np.ndarray, weights: np.ndarray, weights_at: WeightsAt, tol: float = TIE_TOLERANCE, refinements: int = 3
) -> Leads:
    """Switches and ties along a sweep: s (N,) increasing, weights (N, T) = weights_at(s).

    A cell whose crossing of the two leaders lies under a third position's
    weight hides more switches: it is searched again on a finer grid of its own,
    up to ``refinements`` times.
    """
    lead = leaders(weights, tol)  # (N,)
    argmax = weights.argmax(axis=1)  # (N,)
    clear = np.flatnonzero(lead != NO_LEADER)  # grid points where a position leads
    # Stretches between consecutive leading points (and before the first, after the last): (a, b) = the
    # leading points that bound it, None at an end of the grid.
    bounds = list(zip([None, *clear], [*clear, None], strict=True)) if len(clear) else [(None, None)]
    brackets: list[tuple[float, float, int, int]] = []
    ties: list[Tie] = []
    for a, b in bounds:
        first = 0 if a is None else a
        last = len(s) - 1 if b is None else b
        if first == last or (a is not None and b is not None and b == a + 1 and lead[a] == lead[b]):
            continue
        if a is not None and b is not None and lead[a] != lead[b]:
            j, k = lead[a], lead[b]
            ahead = weights[a : b + 1, j] > weights[a : b + 1, k]  # (b - a + 1,): True at a, False at b
            cells = np.flatnonzero(ahead[:-1] != ahead[1:])
            # one crossing of the two leaders, and no third position on top in between (else the stretch is
            # a near-tie of three or more, named a tie below)
            if len(cells) == 1 and np.isin(argmax[a : b + 1], (j, k)).all():
                m = a + cells[0]
                brackets.append((s[m], s[m + 1], j, k))
                continue
        inner = slice(first if a is None else a + 1, last + 1 if b is None else b)  # the points with no leader
        if len(np.unique(argmax[first : last + 1])) > 1 or len(clear) == 0:
            near = weights[inner] > weights[inner].max(axis=1, keepdims=True) - tol  # (n, T)
            ties.append(
                Tie(float(s[inner][0]), float(s[inner][-1]), tuple(int(p) for p in np.flatnonzero(near.any(0))))
            )
    switches: list[Switch] = []
    if brackets:
        lo, hi, before, after = (np.array(col) for col in zip(*brackets, strict=True))  # (M,) each
        roots = bisect_crossings(weights_at, lo, hi, before, after)  # (M,)
        at_root = weights_at(roots)  # (M, T)
        rows = np.arange(len(roots))
        pair = np.maximum(at_root[rows, before], at_root[rows, after])  # (M,)
        for m, (r, j, k) in enumerate(zip(roots, before, after, strict=True)):
            if at_root[m].max() <= pair[m] + _ROUNDING or refinements == 0:
                switches.append(Switch(float(r), int(j), int(k)))
                continue
            # a third position leads inside the cell: the grid was too coarse there, so search the cell finely
            cell = np.linspace(lo[m], hi[m], _REFINED_POINTS)
            inner = find_leads(cell, weights_at(cell), weights_at, tol, refinements - 1)
            switches += inner.switches
            ties += inner.ties
    switches.sort(key=lambda x: x.s)
    ties.sort(key=lambda x: x.low)
    return Leads(leader=lead, switches=tuple(switches), ties=tuple(ties))
