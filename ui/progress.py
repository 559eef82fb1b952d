"""A progress bar for work that may be over in a blink.

Each move of a Streamlit progress bar is a message to the page. Work that the
server finishes in a few milliseconds (a hundred training steps take about 10
ms) would send twenty of them for a bar nobody sees, so the bar here is drawn
only once the work has taken :data:`SHOWN_AFTER_S`, and moved at most every
:data:`EVERY_S` after that. On a busy server, where the same work takes longer,
the reader sees it move.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from streamlit.delta_generator import DeltaGenerator

SHOWN_AFTER_S = 0.15  # work shorter than this shows no bar
EVERY_S = 0.1  # the bar moves at most this often


class PacedProgress:
    """Call it with the steps done after each piece of work (``done`` of ``total``); :meth:`close` takes the bar
    away once the work is over. ``text(done)`` is the bar's line; ``slot`` is where the bar is drawn."""

    def __init__(
        self,
        slot: DeltaGenerator,
        total: int,
        text: Callable[[int], str],
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.slot, self.total, self.text, self.clock = slot, total, text, clock
        self.started = clock()
        self.moved: float | None = None  # when the bar last moved; None while it is not drawn
        self.bar: DeltaGenerator | None = None

    def __call__(self, done: int) -> None:
        now = self.clock()
        if now - self.started < SHOWN_AFTER_S or (self.moved is not None and now - self.moved < EVERY_S):
            return
        if self.bar is None:
            self.bar = self.slot.progress(0.0, text=self.text(0))
        self.bar.progress(min(done / self.total, 1.0), text=self.text(done))
        self.moved = now

    def close(self) -> None:
        if self.bar is not None:
            self.bar.empty()
