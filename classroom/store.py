"""The class store: the shared state of a class that a teacher leads and students join.

One interface, :class:`Store`, and two backends: :class:`classroom.sqlite_store.SqliteStore`, the default (one file,
WAL mode: a process's threads and the replica processes of one host), and
:class:`classroom.redis_store.RedisStore` when ``ATTENTION_REDIS_URL`` names a Redis (replicas on several hosts).
:func:`classroom.backends.open_store` picks one from the settings (:mod:`classroom.settings`). Nothing of a class
lives in a process: every call reads or writes the store, so any replica serves any student.

The public methods check their arguments at the door (codes, ids, JSON sizes), check their caller (the teacher's
secret; a student's having joined) and the class's phase in one atomic step of the backend, and refuse with a
:class:`classroom.refusals.ClassRefused` that changes nothing. The rules, in one place:

- A class has a ``version`` that goes up by one whenever the teacher changes anything (step, follow, question,
  phase, round, end); a student's page polls :meth:`Store.version` (one small read) and reads
  :meth:`Store.state` only when it changed. Joins, answers and a student's roaming do not change it.
- A question is asked in rounds: :meth:`Store.open_question` opens round 1 of a question (or, for a question this
  class was asked before, its next round, the earlier ones kept); :meth:`Store.vote_again` opens the next round of
  the question on; :meth:`Store.reveal` closes the round to answers and lets the projector show them.
- Answer rule: each student has at most one answer per question and round; while the round is open a student may
  change it, and the last answer submitted is the one counted (as peer-instruction tools let a student change
  their vote until the reveal). The backend replaces it atomically, so a round's count is exact however many
  submissions race.
"""

from __future__ import annotations

import json
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from classroom import codes
from classroom.limits import Limit
from classroom.refusals import ClassRefused, Reason
from classroom.settings import Settings

STEP_MOST = 200  # characters of a step's JSON
SETTINGS_MOST = 4000  # characters of a step's or a question's settings, as JSON
ANSWER_MOST = 256  # characters of an answer, as JSON
_QUESTION = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}")


class Phase(StrEnum):
    NONE = "none"  # no question on
    OPEN = "open"  # the question's current round takes answers
    REVEALED = "revealed"  # the round is closed and its answers are shown


@dataclass(frozen=True)
class NewClass:
    code: str
    secret: str = field(repr=False)  # the teacher's, for their private link only


@dataclass(frozen=True)
class ClassState:
    """What everyone may read of a class (no secret, no student ids: ``students`` is how many joined)."""

    code: str
    created: float  # seconds since the epoch
    last_active: float  # the last join, answer or teacher's change
    version: int
    step: object  # JSON: which step the teacher shows (the pages decide its meaning)
    step_settings: dict
    follow: bool  # True: students follow the teacher's step; False: they roam
    phase: Phase
    question_id: str | None
    question_settings: dict
    round: int  # 0 without a question, else 1, 2, ...
    students: int
    ended: bool


@dataclass(frozen=True)
class RoundResult:
    """One round of a question: the settings it was asked under and how many chose each answer."""

    question_id: str
    round: int
    settings: dict
    answers: dict[str, int]  # an answer's canonical JSON text -> how many students' answer it is

    @property
    def answered(self) -> int:
        return sum(self.answers.values())

    def values(self) -> list[tuple[object, int]]:
        """The answers as the values submitted, with their counts, most chosen first."""
        ranked = sorted(self.answers.items(), key=lambda item: (-item[1], item[0]))
        return [(json.loads(text), n) for text, n in ranked]


@dataclass(frozen=True)
class Counts:
    answered: int  # students who answered the current round
    joined: int  # students who joined the class
    roaming: int  # of them, those who left the teacher's step to read on their own while the class follows


@dataclass(frozen=True)
class Change:
    """What a teacher's operation writes: class fields as stored, and the round it opens, if any."""

    fields: dict[str, object]
    new_round: tuple[str, int, str] | None = None  # (question, round, settings as JSON)

    @property
    def nothing(self) -> bool:
        """Whether it writes nothing (a press carried out already): the version stays, no device draws again."""
        return not self.fields and self.new_round is None


# How a backend stores a class: one row of these fields (SQLite columns, or one Redis hash of strings).
FIELDS = ("secret", "created", "version", "step", "step_settings", "follow", "phase", "question",
          "question_settings", "round", "ended")  # fmt: skip


def new_row(secret: str, now: float) -> dict[str, object]:
    """A new class's stored fields: no step, students follow, no question."""
    return {
        "secret": codes.digest(secret),
        "created": now,
        "version": 1,
        "step": "null",
        "step_settings": "{}",
        "follow": 1,
        "phase": Phase.NONE.value,
        "question": "",
        "question_settings": "{}",
        "round": 0,
        "ended": 0,
    }


def state_from_row(code: str, row: Mapping[str, object], last_active: float, students: int) -> ClassState:
    """A class's state from its stored fields (SQLite's values or Redis's strings alike)."""
    return ClassState(
        code=code,
        created=float(row["created"]),
        last_active=float(last_active),
        version=int(row["version"]),
        step=json.loads(row["step"]),
        step_settings=json.loads(row["step_settings"]),
        follow=bool(int(row["follow"])),
        phase=Phase(row["phase"]),
        question_id=str(row["question"]) or None,
        question_settings=json.loads(row["question_settings"]),
        round=int(row["round"]),
        students=int(students),
        ended=bool(int(row["ended"])),
    )


def json_text(what: str, value: object, most: int, *, mapping: bool = False) -> str:
    """``value`` as canonical JSON (sorted keys, no spaces), or a refusal naming ``what`` where it is not JSON
    (NaN, a set, ...), not an object where one is needed, or longer than ``most`` characters."""
    if mapping and not isinstance(value, Mapping):
        raise ClassRefused(Reason.BAD_VALUE, what=what)
    try:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        raise ClassRefused(Reason.BAD_VALUE, what=what) from None
    if len(text) > most:
        raise ClassRefused(Reason.BAD_VALUE, what=what)
    return text


class Store(ABC):
    """The class store's interface: the public methods below, the same on every backend.

    A backend implements the underscored methods, each one atomic step of its storage. ``clock`` (seconds since
    the epoch) is injectable so that tests can move time on.
    """

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.clock = clock

    # --- a teacher -------------------------------------------------------------------------------------------------

    def create_class(self) -> NewClass:
        """A new class: its join code (unique among live classes) and the teacher's secret. Sweeps expired classes
        first (SQLite)."""
        self.sweep()
        for _ in range(20):
            code, secret = codes.new_code(), codes.new_secret()
            if self._create(code, new_row(secret, self.clock())):
                return NewClass(code, secret)
        raise RuntimeError("no free join code in 20 draws")  # with 31^6 codes, not while classes are few

    def teacher(self, code: str, secret: str) -> ClassState:
        """The class's state for its teacher (a reload of the private teacher link): a refusal for anyone else."""
        return self._teacher_read(code, secret)

    def set_step(self, code: str, secret: str, step: object, settings: Mapping | None = None) -> ClassState:
        """Show ``step`` (a small JSON value) with its ``settings`` (a small JSON object)."""
        changed = {
            "step": json_text("step", step, STEP_MOST),
            "step_settings": json_text("settings", {} if settings is None else settings, SETTINGS_MOST, mapping=True),
        }
        return self._teacher_write(code, secret, lambda state, last_round: Change(changed))

    def set_follow(self, code: str, secret: str, follow: bool) -> ClassState:
        """Students follow the teacher's step (True: the class called back, none of them roams) or roam (False)."""
        if not isinstance(follow, bool):
            raise ClassRefused(Reason.BAD_VALUE, what="follow")
        state = self._teacher_write(code, secret, lambda state, last_round: Change({"follow": int(follow)}))
        if follow:
            self._roam_none(state.code)
        return state

    def open_question(
        self, code: str, secret: str, question_id: str, settings: Mapping | None = None, at: int | None = None
    ) -> ClassState:
        """Open ``question_id``, asked under ``settings``, for answers: round 1, or the next round of a question
        this class was asked before. ``at``: as for :meth:`vote_again`."""
        question = _checked_question(question_id)
        asked = json_text("settings", {} if settings is None else settings, SETTINGS_MOST, mapping=True)

        def change(state: ClassState, last_round: Callable[[str], int]) -> Change:
            n = last_round(question) + 1
            fields = {"phase": Phase.OPEN.value, "question": question, "question_settings": asked, "round": n}
            return Change(fields, (question, n, asked))

        return self._teacher_write(code, secret, change, at)

    def reveal(self, code: str, secret: str, at: int | None = None) -> ClassState:
        """Close the open round to answers and let the projector show them. ``at``: as for :meth:`vote_again`."""

        def change(state: ClassState, last_round: Callable[[str], int]) -> Change:
            if state.phase is not Phase.OPEN:
                raise ClassRefused(Reason.NOT_OPEN)
            return Change({"phase": Phase.REVEALED.value})

        return self._teacher_write(code, secret, change, at)

    def vote_again(self, code: str, secret: str, at: int | None = None) -> ClassState:
        """Open the next round of the question on (after discussion), under the same settings. ``at``: the class's
        version the teacher's button was drawn at; the class moved since (the same press carried out twice, or a
        press on a page another of the teacher's devices made stale), nothing changes: one press, one round."""

        def change(state: ClassState, last_round: Callable[[str], int]) -> Change:
            if state.phase is Phase.NONE:
                raise ClassRefused(Reason.NO_QUESTION)
            n = last_round(state.question_id) + 1
            asked = json_text("settings", state.question_settings, SETTINGS_MOST)
            return Change({"phase": Phase.OPEN.value, "round": n}, (state.question_id, n, asked))

        return self._teacher_write(code, secret, change, at)

    def clear_question(self, code: str, secret: str) -> ClassState:
        """Take the question off (its answers are kept for the results)."""
        cleared = {"phase": Phase.NONE.value, "question": "", "question_settings": "{}", "round": 0}
        return self._teacher_write(code, secret, lambda state, last_round: Change(cleared))

    def end(self, code: str, secret: str) -> ClassState:
        """End the class: every later change is refused; its state and results stay readable until it expires."""
        return self._teacher_write(code, secret, lambda state, last_round: Change({"ended": 1}))

    def counts(self, code: str, secret: str) -> Counts:
        """How many students answered the current round, of how many joined (the projector, while answers come in)."""
        state = self._teacher_read(code, secret)
        answered = self._answered(state.code, state.question_id, state.round) if state.question_id else 0
        return Counts(answered, state.students, self._roaming(state.code))

    def distribution(self, code: str, secret: str, question_id: str | None = None) -> list[RoundResult]:
        """Every round of ``question_id`` (by default the question on) with its answers' counts, round 1 first."""
        state = self._teacher_read(code, secret)
        question = state.question_id if question_id is None else _checked_question(question_id)
        return self._results(state.code, question) if question else []

    def results(self, code: str, secret: str) -> list[RoundResult]:
        """Every round of every question of the class, in the order they were opened."""
        state = self._teacher_read(code, secret)
        return self._results(state.code, None)

    # --- a student -------------------------------------------------------------------------------------------------

    def join(self, code: str, student: str) -> ClassState:
        """Join the class (again, after a reload: a student counts once). Rate-limited per student."""
        student = _checked_student(student)
        self._limit("join", student, self.settings.joins)
        self._join(_checked_code(code), student, self.settings.most_students, self.clock())
        return self.state(code)

    def submit(
        self,
        code: str,
        student: str,
        question_id: str,
        round: int,
        answer: object,
        admissible: Callable[[object], bool],
    ) -> None:
        """Answer round ``round`` of ``question_id``: refused unless that round is open, the student joined and
        ``admissible(answer)`` (the caller's check of the question's options or range; given the answer as it will
        be stored). A later answer in the same round replaces this one. Rate-limited per student."""
        student = _checked_student(student)
        question = _checked_question(question_id)
        round = _checked_round(round)
        if answer is None:
            raise ClassRefused(Reason.BAD_VALUE, what="answer")
        text = json_text("answer", answer, ANSWER_MOST)
        code = _checked_code(code)
        self._limit("answer", student, self.settings.answers)
        if not admissible(json.loads(text)):
            raise ClassRefused(Reason.INADMISSIBLE)
        self._submit(code, student, question, round, text, self.clock())

    def roam(self, code: str, student: str, roaming: bool) -> None:
        """Say whether ``student`` reads on their own (``True``: they left the teacher's step) or follows the class
        again, for the projector's count. Refused unless the student joined the live class; rate-limited per student
        as answers are (a student going from screen to screen makes more moves a minute than joins). Not the class's
        change: the version stays, no device draws again."""
        student = _checked_student(student)
        if not isinstance(roaming, bool):
            raise ClassRefused(Reason.BAD_VALUE, what="roaming")
        code = _checked_code(code)
        self._limit("roam", student, self.settings.answers)
        self._roam(code, student, roaming, self.clock())

    def answer_of(self, code: str, student: str, question_id: str, round: int) -> object | None:
        """The answer ``student`` has in this round (to show it again after a reload), or None."""
        checked = _checked_code(code), _checked_student(student), _checked_question(question_id), _checked_round(round)
        text = self._answer(*checked)
        return None if text is None else json.loads(text)

    # --- everyone --------------------------------------------------------------------------------------------------

    def state(self, code: str) -> ClassState:
        """The class's state, for everyone (a refusal where no live class has the code)."""
        found = self._state(_checked_code(code), self.clock())
        if found is None:
            raise ClassRefused(Reason.UNKNOWN)
        return found

    def version(self, code: str) -> int:
        """The class's version (one small read): a page reads :meth:`state` again only when it changed."""
        found = self._version(_checked_code(code), self.clock())
        if found is None:
            raise ClassRefused(Reason.UNKNOWN)
        return found

    # --- shared steps ----------------------------------------------------------------------------------------------

    def _teacher_read(self, code: str, secret: str) -> ClassState:
        code = _checked_code(code)
        found = self._state(code, self.clock(), with_secret=True)
        if found is None:
            raise ClassRefused(Reason.UNKNOWN)
        state, kept = found
        if not codes.same_secret(kept, secret):
            raise ClassRefused(Reason.NOT_TEACHER)
        return state

    def _teacher_write(
        self,
        code: str,
        secret: str,
        change: Callable[[ClassState, Callable[[str], int]], Change],
        at: int | None = None,
    ) -> ClassState:
        """``change`` written in one step; ``at`` given (the version a press was drawn at) and the class's version
        moved since, nothing (after the secret's check: a stranger's press is refused all the same)."""

        def checked(state: ClassState, last_round: Callable[[str], int]) -> Change:
            if at is not None and state.version != at:
                return Change({})
            return change(state, last_round)

        return self._change(_checked_code(code), secret, checked, self.clock())

    def _limit(self, kind: str, who: str, limit: Limit) -> None:
        now = self.clock()
        index, left = limit.window(now)
        if self._count(f"{kind}:{who}:{index}", now + left) > limit.most:
            raise ClassRefused(Reason.RATE_LIMITED, wait=limit.wait(now))

    # --- a backend -------------------------------------------------------------------------------------------------

    @abstractmethod
    def _create(self, code: str, row: dict[str, object]) -> bool:
        """Store a new class under ``code`` unless a live class has it; whether it did."""

    @abstractmethod
    def _change(
        self, code: str, secret: str, change: Callable[[ClassState, Callable[[str], int]], Change], now: float
    ) -> ClassState:
        """In one atomic step: refuse an unknown code, another's secret (compared by ``codes.same_secret``) or an
        ended class; else write ``change(state, last_round)`` (``last_round(q)``: the last round of question q so
        far, 0 if none), one more version and the activity time, and give the new state; a change that writes
        nothing (:attr:`Change.nothing`) leaves the class as it was and gives it."""

    @abstractmethod
    def _join(self, code: str, student: str, most: int, now: float) -> None:
        """In one atomic step: refuse an unknown or ended class, or a new student beyond ``most``; else add
        ``student`` (once) and note the activity."""

    @abstractmethod
    def _submit(self, code: str, student: str, question: str, round: int, answer: str, now: float) -> None:
        """In one atomic step: refuse an unknown or ended class, a student who did not join, a phase other than
        open, another question or another round; else store ``answer`` as the student's for the round (replacing
        theirs) and note the activity."""

    @abstractmethod
    def _roam(self, code: str, student: str, roaming: bool, now: float) -> None:
        """In one atomic step: refuse an unknown or ended class, or a student who did not join; else count
        ``student`` among the roaming (once) or no longer."""

    @abstractmethod
    def _roam_none(self, code: str) -> None:
        """Count no student of the class among the roaming."""

    @abstractmethod
    def _roaming(self, code: str) -> int:
        """How many students roam."""

    @abstractmethod
    def _count(self, key: str, until: float) -> int:
        """Count one more attempt under ``key`` (kept until ``until``); the count so far, this one included."""

    @abstractmethod
    def _state(self, code: str, now: float, with_secret: bool = False):
        """The live class's state (with the kept secret digest: ``(state, digest)``), or None."""

    @abstractmethod
    def _version(self, code: str, now: float) -> int | None:
        """The live class's version, or None."""

    @abstractmethod
    def _answered(self, code: str, question: str, round: int) -> int:
        """How many students have an answer in this round."""

    @abstractmethod
    def _results(self, code: str, question: str | None) -> list[RoundResult]:
        """The rounds of ``question`` (every question's when None) in the order opened, with their answers' counts."""

    @abstractmethod
    def _answer(self, code: str, student: str, question: str, round: int) -> str | None:
        """The student's answer in this round, as stored, or None."""

    @abstractmethod
    def sweep(self) -> int:
        """Remove expired classes and spent rate-limit counts; how many classes it removed (Redis expires its keys
        itself: 0)."""

    @abstractmethod
    def close(self) -> None:
        """Let go of connections."""


def _checked_code(code: object) -> str:
    found = codes.normalise(code)
    if found is None:
        raise ClassRefused(Reason.UNKNOWN)
    return found


def _checked_student(student: object) -> str:
    if not codes.is_student(student):
        raise ClassRefused(Reason.BAD_VALUE, what="student")
    return student


def _checked_question(question: object) -> str:
    if not isinstance(question, str) or _QUESTION.fullmatch(question) is None:
        raise ClassRefused(Reason.BAD_VALUE, what="question")
    return question


def _checked_round(round: object) -> int:
    if not isinstance(round, int) or isinstance(round, bool) or round < 1:
        raise ClassRefused(Reason.BAD_VALUE, what="round")
    return round
