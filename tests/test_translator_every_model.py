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


@pytest.mark.parametrize("step", tr.snapshot_steps("luong_local"))
def test_the_local_models_weights_lie_in_its_window_at_every_snapshot(step):
    """The window the heatmap tints (AttentionView.window) is where the local model can read: every weight outside
    it is exactly 0, teacher-forced or decoding its own output; its positions p_t lie in (0, T]."""
    for sentence in (SENTENCE, "the small red cat sees the big dog near the old house and the new car likes the tree"):
        for view in (tr.attention_matrix(sentence, step, "luong_local"), tr.translate(sentence, "luong_local", step)):
            T = len(view.source)
            assert view.positions.shape == (len(view.target),) and ((view.positions > 0) & (view.positions <= T)).all()
            window = view.window
            assert window.shape == view.weights.shape and window.any(axis=1).all()
            assert (view.weights[~window] == 0).all()
            assert (window.sum(axis=1) <= 2 * 3 + 1).all()  # D = 3: at most 7 positions


@pytest.mark.parametrize("name", [m for m in tr.ALL_MODELS if m not in ("summary", "luong_local")])
def test_only_the_local_model_has_a_window(name):
    assert tr.attention_matrix(SENTENCE, model=name).window is None
    assert tr.translate(SENTENCE, name).positions is None


def test_at_step_0_bahdanau_and_luong_general_read_nearly_uniformly_and_luong_dot_and_local_do_not():
    """What the heatmap's caption says of step 0 differs between the models (ui.translator.alignment.start_said)."""
    departure = {
        name: tr.departure_from_uniform(tr.attention_matrix(SENTENCE, 0, name))
        for name in tr.ALL_MODELS
        if name != "summary"
    }
    assert departure["attention"] < 0.01 and departure["luong_general"] < 0.01
    assert departure["luong_dot"] > 0.1 and departure["luong_local"] > 0.1


@pytest.mark.parametrize("name", [m for m in tr.ALL_MODELS if m != "summary"])
def test_a_view_is_worked_out_once_read_only_and_the_same_as_anew(name):
    """A sentence's view is kept for its words, model and snapshot: asked again (in other words' case too) it is the
    same object, whose arrays no caller can change; each snapshot and each model has its own."""
    from core.translator import api

    first, step = tr.snapshot_steps(name)[0], tr.snapshot_steps(name)[-1]
    forced, translated = (lambda s, k: tr.attention_matrix(s, k, name)), (lambda s, k: tr.translate(s, name, k))
    for view_of, kept in ((forced, api._read_forced), (translated, api._translated)):
        view = view_of(SENTENCE, step)
        assert view_of(SENTENCE.upper().split(), step) is view
        with pytest.raises(ValueError, match="read-only"):
            view.weights[0, 0] = 1.0
        kept.cache_clear()
        anew = view_of(SENTENCE, step)
        assert anew is not view and (anew.source, anew.target) == (view.source, view.target)
        np.testing.assert_array_equal(anew.weights, view.weights)
        assert not np.array_equal(view_of(SENTENCE, first).weights, view.weights)  # the first snapshot's own
    other = "luong_dot" if name == "attention" else "attention"
    assert tr.attention_matrix(SENTENCE, step, name) is not tr.attention_matrix(SENTENCE, step, other)
