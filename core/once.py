"""A cache for values computed once per process, safe when many threads ask at the same moment.

A hosted dashboard's first visitors arrive together, each in a thread of its
own; with :func:`functools.lru_cache` every one of them would compute the same
value at once (thirty times the work, all under one interpreter lock). Here the
first caller computes and the others wait for its result.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TypeVar

R = TypeVar("R")


def computed_once(fn: Callable[..., R]) -> Callable[..., R]:
    """Like ``functools.cache`` (hashable arguments), with one lock so each value is computed only once."""
    cached = functools.cache(fn)
    lock = threading.Lock()

    @functools.wraps(fn)
    def wrapper(*args: object, **kwargs: object) -> R:
        with lock:
            return cached(*args, **kwargs)

    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return wrapper
