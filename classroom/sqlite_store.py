"""The class store in one SQLite file (the default backend): a process's threads and one host's replica processes.

The file is ``classroom.sqlite3`` in the data folder (:mod:`classroom.settings`), in WAL mode: readers do not wait
for the writer, and every process on the host that opens the file sees every committed write. (WAL needs the
processes on one host, not a network file system; replicas on several hosts use Redis.) Each operation is one
transaction; a write takes the file's write lock at its start (``BEGIN IMMEDIATE``), so its checks and its writes
see no other writer in between. Within a process, writers also queue on a lock of their own rather than on SQLite's
busy waits. Connections are pooled, one per thread at a time.

Tables (one row per class, per joined student, per round asked, per answer, per rate-limit window):

``classes(code, secret, created, last_active, version, step, step_settings, follow, phase, question,
question_settings, round, ended)``, ``students(code, student)``, ``roaming(code, student)`` (the students reading
on their own), ``rounds(code, question, round, settings, opened)``
(``opened``: the class's version when the round opened, which orders the rounds), ``answers(code, question, round,
student, answer)`` (primary key: all but the answer, so one answer a student and round), ``limits(key, until,
count)``.

A class whose last activity is older than the settings' hours reads as unknown at once; :meth:`SqliteStore.sweep`
(on every class created, or when called) deletes it and the rate-limit counts whose window has passed.
"""

from __future__ import annotations

import json
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

from classroom import codes
from classroom.refusals import ClassRefused, Reason
from classroom.settings import Settings
from classroom.store import FIELDS, Change, ClassState, Phase, RoundResult, Store, state_from_row

SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, secret TEXT NOT NULL, created REAL NOT NULL, last_active REAL NOT NULL,
    version INTEGER NOT NULL, step TEXT NOT NULL, step_settings TEXT NOT NULL, follow INTEGER NOT NULL,
    phase TEXT NOT NULL, question TEXT NOT NULL, question_settings TEXT NOT NULL, round INTEGER NOT NULL,
    ended INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS classes_by_activity ON classes (last_active);
CREATE TABLE IF NOT EXISTS students (
    code TEXT NOT NULL, student TEXT NOT NULL, PRIMARY KEY (code, student)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS roaming (
    code TEXT NOT NULL, student TEXT NOT NULL, PRIMARY KEY (code, student)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rounds (
    code TEXT NOT NULL, question TEXT NOT NULL, round INTEGER NOT NULL, settings TEXT NOT NULL,
    opened INTEGER NOT NULL, PRIMARY KEY (code, question, round)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL, question TEXT NOT NULL, round INTEGER NOT NULL, student TEXT NOT NULL,
    answer TEXT NOT NULL, PRIMARY KEY (code, question, round, student)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS limits (
    key TEXT PRIMARY KEY, until REAL NOT NULL, count INTEGER NOT NULL
) WITHOUT ROWID;
"""
PER_CLASS = ("students", "roaming", "rounds", "answers")  # the tables keyed by a class's code besides ``classes``
BUSY_SECONDS = 30.0  # how long a write waits for another process's before SQLite gives up


class SqliteStore(Store):
    def __init__(self, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        super().__init__(settings, clock)
        self.path = settings.data_file
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._idle: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        self._writer = threading.Lock()
        with self._connection() as db:
            db.execute("PRAGMA journal_mode=WAL")
        with self._writing() as db:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)

    # --- connections and transactions ---

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a crash of the process, not of the host
        return db

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        try:
            db = self._idle.get_nowait()
        except queue.Empty:
            db = self._connect()
        try:
            yield db
        finally:
            self._idle.put(db)

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        with self._connection() as db:
            db.execute(begin)
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        with self._writer, self._transaction("BEGIN IMMEDIATE") as db:
            yield db

    def _reading(self) -> AbstractContextManager[sqlite3.Connection]:
        return self._transaction("BEGIN")  # one snapshot for the reads of an operation

    def _live(self, db: sqlite3.Connection, code: str, now: float) -> sqlite3.Row | None:
        row = db.execute("SELECT * FROM classes WHERE code = ?", (code,)).fetchone()
        if row is None or now - row["last_active"] > self.settings.ttl:
            return None
        return row

    def _going(self, db: sqlite3.Connection, code: str, now: float) -> sqlite3.Row:
        """The live class ``code`` if it has not ended; else the refusal that says which it is."""
        row = self._live(db, code, now)
        if row is None:
            raise ClassRefused(Reason.UNKNOWN)
        if row["ended"]:
            raise ClassRefused(Reason.ENDED)
        return row

    @staticmethod
    def _joined(db: sqlite3.Connection, code: str, student: str) -> bool:
        sql = "SELECT 1 FROM students WHERE code = ? AND student = ?"
        return db.execute(sql, (code, student)).fetchone() is not None

    @staticmethod
    def _students(db: sqlite3.Connection, code: str) -> int:
        return db.execute("SELECT COUNT(*) FROM students WHERE code = ?", (code,)).fetchone()[0]

    # --- writes ---

    def _create(self, code: str, row: dict[str, object]) -> bool:
        now = float(row["created"])
        with self._writing() as db:
            if self._live(db, code, now) is not None:
                return False
            self._delete(db, "code = ?", (code,))  # an expired class of the same code, not yet swept
            columns = (*FIELDS, "last_active")
            values = [row[f] for f in FIELDS] + [now]
            db.execute(
                f"INSERT INTO classes (code, {', '.join(columns)}) VALUES (?{', ?' * len(columns)})", [code, *values]
            )
        return True

    def _change(
        self, code: str, secret: str, change: Callable[[ClassState, Callable[[str], int]], Change], now: float
    ) -> ClassState:
        with self._writing() as db:
            row = self._live(db, code, now)
            if row is None:
                raise ClassRefused(Reason.UNKNOWN)
            if not codes.same_secret(row["secret"], secret):
                raise ClassRefused(Reason.NOT_TEACHER)
            if row["ended"]:
                raise ClassRefused(Reason.ENDED)
            students = self._students(db, code)

            def last_round(question: str) -> int:
                sql = "SELECT COALESCE(MAX(round), 0) FROM rounds WHERE code = ? AND question = ?"
                return db.execute(sql, (code, question)).fetchone()[0]

            before = state_from_row(code, row, row["last_active"], students)
            done = change(before, last_round)
            assert set(done.fields) <= set(FIELDS), done.fields
            if done.nothing:
                return before
            version = row["version"] + 1
            fields = {**done.fields, "version": version, "last_active": now}
            assignments = ", ".join(f"{name} = ?" for name in fields)
            db.execute(f"UPDATE classes SET {assignments} WHERE code = ?", [*fields.values(), code])
            if done.new_round is not None:
                question, n, settings = done.new_round
                sql = "INSERT INTO rounds (code, question, round, settings, opened) VALUES (?, ?, ?, ?, ?)"
                db.execute(sql, (code, question, n, settings, version))
            return state_from_row(code, {**dict(row), **fields}, now, students)

    def _join(self, code: str, student: str, most: int, now: float) -> None:
        with self._writing() as db:
            self._going(db, code, now)
            if not self._joined(db, code, student):
                if self._students(db, code) >= most:
                    raise ClassRefused(Reason.FULL, most=most)
                db.execute("INSERT INTO students (code, student) VALUES (?, ?)", (code, student))
            db.execute("UPDATE classes SET last_active = ? WHERE code = ?", (now, code))

    def _submit(self, code: str, student: str, question: str, round: int, answer: str, now: float) -> None:
        with self._writing() as db:
            row = self._going(db, code, now)
            if not self._joined(db, code, student):
                raise ClassRefused(Reason.NOT_JOINED)
            if row["phase"] != Phase.OPEN.value:
                raise ClassRefused(Reason.NOT_OPEN)
            if row["question"] != question:
                raise ClassRefused(Reason.OTHER_QUESTION)
            if row["round"] != round:
                raise ClassRefused(Reason.OTHER_ROUND)
            db.execute(
                "INSERT INTO answers (code, question, round, student, answer) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (code, question, round, student) DO UPDATE SET answer = excluded.answer",
                (code, question, round, student, answer),
            )
            db.execute("UPDATE classes SET last_active = ? WHERE code = ?", (now, code))

    def _roam(self, code: str, student: str, roaming: bool, now: float) -> None:
        with self._writing() as db:
            self._going(db, code, now)
            if not self._joined(db, code, student):
                raise ClassRefused(Reason.NOT_JOINED)
            if roaming:
                db.execute("INSERT OR IGNORE INTO roaming (code, student) VALUES (?, ?)", (code, student))
            else:
                db.execute("DELETE FROM roaming WHERE code = ? AND student = ?", (code, student))

    def _roam_none(self, code: str) -> None:
        with self._writing() as db:
            db.execute("DELETE FROM roaming WHERE code = ?", (code,))

    def _count(self, key: str, until: float) -> int:
        with self._writing() as db:
            sql = (
                "INSERT INTO limits (key, until, count) VALUES (?, ?, 1) "
                "ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count"
            )
            return db.execute(sql, (key, until)).fetchone()[0]

    def sweep(self) -> int:
        now = self.clock()
        with self._writing() as db:
            removed = self._delete(db, "last_active < ?", (now - self.settings.ttl,))
            db.execute("DELETE FROM limits WHERE until < ?", (now,))
        return removed

    @staticmethod
    def _delete(db: sqlite3.Connection, where: str, args: tuple) -> int:
        """Delete the classes ``where`` says (a condition on ``classes``) with all they hold; how many."""
        for table in PER_CLASS:
            db.execute(f"DELETE FROM {table} WHERE code IN (SELECT code FROM classes WHERE {where})", args)
        return db.execute(f"DELETE FROM classes WHERE {where}", args).rowcount

    # --- reads ---

    def _state(self, code: str, now: float, with_secret: bool = False):
        with self._reading() as db:
            row = self._live(db, code, now)
            if row is None:
                return None
            state = state_from_row(code, row, row["last_active"], self._students(db, code))
        return (state, row["secret"]) if with_secret else state

    def _version(self, code: str, now: float) -> int | None:
        with self._connection() as db:
            row = db.execute("SELECT version, last_active FROM classes WHERE code = ?", (code,)).fetchone()
        if row is None or now - row["last_active"] > self.settings.ttl:
            return None
        return row["version"]

    def _roaming(self, code: str) -> int:
        with self._connection() as db:
            return db.execute("SELECT COUNT(*) FROM roaming WHERE code = ?", (code,)).fetchone()[0]

    def _answered(self, code: str, question: str, round: int) -> int:
        sql = "SELECT COUNT(*) FROM answers WHERE code = ? AND question = ? AND round = ?"
        with self._connection() as db:
            return db.execute(sql, (code, question, round)).fetchone()[0]

    def _results(self, code: str, question: str | None) -> list[RoundResult]:
        which, args = ("code = ?", (code,)) if question is None else ("code = ? AND question = ?", (code, question))
        with self._reading() as db:
            rounds = db.execute(
                f"SELECT question, round, settings FROM rounds WHERE {which} ORDER BY opened", args
            ).fetchall()
            counted = db.execute(
                f"SELECT question, round, answer, COUNT(*) FROM answers WHERE {which} GROUP BY question, round, answer",
                args,
            ).fetchall()
        tallies: dict[tuple[str, int], dict[str, int]] = {}
        for q, n, answer, count in counted:
            tallies.setdefault((q, n), {})[answer] = count
        return [RoundResult(q, n, json.loads(s), tallies.get((q, n), {})) for q, n, s in rounds]

    def _answer(self, code: str, student: str, question: str, round: int) -> str | None:
        sql = "SELECT answer FROM answers WHERE code = ? AND question = ? AND round = ? AND student = ?"
        with self._connection() as db:
            row = db.execute(sql, (code, question, round, student)).fetchone()
        return None if row is None else row[0]

    def close(self) -> None:
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return
