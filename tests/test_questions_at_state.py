"""A screen's "Check yourself" asks at the reader's state (core.questions.at_state): the answer is computed there."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import core.questions as qb
from core.example import worked_example

EX = worked_example()


def weights_at(s: float) -> np.ndarray:
    """Softmax of e_j = v^T tanh(W h_j + U s + b) over the worked example, written out (T,)."""
    p = EX.params
    e = np.array([p.v @ np.tanh(p.W @ h + p.U @ np.array([s]) + p.b) for h in EX.H])
    w = np.exp(e - e.max())
    return w / w.sum()


@pytest.mark.parametrize("s", [-2.5, -0.4, 0.7, 1.9])
def test_a_weight_question_follows_the_readers_state_to_its_mirror_and_is_answered_there(s):
    """Screen 2 writes each word's weight at the reader's state on its bar: the question asks at -s."""
    q = qb.at_state("compare.weight", s)
    assert q.setting.s == -s
    assert q.answer == pytest.approx(weights_at(-s)[q.setting.word], abs=1e-12)


@pytest.mark.parametrize("s", [-2.5, 0.7])
def test_a_question_whose_answer_the_screen_does_not_write_is_asked_at_the_readers_state(s):
    q = qb.at_state("states.identical", s)
    assert q.setting.s == s


def test_a_question_whose_setting_holds_no_state_is_asked_under_its_default():
    family = qb.family("tanh.removed")
    assert not any(f.name == "s" for f in dataclasses.fields(family.default))
    assert qb.at_state("tanh.removed", 2.0) == qb.ask("tanh.removed")


def test_a_state_where_the_answer_is_ambiguous_falls_back_to_the_default():
    # states.largest asks for the most-weighted word: near s = 0 two weights lie within the tie margin
    ambiguous = [s for s in np.round(np.arange(-3, 3.01, 0.05), 2) if _refused("states.largest", float(s))]
    assert ambiguous, "some state makes the largest weight a near-tie"
    s = float(ambiguous[0])
    assert qb.at_state("states.largest", s) == qb.ask("states.largest")


def _refused(id: str, s: float) -> bool:
    family = qb.family(id)
    try:
        family.ask(dataclasses.replace(family.default, s=s))
    except qb.Ambiguous:
        return True
    return False
