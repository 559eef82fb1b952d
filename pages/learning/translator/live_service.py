"""At most one live training run per process, in a background thread, and its progress.

The service knows nothing of the page: :class:`LiveHolder` starts a run of
:func:`core.translator.live_training` in a thread, refuses a second while one is
active (a lock taken without waiting, released however the run ends), and the
thread writes the run's progress into a :class:`LiveRun` that pages read.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

import core.translator as tr
from core.translator.api import LIVE_TRAINING

LIVE_PROBE_EVERY = 25
LIVE_TIME_LIMIT = 90.0  # seconds; a run on a busy server stops here
LIVE_YIELD = 0.0005  # seconds the training thread sleeps a step, so reruns get the interpreter lock promptly


@dataclass
class LiveRun:
    """One live run's progress, written by its training thread and read by the page (plain attribute writes)."""

    steps: int
    time_limit: float
    stop: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)
    step: int = 0
    loss: float = math.nan
    seconds: float = 0.0
    weights: np.ndarray | None = None  # alpha (U, T) for the probe at weights_step
    weights_step: int = 0
    losses: list[float] = field(default_factory=list)
    done: bool = False
    timed_out: bool = False
    error: str | None = None

    def should_stop(self) -> bool:
        if self.stop.is_set():
            return True
        if time.perf_counter() - self.started > self.time_limit:
            self.timed_out = True
            return True
        return False

    def record(self, progress: tr.LiveProgress) -> None:
        if progress.step:
            self.losses.append(progress.loss)
            self.loss = progress.loss
        if progress.weights is not None:
            self.weights, self.weights_step = progress.weights, progress.step
        self.step, self.seconds = progress.step, progress.seconds


Trainer = Callable[..., Iterator[tr.LiveProgress]]


class LiveHolder:
    """At most one live run per process: :meth:`start` takes a lock without waiting or returns None.

    The training thread releases the lock when the run ends, whether it
    finished, was stopped, hit its time limit or raised.
    """

    def __init__(
        self, train: Trainer = tr.live_training, steps: int = LIVE_TRAINING.steps, time_limit: float = LIVE_TIME_LIMIT
    ) -> None:
        self.train, self.steps, self.time_limit = train, steps, time_limit
        self._lock = threading.Lock()
        self.current: LiveRun | None = None
        self.thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        return self._lock.locked()

    def start(self) -> LiveRun | None:
        """A new run training in a background thread, or None if one is already running."""
        if not self._lock.acquire(blocking=False):
            return None
        run = LiveRun(self.steps, self.time_limit)
        try:
            thread = threading.Thread(target=self._work, args=(run,), name="live-training", daemon=True)
            self.current, self.thread = run, thread
            thread.start()
        except BaseException:
            run.done = True
            self._lock.release()
            raise
        return run

    def _work(self, run: LiveRun) -> None:
        try:
            for progress in self.train(stop=run.should_stop, steps=run.steps, probe_every=LIVE_PROBE_EVERY):
                run.record(progress)
                time.sleep(LIVE_YIELD)  # hand the interpreter lock to the server's reruns between steps
        except Exception as exc:  # shown to the reader; the lock is released below either way
            run.error = f"{type(exc).__name__}: {exc}"
        finally:
            run.done = True
            self._lock.release()
