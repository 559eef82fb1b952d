"""Stand-ins for ``core.translator.live_training`` that a live run's child process can import by name."""

from __future__ import annotations

import os

import numpy as np

import core.translator as tr


def gated(stop, steps, probe_every, gate=None, fail_at=None, die_at=None):
    """One step each time ``gate`` (a multiprocessing Event) is set, for at most 5 s a step.

    Raises at step ``fail_at``; the process exits without a word at step ``die_at``.
    Losses are 1/(step+1); the probe weights (the identity) come every ``probe_every`` steps.
    """
    for step in range(steps + 1):
        if stop.is_set():
            return
        if step == fail_at:
            raise RuntimeError("boom")
        if step == die_at:
            os._exit(3)
        yield tr.LiveProgress(step, 1.0 / (step + 1), 0.01 * step, np.eye(2) if step % probe_every == 0 else None)
        if gate is not None:
            gate.wait(5)


def where(stop, steps, probe_every):
    """One step: loss = this process's id, seconds = its niceness, weights = its BLAS and OpenMP thread limits."""
    limits = [[float(os.environ.get(name, "0")) for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")]]
    yield tr.LiveProgress(1, float(os.getpid()), float(os.nice(0)), np.array(limits))


def hold_host_lock(path: str, held) -> None:
    """Another replica of the host: take the live run's lock file, say so on ``held``, and hold it until killed
    (sleeping: a process killed while it waits on a shared Event would leave the Event unable to be set)."""
    import time
    from pathlib import Path

    from screens.translator.live_service import HostLock

    lock = HostLock(Path(path))
    if lock.acquire():
        held.set()
    time.sleep(60)


def named(stop, steps, probe_every, model=None):
    """One step whose loss is the number of letters of the model it was asked to train (0 for none)."""
    yield tr.LiveProgress(1, float(len(model or "")), 0.0, None)


def main_run(stop, steps, probe_every):
    """One step whose loss is 1 if this process ran a main module of the parent's before the training, else 0."""
    import sys

    ran = getattr(sys.modules.get("__mp_main__"), "__file__", None) is not None
    yield tr.LiveProgress(1, float(ran), 0.0, None)
