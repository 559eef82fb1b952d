"""Questions on one soft read (article sections 4-6): walkthrough steps 2-5 (compare, hull, tanh, states).

Unless a setting holds its own, the sources and the scorer are the worked example's (:mod:`core.example`): the
positions I, like, cats with h_j rows of H: (3, 2), and e_j = v^T tanh(W h_j + U s + b) at a scalar state s
(d_s = 1). A read is alpha = Softmax(e): (T,), c = sum_j alpha_j h_j: (d_h,).

Tolerances, and the ambiguity rules that go with them:

- a weight is right within :data:`WEIGHT_TOLERANCE` (0.05); a question about the largest weight is never asked
  where the two largest lie within it;
- a point picked on the plane is never within :data:`POINT_MARGIN` (0.1) of another point offered or of the
  outline of the sources (where inside and outside are a matter of the chart's pixels);
- "uniform" and "the same at both states" are exact (to :data:`EXACT`); a question that turns on them is never
  asked where the weights lie between EXACT and WEIGHT_TOLERANCE of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.example import TOKENS, worked_example
from core.geometry import convex_hull
from core.questions.question import (
    ROUNDING,
    Ambiguous,
    Family,
    Posed,
    Word,
    apart,
    clear_lead,
    misses_of,
    pick_options,
)
from core.reading import attend, identical_sources, raw_weighted_sum
from core.refusal import Refusal
from core.scorers import AdditiveParams, additive_scores, linear_decomposition
from core.softmax import softmax

EX = worked_example()
STATE_A, STATE_B = (float(s[0]) for s in EX.states.values())  # -1 and +1
WEIGHT_TOLERANCE = 0.05
POINT_MARGIN = 0.1
EXACT = 1e-9  # weights closer than this are the same weights (rounding)
S_LIMIT = 3.0  # drawn states s lie in [-S_LIMIT, S_LIMIT], on a grid of S_GRID
S_GRID = 0.05
Matrix2 = tuple[tuple[float, float], ...]  # points of the plane, one a row: (n, 2)
SOURCE_WORDS = tuple(Word(j) for j in range(len(TOKENS)))


def draw_state(rng: np.random.Generator, limit: float = S_LIMIT) -> float:
    """A state s on the grid of :data:`S_GRID` in [-limit, limit]."""
    n = round(limit / S_GRID)
    return round(float(rng.integers(-n, n + 1)) * S_GRID, 2) + 0.0  # + 0.0: never -0.0


def draw_triangle(rng: np.random.Generator, limit: float = 2.0, grid: float = 0.5) -> Matrix2:
    """Three source vectors on a grid in [-limit, limit]^2 that span a triangle of area at least 1."""
    n = round(limit / grid)
    while True:
        P = rng.integers(-n, n + 1, size=(3, 2)) * grid  # (3, 2)
        if triangle_area(P) >= 1.0:
            return rows(P)


def rows(P: np.ndarray) -> Matrix2:
    """(n, 2) as a tuple of (x, y) pairs of floats, the form a setting keeps."""
    return tuple((float(x), float(y)) for x, y in np.asarray(P, dtype=float))


def triangle_area(P: np.ndarray) -> float:
    (x0, y0), (x1, y1), (x2, y2) = P
    return abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / 2


def sources(family: str, H: Matrix2) -> np.ndarray:
    """A setting's sources as H: (3, 2), refused unless three points spanning a triangle."""
    P = np.array(H, dtype=float)
    if P.shape != (3, 2):
        raise Refusal(f"{family}: expected three 2-D sources, got shape {P.shape}", "question.setting", name="H")
    if triangle_area(P) < POINT_MARGIN:
        raise Ambiguous(family, "the sources hardly span a triangle")
    return P


def word_index(family: str, j: int, T: int = len(TOKENS)) -> int:
    if not 0 <= j < T:
        raise Refusal(f"{family}: word {j} is not a position 0..{T - 1}", "question.setting", name="word")
    return j


def state(family: str, s: float, limit: float = 5.0) -> float:
    if not -limit <= s <= limit:
        raise Refusal(f"{family}: s = {s:g} outside [-{limit:g}, {limit:g}]", "question.setting", name="s")
    return s


def edge_distances(P: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Signed distance of each point (n, 2) to the line of each edge of the convex polygon of P: (n, V), positive on
    the inside of that edge. A point is inside the polygon when all are positive."""
    V = convex_hull(P)  # (V, 2), counter-clockwise
    a, b = V, np.roll(V, -1, axis=0)  # each edge a -> b: (V, 2)
    edge = b - a  # (V, 2)
    rel = points[:, None, :] - a[None, :, :]  # (n, V, 2)
    cross = edge[None, :, 0] * rel[:, :, 1] - edge[None, :, 1] * rel[:, :, 0]  # (n, V): > 0 on the left (inside)
    return cross / np.linalg.norm(edge, axis=1)[None, :]


def inside(family: str, P: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Whether each point (n, 2) lies inside the triangle of P (3, 2); :class:`Ambiguous` for a point within
    :data:`POINT_MARGIN` of an edge's line (near the outline, or beside a corner)."""
    d = edge_distances(P, points)  # (n, V)
    if np.any(np.abs(d) < POINT_MARGIN + ROUNDING):  # at the margin to a hair too: 0.1 in one sum is 0.0999… in another
        raise Ambiguous(family, f"a point lies within {POINT_MARGIN:g} of the outline of the sources")
    return np.all(d > 0, axis=1)


def barycentric(P: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The weights w (3,), summing to 1, with w @ P = x for a triangle P (3, 2)."""
    A = np.vstack([P.T, np.ones(3)])  # (3, 3): columns (h_j, 1)
    return np.linalg.solve(A, np.append(x, 1.0))


def read_at(s: float, H: np.ndarray = EX.H, params: AdditiveParams = EX.params, f: str = "tanh"):
    """The read of H at the scalar state s: scores, weights (T,), context (d_h,)."""
    return attend(H, [s], params, f)


def numbers(x: np.ndarray) -> tuple[float, ...]:
    return tuple(float(v) for v in np.ravel(x))


# --- Step 2, compare: the weight on a word, and which point is the read -------------------------------------------


@dataclass(frozen=True)
class WordAtState:
    """The worked example read at state ``s``; ``word`` is a source position j (0-based)."""

    s: float
    word: int


def _compare_weight(st: WordAtState) -> Posed:
    j = word_index("compare.weight", st.word)
    r = read_at(state("compare.weight", st.s))
    return Posed(
        "number",
        float(r.weights[j]),
        fields={
            "s": st.s,
            "word": Word(j),
            "weight": float(r.weights[j]),
            "scores": numbers(r.scores),
            "weights": numbers(r.weights),
        },
        source=TOKENS,
        low=0.0,
        high=1.0,
        tolerance=WEIGHT_TOLERANCE,
        increment=0.01,
    )


COMPARE_WEIGHT = Family(
    "compare.weight",
    "compare",
    "revisitable",
    WordAtState,
    WordAtState(STATE_A, 0),
    lambda rng: WordAtState(draw_state(rng), int(rng.integers(len(TOKENS)))),
    _compare_weight,
    printed=True,  # screen 2's weights bars write each word's weight at the reader's state
)


@dataclass(frozen=True)
class ContextAtState:
    """Four points offered at state ``s``: point k shows candidate ``order[k]``, where candidate 0 is the read c(s),
    1 the sources' plain average, 2 the most-weighted source alone, 3 the read at the state -s."""

    s: float
    order: tuple[int, int, int, int]


CONTEXT_CANDIDATES = 4


def _compare_context(st: ContextAtState) -> Posed:
    family = "compare.context"
    if sorted(st.order) != list(range(CONTEXT_CANDIDATES)):
        raise Refusal(f"{family}: order must list 0..3 once each", "question.setting", name="order")
    r, mirrored = read_at(state(family, st.s)), read_at(-st.s)
    top = int(r.weights.argmax())
    candidates = np.array([r.context, EX.H.mean(axis=0), EX.H[top], mirrored.context])  # (4, 2)
    apart(family, candidates, POINT_MARGIN)
    shown = candidates[list(st.order)]  # (4, 2): point k is candidate order[k]
    return Posed(
        "pick",
        str(st.order.index(0) + 1),
        fields={
            "s": st.s,
            "minus": -st.s,
            "weights": numbers(r.weights),
            "c1": float(r.context[0]),
            "c2": float(r.context[1]),
            "word": Word(top),
        },
        options=pick_options(CONTEXT_CANDIDATES),
        points=rows(shown),
        plane=rows(EX.H),
        source=TOKENS,
    )


COMPARE_CONTEXT = Family(
    "compare.context",
    "compare",
    "revisitable",
    ContextAtState,
    ContextAtState(STATE_A, (2, 0, 3, 1)),
    lambda rng: ContextAtState(draw_state(rng), tuple(int(k) for k in rng.permutation(CONTEXT_CANDIDATES))),
    _compare_context,
)


# --- Step 3, hull: where the context can lie ---------------------------------------------------------------------


@dataclass(frozen=True)
class PointsInPlane:
    """Sources H (three points of the plane) and the points offered, one a row."""

    H: Matrix2
    points: Matrix2


def _hull_point(st: PointsInPlane) -> Posed:
    family = "hull.point"
    P = sources(family, st.H)
    X = np.array(st.points, dtype=float)  # (n, 2)
    if X.ndim != 2 or X.shape[1] != 2 or not 2 <= len(X) <= 6:
        raise Refusal(f"{family}: expected 2 to 6 points of the plane", "question.setting", name="points")
    apart(family, X, POINT_MARGIN)
    within = np.flatnonzero(inside(family, P, X))
    if len(within) != 1:
        raise Ambiguous(family, f"{len(within)} of the points lie inside the sources' triangle, not one")
    k = int(within[0])
    return Posed(
        "pick",
        str(k + 1),
        misses={str(i + 1): {"point": i + 1, **_outside_mix(P, X[i])} for i in range(len(X)) if i != k},
        fields={
            "k": k + 1,
            "mix": numbers(barycentric(P, X[k])),
            "word1": Word(0),
            "word2": Word(1),
            "word3": Word(2),
            "h1": numbers(P[0]),  # where each source is: the prompt names them, as the triangle is theirs
            "h2": numbers(P[1]),
            "h3": numbers(P[2]),
        },
        options=pick_options(len(X)),
        points=st.points,
        plane=rows(P),
        source=TOKENS,
    )


def _outside_mix(P: np.ndarray, x: np.ndarray) -> dict[str, object]:
    """A point outside the sources' triangle as the mix of them that would give it: weights summing to 1, and the word
    of its most negative one (a point outside has one, so no positive weights summing to 1 reach it)."""
    mix = barycentric(P, x)  # (3,)
    return {"point_mix": numbers(mix), "negative_word": Word(int(mix.argmin()))}


def _draw_points(rng: np.random.Generator) -> PointsInPlane:
    H = draw_triangle(rng)
    within = rng.dirichlet([2.0, 2.0, 2.0]) @ np.array(H)  # (2,): a point inside
    outside = rng.uniform(-3.0, 3.0, size=(3, 2))  # (3, 2): most of them outside
    X = np.round(np.vstack([within, outside])[rng.permutation(4)], 1)  # (4, 2)
    return PointsInPlane(H, rows(X))


HULL_POINT = Family(
    "hull.point",
    "hull",
    "revisitable",
    PointsInPlane,
    PointsInPlane(rows(EX.H), ((1.0, 1.0), (0.3, 0.1), (-1.0, -1.0), (1.5, 0.0))),
    _draw_points,
    _hull_point,
)


@dataclass(frozen=True)
class SourcesAtState:
    """Sources H (three points of the plane), scored by the worked example's scorer at state ``s``."""

    s: float
    H: Matrix2


def _hull_raw(st: SourcesAtState) -> Posed:
    family = "hull.raw"
    P = sources(family, st.H)
    e = additive_scores(P, [state(family, st.s)], EX.params)  # (3,)
    c = raw_weighted_sum(P, e).context  # (2,): sum_j e_j h_j
    answer = "inside" if inside(family, P, c[None, :])[0] else "outside"
    return Posed(
        "choice",
        answer,
        fields={"s": st.s, "scores": numbers(e), "total": float(e.sum()), "c1": float(c[0]), "c2": float(c[1])},
        options=("inside", "outside"),
        source=TOKENS,
        why=answer,
    )


HULL_RAW = Family(
    "hull.raw",
    "hull",
    "revisitable",
    SourcesAtState,
    SourcesAtState(0.5, rows(EX.H)),
    lambda rng: SourcesAtState(draw_state(rng), draw_triangle(rng, limit=1.0)),
    _hull_raw,
)


# --- Step 4, tanh: what removing it does, and a shift shared by every score ---------------------------------------


@dataclass(frozen=True)
class Scorer:
    """Sources H (three points) and an additive scorer with d_a = 2, d_s = 1: W (2, 2), U (2, 1), v (2,), b (2,)."""

    H: Matrix2
    W: tuple[tuple[float, float], tuple[float, float]]
    U: tuple[tuple[float], tuple[float]]
    v: tuple[float, float]
    b: tuple[float, float]


def _tanh_removed(st: Scorer) -> Posed:
    family = "tanh.removed"
    P = sources(family, st.H)
    try:
        params = AdditiveParams.checked(st.W, st.U, st.v, st.b)
    except ValueError as exc:
        raise Refusal(f"{family}: {exc}", "question.setting", name="params") from None
    linear = attend(P, [[STATE_A], [STATE_B]], params, "identity").weights  # (2, T): A's and B's weights
    with_tanh = attend(P, [[STATE_A], [STATE_B]], params).weights  # (2, T)
    gap = float(np.abs(linear[0] - linear[1]).max())
    departure = float(np.abs(linear[0] - 1 / len(P)).max())
    if EXACT <= gap < WEIGHT_TOLERANCE or EXACT <= departure < WEIGHT_TOLERANCE:
        raise Ambiguous(family, "the weights without tanh are nearly, not exactly, the same or uniform")
    answer = "differ" if gap >= EXACT else "uniform" if departure < EXACT else "same"
    parts = linear_decomposition(params)
    shared = float(parts.state[0])  # v^T U: the state's term is shared * s, the same for every word
    options = ("uniform", "same", "differ")
    return Posed(
        "choice",
        answer,
        fields={
            "H": st.H,
            "W": st.W,
            "U": tuple(u for (u,) in st.U),
            "v": st.v,
            "b": st.b,
            "a": STATE_A,
            "b_state": STATE_B,
            "weights_a": numbers(linear[0]),
            "weights_b": numbers(linear[1]),
            "tanh_a": numbers(with_tanh[0]),
            "tanh_b": numbers(with_tanh[1]),
            "wtv": numbers(parts.position),
            "shared": shared,
            "source_terms": numbers(P @ parts.position),  # (W^T v)^T h_j, a word: all that tells the words apart
            "term_a": shared * STATE_A,  # the state's term at A and at B, added to every word's score alike
            "term_b": shared * STATE_B,
        },
        options=options,
        source=TOKENS,
        why=answer,
        misses=misses_of(options, answer),
    )


def _draw_scorer(rng: np.random.Generator) -> Scorer:
    """Entries on a grid of 0.5 in [-2, 2]; half the time W^T v = 0 (v = (a, +-a), W's second row -+ its first), so
    that nothing but the state could tell the positions apart."""

    def entries(*shape: int) -> np.ndarray:
        return rng.integers(-4, 5, size=shape) * 0.5

    W, v = entries(2, 2), entries(2)
    v[v == 0] = 1.0
    if rng.random() < 0.5:
        v[1] = v[0] * rng.choice([-1.0, 1.0])
        W[1] = -W[0] * np.sign(v[0] * v[1])
    return Scorer(
        draw_triangle(rng),
        tuple(tuple(float(x) for x in row) for row in W),
        tuple((float(u),) for u in entries(2)),
        (float(v[0]), float(v[1])),
        tuple(float(x) for x in entries(2)),
    )


P_ = EX.params
TANH_REMOVED = Family(
    "tanh.removed",
    "tanh",
    "scoring",
    Scorer,
    Scorer(
        rows(EX.H),
        tuple(tuple(float(x) for x in row) for row in P_.W),
        tuple((float(u),) for (u,) in P_.U),
        tuple(float(x) for x in P_.v),
        tuple(float(x) for x in P_.b),
    ),
    _draw_scorer,
    _tanh_removed,
)


@dataclass(frozen=True)
class ShiftAtState:
    """The worked example's scores at state ``s``, each raised by the same ``shift``."""

    s: float
    shift: float


def _tanh_shift(st: ShiftAtState) -> Posed:
    family = "tanh.shift"
    e = additive_scores(EX.H, [state(family, st.s)], EX.params)  # (T,)
    before, after = softmax(e), softmax(e + st.shift)  # (T,) each
    if np.abs(before - 1 / len(e)).max() < WEIGHT_TOLERANCE:
        raise Ambiguous(family, "the weights are already nearly uniform")
    change = float(np.abs(after - before).max())
    if EXACT <= change < WEIGHT_TOLERANCE:
        raise Ambiguous(family, "the weights change, but by less than the tolerance")
    answer = "unchanged" if change < EXACT else "sharper" if after.max() > before.max() else "flatter"
    shifted = e + st.shift  # (T,)
    top = int(shifted.argmax())
    options = ("unchanged", "sharper", "flatter", "uniform")
    return Posed(
        "choice",
        answer,
        fields={
            "s": st.s,
            "shift": st.shift,
            "scores": numbers(e),
            "shifted": numbers(shifted),
            "weights": numbers(before),
            "after": numbers(after),
            "leader": Word(top),  # the highest shifted score, how far it leads the next and the lowest
            "lead": float(shifted[top] - np.sort(shifted)[-2]),
            "spread": float(shifted[top] - shifted.min()),
            "largest": float(after.max()),
        },
        options=options,
        source=TOKENS,
        misses=misses_of(options, answer),
    )


TANH_SHIFT = Family(
    "tanh.shift",
    "tanh",
    "scoring",
    ShiftAtState,
    ShiftAtState(STATE_A, 2.0),
    lambda rng: ShiftAtState(draw_state(rng), float(rng.choice([-1.0, 1.0]) * rng.integers(1, 11) * 0.5)),
    _tanh_shift,
)


# --- Step 5, states: the word read most at another state, and identical sources ------------------------------------


@dataclass(frozen=True)
class AtState:
    """The worked example read at state ``s``."""

    s: float


def _states_largest(st: AtState) -> Posed:
    family = "states.largest"
    r, at_a = read_at(state(family, st.s)), read_at(STATE_A)
    j = clear_lead(family, r.weights, WEIGHT_TOLERANCE)
    j_a = int(at_a.weights.argmax())
    return Posed(
        "pick",
        str(j + 1),
        fields={
            "s": st.s,
            "a": STATE_A,
            "weights": numbers(r.weights),
            "word": Word(j),
            "weight": float(r.weights[j]),
            "word_a": Word(j_a),
            "weight_a": float(at_a.weights[j_a]),
        },
        options=pick_options(len(TOKENS)),
        picks=SOURCE_WORDS,
        weights=numbers(r.weights),
        source=TOKENS,
    )


STATES_LARGEST = Family(
    "states.largest",
    "states",
    "revisitable",
    AtState,
    AtState(STATE_B),
    lambda rng: AtState(draw_state(rng)),
    _states_largest,
)


def _states_identical(st: WordAtState) -> Posed:
    family = "states.identical"
    j = word_index(family, st.word)
    copies = identical_sources(EX.H, j)  # (T, d_h): T copies of h_j
    r = read_at(state(family, st.s), copies)
    h, average = EX.H[j], EX.H.mean(axis=0)
    if np.linalg.norm(h - average) < POINT_MARGIN:
        raise Ambiguous(family, "the copied source lies at the sources' average")
    moved = float(np.abs(r.context - read_at(-st.s, copies).context).max())
    answer = (
        "copy"
        if np.abs(r.context - h).max() < EXACT
        else "average"
        if np.abs(r.context - average).max() < EXACT
        else "moves"
        if moved > EXACT
        else "other"
    )
    if answer == "other":
        raise Ambiguous(family, "the read is none of the options")
    options = ("copy", "moves", "average")
    return Posed(
        "choice",
        answer,
        fields={
            "s": st.s,
            "word": Word(j),
            "x": float(h[0]),
            "y": float(h[1]),
            "weights": numbers(r.weights),
            "c1": float(r.context[0]),
            "c2": float(r.context[1]),
            "avg1": float(average[0]),  # the original sources' average, which the copies replaced
            "avg2": float(average[1]),
        },
        options=options,
        source=TOKENS,
        misses=misses_of(options, answer),
    )


STATES_IDENTICAL = Family(
    "states.identical",
    "states",
    "revisitable",
    WordAtState,
    WordAtState(STATE_B, 2),
    lambda rng: WordAtState(draw_state(rng), int(rng.integers(len(TOKENS)))),
    _states_identical,
)

# Step 5 asks about identical sources first: step 4's chart has just drawn state B's weights (s = +1), which would
# answer "the largest weight at s = +1" asked first; asked second, it is asked at a drawn state.
FAMILIES = (
    COMPARE_WEIGHT,
    COMPARE_CONTEXT,
    HULL_POINT,
    HULL_RAW,
    TANH_REMOVED,
    TANH_SHIFT,
    STATES_IDENTICAL,
    STATES_LARGEST,
)
