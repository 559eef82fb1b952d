"""Training: length-bucketed batches, Adam, gradient-norm clipping, snapshots.

Everything random is drawn from generators seeded by the configuration, so
the same call gives the same weights (on the same numpy build and thread
count). Each step:

    g = dL/dtheta                     (model.loss_and_gradients)
    g = g * min(1, clip / ||g||)      (clipping by the global norm)
    theta = Adam(theta, g)

Snapshots of all parameters are taken at the steps listed in the training
configuration (step 0 is the initialisation), so a screen can show the
alignment emerging.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from core.translator.model import Batch, Config, Params, init_params, loss_and_gradients
from core.translator.task import Pair

SNAPSHOTS = (0, 25, 50, 100, 200, 400, 800)  # steps whose parameters the shipped checkpoints keep


@dataclass(frozen=True)
class TrainConfig:
    """Optimisation settings. ``snapshots`` are the steps whose parameters are kept."""

    steps: int = 1500
    batch_size: int = 64
    lr: float = 0.01
    clip: float = 1.0
    seed: int = 0
    snapshots: tuple[int, ...] = SNAPSHOTS
    lr_decay_from: float = 0.6  # fraction of the steps after which lr decays linearly to 10%

    def __post_init__(self) -> None:
        for name in ("steps", "batch_size"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{name}: expected a positive integer, got {value!r}")
        for name in ("lr", "clip"):
            value = getattr(self, name)
            if not value > 0:
                raise ValueError(f"{name}: expected a positive number, got {value!r}")
        if any(not 0 <= s <= self.steps for s in self.snapshots):
            raise ValueError(f"snapshots: expected steps in 0..{self.steps}, got {self.snapshots}")

    def learning_rate(self, step: int) -> float:
        start = self.lr_decay_from * self.steps
        if step < start:
            return self.lr
        return self.lr * (1.0 - 0.9 * (step - start) / max(1.0, self.steps - start))


class Adam:
    """Adam (Kingma and Ba 2015) over a dict of arrays, in place."""

    def __init__(self, params: Params, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> None:
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.beta1, self.beta2, self.eps, self.t = beta1, beta2, eps, 0

    def update(self, params: Params, grads: Params, lr: float) -> None:
        self.t += 1
        b1, b2 = self.beta1, self.beta2
        scale = lr * np.sqrt(1.0 - b2**self.t) / (1.0 - b1**self.t)  # bias corrections folded into lr
        for k, g in grads.items():
            self.m[k] *= b1
            self.m[k] += (1.0 - b1) * g
            self.v[k] *= b2
            self.v[k] += (1.0 - b2) * g * g
            params[k] -= scale * self.m[k] / (np.sqrt(self.v[k]) + self.eps)


def clip_by_norm(grads: Params, clip: float) -> float:
    """Scale all gradients together so their global norm is at most ``clip``; returns the norm before."""
    norm = float(np.sqrt(sum(float(np.sum(g * g)) for g in grads.values())))
    if norm > clip:
        for g in grads.values():
            g *= clip / norm
    return norm


def batches(pairs: Sequence[Pair], batch_size: int, rng: np.random.Generator) -> Iterator[Batch]:
    """Endless batches of similar source length: shuffle, sort within pools of 20 batches, shuffle batches."""
    n = len(pairs)
    if n == 0:
        raise ValueError("pairs: expected training pairs, got none")
    pool = 20 * batch_size
    while True:
        order = rng.permutation(n)
        chunks = []
        for start in range(0, n, pool):
            part = sorted(order[start : start + pool], key=lambda i: len(pairs[i].source))
            chunks += [part[k : k + batch_size] for k in range(0, len(part), batch_size)]
        for k in rng.permutation(len(chunks)):
            yield Batch.of([pairs[i] for i in chunks[k]])


@dataclass
class TrainResult:
    """Final parameters, snapshots {step: params}, per-step losses, tokens seen and wall time."""

    params: Params
    snapshots: dict[int, Params] = field(default_factory=dict)
    losses: list[float] = field(default_factory=list)
    tokens: int = 0
    seconds: float = 0.0

    @property
    def tokens_per_second(self) -> float:
        return self.tokens / self.seconds if self.seconds > 0 else float("nan")


@dataclass(frozen=True)
class Progress:
    """What a training loop reports after each step."""

    step: int
    loss: float
    grad_norm: float
    tokens: int
    seconds: float


def train_steps(
    cfg: Config,
    tcfg: TrainConfig,
    pairs: Sequence[Pair],
    result: TrainResult | None = None,
) -> Iterator[Progress]:
    """Train, yielding :class:`Progress` after every step; the caller may stop at any time.

    Parameters, snapshots and losses accumulate in ``result`` (a new one if
    None is given; pass your own to read it while or after iterating).
    """
    rng = np.random.default_rng(tcfg.seed)
    params = init_params(cfg, seed=tcfg.seed)
    result = result if result is not None else TrainResult(params)
    result.params = params
    optimiser = Adam(params)
    stream = batches(pairs, tcfg.batch_size, rng)
    start = time.perf_counter()
    for step in range(tcfg.steps + 1):
        if step in tcfg.snapshots or step == tcfg.steps:
            result.snapshots[step] = {k: v.copy() for k, v in params.items()}
        if step == tcfg.steps:
            break
        batch = next(stream)
        value, grads = loss_and_gradients(params, cfg, batch)
        norm = clip_by_norm(grads, tcfg.clip)
        optimiser.update(params, grads, tcfg.learning_rate(step))
        result.losses.append(value)
        result.tokens += batch.tokens
        result.seconds = time.perf_counter() - start
        yield Progress(step + 1, value, norm, result.tokens, result.seconds)


def train(
    cfg: Config,
    tcfg: TrainConfig,
    pairs: Sequence[Pair],
    on_progress: Callable[[Progress], None] | None = None,
) -> TrainResult:
    """Run :func:`train_steps` to the end and return its result."""
    result = TrainResult(init_params(cfg, seed=tcfg.seed))
    for progress in train_steps(cfg, tcfg, pairs, result):
        if on_progress is not None:
            on_progress(progress)
    return result
