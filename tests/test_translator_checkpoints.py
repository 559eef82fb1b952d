"""The shipped checkpoints: they reproduce the recorded metrics, and the screen's API reads them."""

import contextlib
import io
import json

import numpy as np
import pytest

import core.translator as translator
from core.translator import __main__ as cli
from core.translator import checkpoint, evaluate, run, task
from tests.shared import once_a_run

RECORDED = json.loads((checkpoint.CHECKPOINT_DIR / "metrics.json").read_text())


def evaluate_json() -> dict:
    """What ``python -m core.translator --evaluate --json`` prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--evaluate", "--json"]) == 0
    return json.loads(out.getvalue())


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory, worker_id) -> dict:
    """The evaluation, run once for the whole run: the module's tests may fall on several test processes."""
    return once_a_run("translator-evaluation", evaluate_json, tmp_path_factory, worker_id)


@pytest.mark.parametrize("name", ["attention", "summary"])
def test_checkpoints_reproduce_the_recorded_metrics(evaluated, name):
    got, want = evaluated[name], RECORDED[name]
    assert got["exact_match"] == pytest.approx(want["exact_match"], abs=1e-12)
    assert got["by_length"] == pytest.approx(want["by_length"], abs=1e-12)
    assert got["counts"] == want["counts"]
    if name == "attention":
        assert got["alignment_accuracy"] == pytest.approx(want["alignment_accuracy"], abs=1e-12)
        assert got["crossing_accuracy"] == pytest.approx(want["crossing_accuracy"], abs=1e-12)
    lengths = sorted(int(L) for L in got["by_length"])
    assert lengths == list(range(task.TRAIN_LENGTHS[0], task.LONG_LENGTHS[1] + 1))  # both test sets


def test_acceptance_figures(evaluated):
    att, summ = evaluated["attention"], evaluated["summary"]
    assert att["exact_match"] >= 0.95
    assert att["alignment_accuracy"] >= 0.90
    assert att["crossing_accuracy"] >= 0.90
    assert summ["exact_match"] <= att["exact_match"] - 0.2

    def mean_over(scores, lo, hi):
        return np.mean([v for L, v in scores["by_length"].items() if lo <= int(L) <= hi])

    short, longer, beyond = (3, 8), (17, 24), task.LONG_LENGTHS
    assert mean_over(summ, *short) - mean_over(summ, *longer) > 0.5  # the fixed summary degrades with length
    assert mean_over(att, *longer) >= 0.9  # attention does not, within the training range
    assert mean_over(att, *beyond) > mean_over(summ, *beyond) + 0.5


def test_readable_table_lists_every_length(evaluated, monkeypatch):
    monkeypatch.setattr(run, "evaluate_all", lambda directory: evaluated)  # the same evaluation, not run twice
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--evaluate"]) == 0
    text = out.getvalue()
    assert "exact match (lengths 3-24)" in text and "alignment accuracy" in text
    for L in range(task.TRAIN_LENGTHS[0], task.LONG_LENGTHS[1] + 1):
        assert f"\n{L:>13d}" in text
    assert text.count("(longer than training)") == task.LONG_LENGTHS[1] - task.LONG_LENGTHS[0] + 1


def test_missing_checkpoints_are_reported_not_raised(tmp_path, capsys):
    assert cli.main(["--evaluate", "--dir", str(tmp_path)]) == 1
    assert "run `python -m core.translator --train`" in capsys.readouterr().err


def test_checkpoints_are_small_and_hold_snapshots_from_step_0():
    files = list(checkpoint.CHECKPOINT_DIR.glob("*.npz"))
    assert sorted(f.stem for f in files) == sorted([*checkpoint.MODELS, run.LONGER_NAME])
    assert sum(f.stat().st_size for f in files) < 4_000_000
    for name in checkpoint.MODELS:
        ckpt = translator.load_models().get(name)
        assert len(ckpt.steps) >= 6 and ckpt.steps[0] == 0 and ckpt.steps[-1] == ckpt.tcfg.steps
        assert ckpt.cfg == run.DEFAULTS[name][0] and ckpt.tcfg == run.DEFAULTS[name][1]
        assert len(ckpt.losses) == ckpt.tcfg.steps


def test_model_names_and_snapshot_steps_are_defined_once_and_exported():
    from core.translator import api, train

    assert translator.MODELS is checkpoint.MODELS and "MODEL_NAMES" not in vars(api)
    assert translator.LIVE_TRAINING is api.LIVE_TRAINING
    assert train.TrainConfig().snapshots is train.SNAPSHOTS is run.DEFAULTS["attention"][1].snapshots
    for name in translator.MODELS:
        assert translator.snapshot_steps(name) == (*train.SNAPSHOTS, 1500)  # what the shipped files hold


def test_alignment_emerges_over_the_snapshots():
    ckpt = translator.load_models().attention
    pairs = task.dataset("test")[::10]
    first = evaluate.alignment_hits(ckpt.at(0), ckpt.cfg, pairs)[0].mean()
    last = evaluate.alignment_hits(ckpt.at(None), ckpt.cfg, pairs)[0].mean()
    assert first < 0.3 < 0.9 < last
    view = translator.attention_matrix(pairs[0].source, step=0)
    np.testing.assert_allclose(view.weights, 1.0 / len(pairs[0].source), rtol=0.05)  # near uniform at step 0


def test_screen_api():
    models = translator.load_models()
    assert translator.load_models() is models  # cached
    pair = translator.test_sentences()[100]
    assert len(translator.test_sentences("long")) == task.SET_SIZES["long"]
    view = translator.translate(pair.text)
    assert view.target == pair.target and view.alignment == pair.alignment
    assert view.weights.shape == (len(pair.target), len(pair.source))
    assert translator.translate(pair.source, model="summary").weights is None
    matrix = translator.attention_matrix(pair.text, step=translator.snapshot_steps()[3])
    assert matrix.weights.shape == (len(pair.target), len(pair.source))
    np.testing.assert_allclose(matrix.weights.sum(axis=1), 1.0)
    truth = translator.true_alignment(pair.text)
    assert truth.shape == matrix.weights.shape and truth.sum() == sum(j >= 0 for j in pair.alignment)
    curves = translator.loss_curves()
    assert all(c[:10].mean() > 5 * c[-10:].mean() for c in curves.values())
    by_length = translator.accuracy_by_length()
    assert by_length["attention"] == [RECORDED["attention"]["by_length"][str(L)] for L in by_length["lengths"]]
    assert "the" in translator.source_vocabulary()


def test_the_longer_than_training_sentences_pooled_are_the_long_test_set():
    beyond = translator.beyond_training()
    assert beyond["count"] == task.SET_SIZES["long"] and beyond["lengths"] == task.LONG_LENGTHS
    assert beyond["train_max_length"] == task.TRAIN_LENGTHS[1] < beyond["lengths"][0]
    for model in ("attention", "summary"):
        exact = beyond[model] * beyond["count"]  # a share of whole sentences
        assert exact == pytest.approx(round(exact), abs=1e-9)
        acc = translator.accuracy_by_length()
        per_length = [a for n, a in zip(acc["lengths"], acc[model], strict=True) if n > beyond["train_max_length"]]
        assert min(per_length) <= beyond[model] <= max(per_length)


def test_screen_api_validates():
    with pytest.raises(ValueError, match="model: expected one of"):
        translator.translate("the cat sleeps", model="rnn")
    with pytest.raises(ValueError, match="step: expected one of the snapshot steps"):
        translator.attention_matrix("the cat sleeps", step=7)
    with pytest.raises(ValueError, match="unknown word.*'zebra'"):
        translator.translate("the zebra sleeps")
    with pytest.raises(ValueError, match="not in the toy grammar"):
        translator.attention_matrix("cat the sleeps")
    with pytest.raises(ValueError, match="split"):
        translator.test_sentences("train")
    assert translator.translate("cat the sleeps").alignment is None  # outside the grammar: no true alignment


def test_the_docs_report_the_recorded_figures():
    section = (checkpoint.CHECKPOINT_DIR.parent / "docs" / "translator.md").read_text()
    att, summ = RECORDED["attention"], RECORDED["summary"]
    assert f"| {att['exact_match']:.3f} | {summ['exact_match']:.3f} |" in section
    assert f"| {att['alignment_accuracy']:.3f} (" in section
    assert f"| {att['train_seconds']:.1f} s | {summ['train_seconds']:.1f} s |" in section
    for L, count in att["counts"].items():
        name = f"**{L}**" if int(L) > task.TRAIN_LENGTHS[1] else L
        assert f"| {name} | {count} | {att['by_length'][L]:.3f} | {summ['by_length'][L]:.3f} |" in section, L


LONGER = json.loads((checkpoint.CHECKPOINT_DIR / f"{run.LONGER_NAME}.json").read_text())


def test_the_longer_trained_summary_reproduces_its_recorded_figures():
    """The stored 6,000-step model, evaluated again, gives what ``--train-longer-summary`` recorded and screen 6
    and docs/translator.md say (its command trains it with the shipped summary's settings but the steps)."""
    ckpt = checkpoint.load(checkpoint.CHECKPOINT_DIR / f"{run.LONGER_NAME}.npz")
    cfg, tcfg = run.LONGER_SUMMARY
    assert ckpt.cfg == cfg == run.DEFAULTS["summary"][0] and ckpt.tcfg.steps == tcfg.steps == 6000
    again = run.longer_summary_metrics(ckpt)
    assert again["exact_match"] == pytest.approx(LONGER["exact_match"], abs=1e-12)
    assert again["by_length"] == pytest.approx(LONGER["by_length"], abs=1e-12)
    assert {k: again[k] for k in ("perfect", "low_from", "at_most")} == {
        k: LONGER[k] for k in ("perfect", "low_from", "at_most")
    }
    assert translator.longer_summary() == LONGER
    said = " ".join((checkpoint.CHECKPOINT_DIR.parent / "docs" / "translator.md").read_text().split())
    assert f"it reached {LONGER['exact_match']:.3f} exact match, perfect up to {LONGER['perfect']} words" in said
    assert f"(at most {LONGER['at_most']:.3f}) from {LONGER['low_from']} words on" in said


@pytest.mark.parametrize(
    ("by_length", "profile"),
    [
        ({"3": 1.0, "4": 1.0, "5": 0.5, "6": 0.04, "7": 0.0}, {"perfect": 4, "low_from": 6, "at_most": 0.04}),
        ({"3": 0.9, "4": 0.06, "5": 0.01}, {"perfect": 0, "low_from": 5, "at_most": 0.01}),
        ({"3": 1.0, "4": 0.5}, {"perfect": 3, "low_from": None, "at_most": None}),
        ({"3": 0.5, "4": 0.01, "5": 0.2, "6": 0.0}, {"perfect": 0, "low_from": 6, "at_most": 0.0}),  # not 4: 5 is 0.2
    ],
)
def test_the_length_profile_reads_where_exact_match_is_perfect_and_where_it_is_nearly_never(by_length, profile):
    assert run.length_profile(by_length) == profile


def test_a_shipped_models_encoding_of_a_sentence_is_worked_out_once_and_a_trained_ones_every_time() -> None:
    """A loaded checkpoint's arrays are read-only; its encoding of the same sentence is the same object on every
    call, read-only too, and equal to the encoder's pass worked out afresh. A batch (an evaluation's, whose steps'
    caches are large) and parameters being trained (writable) are encoded on every call, so a change shows."""
    from core.translator import encoder

    ckpt = translator.load_models().get("attention")
    with pytest.raises(ValueError, match="read-only"):
        ckpt.at(None)["E_src"][0, 0] = 0.0
    X, mask = task.source_ids([("a", "red", "cat", "sees", "the", "dog")])
    for step in (ckpt.steps[0], None):
        params = ckpt.at(step)
        first, again = encoder.encode(params, X, mask), encoder.encode(params, X, mask)
        assert first is again and not first.H.flags.writeable
        fresh = encoder._encode(params, X, mask)
        for name in ("EX", "HF", "HB", "H", "s0"):
            assert np.array_equal(getattr(first, name), getattr(fresh, name))
    two, two_mask = task.source_ids([("a", "red", "cat"), ("the", "dog", "sees", "a", "cat")])
    assert encoder.encode(params, two, two_mask) is not encoder.encode(params, two, two_mask)  # a batch: not kept
    trained = {k: v.copy() for k, v in ckpt.at(None).items()}
    before = encoder.encode(trained, X, mask)
    assert encoder.encode(trained, X, mask) is not before
    trained["fwd.W_h"] *= 0.5
    assert not np.allclose(encoder.encode(trained, X, mask).H, before.H)
