"""What if a model had looked elsewhere (core.translator.whatif): the override's arithmetic, the decoder it runs
through against the models' own, a hand-checked sentence, and the stored test-set effects recomputed."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core.translator as tr
from core.translator import whatif
from core.translator.model import greedy
from core.translator.task import source_ids

READERS = [name for name in tr.ALL_MODELS if name != "summary"]
SENTENCE = "every new blue woman sees his big blue tree with your small red book"


@given(
    st.lists(st.floats(0.01, 1.0), min_size=2, max_size=12),
    st.integers(0, 11),
    st.floats(0.0, 1.0),
    st.floats(0.1, 1.0),
)
def test_an_override_keeps_the_steps_total_and_does_what_it_says(raw, j, share, total):
    """A step's weights sum to 1, or less for Luong's local model (``total``): every override keeps that total, so
    it moves weight between words and adds none."""
    alpha = total * np.array(raw) / np.sum(raw)
    j = j % len(alpha)
    focus = whatif.reweighed(alpha, j, "focus")
    removed = whatif.reweighed(alpha, j, "remove")
    blended = whatif.reweighed(alpha, j, "blend", share)
    for w in (focus, removed, blended):
        assert np.all(w >= 0) and np.isclose(w.sum(), alpha.sum())
    assert focus[j] == pytest.approx(alpha.sum())
    assert removed[j] == 0.0
    others = np.arange(len(alpha)) != j
    assert np.allclose(removed[others] / alpha[others], alpha.sum() / (alpha.sum() - alpha[j]))  # ratios kept
    assert np.isclose(blended[j], (1 - share) * alpha[j] + share * alpha.sum())


@pytest.mark.parametrize("kind", whatif.KINDS)
def test_an_override_of_a_local_step_keeps_the_steps_own_total(kind):
    """Luong's local model reads a Softmax times a Gaussian, not renormalised: its steps' weights sum to less than
    1, and an override there keeps that sum (it moved weight and rescaled c_t at once when it gave every step 1)."""
    own = tr.translate(SENTENCE, "luong_local")
    for step in range(len(own.target)):
        word = int(own.weights[step].argsort()[-2])  # the second-weighted word: removable at every step
        view = tr.what_if(SENTENCE, "luong_local", step, word, kind)
        assert view.before.sum() < 1 - 1e-3
        assert view.after.sum() == pytest.approx(view.before.sum(), rel=1e-12), step


def test_an_override_refuses_what_it_cannot_do():
    with pytest.raises(ValueError, match="nothing to read"):
        whatif.reweighed(np.array([0.0, 1.0]), 1, "remove")
    with pytest.raises(ValueError, match="source position"):
        whatif.reweighed(np.array([0.5, 0.5]), 2, "focus")
    with pytest.raises(ValueError, match="share"):
        whatif.reweighed(np.array([0.5, 0.5]), 0, "blend", 1.5)
    with pytest.raises(ValueError, match="fixed summary"):
        tr.what_if(SENTENCE, "summary", 0, 0, "focus")
    with pytest.raises(ValueError, match="target step"):
        tr.what_if(SENTENCE, "attention", 99, 0, "focus")


@pytest.mark.parametrize("model", READERS)
def test_without_an_override_the_decoder_is_the_models_own(model):
    ckpt = tr.load_models().get(model)
    params = ckpt.at(None)
    X, mask = source_ids([SENTENCE.split()])
    own = greedy(params, ckpt.cfg, X, mask)
    ours = whatif.decode(params, ckpt.cfg, X, mask)
    assert ours.ids == tuple(own.ids[0, : len(ours.ids)]) and ours.ids[-1] == 2  # ends with </s>
    np.testing.assert_array_equal(ours.weights, own.weights[0, : len(ours.ids)])


@pytest.mark.parametrize("model", READERS)
def test_the_loss_without_an_override_is_the_teacher_forced_loss(model):
    view = tr.what_if(SENTENCE, model, 3, 0, "focus")
    assert view.loss_before == pytest.approx(tr.teacher_forcing(SENTENCE, model=model).training.total, rel=1e-12)


def test_a_hand_checked_sentence_one_override_changes_the_translation_and_one_does_not():
    """Bahdanau's model on our default sentence writes 'chaque femme bleu neuf voit ...'. At step 2 it writes
    'bleu' for 'blue' (position 2, read with weight 0.98+): with that word removed it writes 'grand' instead and
    the rest follows; at step 4 ('voit' for 'sees', position 4) removing 'sees' leaves 'voit' the most probable
    word, now at p < 0.5, and the translation unchanged."""
    own = tr.translate(SENTENCE)
    assert own.target[2] == "bleu" and own.target[4] == "voit"
    assert own.weights[2].argmax() == 2 and own.weights[2, 2] > 0.98
    changed = tr.what_if(SENTENCE, "attention", 2, 2, "remove")
    assert changed.original == own.target
    assert changed.changed[:3] == ("chaque", "femme", "grand") and changed.first_difference == 2
    assert changed.after[2] == 0.0 and changed.p_kept < 0.05 < changed.p_after
    assert changed.loss_after > changed.loss_before + 10  # the reference's 'bleu' now very improbable
    kept = tr.what_if(SENTENCE, "attention", 4, 4, "remove")
    assert own.weights[4].argmax() == 4
    assert kept.changed == own.target and kept.first_difference is None
    assert kept.p_after == kept.p_kept < 0.5 < kept.p_before


COUNTED = ("moved", "removed", "focused")  # the interventions whose changed steps whatif.json counts by part
MEASURED = ("rest", "total", "total_min")  # medians and a least value over every step: floats


def test_the_stored_test_set_effects_are_recomputed_exactly():
    stored = tr.whatif_effects()
    assert stored["split"] == "test" and list(stored["models"]) == READERS
    again = whatif.effects_of_every_model(tr.load_models(), tr.test_sentences("test"))
    for name, counts in again.items():
        want = stored["models"][name]
        assert set(counts) == set(want) == {"steps", "rest_small", *COUNTED, *MEASURED}
        assert {k: counts[k] for k in ("steps", "rest_small", *COUNTED)} == {
            k: want[k] for k in ("steps", "rest_small", *COUNTED)
        }, name
        assert [counts[k] for k in MEASURED] == pytest.approx([want[k] for k in MEASURED], rel=1e-9), name
        assert sum(counts["steps"].values()) == sum(len(p.target) for p in tr.test_sentences("test"))
        assert all(counts[k][p] <= counts["steps"][p] for k in COUNTED for p in whatif.PARTS)


def test_the_recorded_sharpness_and_totals_are_the_teacher_forced_weights():
    """What whatif.json says of each model's reading, counted again from attention_matrix, one sentence at a time:
    the median share of a step's weight outside its most-weighted word, the steps where it is under SMALL, and the
    steps' totals (1 but for the local model)."""
    pairs = tr.test_sentences("test")[::10]
    for name in READERS:
        views = [tr.attention_matrix(p.source, None, name).weights for p in pairs]
        totals = np.concatenate([w.sum(axis=1) for w in views])
        rest = (totals - np.concatenate([w.max(axis=1) for w in views])) / totals
        stored = tr.whatif_effects()["models"][name]
        small = stored["rest_small"] / sum(stored["steps"].values())
        assert np.median(totals) == pytest.approx(stored["total"], abs=0.03), name
        assert np.median(rest) == pytest.approx(stored["rest"], abs=0.01), name
        assert (rest < whatif.SMALL).mean() == pytest.approx(small, abs=0.03), name
        assert (totals.min() < 0.99) == (name == "luong_local") == (stored["total_min"] < 0.99), name


def test_a_part_of_speech_for_every_source_word():
    parts = {whatif.part_of_speech(w) for w in tr.source_vocabulary()}
    assert parts == set(whatif.PARTS) - {"none"}
    with pytest.raises(ValueError):
        whatif.part_of_speech("chat")


@pytest.mark.parametrize("model", READERS)
def test_an_override_reads_its_weights_at_its_step_alone(model):
    view = tr.what_if(SENTENCE, model, 2, 0, "focus")  # every weight on 'every' while writing the third word
    np.testing.assert_array_equal(view.after, view.before.sum() * np.eye(len(view.source))[0])  # the step's total
    assert view.changed[:2] == view.original[:2]  # the steps before are the model's own
    assert view.p_kept != pytest.approx(view.p_before, abs=1e-6)  # the read reaches the output


def test_the_docs_what_if_table_is_the_recorded_one():
    from pathlib import Path

    docs = (Path(__file__).resolve().parent.parent / "docs" / "translator.md").read_text()
    models = tr.whatif_effects()["models"]
    total = sum(models["attention"]["steps"].values())
    for part in (*whatif.PARTS, "all"):
        n = total if part == "all" else models["attention"]["steps"][part]
        shares = []
        for counts in models.values():
            moved, removed = (
                (sum(counts[k].values()) if part == "all" else counts[k][part]) / n for k in ("moved", "removed")
            )
            shares.append(f"{moved:.0%} / {removed:.0%}")
        assert f"| {part} | {n:,} | {' | '.join(shares)} |" in docs, part

    def share(model: str, kind: str) -> float:
        return sum(models[model][kind].values()) / total

    dot_general = [share(m, k) for m in ("luong_dot", "luong_general") for k in ("moved", "removed")]
    others = [share(m, k) for m in ("attention", "luong_local") for k in ("moved", "removed")]
    assert [f"{min(dot_general):.0%}", f"{max(dot_general):.0%}"] == ["90%", "93%"]  # the ranges the prose gives
    assert [f"{min(others):.0%}", f"{max(others):.0%}"] == ["68%", "75%"]
    words = [p for p in whatif.PARTS if p != "none"]
    for kind in ("moved", "removed"):
        least = min((models[m][kind][p] / models[m]["steps"][p], m, p) for m in models for p in words)
        assert least[1:] == ("luong_local", "verb")  # "of the steps that translate one, local-p's verbs change least"
    said = " ".join(docs.split())
    verbs = models["luong_local"]
    assert f"local-p's verbs change least ({verbs['moved']['verb'] / verbs['steps']['verb']:.0%} / " in said
    assert f"{verbs['removed']['verb'] / verbs['steps']['verb']:.0%})" in said
    # what the overrides keep: the step's total, 1 but for local-p
    local = models["luong_local"]
    assert [m for m in models if models[m]["total_min"] < 1 - 1e-9] == ["luong_local"]
    assert (
        f"sum to a median {local['total']:.3f} of a step over the test set ({local['total_min']:.3f} at least)" in said
    )
    # sharpness: the weight outside the most-weighted word, and the steps where it is under SMALL
    sharp = [f"{models[m]['rest_small'] / total:.0%}" for m in ("luong_dot", "luong_general", "luong_local")]
    bahdanau = models["attention"]
    assert f"lies a median {bahdanau['rest']:.1%} of a step's weight for Bahdanau's model (under " in said
    assert f"(under {whatif.SMALL:.0%} at {bahdanau['rest_small'] / total:.0%} of its steps)" in said
    assert (
        f"over {1 - whatif.SMALL:.0%} of a step's weight on one word at {sharp[0]}, {sharp[1]} and {sharp[2]}" in said
    )
    focused = ", ".join(str(sum(models[m]["focused"].values())) for m in READERS[:-1])
    assert f"changes the output at {focused} and {sum(models['luong_local']['focused'].values())} of the" in said
    assert f"of the {total:,} steps (Bahdanau, dot, general, local-p)" in said
    # the steps that translate no source word: Bahdanau's output changes little when its top word is removed, more
    # when its weight moves to the second word
    n, moved, removed = (bahdanau[k]["none"] for k in ("steps", "moved", "removed"))
    assert f"removing Bahdanau's top word changes the output at {removed / n:.0%} of them ({removed} of {n:,})" in said
    assert f"moving its weight to the second word at {moved / n:.0%} ({moved} of {n:,})" in said
    assert "barely cares" not in said
