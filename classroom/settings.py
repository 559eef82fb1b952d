"""The class store's settings, read once from the environment (:meth:`Settings.from_environ`).

``ATTENTION_REDIS_URL``    a Redis URL (``redis://host:6379/0``): classes live there, for replicas on several hosts.
                           Unset: classes live in SQLite, for one host (its threads and its replica processes).
``ATTENTION_DATA``         the folder of the SQLite file ``classroom.sqlite3``; by default ``attention-data`` in
                           the system's temporary folder (every replica of one host finds the same file there).
``ATTENTION_CLASS_HOURS``  hours without activity after which a class expires (default 6).
``ATTENTION_CLASS_SIZE``   the most students one class takes (default 500).
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from classroom.limits import ANSWERS, JOINS, Limit

HOURS = 6.0
MOST_STUDENTS = 500
DATA_FILE = "classroom.sqlite3"


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    redis_url: str | None = None
    hours: float = HOURS
    most_students: int = MOST_STUDENTS
    joins: Limit = JOINS
    answers: Limit = ANSWERS
    prefix: str = "attention"  # the first part of every Redis key the store writes

    @property
    def ttl(self) -> float:
        """Seconds without activity after which a class expires."""
        return self.hours * 3600.0

    @property
    def data_file(self) -> Path:
        return self.data_dir / DATA_FILE

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        data = env.get("ATTENTION_DATA") or str(Path(tempfile.gettempdir()) / "attention-data")
        return cls(
            data_dir=Path(data),
            redis_url=env.get("ATTENTION_REDIS_URL") or None,
            hours=_number(env, "ATTENTION_CLASS_HOURS", HOURS, float),
            most_students=_number(env, "ATTENTION_CLASS_SIZE", MOST_STUDENTS, int),
        )


def _number(env: Mapping[str, str], name: str, default: float, kind: type) -> float:
    text = env.get(name)
    if not text:
        return default
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or not (value > 0 and math.isfinite(value)):
        raise ValueError(f"{name}={text!r}: a positive {'whole ' if kind is int else ''}number is needed")
    return value
