"""The stored Luong checkpoints (``python -m core.translator --train-luong``) reproduce checkpoints/luong/luong.json,
which holds the five models side by side, and the table in docs/translator.md reports what it holds."""

import contextlib
import io
import json
import os
import re

import numpy as np
import pytest

import core.translator as translator
from core.translator import __main__ as cli
from core.translator import checkpoint, compare, run, task, train
from tests.shared import once_a_run
from tests.test_translator_checkpoints import evaluate_json

RECORDED = compare.load_recorded()
METRICS = json.loads((checkpoint.CHECKPOINT_DIR / "metrics.json").read_text())
FOLDER = compare.luong_dir()


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory, worker_id) -> dict:
    """``--evaluate --json``, shared with tests/test_translator_checkpoints.py by the processes of one run."""
    return once_a_run("translator-evaluation", evaluate_json, tmp_path_factory, worker_id)


def stored(name: str) -> checkpoint.Checkpoint:
    folder = FOLDER if name in checkpoint.LUONG_MODELS else checkpoint.CHECKPOINT_DIR
    return checkpoint.load(folder / f"{name}.npz")


@pytest.fixture(scope="module")
def curves(tmp_path_factory, worker_id) -> dict:
    """Every model's validation exact match at its stored snapshots (about 3 s for the five)."""

    def compute() -> dict:
        return {name: compare.validation_curve(stored(name)) for name in compare.ALL_MODELS}

    return once_a_run("translator-luong-curves", compute, tmp_path_factory, worker_id)


@pytest.mark.parametrize("name", checkpoint.LUONG_MODELS)
def test_luong_checkpoints_reproduce_the_recorded_metrics(evaluated, name):
    got, want = evaluated[name], RECORDED["models"][name]  # --evaluate --json reports them under their own names
    for key in ("exact_match", "alignment_accuracy", "crossing_accuracy"):
        assert got[key] == pytest.approx(want[key], abs=1e-12), key
    assert got["by_length"] == pytest.approx(want["by_length"], abs=1e-12)
    assert got["counts"] == want["counts"]
    assert compare.long_exact_match(got["by_length"], got["counts"]) == pytest.approx(want["long_exact_match"])
    profile = run.length_profile(got["by_length"])
    assert profile == {k: want[k] for k in profile}
    lengths = sorted(int(L) for L in got["by_length"])
    assert lengths == list(range(task.TRAIN_LENGTHS[0], task.LONG_LENGTHS[1] + 1))  # both test sets
    assert got["train_seconds"] == want["train_seconds"]


def test_todays_models_in_the_comparison_are_their_stored_figures(evaluated):
    for name in checkpoint.MODELS:
        want, got = METRICS[name], RECORDED["models"][name]
        for key in ("exact_match", "by_length", "counts", "train_seconds", "tokens_per_second", "parameters"):
            assert got[key] == want[key], (name, key)
        for key in ("alignment_accuracy", "crossing_accuracy"):
            assert got[key] == want.get(key), (name, key)  # None for the fixed summary
        assert evaluated[name]["exact_match"] == got["exact_match"]
    assert RECORDED["models"]["attention"]["long_exact_match"] == pytest.approx(
        translator.beyond_training()["attention"]
    )


@pytest.mark.parametrize("name", compare.ALL_MODELS)
def test_steps_to_the_threshold_come_from_the_stored_snapshots(curves, name):
    want = RECORDED["models"][name]
    assert curves[name] == pytest.approx(want["valid_curve"], abs=1e-12)
    assert list(curves[name]) == [str(s) for s in (*train.SNAPSHOTS, 1500)]
    assert compare.first_reaching(curves[name]) == want["steps_to_threshold"]
    if want["steps_to_threshold"] == compare.NOT_REACHED:
        assert max(curves[name].values()) < RECORDED["threshold"]


def test_first_reaching_reads_the_first_step_at_or_over_the_threshold():
    assert compare.first_reaching({"0": 0.0, "25": 0.96, "50": 0.9, "100": 1.0}) == 25
    assert compare.first_reaching({"0": 0.0, "100": 0.95}) == 100
    assert compare.first_reaching({"0": 0.0, "100": 0.9499}) == compare.NOT_REACHED


def test_luong_models_had_the_attention_models_budget_and_are_kept_apart():
    cfg, tcfg = run.DEFAULTS["attention"]
    target, total = compare.token_counts(tcfg)
    for name in checkpoint.LUONG_MODELS:
        ckpt = stored(name)
        assert ckpt.cfg == cfg.with_kind(name) == compare.LUONG_DEFAULTS[name][0] and ckpt.tcfg == tcfg
        assert ckpt.steps == (*train.SNAPSHOTS, tcfg.steps) and len(ckpt.losses) == tcfg.steps
        assert ckpt.tokens == total  # the same batches as today's models
        want = RECORDED["models"][name]
        assert want["parameters"] == run.n_parameters(ckpt.cfg) and want["train_seconds"] == ckpt.seconds
        assert want["target_tokens"] == target and want["target_tokens_per_second"] == target / ckpt.seconds
    assert all(RECORDED["models"][n]["train_tokens"] == total for n in checkpoint.MODELS)
    assert not set(checkpoint.LUONG_MODELS) & set(checkpoint.MODELS) and translator.MODELS == ("attention", "summary")
    assert sorted(p.stem for p in FOLDER.glob("*.npz")) == sorted(checkpoint.LUONG_MODELS)
    assert sum(p.stat().st_size for p in FOLDER.glob("*.npz")) < 4_000_000


def placeholder_metrics(ckpt: checkpoint.Checkpoint) -> dict:
    """What the command's table reads, without evaluating (the metrics are checked above)."""
    rates = ("exact_match", "long_exact_match", "alignment_accuracy", "crossing_accuracy")
    return {
        **dict.fromkeys(rates, 0.0),
        "perfect": 0,
        "steps_to_threshold": compare.NOT_REACHED,
        "parameters": run.n_parameters(ckpt.cfg),
        "train_seconds": ckpt.seconds,
        "target_tokens_per_second": 0.0,
    }


def test_train_luong_with_a_few_steps_gives_bit_identical_checkpoints_twice(tmp_path, monkeypatch):
    monkeypatch.setattr(compare, "model_metrics", placeholder_metrics)  # this test is about the checkpoints
    runs = []
    for k in range(2):
        folder = tmp_path / f"run{k}"
        folder.mkdir()
        for name in checkpoint.MODELS:  # today's two are read, not trained
            os.symlink(checkpoint.CHECKPOINT_DIR / f"{name}.npz", folder / f"{name}.npz")
        with contextlib.redirect_stdout(io.StringIO()):
            assert cli.main(["--train-luong", "--steps", "3", "--dir", str(folder)]) == 0
        runs.append(compare.luong_dir(folder))
    recorded = json.loads((runs[0] / compare.JSON_NAME).read_text())
    assert list(recorded["models"]) == list(compare.ALL_MODELS)
    assert recorded["reference_timing"]["steps"] == 3 and recorded["reference_timing"]["identical_to_stored"] is None
    for name in checkpoint.LUONG_MODELS:
        with np.load(runs[0] / f"{name}.npz") as a, np.load(runs[1] / f"{name}.npz") as b:
            assert sorted(a.files) == sorted(b.files)
            assert {"step0/W_c", "final/W_c", "losses"} <= set(a.files)
            for key in a.files:
                if key != "seconds":  # the wall clock is the one thing that may differ
                    assert a[key].dtype == b[key].dtype and np.array_equal(a[key], b[key]), (name, key)
        assert checkpoint.load(runs[0] / f"{name}.npz").tcfg.steps == 3


def test_train_luong_needs_todays_checkpoints_before_training(tmp_path, capsys):
    assert cli.main(["--train-luong", "--steps", "1", "--dir", str(tmp_path)]) == 1
    assert "run `python -m core.translator --train`" in capsys.readouterr().err
    assert not compare.luong_dir(tmp_path).exists()


def _rate(value) -> str:
    return "-" if value is None else f"{value:.3f}"


def aligned_counts() -> tuple[int, int]:
    """The test set's target tokens that translate a source word, and its pairs of them whose source words are in
    reverse order: what alignment and crossing accuracy count over."""
    tokens = pairs = 0
    for p in task.dataset("test"):
        true = [j for j in p.alignment if j >= 0]
        tokens += len(true)
        pairs += sum(a > b for k, a in enumerate(true) for b in true[k + 1 :])
    return tokens, pairs


def _count(rate: float | None, n: int) -> str:
    """A rate over n as the whole number it counts (a rate recorded from n hits is k / n exactly)."""
    if rate is None:
        return "-"
    k = round(rate * n)
    assert abs(rate * n - k) < 1e-6, (rate, n)
    return f"{k:,}"


def test_the_docs_table_reports_the_recorded_figures():
    docs = (checkpoint.CHECKPOINT_DIR.parent / "docs" / "translator.md").read_text()
    section = docs[docs.index("## Luong's decoders, same budget") :]
    section = section[: section.index("\n## ")] if "\n## " in section else section
    models = RECORDED["models"]
    tokens, pairs = aligned_counts()
    rows = {
        "exact match, test set (3-24)": lambda m: _rate(m["exact_match"]),
        "exact match, longer-than-training set (25-32)": lambda m: _rate(m["long_exact_match"]),
        "perfect up to (words)": lambda m: str(m["perfect"]),
        # counts, not rates: a rate rounded to 1.000 beside an exact 1.000 would hide a miss
        f"alignment accuracy: target tokens read right, of {tokens:,}": lambda m: _count(
            m["alignment_accuracy"], tokens
        ),
        f"crossing accuracy: reordered pairs that cross, of {pairs:,}": lambda m: _count(m["crossing_accuracy"], pairs),
        "validation exact match at steps 400 / 800 / 1,500": lambda m: " / ".join(
            _rate(m["valid_curve"][step]) for step in ("400", "800", "1500")
        ),
        "first snapshot with validation exact match >= 0.95": lambda m: (
            f"{m['steps_to_threshold']:,}" if isinstance(m["steps_to_threshold"], int) else m["steps_to_threshold"]
        ),
        "parameters": lambda m: f"{m['parameters']:,}",
        "training time (1,500 steps)": lambda m: f"{m['train_seconds']:.1f} s",
        "target tokens per second": lambda m: f"{m['target_tokens_per_second']:,.0f}",
    }
    for label, cell in rows.items():
        row = f"| {label} | " + " | ".join(cell(models[n]) for n in compare.ALL_MODELS) + " |"
        assert row in section, row
    assert "python -m core.translator --train-luong" in section
    # every other figure the section states is one luong.json holds
    said = " ".join(section.split())
    ref = RECORDED["reference_timing"]
    assert f"{ref['train_seconds']:.1f} s" in said and ref["identical_to_stored"] is True
    assert f"the whole command took {RECORDED['total_seconds']:.1f} s" in said
    for name, step, rate in re.findall(r"(\w+) (\d+): (0\.\d{3})", said):
        assert _rate(models[name]["valid_curve"][step]) == rate, (name, step)
    (dot_tokens, _), (general_tokens, general_pairs) = (
        (
            tokens - round(models[n]["alignment_accuracy"] * tokens),
            pairs - round(models[n]["crossing_accuracy"] * pairs),
        )
        for n in ("luong_dot", "luong_general")
    )
    assert f"(dot misses {dot_tokens} token, general {general_tokens} tokens and {general_pairs} pairs" in said
    # what the run measured of the machine, and no cause it did not measure
    machine = RECORDED["machine"]
    before, after = (
        ", ".join(f"{x:.1f}" for x in machine[k][:2]) + f" and {machine[k][2]:.1f}"
        for k in ("load_average", "load_average_after")
    )
    measured = f"load average, {before} over the last 1, 5 and 15 minutes before training and {after} after, on "
    assert f"{measured}{machine['cpus']} cores" in said
    dot, general = (models[n]["train_seconds"] for n in ("luong_dot", "luong_general"))
    assert dot > general and "yet took longer; the run did not measure why" in said
    assert "comes from the machine's other work" not in said
