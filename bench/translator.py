"""Benchmark: training speed of the toy translators (tokens per second) and the default training time.

    python -m bench.translator                          # every model's default training, timed (about 2.5 min)
    python -m bench.translator --steps 200              # a shorter run of each
    python -m bench.translator --models attention,luong_dot   # some of them

Trains exactly as ``python -m core.translator --train`` (Bahdanau's model and the fixed summary) and
``--train-luong`` (Luong et al.'s dot, general and local decoders) do (same settings, same data), without writing
checkpoints, and prints for each model the steps,
the wall time of the training loop (forward, backward and Adam; data
generation excluded), the real tokens processed (source and target, padding
excluded) and tokens per second. For figures comparable with the README run
it on one core with single-threaded BLAS:

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 taskset -c 1 python -m bench.translator
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import replace

import numpy as np

from core.translator import compare, run, task
from core.translator.train import train

EVERY_MODEL = {**run.DEFAULTS, **compare.LUONG_DEFAULTS}  # name -> (model config, training config)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=None, help="steps per model (default: the default training's)")
    parser.add_argument(
        "--models", default=",".join(EVERY_MODEL), help=f"comma-separated, of {', '.join(EVERY_MODEL)} (default: all)"
    )
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.models.split(",") if n.strip()]
    unknown = [n for n in names if n not in EVERY_MODEL]
    if unknown or not names:
        parser.error(f"--models: expected names among {', '.join(EVERY_MODEL)}, got {args.models!r}")
    if args.steps is not None and args.steps < 1:
        parser.error(f"--steps: expected a positive integer, got {args.steps}")

    start = time.perf_counter()
    pairs = task.dataset("train")
    print(f"data: {len(pairs):,} training pairs generated in {time.perf_counter() - start:.2f} s")
    threads = {k: os.environ.get(k, "unset") for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")}
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"numpy {np.__version__}, {cpus} CPU(s) available to this process, {threads}")
    total = 0.0
    for name in names:
        cfg, tcfg = EVERY_MODEL[name]
        if args.steps is not None:
            tcfg = replace(tcfg, steps=args.steps, snapshots=tuple(s for s in tcfg.snapshots if s <= args.steps))
        result = train(cfg, tcfg, pairs)
        total += result.seconds
        print(
            f"{name:13s}: {tcfg.steps:5d} steps of {tcfg.batch_size} sentences in {result.seconds:6.1f} s "
            f"({1e3 * result.seconds / tcfg.steps:5.1f} ms/step), {result.tokens:,} tokens, "
            f"{result.tokens_per_second:,.0f} tokens/s, final loss {np.mean(result.losses[-20:]):.4f}"
        )
    print(f"{len(names)} model(s): {total:.1f} s of training (target: at most 180 s for the two shipped models)")


if __name__ == "__main__":
    main()
