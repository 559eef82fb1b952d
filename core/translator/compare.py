"""Luong et al.'s three decoders trained with the attention model's budget, and the five models side by side.

:func:`train_luong` trains :data:`LUONG_DEFAULTS` (the kinds "luong_dot", "luong_general", "luong_local" of
:mod:`core.translator.luong`, with exactly the sizes, data, steps, batches, optimiser, seed and snapshots of
``run.DEFAULTS["attention"]``), saves ``checkpoints/luong/{luong_dot,luong_general,luong_local}.npz`` and writes
``checkpoints/luong/luong.json``: :func:`model_metrics` of each of the three and of the two shipped models (read from
their stored checkpoints, not retrained), the training time and speed measured during the run, and the machine.

The Luong checkpoints live in a folder of their own (:data:`checkpoint.LUONG_FOLDER`): ``checkpoint.MODELS``,
which screen 6 iterates over and whose files the shipped-checkpoint test lists, stays the two shipped ones.

Per model (:func:`model_metrics`):

- ``exact_match`` on the test set (lengths 3-24), ``long_exact_match`` on the longer-than-training set (25-32),
  ``by_length`` and ``counts`` over both (as ``evaluate.score``), and :func:`run.length_profile` of them
  (``perfect``: the longest length up to which every length is translated perfectly);
- ``alignment_accuracy`` and ``crossing_accuracy`` as ``evaluate.score`` defines them for the attention model
  (argmax of the weights read under teacher forcing; the local model's weights are its windowed ones,
  a_tj times the Gaussian); None for the fixed summary, which has no weights;
- ``valid_curve``: exact match on the validation set (440 sentences) at every stored snapshot, and
  ``steps_to_threshold``: the first snapshot step whose exact match reaches :data:`THRESHOLD`, or "not reached"
  (snapshots are float32 copies, so the curve is the stored snapshots', as a screen would read them);
- ``parameters`` (``run.n_parameters``), ``train_seconds`` (the training loop's wall clock, data and evaluation
  excluded, as ``--train`` measures it), ``train_tokens`` (source and target, padding excluded) and
  ``target_tokens`` with their rates per second.

Timings of the two shipped models are those stored in their checkpoints (measured when ``--train`` made them); the
run also trains the shipped attention model again (not saved: :func:`reference_timing`) so that its time under the
same load as the Luong models' is on record, with whether its weights came out bit-identical to the stored ones.
"""

from __future__ import annotations

import json
import os
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np

from core.translator import checkpoint, evaluate, run, task
from core.translator.model import Batch, Config, Params, greedy
from core.translator.task import Pair
from core.translator.train import Progress, TrainConfig, batches, train

THRESHOLD = 0.95  # validation exact match whose first snapshot step is reported
NOT_REACHED = "not reached"
JSON_NAME = "luong.json"
SHIPPED = checkpoint.MODELS  # the models screen 6 reads, read from their stored checkpoints
ALL_MODELS = checkpoint.ALL_MODELS  # the order of the side-by-side table

_ATTENTION_CFG, _ATTENTION_TCFG = run.DEFAULTS["attention"]
LUONG_DEFAULTS: dict[str, tuple[Config, TrainConfig]] = {
    kind: (_ATTENTION_CFG.with_kind(kind), _ATTENTION_TCFG) for kind in checkpoint.LUONG_MODELS
}


def luong_dir(directory: Path = checkpoint.CHECKPOINT_DIR) -> Path:
    """Where the Luong checkpoints and luong.json live, given the checkpoint folder."""
    return Path(directory) / checkpoint.LUONG_FOLDER


def shortened(tcfg: TrainConfig, steps: int | None) -> TrainConfig:
    """``tcfg`` with ``steps`` steps (None: unchanged), keeping the snapshots up to them."""
    if steps is None:
        return tcfg
    return replace(tcfg, steps=steps, snapshots=tuple(s for s in tcfg.snapshots if s <= steps))


@cache
def _target_tokens(seed: int, batch_size: int, steps: int) -> tuple[int, int]:
    rng = np.random.default_rng(seed)
    stream = batches(task.dataset("train"), batch_size, rng)
    target = total = 0
    for _ in range(steps):
        batch: Batch = next(stream)
        target += int(batch.tgt_mask.sum())
        total += batch.tokens
    return target, total


def token_counts(tcfg: TrainConfig) -> tuple[int, int]:
    """(target tokens, source and target tokens) a training with ``tcfg`` sees on the training set, counted by
    replaying its batch stream (it depends on the seed and batch size only, so every model with the same budget
    sees the same batches)."""
    return _target_tokens(tcfg.seed, tcfg.batch_size, tcfg.steps)


def exact_match_rate(params: Params, cfg: Config, pairs: Sequence[Pair]) -> float:
    """``evaluate.exact_matches(params, cfg, pairs).mean()``, decoding no further than the longest reference of
    each batch: a translation longer than its reference cannot match it, and greedy decoding treats every
    sentence of a batch on its own, so the rate is the same and an untrained snapshot (which rarely stops)
    costs about half."""
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i].source))  # as evaluate.translate_all
    hits = 0
    for k in range(0, len(order), evaluate.EVAL_BATCH):
        chunk = [pairs[i] for i in order[k : k + evaluate.EVAL_BATCH]]
        X, mask = task.source_ids([p.source for p in chunk])
        ids = greedy(params, cfg, X, mask, max_len=max(len(p.target) for p in chunk)).ids  # (B, <= max_len)
        hits += sum(task.target_words(row) == p.target for row, p in zip(ids, chunk, strict=True))
    return hits / len(pairs)


def validation_curve(ckpt: checkpoint.Checkpoint) -> dict[str, float]:
    """Exact match on the validation set at every stored snapshot step: {"step": rate}."""
    valid = task.dataset("valid")
    return {str(s): exact_match_rate(ckpt.at(s), ckpt.cfg, valid) for s in ckpt.steps}


def first_reaching(curve: dict[str, float], threshold: float = THRESHOLD) -> int | str:
    """The first step whose rate is at least ``threshold``, or :data:`NOT_REACHED`."""
    return next((int(s) for s in sorted(curve, key=int) if curve[s] >= threshold), NOT_REACHED)


def long_exact_match(by_length: dict[str, float], counts: dict[str, int]) -> float:
    """Exact match on the sentences longer than any training sentence, pooled (whole sentences, so each length's
    rate times its count is a whole number of sentences)."""
    longer = [L for L in counts if int(L) > task.TRAIN_LENGTHS[1]]
    hits = sum(round(by_length[L] * counts[L]) for L in longer)
    return hits / sum(counts[L] for L in longer)


def model_metrics(ckpt: checkpoint.Checkpoint) -> dict:
    """Everything :data:`ALL_MODELS`' table reads of one checkpoint, recomputed from it (see the module docstring);
    the timing comes from the checkpoint, written when it was trained."""
    scores = run.evaluate_model(ckpt)
    curve = validation_curve(ckpt)
    target, total = token_counts(ckpt.tcfg)
    if total != ckpt.tokens:
        raise ValueError(f"ckpt: trained on {ckpt.tokens} tokens, its batch stream replays {total}")
    return {
        "kind": ckpt.cfg.kind,
        "exact_match": scores["exact_match"],
        "long_exact_match": long_exact_match(scores["by_length"], scores["counts"]),
        "alignment_accuracy": scores.get("alignment_accuracy"),
        "crossing_accuracy": scores.get("crossing_accuracy"),
        **run.length_profile(scores["by_length"]),
        "by_length": scores["by_length"],
        "counts": scores["counts"],
        "valid_curve": curve,
        "steps_to_threshold": first_reaching(curve),
        "parameters": run.n_parameters(ckpt.cfg),
        "steps": ckpt.tcfg.steps,
        "batch_size": ckpt.tcfg.batch_size,
        "train_seconds": ckpt.seconds,
        "train_tokens": ckpt.tokens,
        "target_tokens": target,
        "tokens_per_second": ckpt.tokens / ckpt.seconds,
        "target_tokens_per_second": target / ckpt.seconds,
    }


def machine(note: str = "") -> dict:
    """What the timings were measured on: CPUs, the ones this process may use, BLAS threads, versions, load."""
    model_name = platform.processor()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        names = [line.split(":", 1)[1].strip() for line in cpuinfo.read_text().splitlines() if "model name" in line]
        model_name = names[0] if names else model_name
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "processor": model_name,
        "cpus": os.cpu_count(),
        "cpus_usable": usable,
        "threads": {k: os.environ.get(k, "unset") for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")},
        "python": platform.python_version(),
        "numpy": np.__version__,
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "note": note,
    }


def reference_timing(directory: Path, steps: int | None, log: Callable[[str], None]) -> dict:
    """The shipped attention model trained again with its own settings (``steps`` may shorten it), not saved: its
    time under the load the Luong models were trained under, and whether its final weights equal the stored
    checkpoint's bit for bit (None when shortened: nothing to compare with)."""
    cfg, tcfg = run.DEFAULTS["attention"]
    tcfg = shortened(tcfg, steps)
    result = train(cfg, tcfg, task.dataset("train"))
    identical = None
    if tcfg == run.DEFAULTS["attention"][1]:
        stored = checkpoint.load(Path(directory) / "attention.npz").params
        identical = all(np.array_equal(stored[k], result.params[k]) for k in stored)
    target, _ = token_counts(tcfg)
    log(f"attention (timing only) {tcfg.steps} steps in {result.seconds:.1f} s, identical to stored: {identical}")
    return {
        "model": "attention",
        "steps": tcfg.steps,
        "train_seconds": result.seconds,
        "tokens_per_second": result.tokens_per_second,
        "target_tokens_per_second": target / result.seconds,
        "identical_to_stored": identical,
    }


def train_luong(
    directory: Path = checkpoint.CHECKPOINT_DIR,
    log: Callable[[str], None] = print,
    every: int = 250,
    steps: int | None = None,
    note: str = "",
    metrics: Callable[[checkpoint.Checkpoint], dict] | None = None,
) -> dict:
    """Train :data:`LUONG_DEFAULTS` (``steps`` may shorten them, for tests), save them in :func:`luong_dir`, write
    luong.json with ``metrics`` (default :func:`model_metrics`) of them and of the two shipped checkpoints in
    ``directory``; return what it holds."""
    metrics = metrics or model_metrics
    folder = luong_dir(directory)
    for name in SHIPPED:  # before training: a missing checkpoint should not cost a training run
        checkpoint.load(Path(directory) / f"{name}.npz")
    start = time.perf_counter()
    pairs = task.dataset("train")
    for split in ("valid", "test", "long"):
        task.dataset(split)
    before = machine(note)
    for name, (cfg, tcfg) in LUONG_DEFAULTS.items():
        tcfg = shortened(tcfg, steps)

        def report(p: Progress, name: str = name) -> None:
            if p.step % every == 0:
                log(f"{name:13s} step {p.step:5d}  loss {p.loss:.4f}  {p.seconds:6.1f} s")

        result = train(cfg, tcfg, pairs, report)
        checkpoint.save(folder / f"{name}.npz", cfg, tcfg, result)
        log(f"{name}: {tcfg.steps} steps in {result.seconds:.1f} s ({result.tokens_per_second:,.0f} tokens/s)")
    reference = reference_timing(directory, steps, log)
    after = machine(note)
    out: dict = {
        "threshold": THRESHOLD,
        "models": {},
        "reference_timing": reference,
        "machine": {**before, "load_average_after": after["load_average"]},
        "command": "python -m core.translator --train-luong",
    }
    for name in ALL_MODELS:
        ours = name in LUONG_DEFAULTS
        path = (folder if ours else Path(directory)) / f"{name}.npz"
        trained = "in this run" if ours else "read from its stored checkpoint (python -m core.translator --train)"
        out["models"][name] = {**metrics(checkpoint.load(path)), "trained": trained}
    out["total_seconds"] = time.perf_counter() - start
    (folder / JSON_NAME).write_text(json.dumps(out, indent=1) + "\n")
    return out


def load_recorded(directory: Path = checkpoint.CHECKPOINT_DIR) -> dict:
    """luong.json as :func:`train_luong` wrote it; ValueError if it is missing."""
    path = luong_dir(directory) / JSON_NAME
    if not path.is_file():
        raise ValueError(f"no {JSON_NAME} in {path.parent}; run `python -m core.translator --train-luong`")
    return json.loads(path.read_text())


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def format_table(recorded: dict) -> str:
    """The five models side by side, as text."""
    models = recorded["models"]
    names = [n for n in ALL_MODELS if n in models]
    rows = [
        ("exact match, test (3-24)", lambda m: _rate(m["exact_match"])),
        ("exact match, longer (25-32)", lambda m: _rate(m["long_exact_match"])),
        ("perfect up to (words)", lambda m: str(m["perfect"])),
        ("alignment accuracy", lambda m: _rate(m["alignment_accuracy"])),
        ("crossing accuracy", lambda m: _rate(m["crossing_accuracy"])),
        (f"valid >= {recorded['threshold']} at step", lambda m: str(m["steps_to_threshold"])),
        ("parameters", lambda m: f"{m['parameters']:,}"),
        ("training time (s)", lambda m: f"{m['train_seconds']:.1f}"),
        ("target tokens / s", lambda m: f"{m['target_tokens_per_second']:,.0f}"),
    ]
    width = 30
    lines = [f"{'':{width}s}" + "".join(f"{n:>15s}" for n in names)]
    for label, cell in rows:
        lines.append(f"{label:{width}s}" + "".join(f"{cell(models[n]):>15s}" for n in names))
    return "\n".join(lines)
