"""Screen 6's API takes every trained model by name: the two shipped ones and Luong et al.'s three decoders, each
read from its stored checkpoint (checkpoints/luong/ for Luong's)."""

import numpy as np
import pytest

import core.translator as tr
from core.translator import checkpoint, compare
from core.translator.model import Batch, teacher_forced_weights
from core.translator.task import reference

SENTENCE = "the big cat sees a small dog"


def test_every_model_name_loads_its_own_checkpoint():
    assert tr.ALL_MODELS == compare.ALL_MODELS
    for name in tr.ALL_MODELS:
        ckpt = tr.load_models().get(name)
        want = checkpoint.load(
            (compare.luong_dir() if name in checkpoint.LUONG_MODELS else checkpoint.CHECKPOINT_DIR) / f"{name}.npz"
        )
        assert ckpt.cfg == want.cfg
        assert tr.snapshot_steps(name) == want.steps
        for k in want.params:
            np.testing.assert_array_equal(ckpt.params[k], want.params[k])
    with pytest.raises(ValueError, match="model: expected one of"):
        tr.load_models().get("luong_concat")


@pytest.mark.parametrize("name", checkpoint.LUONG_MODELS)
def test_a_luong_models_weights_and_translation_are_its_own(name):
    ckpt = tr.load_models().get(name)
    view = tr.attention_matrix(SENTENCE, model=name)
    pair = reference(SENTENCE)
    np.testing.assert_array_equal(view.weights, teacher_forced_weights(ckpt.at(None), ckpt.cfg, Batch.of([pair]))[0])
    assert not np.allclose(view.weights, tr.attention_matrix(SENTENCE).weights)  # not Bahdanau's
    out = tr.translate(SENTENCE, model=name)
    assert out.weights is not None and out.weights.shape == (len(out.target), len(out.source))
    forcing = tr.teacher_forcing(SENTENCE, model=name)
    assert forcing.training.nll.shape == (len(pair.target),)


def test_the_fixed_summary_has_no_weights_to_show():
    with pytest.raises(ValueError, match="model: the fixed summary reads no weights"):
        tr.attention_matrix(SENTENCE, model="summary")


@pytest.mark.parametrize("name", checkpoint.LUONG_MODELS)
def test_alignment_setbacks_read_the_named_models_weights(name):
    sentences = tuple(" ".join(p.source) for p in tr.test_sentences()[:6])
    pairs, setbacks = tr.alignment_setbacks(sentences, name)
    steps = tr.snapshot_steps(name)
    want = []
    for sentence in sentences:
        shares = [np.divide(*tr.read_right(tr.attention_matrix(sentence, k, name))) for k in steps]
        want += [(sentence, a, b) for a, b, x, y in zip(steps, steps[1:], shares, shares[1:], strict=False) if y < x]
    assert pairs == len(sentences) * (len(steps) - 1)
    assert [(s.sentence, s.before_step, s.after_step) for s in setbacks] == want


def test_learning_curves_are_the_recorded_validation_curves_and_their_first_step_at_the_threshold():
    recorded = compare.load_recorded()
    curves = tr.learning_curves()
    assert tuple(curves) == tr.ALL_MODELS
    for name, curve in curves.items():
        want = recorded["models"][name]
        assert dict(zip(map(str, curve.steps), curve.exact, strict=True)) == want["valid_curve"]
        assert list(curve.steps) == sorted(curve.steps)
        assert curve.threshold == recorded["threshold"]
        first = next((s for s, x in zip(curve.steps, curve.exact, strict=True) if x >= curve.threshold), None)
        assert curve.reached_at == first
        assert (want["steps_to_threshold"] == compare.NOT_REACHED) == (first is None)
