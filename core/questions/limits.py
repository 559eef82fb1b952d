"""Questions of screens 7 and 8, which no walkthrough step shows: what attention is not (sections 1 and 4), and which
positions a reading may use (section 8).

- Screen 7: the notebook sentence read for a question (:mod:`core.selecting`), with "left" and with "did not
  leave": the query gives the feature ``not`` no weight, so both get the same weights; and what global soft
  attention costs, T x T' scores (:mod:`core.costs`).
- Screen 8: the decoder's mask over the target tokens y_0 = <s>, y_1, ..., y_U (:mod:`core.masks`): step t, which
  produces y_t, may use y_0..y_{t-1} only; and causal self-attention, where position i reads positions 1..i.

Ambiguity: the tokens offered as the one hidden from a step are three different words, exactly one of them hidden.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core import selecting as sel
from core.costs import global_count
from core.example import TARGET_TOKENS
from core.masks import causal_mask, decoder_visibility
from core.questions.question import Ambiguous, Family, Named, Posed, Word, pick_options
from core.recurrent import START
from core.refusal import Refusal
from core.translator.task import TARGET_WORDS

EXACT = 1e-12
ACTIONS = np.arange(0, 13) * 0.5  # the question's weight on the action phrase: 0 to 6, screen 7's range
MAX_LENGTH = 60  # screen 7's longest sentences


@dataclass(frozen=True)
class Notebook:
    """The notebook sentence asked ``question`` ("where" or "colour") with weight ``action`` on the action phrase."""

    question: str
    action: float


def _limits_negation(st: Notebook) -> Posed:
    family = "limits.negation"
    if st.question not in sel.QUESTIONS or not 0 <= st.action <= ACTIONS[-1]:
        raise Refusal(f"{family}: expected a question of {sel.QUESTIONS} and an action in [0, 6]", "question.setting")
    left, not_left = sel.notebook(False), sel.notebook(True)
    q = left.query(sel.question_query(st.question, st.action))  # (d_h,): the same query for both sentences
    r, r_not = sel.dot_read(left, q), sel.dot_read(not_left, q)
    gap = float(np.abs(r.weights - r_not.weights).max())
    if EXACT <= gap < 0.05:
        raise Ambiguous(family, "the weights differ, but hardly")
    answer = "same" if gap < EXACT else "differ"
    stated = sel.stated_answer(left, st.question), sel.stated_answer(not_left, st.question)
    return Posed(
        "choice",
        answer,
        fields={
            "question": Named(st.question),
            "action_weight": st.action,
            "largest": float(r.weights.max()),
            "not_weight": float(q[left.feature("not")]),
        },
        options=("same", "differ"),
        why="where" if stated[1] is None else "colour",
    )


LIMITS_NEGATION = Family(
    "limits.negation",
    None,
    "limits",
    Notebook,
    Notebook("where", 0.0),  # screen 7's question and action weight
    lambda rng: Notebook(str(rng.choice(sel.QUESTIONS)), float(rng.choice(ACTIONS))),
    _limits_negation,
)


@dataclass(frozen=True)
class SentenceLengths:
    """A source of ``T`` words and a translation of ``U`` words (T' in the article)."""

    T: int
    U: int


def _limits_cost(st: SentenceLengths) -> Posed:
    if not (1 <= st.T <= MAX_LENGTH and 1 <= st.U <= MAX_LENGTH):
        raise Refusal("limits.cost: lengths must lie in 1..60", "question.setting", name="T")
    n = global_count(st.T, st.U)
    return Posed(
        "number",
        float(n),
        fields={"T": st.T, "U": st.U, "n": n},
        low=0.0,
        high=float(MAX_LENGTH * MAX_LENGTH),
        tolerance=0.0,
        increment=1.0,
    )


LIMITS_COST = Family(
    "limits.cost",
    None,
    "limits",
    SentenceLengths,
    SentenceLengths(20, 20),  # screen 7's lengths
    lambda rng: SentenceLengths(int(rng.integers(2, 41)), int(rng.integers(2, 41))),
    _limits_cost,
)


@dataclass(frozen=True)
class DecoderStep:
    """The decoder writing ``target`` at step ``t`` (1-based: it produces y_t); the tokens offered are y_k for k in
    ``offered`` (y_0 = <s>)."""

    target: tuple[str, ...]
    t: int
    offered: tuple[int, int, int]


def _masks_hidden(st: DecoderStep) -> Posed:
    family = "self_attention.hidden"
    U = len(st.target)
    if not (1 <= U <= MAX_LENGTH and 1 <= st.t <= U and all(0 <= k <= U for k in st.offered)):
        raise Refusal(f"{family}: step and tokens must lie in the sentence", "question.setting", name="t")
    y = (START, *st.target)  # y_0 .. y_U
    if len({y[k] for k in st.offered}) < len(st.offered):
        raise Ambiguous(family, "two of the tokens offered are the same word")
    visible = decoder_visibility(1, U).target[st.t - 1]  # (U + 1,): which y_k step t may use
    hidden = [i for i, k in enumerate(st.offered) if not visible[k]]
    if len(hidden) != 1:
        raise Ambiguous(family, f"{len(hidden)} of the tokens offered are hidden, not one")
    k = st.offered[hidden[0]]
    return Posed(
        "pick",
        str(hidden[0] + 1),
        fields={"t": st.t, "writes": Word(st.t, "target"), "before": st.t - 1, "k": k, "hidden": Word(k, "target")},
        options=pick_options(len(st.offered)),
        picks=tuple(Word(k, "target") for k in st.offered),
        target=y,
        why="itself" if k == st.t else "later",
    )


def _draw_decoder_step(rng: np.random.Generator) -> DecoderStep:
    target = tuple(str(w) for w in rng.choice(TARGET_WORDS, size=int(rng.integers(3, 7)), replace=False))
    offered = rng.choice(len(target) + 1, size=3, replace=False)
    return DecoderStep(target, int(rng.integers(1, len(target) + 1)), tuple(int(k) for k in offered))


MASKS_HIDDEN = Family(
    "self_attention.hidden",
    None,
    "self_attention",
    DecoderStep,
    DecoderStep(TARGET_TOKENS, 2, (0, 2, 1)),  # screen 8's target sentence: which of <s>, 喜欢, 我 step 2 cannot use
    _draw_decoder_step,
    _masks_hidden,
)


@dataclass(frozen=True)
class CausalPosition:
    """Causal self-attention over ``T`` positions, read from position ``i`` (1-based)."""

    T: int
    i: int


def _masks_causal(st: CausalPosition) -> Posed:
    if not (1 <= st.T <= MAX_LENGTH and 1 <= st.i <= st.T):
        raise Refusal("self_attention.causal: position must lie in 1..T", "question.setting", name="i")
    n = int(causal_mask(st.T)[st.i - 1].sum())  # row i: the positions j it may read
    return Posed(
        "number",
        float(n),
        fields={"T": st.T, "i": st.i, "n": n},
        low=0.0,
        high=float(st.T),
        tolerance=0.0,
        increment=1.0,
    )


MASKS_CAUSAL = Family(
    "self_attention.causal",
    None,
    "self_attention",
    CausalPosition,
    CausalPosition(3, 2),
    lambda rng: (lambda T: CausalPosition(T, int(rng.integers(1, T + 1))))(int(rng.integers(2, 13))),
    _masks_causal,
)

FAMILIES = (LIMITS_NEGATION, LIMITS_COST, MASKS_HIDDEN, MASKS_CAUSAL)
