"""The question bank's entries in tests/claims.py: what computes the numbers its messages state.

A question's messages (``q.<place>.<name>.…``, keys formed at run time by :mod:`ui.questions`) are filled with the
fields its family computes under the question's setting: the family is the claim's source and its module the site.
The widget's own messages (your answer, the answer, the tally) name what fills them in :mod:`ui.questions`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np

import core.questions as qb
from core.masks import causal_mask
from core.questions.reading import EX
from core.reading import attend, hard_read
from core.softmax import softmax

# The fields of ui/catalog/questions.py not already named in tests/claims.py's lists.
QUESTION_NUMBER_FIELDS = frozenset(
    {
        "H",
        "W",
        "action_weight",
        "answer",
        "avg1",
        "avg2",
        "b_state",
        "change",
        "gc",
        "gh",
        "given",
        "grad",
        "h1",
        "h2",
        "h3",
        "grads",
        "lead",
        "minus",
        "mix",
        "not_weight",
        "point",
        "point_mix",
        "previous",
        "runner_share",
        "shared",
        "shift",
        "shifted",
        "snapshot",
        "source_terms",
        "spread",
        "tanh_a",
        "tanh_b",
        "term_a",
        "term_b",
        "true_weight",
        "v",
        "weakest_share",
        "weight_a",
        "weights_a",
        "weights_b",
        "wtv",
        "y",
    }
)
QUESTION_WORD_FIELDS = frozenset(
    {
        "current",
        "hidden",
        "leader",
        "negative_word",
        "own",
        "question",
        "reader",
        "role",
        "runner",
        "taker",
        "target",
        "true",
        "truth",
        "typed",  # the text a reader typed for a number, shown back as typed
        "weakest",
        "word1",
        "word2",
        "word3",
        "word_a",
        "writes",
    }
)

FIELDS_NOTE = "its numbers are the fields the family computes under the question's setting; ui.questions formats them"


def _sum_of(id: str, field: str) -> list[float]:
    return [float(np.sum(qb.ask(id).fields[field]))]


def _softmax_total() -> list[float]:
    """What Softmax's weights sum to, against which the raw scores' total is set ("not 1")."""
    return [float(softmax(qb.ask("hull.raw").fields["scores"]).sum())]


def _hard_slope() -> list[float]:
    """The hard read's change when one score is nudged away from a boundary: none (its slope is 0)."""
    q = qb.ask("hard.slope")
    e = attend(EX.H, [q.setting.s], EX.params).scores  # (T,)
    nudged = e.copy()
    nudged[q.setting.word] += 1e-3
    return [float(np.abs(hard_read(EX.H, nudged).context - hard_read(EX.H, e).context).max())]


def _miss_sums(id: str, field: str) -> list[float]:
    """What the weights a wrong option's "why not" names sum to, for each wrong option ("sum to 1")."""
    q = qb.ask(id)
    return [float(np.sum(q.misses[o][field])) for o in q.misses]


def _first_position() -> list[float]:
    """The first position causal self-attention lets position i read (1-based)."""
    return [float(np.flatnonzero(causal_mask(3)[1])[0] + 1)]


VALUES: dict[str, Callable[[], list[float]]] = {  # the numbers a message writes itself, outside its fields
    "q.compare.weight.why": lambda: _sum_of("compare.weight", "weights"),  # "summing to 1"
    "q.hull.point.prompt": lambda: _sum_of("hull.point", "mix"),  # "sum to 1"
    "q.hull.point.why": lambda: _sum_of("hull.point", "mix"),
    "q.hull.point.miss": lambda: _miss_sums("hull.point", "point_mix"),
    "q.hull.raw.why_inside": _softmax_total,
    "q.hull.raw.why_outside": _softmax_total,
    "q.states.identical.why": lambda: _sum_of("states.identical", "weights"),
    "q.states.identical.miss_moves": lambda: _sum_of("states.identical", "weights"),  # "summing to 1"
    "q.hard.slope.option_zero": _hard_slope,
    "q.hard.slope.why": _hard_slope,
    "q.gradient.total.why": lambda: [float(qb.ask("gradient.total").answer)],  # "always 0"
    "q.self_attention.causal.why": _first_position,
}

CLAIMED = (  # the messages of questions that state a number or a comparison
    "q.fixed.same.prompt",
    "q.fixed.same.why_same",
    "q.fixed.same.why_changes",
    "q.fixed.kept.prompt",
    "q.fixed.kept.why",
    "q.compare.weight.prompt",
    "q.compare.weight.why",
    "q.compare.context.prompt",
    "q.compare.context.why",
    "q.hull.point.prompt",
    "q.hull.point.why",
    "q.hull.point.miss",
    "q.hull.raw.prompt",
    "q.hull.raw.why_inside",
    "q.hull.raw.why_outside",
    "q.tanh.removed.prompt",
    "q.tanh.removed.why_uniform",
    "q.tanh.removed.why_same",
    "q.tanh.removed.why_differ",
    "q.tanh.removed.miss_uniform",
    "q.tanh.removed.miss_same",
    "q.tanh.removed.miss_differ",
    "q.tanh.removed.option_same",  # "some words more than others": a possible answer, the family's computation
    "q.tanh.shift.prompt",
    "q.tanh.shift.why",
    "q.tanh.shift.miss_sharper",
    "q.tanh.shift.miss_flatter",
    "q.tanh.shift.miss_uniform",
    "q.states.largest.prompt",
    "q.states.largest.why",
    "q.states.identical.prompt",
    "q.states.identical.why",
    "q.states.identical.miss_moves",
    "q.states.identical.miss_average",
    "q.sweep.switches.prompt",
    "q.sweep.switches.why",
    "q.sweep.switches.why_none",
    "q.sweep.crossing.prompt",
    "q.sweep.crossing.why",
    "q.hard.jump.prompt",
    "q.hard.jump.why_jumps",
    "q.hard.jump.why_stays",
    "q.hard.slope.prompt",
    "q.hard.slope.option_zero",
    "q.hard.slope.why",
    "q.hard.slope.miss_smooth",
    "q.hard.slope.miss_jump",
    "q.gradient.sign.prompt",
    "q.gradient.sign.why_up",
    "q.gradient.sign.why_down",
    "q.gradient.total.prompt",
    "q.gradient.total.why",
    "q.step.loss.prompt",
    "q.step.loss.why_lower",
    "q.step.loss.why_higher",
    "q.step.weight.prompt",
    "q.step.weight.why_rises",
    "q.step.weight.why_falls",
    "q.align.read.prompt",
    "q.align.read.why_right",
    "q.align.read.why_wrong",
    "q.align.fed.prompt",
    "q.align.fed.why",
    "q.long.falls.prompt",
    "q.long.falls.why",
    "q.long.share.prompt",
    "q.long.share.why",
    "q.limits.negation.prompt",
    "q.limits.negation.why_where",
    "q.limits.negation.why_colour",
    "q.limits.cost.prompt",
    "q.limits.cost.why",
    "q.self_attention.hidden.prompt",
    "q.self_attention.hidden.why_itself",
    "q.self_attention.hidden.why_later",
    "q.self_attention.causal.prompt",
    "q.self_attention.causal.why",
)


def family_site(key: str) -> tuple[str, str]:
    """The family that fills the message ``key`` (as a dotted path) and the module that computes it (its site)."""
    family = qb.family(".".join(key.split(".")[1:3]))
    module = sys.modules[family.pose.__module__]
    name = next(n for n, v in vars(module).items() if v is family)
    return f"{module.__name__}.{name}", module.__name__.replace(".", "/") + ".py"


def question_claims(by: Callable[..., object]) -> dict[str, object]:
    """The entries of the question bank's messages, made with tests/claims.py's ``by``."""
    entries = {
        "q.yours": by("core.questions.check", note="the reader's answer as given: an option's words or a number"),
        "q.correct": by(
            "core.questions.question.Question.answer", note="the answer core computed, as a reader sees it"
        ),
        "q.correct_within": by("core.questions.question.Question.tolerance", note="a number question's tolerance"),
        "q.elsewhere": by("core.questions.question.Question.setting", site="ui/questions.py"),
        "q.range": by("core.questions.question.Question.low", "core.questions.question.Question.high"),
        "q.number_answer": by("core.questions.question.Question.low", "core.questions.question.Question.high"),
        "q.typed_help": by("core.questions.question.Question.low", "core.questions.question.Question.high"),
        "q.typed_not_number": by("core.questions.question.Question.low", "core.questions.question.Question.high"),
        "q.typed_outside": by(
            "core.questions.question.Question.low",
            "core.questions.question.Question.high",
            note="typed: the reader's text, read by ui.questions.read_number",
        ),
        "q.point": by("core.questions.question.Question.points", note="P{k}: the k-th point a pick offers"),
        "q.word_weight": by(
            "core.questions.question.Question.weights", note="the weight core computed for the word a pick offers"
        ),
        "q.tally": by("ui.questions.tally", note="this visit's answers, counted by Check's callback"),
        "q.plane_label": by(
            "core.questions.question.Question.points", note="P{k}: the k-th point a pick offers, named with its role"
        ),
        "q.plane_coordinate": by(
            "core.questions.question.Question.plane", note="i numbers the plane's axes, 1 and 2 (a point is (x, y))"
        ),
    }
    for key in CLAIMED:
        source, site = family_site(key)
        entries[key] = by(source, values=VALUES.get(key), site=site, note=FIELDS_NOTE)
    return entries
