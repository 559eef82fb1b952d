"""Questions on the sweep of the state s (article section 6) and on hard selection (section 4): walkthrough steps 6
(sweep) and 7 (hard).

The worked example's sources and scorer throughout; a swept interval of s is read on :data:`POINTS` grid points
(:func:`core.sweep.sweep_states`, whose switches are found by bisection between them).

Ambiguity: no interval is asked about where the lead is a near-tie (core.switches' tie, weights within 0.01)
or where a switch lies within :data:`S_MARGIN` of an end of the interval (whether it counts is then a matter of
the chart's pixels); hard selection is never asked about at a state whose two largest weights lie within
:data:`~core.questions.reading.WEIGHT_TOLERANCE` (near a switching boundary, where a nudge decides).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from core.example import TOKENS
from core.questions.question import Ambiguous, Family, Posed, Word, clear_lead, misses_of
from core.questions.reading import (
    EX,
    WEIGHT_TOLERANCE,
    WordAtState,
    draw_state,
    numbers,
    read_at,
    state,
    word_index,
)
from core.reading import hard_read
from core.refusal import Refusal
from core.sweep import Sweep, linspace_states, sweep_states
from core.switches import NO_LEADER

POINTS = 301
S_MARGIN = 0.1
INTERVAL_LIMIT = 5.0  # a swept interval lies in [-5, 5], the state slider's range
MAX_SWITCHES = 10


@dataclass(frozen=True)
class Interval:
    """The states s from ``low`` to ``high`` (low < high)."""

    low: float
    high: float


def swept(family: str, st: Interval) -> Sweep:
    """The sweep over the interval, :class:`Ambiguous` where a near-tie or a switch close to an end makes the lead
    unclear."""
    if not -INTERVAL_LIMIT <= st.low < st.high <= INTERVAL_LIMIT:
        raise Refusal(f"{family}: expected -5 <= low < high <= 5", "question.setting", name="interval")
    sw = sweep_states(EX.H, EX.params, linspace_states(st.low, st.high, POINTS))
    leads = sw.leads
    if leads.ties or NO_LEADER in (leads.leader[0], leads.leader[-1]):
        raise Ambiguous(family, "the lead is a near-tie somewhere in the interval")
    if any(min(x.s - st.low, st.high - x.s) < S_MARGIN for x in leads.switches):
        raise Ambiguous(family, "a switch lies close to an end of the interval")
    return sw


INSIDE_STEP = 0.5  # the grid of the ends of an interval tried inside a chart's (a drawn question's own grid)


def inside(family: str, low: float, high: float) -> list[Interval]:
    """Intervals inside [low, high] (the one the reader's chart shows) where the family ``family`` (one of this
    module's that take an :class:`Interval`) may be asked clearly, in the order to try them: [low, high] itself,
    then those whose ends lie on a grid of :data:`INSIDE_STEP`, the widest first and, of equal width, the most
    central. Read off one sweep of [low, high]: an interval is left out where a near-tie lies in it, a switch lies
    within :data:`S_MARGIN` of an end, or (for ``sweep.crossing``) it holds not exactly one switch. Asking decides
    (:func:`core.questions.within`): the sweep of an interval of its own is on a finer grid."""
    if not -INTERVAL_LIMIT <= low < high <= INTERVAL_LIMIT:
        return []
    grid_s = linspace_states(low, high, POINTS)
    leads = sweep_states(EX.H, EX.params, grid_s).leads
    spacing = float(grid_s[1] - grid_s[0])
    ties = [(x.low - spacing, x.high + spacing) for x in leads.ties]
    at = [x.s for x in leads.switches]
    first, last = math.ceil(round(low / INSIDE_STEP, 9)), math.floor(round(high / INSIDE_STEP, 9))
    grid = [round(k * INSIDE_STEP, 9) for k in range(first, last + 1)]
    pairs = sorted(
        ((a, b) for a in grid for b in grid if a < b and (a, b) != (low, high)),
        key=lambda ab: (ab[0] - ab[1], abs(ab[0] + ab[1] - low - high)),
    )

    def clear(a: float, b: float) -> bool:
        if any(lo <= b and a <= hi for lo, hi in ties) or any(min(abs(x - a), abs(x - b)) < S_MARGIN for x in at):
            return False
        return family != "sweep.crossing" or sum(a < x < b for x in at) == 1

    return [Interval(float(a), float(b)) for a, b in [(low, high), *pairs] if clear(a, b)]


DRAWN_LIMIT = 2.5  # drawn intervals lie in [-2.5, 2.5]: further out tanh saturates and the weights tie


def draw_interval(rng: np.random.Generator) -> Interval:
    """An interval on a grid of 0.5 in [-DRAWN_LIMIT, DRAWN_LIMIT], at least 1 wide."""
    n = round(DRAWN_LIMIT / 0.5)
    while True:
        low, high = sorted(float(x) for x in rng.integers(-n, n + 1, size=2) * 0.5)
        if high - low >= 1.0:
            return Interval(low, high)


def _sweep_switches(st: Interval) -> Posed:
    sw = swept("sweep.switches", st)
    switches = sw.leads.switches
    return Posed(
        "number",
        float(len(switches)),
        fields={
            "low": st.low,
            "high": st.high,
            "n": len(switches),
            "at": tuple(x.s for x in switches),
            "first": Word(int(sw.leads.leader[0])),
            "last": Word(int(sw.leads.leader[-1])),
        },
        source=TOKENS,
        low=0.0,
        high=float(MAX_SWITCHES),
        tolerance=0.0,
        increment=1.0,
        why="why" if switches else "none",
    )


SWEEP_SWITCHES = Family(
    "sweep.switches", "sweep", "sweep", Interval, Interval(-2.0, 2.0), draw_interval, _sweep_switches
)


def _sweep_crossing(st: Interval) -> Posed:
    family = "sweep.crossing"
    sw = swept(family, st)
    if len(sw.leads.switches) != 1:
        raise Ambiguous(family, f"{len(sw.leads.switches)} switches in the interval, not one")
    (x,) = sw.leads.switches
    at = read_at(x.s)
    return Posed(
        "number",
        float(x.s),
        fields={
            "low": st.low,
            "high": st.high,
            "leader": Word(x.before),
            "taker": Word(x.after),
            "at": float(x.s),
            "weight": float(at.weights[x.before]),
        },
        source=TOKENS,
        low=st.low,
        high=st.high,
        tolerance=S_MARGIN,
        increment=0.05,
    )


def draw_window(rng: np.random.Generator) -> Interval:
    """An interval of width 1 to 2 around a state drawn in [-1.5, 1.5] (on a grid of 0.05)."""
    centre, half = draw_state(rng, 1.5), float(rng.choice([0.5, 0.75, 1.0]))
    return Interval(round(centre - half, 2), round(centre + half, 2))


SWEEP_CROSSING = Family("sweep.crossing", "sweep", "sweep", Interval, Interval(-2.0, 0.0), draw_window, _sweep_crossing)


# --- Step 7, hard: does the hard read jump, and what a nudge of one score does to it -------------------------------


@dataclass(frozen=True)
class TwoStates:
    """A move of the state from ``a`` to ``b``."""

    a: float
    b: float


def _hard_jump(st: TwoStates) -> Posed:
    family = "hard.jump"
    ra, rb = read_at(state(family, st.a)), read_at(state(family, st.b))
    ja, jb = (clear_lead(family, r.weights, WEIGHT_TOLERANCE) for r in (ra, rb))
    ha, hb = (hard_read(EX.H, r.scores).context for r in (ra, rb))  # (d_h,) each: the source read whole
    answer = "stays" if np.array_equal(ha, hb) else "jumps"
    return Posed(
        "choice",
        answer,
        fields={
            "a": st.a,
            "b": st.b,
            "leader": Word(ja),
            "taker": Word(jb),
            "jump": float(np.linalg.norm(hb - ha)),
            "read_a": numbers(ha),  # the context in the plane of h (step 3's chart), where it reads whole
            "read_b": numbers(hb),
            "soft": float(np.linalg.norm(rb.context - ra.context)),
        },
        options=("jumps", "stays"),
        source=TOKENS,
        why=answer,
    )


def _draw_two_states(rng: np.random.Generator) -> TwoStates:
    a = draw_state(rng, 0.8)  # near the example's switches at s = -1/3 and +1/3 more often than not
    return TwoStates(a, round(a + float(rng.choice([0.1, 0.2, 0.3, 0.5])), 2))


HARD_JUMP = Family("hard.jump", "hard", "sweep", TwoStates, TwoStates(0.2, 0.5), _draw_two_states, _hard_jump)

NUDGE = 1e-6  # the nudge of one score, for the hard read's slope by central differences


def _hard_slope(st: WordAtState) -> Posed:
    family = "hard.slope"
    j = word_index(family, st.word)
    r = read_at(state(family, st.s))
    top = clear_lead(family, r.weights, WEIGHT_TOLERANCE)
    up, down = r.scores.copy(), r.scores.copy()
    up[j] += NUDGE
    down[j] -= NUDGE
    slope = (hard_read(EX.H, up).context - hard_read(EX.H, down).context) / (2 * NUDGE)  # (d_h,): dc/de_j, hard
    soft = r.weights[j] * (EX.H[j] - r.context)  # (d_h,): dc/de_j = alpha_j (h_j - c), soft
    answer = "zero" if not slope.any() else "jump" if np.abs(slope).max() > 1 / NUDGE / 10 else "smooth"
    ranked = np.sort(r.scores)  # (T,) ascending
    options = ("zero", "smooth", "jump")
    return Posed(
        "choice",
        answer,
        fields={
            "s": st.s,
            "word": Word(j),
            "top": Word(top),
            "soft": numbers(soft),
            "weight": float(r.weights[j]),
            "lead": float(ranked[-1] - ranked[-2]),  # the top score over the next: a raise below it moves no lead
        },
        options=options,
        source=TOKENS,
        misses=misses_of(options, answer),
    )


HARD_SLOPE = Family(
    "hard.slope",
    "hard",
    "sweep",
    WordAtState,
    WordAtState(-1.0, 1),
    lambda rng: WordAtState(draw_state(rng), int(rng.integers(len(TOKENS)))),
    _hard_slope,
)

FAMILIES = (SWEEP_SWITCHES, SWEEP_CROSSING, HARD_JUMP, HARD_SLOPE)
