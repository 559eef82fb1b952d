"""A value that the test processes of one run compute once and share (pytest-xdist starts several)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

try:
    import fcntl
except ImportError:  # not on Windows: each process computes its own
    fcntl = None


def once_a_run(name: str, compute: Callable[[], Any], factory: pytest.TempPathFactory, worker: str) -> Any:
    """``compute()`` (JSON-serialisable), run by the first test process of this run that asks and read from a file by
    the others. A run without workers (``worker == "master"``) computes it: its temporary folder's parent is shared
    with earlier runs, which must not answer for this one."""
    if worker == "master" or fcntl is None:
        return compute()
    path: Path = factory.getbasetemp().parent / f"{name}.json"  # the folder every worker of this run shares
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait while the first computes
        if path.is_file():
            return json.loads(path.read_text())
        value = compute()
        path.write_text(json.dumps(value))
        return value
