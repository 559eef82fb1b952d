"""Which backend a process's class store is: :func:`open_store` (the interface and its rules:
:mod:`classroom.store`)."""

from __future__ import annotations

from classroom.settings import Settings
from classroom.store import Store
from core.once import computed_once


@computed_once
def _opened(settings: Settings) -> Store:
    if settings.redis_url:
        from classroom.redis_store import RedisStore  # imports redis: only where a Redis is named

        return RedisStore(settings)
    from classroom.sqlite_store import SqliteStore

    return SqliteStore(settings)


def open_store(settings: Settings | None = None) -> Store:
    """The store the settings name (by default the environment's): Redis where ``ATTENTION_REDIS_URL`` is set, else
    SQLite in ``ATTENTION_DATA``. One store object a process for each settings (it holds connections, no class)."""
    return _opened(Settings.from_environ() if settings is None else settings)
