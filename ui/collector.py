"""Python's garbage collector set for a server that holds a class: the long-lived objects set aside once a screen
has run, and fewer young collections.

Every full collection traverses every object the collector tracks. A served app holds some two hundred thousand
that never die (the libraries' functions, classes and modules, the charts' templates), so each full collection
paused every reader's script for 100-220 ms on two cores and 300-440 ms on half a core: measured with thirty
readers moving screen 2's controls (``bench.load --moves controls``, one collection every two or three seconds).
:func:`settle`, a few seconds after the process's first run of a screen (:func:`settle_soon`), collects once
and moves what is left into the collector's permanent generation (``gc.freeze``), which later collections skip
(its collection takes 50-150 ms, left out of the first views of a class arriving at once); :data:`YOUNG` makes
the youngest generation's collections rarer, so that a run's short-lived cycles (Streamlit's element generators
and cursors) mostly die young rather than reach the full collections. Thirty readers on half a core, screen 2's
controls: p95 455 and 608 ms as Python sets it, 288 and 233 with :func:`settle`, 244 and 259 with both (one full
collection in 20 s instead of eight to eleven).

What :func:`settle` freezes is never collected as a cycle: it collects first, so only the objects of runs under
way at that moment (a few thousand, once a screen) could be kept that way.
"""

from __future__ import annotations

import gc
import threading

YOUNG = 10_000  # allocations between collections of the youngest generation (Python's default: 700)
SETTLE_AFTER_S = 5.0  # after a screen's first run: once a class arriving at once has its first views (within 3 s)


def tune() -> None:
    """Set the youngest generation's threshold (the older two keep Python's). Idempotent."""
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG, older, oldest)


def settle() -> None:
    """Collect, then set every object alive now aside from later collections (``gc.freeze``)."""
    gc.collect()
    gc.freeze()


_PENDING: list[threading.Timer] = []
_PENDING_LOCK = threading.Lock()


def settle_soon(delay: float = SETTLE_AFTER_S) -> None:
    """:func:`settle` in ``delay`` seconds, on a thread of its own; nothing more if one is already waiting (it
    sets aside what is alive when it runs, this screen's too)."""
    with _PENDING_LOCK:
        if _PENDING and _PENDING[-1].is_alive():
            return
        timer = threading.Timer(delay, settle)
        timer.daemon = True
        _PENDING[:] = [timer]
        timer.start()
