"""Questions on learning where to look (article section 7): walkthrough steps 8 (gradient) and 9 (step).

The worked example's sources and scorer. Step 8's probe loss is L = g^T c with a fixed incoming gradient
g = dL/dc: (d_h,), whose gradient with respect to the scores is dL/de_j = alpha_j g^T (h_j - c) (T,)
(:func:`core.gradients.scores_gradient`). Step 9 takes one gradient step on the scorer's parameters phi =
(W, U, v, b) on the prediction loss -log p(y | c) of the tied output layer (:mod:`core.tied_output`), whose
target token k is predicted best by reading h_k.

Ambiguity: a sign is asked about only where the quantity is clearly away from zero: a score's gradient by at least
:data:`GRADIENT_MARGIN`, a change of loss or of weight after one step by at least :data:`STEP_MARGIN`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.example import PROBE_G, TARGET_TOKENS, TOKENS
from core.gradients import scores_gradient
from core.learning import train_scorer
from core.questions.question import Family, Posed, Word, clear_sign
from core.questions.reading import EX, STATE_A, draw_state, numbers, read_at, state, word_index
from core.refusal import Refusal
from core.tied_output import predict, tied_output_layer

GRADIENT_MARGIN = 0.01
STEP_MARGIN = 2e-3  # a change the reveal shows in its third decimal, and twice what the tests' oracle calls clear
GRADIENT_TOLERANCE = 0.01  # a sum of gradients, entered as a number
G_VALUES = np.arange(-4, 5) * 0.5  # the entries of a drawn g: -2 to 2 in steps of 0.5
RATES = (0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0)  # the learning rates drawn (screen 5 takes up to 10)
OUTPUT = tied_output_layer(EX.H, TARGET_TOKENS)


@dataclass(frozen=True)
class Probe:
    """The probe loss L = g^T c at state ``s``."""

    s: float
    g: tuple[float, float]


@dataclass(frozen=True)
class ProbeOnWord:
    """The probe loss L = g^T c at state ``s``, and one source position ``word`` (0-based) whose score moves."""

    s: float
    g: tuple[float, float]
    word: int


def draw_g(rng: np.random.Generator) -> tuple[float, float]:
    while True:
        g = rng.choice(G_VALUES, size=2)
        if g.any():
            return float(g[0]), float(g[1])


def score_gradients(family: str, s: float, g: tuple[float, float]):
    """The read at s, and dL/de: (T,) for L = g^T c."""
    r = read_at(state(family, s))
    g_ = np.array(g, dtype=float)  # (d_h,)
    if g_.shape != (2,):
        raise Refusal(f"{family}: g must have two entries", "question.setting", name="g")
    return r, g_, scores_gradient(EX.H, r.weights[None, :], g_[None, :])[0]  # (T,)


def _gradient_sign(st: ProbeOnWord) -> Posed:
    family = "gradient.sign"
    j = word_index(family, st.word)
    r, g, de = score_gradients(family, st.s, st.g)
    answer = "up" if clear_sign(family, float(de[j]), GRADIENT_MARGIN) < 0 else "down"  # descent: e_j -= lr dL/de_j
    return Posed(
        "choice",
        answer,
        fields={
            "s": st.s,
            "g1": st.g[0],
            "g2": st.g[1],
            "word": Word(j),
            "grad": float(de[j]),
            "weight": float(r.weights[j]),
            "gh": float(g @ EX.H[j]),
            "gc": float(g @ r.context),
        },
        options=("up", "down"),
        source=TOKENS,
        why=answer,
    )


GRADIENT_SIGN = Family(
    "gradient.sign",
    "gradient",
    "learning",
    ProbeOnWord,
    ProbeOnWord(STATE_A, PROBE_G, 0),
    lambda rng: ProbeOnWord(draw_state(rng), draw_g(rng), int(rng.integers(len(TOKENS)))),
    _gradient_sign,
)


def _gradient_total(st: Probe) -> Posed:
    _, _, de = score_gradients("gradient.total", st.s, st.g)
    return Posed(
        "number",
        float(de.sum()),
        fields={"s": st.s, "g1": st.g[0], "g2": st.g[1], "grads": numbers(de), "total": float(de.sum())},
        source=TOKENS,
        low=-1.0,
        high=1.0,
        tolerance=GRADIENT_TOLERANCE,
        increment=0.01,
    )


GRADIENT_TOTAL = Family(
    "gradient.total",
    "gradient",
    "learning",
    Probe,
    Probe(STATE_A, PROBE_G),
    lambda rng: Probe(draw_state(rng), draw_g(rng)),
    _gradient_total,
)


@dataclass(frozen=True)
class OneStep:
    """One gradient step at state ``s`` with learning rate ``lr`` towards the target token ``target`` (0-based, of
    the worked example's target words; the tied output layer predicts it best from h_target)."""

    s: float
    lr: float
    target: int


def one_step(family: str, st: OneStep) -> dict[str, object]:
    """The loss and the weight on the target's source position before and after the step."""
    k = word_index(family, st.target)
    if not 0 < st.lr <= 10:
        raise Refusal(f"{family}: expected a learning rate in (0, 10]", "question.setting", name="lr")
    s = [state(family, st.s)]
    (taken,) = train_scorer(EX.H, s, EX.params, OUTPUT, k, st.lr, 1)
    before = predict(EX.H, s, EX.params, OUTPUT, k)
    after = predict(EX.H, s, taken.params, OUTPUT, k)
    return {
        "s": st.s,
        "lr": st.lr,
        "target": Word(k, "target"),
        "word": Word(k),
        "before": float(before.loss),
        "after": float(after.loss),
        "w0": float(before.reading.weights[k]),
        "w1": float(after.reading.weights[k]),
    }


def _step_loss(st: OneStep) -> Posed:
    fields = one_step("step.loss", st)
    answer = "lower" if clear_sign("step.loss", fields["after"] - fields["before"], STEP_MARGIN) < 0 else "higher"
    return Posed(
        "choice",
        answer,
        fields=fields,
        options=("lower", "higher"),
        source=TOKENS,
        target=TARGET_TOKENS,
        why=answer,
    )


def _step_weight(st: OneStep) -> Posed:
    fields = one_step("step.weight", st)
    answer = "rises" if clear_sign("step.weight", fields["w1"] - fields["w0"], STEP_MARGIN) > 0 else "falls"
    return Posed(
        "choice",
        answer,
        fields=fields,
        options=("rises", "falls"),
        source=TOKENS,
        target=TARGET_TOKENS,
        why=answer,
    )


def _draw_step(rng: np.random.Generator) -> OneStep:
    return OneStep(draw_state(rng), float(rng.choice(RATES)), int(rng.integers(len(TARGET_TOKENS))))


STEP_DEFAULT = OneStep(STATE_A, 0.5, 2)  # step 9's view: s = -1, rate 0.5, target 猫 (A reads mostly "I")
STEP_LOSS = Family("step.loss", "step", "learning", OneStep, STEP_DEFAULT, _draw_step, _step_loss)
STEP_WEIGHT = Family("step.weight", "step", "learning", OneStep, STEP_DEFAULT, _draw_step, _step_weight)

# Step 8 asks the sum first: answered, the step's point says the gradients always sum to zero, which would give the
# sum away asked second.
FAMILIES = (GRADIENT_TOTAL, GRADIENT_SIGN, STEP_LOSS, STEP_WEIGHT)
