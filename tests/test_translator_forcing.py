"""The sequence loss under teacher forcing and under the model's own predictions (core.translator.forcing)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core.translator as tr
from core.translator import model
from core.translator.task import END, START
from ui.settings.translator import DEFAULT_SENTENCE

TEST = tr.test_sentences("test")
STEPS = tr.snapshot_steps()


def mean_loss(sentence: str, step: int, name: str = "attention") -> float:
    """The trainer's own loss (mean per target token, bahdanau.decode in one batch) for one sentence."""
    ckpt = tr.load_models().get(name)
    return model.loss(ckpt.at(step), ckpt.cfg, model.Batch.of([tr.reference(sentence)]))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(TEST), st.sampled_from(STEPS), st.sampled_from(tr.MODELS))
def test_the_training_sum_is_the_trainers_loss_times_the_target_length(pair, step, name):
    f = tr.teacher_forcing(pair.text, step, name)
    U = len(pair.target)
    assert f.target == pair.target and f.source == pair.source
    assert f.training.fed == (START, *pair.target[:-1])  # the true previous words, <s> first
    assert f.training.nll.shape == (U,) and np.all(f.training.nll >= 0)
    assert f.training.total == pytest.approx(U * mean_loss(pair.text, step, name), rel=1e-10)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(TEST), st.sampled_from(STEPS))
def test_translation_is_fed_its_own_predictions_which_are_greedy_decodings(pair, step):
    f = tr.teacher_forcing(pair.text, step)
    assert f.translation.fed[0] == START
    assert f.translation.fed[1:] == f.translation.predicted[:-1]
    greedy = tr.translate(pair.text, "attention", step).target
    n = min(len(greedy), len(pair.target))
    assert f.translation.predicted[:n] == greedy[:n]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(TEST), st.sampled_from(STEPS))
def test_the_two_regimes_agree_exactly_until_they_are_fed_different_words(pair, step):
    f = tr.teacher_forcing(pair.text, step)
    k = f.first_divergence
    same = len(pair.target) if k is None else k  # the steps before k were fed the same words
    if k is not None:
        assert f.translation.fed[k] != f.training.fed[k]
        assert f.translation.predicted[k - 1] != pair.target[k - 1]  # the mistake that was fed back
    np.testing.assert_array_equal(f.translation.nll[:same], f.training.nll[:same])
    if k is None:
        assert f.translation.total == f.training.total


def test_on_the_default_sentence_one_mistake_at_step_100_raises_the_later_losses():
    f = tr.teacher_forcing(DEFAULT_SENTENCE, 100)
    assert f.first_divergence == 12  # 'arbre' predicted where the reference has 'livre'
    assert f.translation.fed[12] == "arbre" and f.training.fed[12] == "livre"
    assert f.translation.nll[12:].sum() > f.training.nll[12:].sum()
    assert f.translation.total > f.training.total
    final = tr.teacher_forcing(DEFAULT_SENTENCE)
    assert final.first_divergence is None and final.translation.fed == final.training.fed
    assert tr.divergent_snapshots(DEFAULT_SENTENCE) == (0, 25, 50, 100)


def test_a_translation_that_ends_early_is_said_so():
    assert tr.teacher_forcing(DEFAULT_SENTENCE).ended_early is None
    pair = next(p for p in TEST if tr.teacher_forcing(p.text, 0).ended_early is not None)
    g = tr.teacher_forcing(pair.text, 0)
    assert g.translation.predicted[g.ended_early] == END and g.ended_early < len(pair.target) - 1


@pytest.mark.parametrize("sentence", ["cat the sleeps", "the cat"])
def test_a_sentence_outside_the_grammar_has_no_sequence_loss(sentence):
    with pytest.raises(ValueError, match="grammar"):
        tr.teacher_forcing(sentence)
