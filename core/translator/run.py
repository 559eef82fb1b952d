"""The project's two models, trained with fixed settings, and their evaluation.

:func:`train_all` trains both models with :data:`DEFAULTS` on the fixed
training set, writes ``checkpoints/{attention,summary}.npz`` and
``checkpoints/metrics.json``. :func:`evaluate_all` recomputes the metrics from
the checkpoints on the test sets.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from core.translator import checkpoint, evaluate, task
from core.translator.model import Config, parameter_shapes
from core.translator.train import SNAPSHOTS, Progress, TrainConfig, train

DEFAULTS: dict[str, tuple[Config, TrainConfig]] = {
    "attention": (Config(attention=True), TrainConfig(steps=1500, snapshots=SNAPSHOTS)),
    "summary": (Config(attention=False), TrainConfig(steps=1500, snapshots=SNAPSHOTS)),
}
# The fixed-summary model trained four times longer (the same settings but the steps; its last step kept only):
# does its fall with length come from too short a training? checkpoints/summary_longer.{npz,json}.
LONGER_SUMMARY = (Config(attention=False), TrainConfig(steps=6000, snapshots=(6000,)))
LONGER_NAME = "summary_longer"
NEARLY_NEVER = 0.05  # an exact-match rate below this at every longer length: "at most ... from L words on"


def length_profile(by_length: dict[str, float]) -> dict[str, float | int]:
    """What a model's exact match by source length says in two numbers: the longest length up to which every length
    is translated perfectly (``perfect``; 0 if the shortest is not), the shortest length from which every length's
    rate is below NEARLY_NEVER (``low_from``) and the largest rate from there on (``at_most``)."""
    lengths = sorted(int(k) for k in by_length)
    rate = {n: by_length[str(n)] for n in lengths}
    perfect = 0
    for n in lengths:
        if rate[n] < 1.0:
            break
        perfect = n
    low_from = next((n for n in lengths if all(rate[m] < NEARLY_NEVER for m in lengths if m >= n)), None)
    at_most = max(rate[m] for m in lengths if m >= low_from) if low_from is not None else None
    return {"perfect": perfect, "low_from": low_from, "at_most": at_most}


def train_longer_summary(
    directory: Path = checkpoint.CHECKPOINT_DIR, log: Callable[[str], None] = print, every: int = 500
) -> dict:
    """Train :data:`LONGER_SUMMARY`, save its checkpoint and its metrics (``summary_longer.json``); return them."""
    cfg, tcfg = LONGER_SUMMARY

    def report(p: Progress) -> None:
        if p.step % every == 0:
            log(f"summary (longer) step {p.step:5d}  loss {p.loss:.4f}  {p.seconds:6.1f} s")

    result = train(cfg, tcfg, task.dataset("train"), report)
    checkpoint.save(directory / f"{LONGER_NAME}.npz", cfg, tcfg, result)
    metrics = longer_summary_metrics(checkpoint.load(directory / f"{LONGER_NAME}.npz"))
    metrics["train_seconds"] = result.seconds
    (directory / f"{LONGER_NAME}.json").write_text(json.dumps(metrics, indent=1) + "\n")
    log(f"summary (longer): {tcfg.steps} steps in {result.seconds:.1f} s, exact match {metrics['exact_match']:.3f}")
    return metrics


def longer_summary_metrics(ckpt: checkpoint.Checkpoint) -> dict:
    """The longer-trained summary model's metrics, recomputed from its checkpoint: exact match, by length, and
    :func:`length_profile` of the test set's lengths."""
    scores = evaluate_model(ckpt)
    return {**scores, "steps": ckpt.tcfg.steps, **length_profile(scores["by_length"])}


def n_parameters(cfg: Config) -> int:
    total = 0
    for shape in parameter_shapes(cfg).values():
        size = 1
        for n in shape:
            size *= n
        total += size
    return total


def evaluate_model(ckpt: checkpoint.Checkpoint) -> dict:
    """Metrics of one checkpoint's final parameters on the test set and the long test set."""
    scores = evaluate.score(ckpt.params, ckpt.cfg, task.dataset("test"), task.dataset("long"))
    return scores.as_dict()


def train_all(
    directory: Path = checkpoint.CHECKPOINT_DIR, log: Callable[[str], None] = print, every: int = 100
) -> dict:
    """Train both models, save checkpoints and metrics.json; returns the metrics."""
    start = time.perf_counter()
    pairs = task.dataset("train")
    for split in ("test", "long"):
        task.dataset(split)
    data_seconds = time.perf_counter() - start
    metrics: dict = {
        "sets": {name: len(task.dataset(name)) for name in task.SET_SIZES},
        "train_lengths": list(task.TRAIN_LENGTHS),
        "long_lengths": list(task.LONG_LENGTHS),
        "data_seconds": data_seconds,
    }
    for name, (cfg, tcfg) in DEFAULTS.items():

        def report(p: Progress, name: str = name) -> None:
            if p.step % every == 0:
                log(f"{name:9s} step {p.step:5d}  loss {p.loss:.4f}  {p.seconds:6.1f} s")

        result = train(cfg, tcfg, pairs, report)
        checkpoint.save(directory / f"{name}.npz", cfg, tcfg, result)
        ckpt = checkpoint.load(directory / f"{name}.npz")
        metrics[name] = {
            **evaluate_model(ckpt),
            "train_seconds": result.seconds,
            "train_tokens": result.tokens,
            "tokens_per_second": result.tokens_per_second,
            "steps": tcfg.steps,
            "batch_size": tcfg.batch_size,
            "parameters": n_parameters(cfg),
        }
        log(f"{name}: trained in {result.seconds:.1f} s, exact match {metrics[name]['exact_match']:.3f}")
    metrics["total_seconds"] = time.perf_counter() - start
    (directory / "metrics.json").write_text(json.dumps(metrics, indent=1) + "\n")
    return metrics


def evaluate_all(directory: Path = checkpoint.CHECKPOINT_DIR) -> dict:
    """Load both checkpoints and evaluate them on the test sets (nothing is read from metrics.json); the Luong
    models of ``--train-luong`` too, under their own names, where their checkpoints are in ``directory``/luong."""
    out = {}
    luong = Path(directory) / checkpoint.LUONG_FOLDER
    paths = {name: Path(directory) / f"{name}.npz" for name in checkpoint.MODELS}
    paths.update({n: luong / f"{n}.npz" for n in checkpoint.LUONG_MODELS if (luong / f"{n}.npz").is_file()})
    for name, path in paths.items():
        ckpt = checkpoint.load(path)
        out[name] = {
            **evaluate_model(ckpt),
            "train_seconds": ckpt.seconds,
            "tokens_per_second": ckpt.tokens / ckpt.seconds,
        }
    return out


def format_table(metrics: dict) -> str:
    """The evaluation as readable text: headline figures, then exact match by source length."""
    att, summ = metrics["attention"], metrics["summary"]
    lines = [
        "Toy translator: test sets (greedy decoding, exact match of the whole sentence)",
        "",
        f"{'':28s}{'attention':>12s}{'summary':>12s}",
        f"{'exact match (lengths 3-24)':28s}{att['exact_match']:12.3f}{summ['exact_match']:12.3f}",
        f"{'alignment accuracy':28s}{att['alignment_accuracy']:12.3f}{'-':>12s}",
        f"{'crossing pairs crossed':28s}{att['crossing_accuracy']:12.3f}{'-':>12s}",
        f"{'training time (s)':28s}{att['train_seconds']:12.1f}{summ['train_seconds']:12.1f}",
        f"{'training tokens / s':28s}{att['tokens_per_second']:12.0f}{summ['tokens_per_second']:12.0f}",
        "",
        f"{'source length':>13s}{'sentences':>11s}{'attention':>11s}{'summary':>9s}",
    ]
    for L, count in att["counts"].items():
        mark = "  (longer than training)" if int(L) > task.TRAIN_LENGTHS[1] else ""
        lines.append(f"{L:>13s}{count:>11d}{att['by_length'][L]:>11.3f}{summ['by_length'][L]:>9.3f}{mark}")
    return "\n".join(lines)
