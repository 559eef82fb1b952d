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
    """Load both checkpoints and evaluate them on the test sets (nothing is read from metrics.json)."""
    out = {}
    for name in checkpoint.MODELS:
        ckpt = checkpoint.load(directory / f"{name}.npz")
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
