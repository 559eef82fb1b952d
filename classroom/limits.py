"""Rate limits on joins and answers, per session, counted in the store so that they hold across replicas.

A limit is a fixed window: at most ``most`` attempts in each ``seconds``-long window of the clock (windows start at
multiples of ``seconds`` since the epoch). The store counts attempts under a key naming the kind, the session and
the window's index, in one atomic increment (an SQLite upsert in a write transaction; a Redis ``INCR``), and the
count expires with its window. An attempt over the limit is refused with the whole seconds left in the window.
At a window's edge a session can make up to ``2 * most`` attempts in a short while; the guessing bound in
:mod:`classroom.codes` counts ``most`` a window, which is what a day of attempts adds up to.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    most: int
    seconds: float

    def window(self, now: float) -> tuple[int, float]:
        """The index of the window ``now`` falls in, and the seconds left in it."""
        index = math.floor(now / self.seconds)
        return index, (index + 1) * self.seconds - now

    def wait(self, now: float) -> int:
        """The whole seconds a refused caller waits: the rest of the window, rounded up, at least 1."""
        return max(1, math.ceil(self.window(now)[1]))


# Joins: a student reloading the page joins again; ten a minute is many reloads, and bounds code guessing.
JOINS = Limit(most=10, seconds=60.0)
# Answers: a student may change their answer while the round is open; thirty a minute is one every two seconds.
ANSWERS = Limit(most=30, seconds=60.0)
