"""The class store's backends as tests use them: SQLite in a temporary folder, Redis in a ``redis-server`` of the
test module's own (on a free port, in a temporary folder, persisting nothing), stopped when the module ends.

Where ``redis-server`` is missing the Redis tests skip with a message, except when ``ATTENTION_REQUIRE_BROWSER=1``
(set by CI), where a missing server fails, as a missing browser does (``tests/browser.py``).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from classroom.redis_store import RedisStore
from classroom.sqlite_store import SqliteStore
from classroom.store import Store
from deploy.run import free_port


def redis_server_path() -> str:
    """Debian's ``redis-server``, or a skip (a failure where CI requires every test to run)."""
    path = shutil.which("redis-server")
    if path:
        return path
    message = "redis-server not found: the Redis class store's tests need Debian's redis-server package."
    if os.environ.get("ATTENTION_REQUIRE_BROWSER") == "1":
        pytest.fail(message + " ATTENTION_REQUIRE_BROWSER=1 makes this a failure.")
    pytest.skip(message)


@contextmanager
def redis_server(folder: Path, timeout: float = 10.0) -> Iterator[str]:
    """A ``redis-server`` on a free port of 127.0.0.1 that saves nothing; its URL, until the block ends."""
    import redis

    path = redis_server_path()
    for _ in range(5):  # another process may take the free port before the server binds it
        port = free_port()
        log = folder / f"redis-{port}.log"
        command = [path, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        proc = subprocess.Popen([*command, "--dir", str(folder), "--logfile", str(log)], stdout=subprocess.DEVNULL)
        client = redis.Redis(port=port, socket_connect_timeout=1)
        deadline = time.monotonic() + timeout
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        client.close()
        if proc.poll() is None:
            break
    else:
        raise RuntimeError(f"redis-server did not start: {log.read_text() if log.exists() else 'no log'}")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def dump(store: Store) -> dict:
    """Everything the store keeps of every class (not the rate limits' counts, which count refused attempts too)."""
    if isinstance(store, SqliteStore):
        with sqlite3.connect(store.path) as db:
            tables = ("classes", "students", "roaming", "rounds", "answers")
            return {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall()) for t in tables}
    assert isinstance(store, RedisStore)
    r, kept = store.redis, {}
    for key in r.scan_iter(match=f"{store.settings.prefix}:class:*"):
        kind = r.type(key)
        read = {"hash": r.hgetall, "set": r.smembers, "string": r.get}[kind]
        kept[key] = read(key)
    return kept


class Clock:
    """A clock a test moves on: ``clock()`` is the time now, ``clock.now += 60`` a minute later."""

    def __init__(self, now: float | None = None) -> None:
        self.now = time.time() if now is None else now

    def __call__(self) -> float:
        return self.now
