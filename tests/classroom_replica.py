"""What a replica process does in the class store's tests, in a module that imports little: a process started by
``multiprocessing`` (spawn) imports the module of the function it runs, and this one needs neither pytest nor Redis."""

from __future__ import annotations

from pathlib import Path

from classroom import codes
from classroom.settings import Settings
from classroom.sqlite_store import SqliteStore


def join_and_answer(folder: str, code: str, n: int, answer: str) -> tuple[int, list[str]]:
    """Open the SQLite store in ``folder``, join ``n`` new students to class ``code``, each answering ``answer`` to
    the open round 1 of "q.one"; the class's version as this process read it, and the students."""
    store = SqliteStore(Settings(data_dir=Path(folder)))
    mine = [codes.new_student() for _ in range(n)]
    for student in mine:
        store.join(code, student)
        store.submit(code, student, "q.one", 1, answer, lambda a: True)
    try:
        return store.version(code), mine
    finally:
        store.close()
