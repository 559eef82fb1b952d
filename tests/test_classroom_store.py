"""The class store on both backends: SQLite in a temporary folder, Redis in a server of this module's own.

Each test runs on each backend (``store`` and ``make`` are parametrised): the whole flow of a class, every refusal
(which changes nothing), the answer rule, exact counts under concurrent submissions, several processes on one
SQLite file, a second store object as another replica opens it, expiry, rate limits and the secret kept from
students.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
import multiprocessing
import random
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, replace

import pytest

from classroom import codes
from classroom.export import export_csv
from classroom.limits import Limit
from classroom.redis_store import RedisStore
from classroom.refusals import ClassRefused, Reason
from classroom.settings import Settings
from classroom.sqlite_store import SqliteStore
from classroom.store import ClassState, Counts, Phase
from tests.classroom_replica import join_and_answer
from tests.classroom_stores import Clock, dump, redis_server

OPTIONS = {"A", "B", "C"}


def choice(answer: object) -> bool:
    """A question's admissibility check, as the question bank gives one: an option id."""
    return answer in OPTIONS


def in_range(answer: object) -> bool:
    return isinstance(answer, int | float) and not isinstance(answer, bool) and -1 <= answer <= 1


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture(params=["sqlite", "redis"])
def make(request, tmp_path):
    """Stores on one storage: each call opens another store object on it, as another replica would."""
    redis_url = request.getfixturevalue("redis_url") if request.param == "redis" else None
    prefix = f"test-{uuid.uuid4().hex[:8]}"  # one Redis server a module: each test its own keys
    opened = []

    def make(clock=time.time, **settings):
        kept = Settings(data_dir=tmp_path, redis_url=redis_url, prefix=prefix, **settings)
        store = (RedisStore if redis_url else SqliteStore)(kept, clock)
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()


@pytest.fixture
def store(make):
    return make()


def students(n: int) -> list[str]:
    return [codes.new_student() for _ in range(n)]


def test_a_whole_class(store):
    new = store.create_class()
    teacher = new.code, new.secret
    assert store.teacher(*teacher).version == 1 and store.state(new.code).phase is Phase.NONE
    ann, ben, cat = students(3)
    joined = [store.join(new.code.lower(), s) for s in (ann, ben, cat)]
    assert [s.students for s in joined] == [1, 2, 3]
    assert store.join(new.code, ann).students == 3  # a reload joins again, counted once

    assert store.set_step(*teacher, 4, {"query": 2}).version == 2
    assert store.set_follow(*teacher, False).follow is False
    opened = store.open_question(*teacher, "q.weights", {"t": 3})
    asked = (opened.phase, opened.question_id, opened.round, opened.question_settings)
    assert asked == (Phase.OPEN, "q.weights", 1, {"t": 3})
    assert (opened.step, opened.step_settings, opened.version) == (4, {"query": 2}, 4)

    store.submit(new.code, ann, "q.weights", 1, "A", choice)
    store.submit(new.code, ben, "q.weights", 1, "B", choice)
    assert (store.counts(*teacher).answered, store.counts(*teacher).joined) == (2, 3)
    assert store.answer_of(new.code, ann, "q.weights", 1) == "A"
    assert store.answer_of(new.code, cat, "q.weights", 1) is None

    assert store.reveal(*teacher).phase is Phase.REVEALED
    [first] = store.distribution(*teacher)
    assert (first.round, first.answers, first.settings) == (1, {'"A"': 1, '"B"': 1}, {"t": 3})

    revealed = store.state(new.code).version
    again = store.vote_again(*teacher, at=revealed)
    asked = (again.phase, again.question_id, again.round, again.question_settings)
    assert asked == (Phase.OPEN, "q.weights", 2, {"t": 3})
    # one press carried out twice (a run that called its button's callback again) opens one round, not two
    assert store.vote_again(*teacher, at=revealed) == again == store.state(new.code)
    for s in (ann, ben, cat):
        store.submit(new.code, s, "q.weights", 2, "B", choice)
    assert store.counts(*teacher).answered == 3
    rounds = store.distribution(*teacher, "q.weights")
    assert [(r.round, r.answers) for r in rounds] == [(1, {'"A"': 1, '"B"': 1}), (2, {'"B"': 3})]
    assert rounds[1].values() == [("B", 3)] and rounds[1].answered == 3

    opened = store.state(new.code).version
    store.reveal(*teacher, at=opened)
    assert store.reveal(*teacher, at=opened).phase is Phase.REVEALED  # the same press again: no refusal to show
    assert store.open_question(*teacher, "q.weights", {"t": 3}, at=opened).round == 2  # nor a stale Ask a round
    store.clear_question(*teacher)
    assert store.state(new.code).phase is Phase.NONE and store.counts(*teacher).answered == 0
    store.open_question(*teacher, "q.slider", {})
    store.submit(new.code, cat, "q.slider", 1, -0.5, in_range)
    exported = list(csv.reader(io.StringIO(export_csv(store, *teacher))))
    assert exported == [  # three students joined: how many of them gave no answer, a round's on each of its rows
        ["question", "round", "settings", "answer", "count", "no_answer"],
        ["q.weights", "1", '{"t":3}', "A", "1", "1"],
        ["q.weights", "1", '{"t":3}', "B", "1", "1"],
        ["q.weights", "2", '{"t":3}', "B", "3", "0"],
        ["q.slider", "1", "{}", "-0.5", "1", "2"],
    ]

    ended = store.end(*teacher)
    assert ended.ended and ended.version == 10
    with pytest.raises(ClassRefused) as refused:
        store.join(new.code, students(1)[0])
    assert refused.value.reason is Reason.ENDED
    assert len(store.results(*teacher)) == 3  # the results stay readable until the class expires


def test_the_projector_counts_the_students_who_read_on_their_own_until_the_class_is_called_back(store):
    new = store.create_class()
    teacher = new.code, new.secret
    ann, ben, cat = students(3)
    for s in (ann, ben, cat):
        store.join(new.code, s)
    version = store.state(new.code).version
    store.roam(new.code, ann, True)
    store.roam(new.code, ann, True)  # a second look at another screen: counted once
    store.roam(new.code, ben, True)
    assert store.counts(*teacher) == Counts(answered=0, joined=3, roaming=2)
    store.roam(new.code, ann, False)  # ann follows again
    assert store.counts(*teacher).roaming == 1
    assert store.state(new.code).version == version  # no device draws again for it
    store.set_follow(*teacher, False)  # the class roams: each still counted as they left
    assert store.counts(*teacher).roaming == 1
    store.set_follow(*teacher, True)  # called back: everyone follows
    assert store.counts(*teacher).roaming == 0
    store.roam(new.code, cat, True)
    other = store.create_class()  # another class's students are not this one's
    store.join(other.code, ann)
    store.roam(other.code, ann, True)
    assert (store.counts(*teacher).roaming, store.counts(other.code, other.secret).roaming) == (1, 1)


def test_a_student_moves_on_and_off_the_teachers_step_as_often_as_they_may_answer(make):
    """Limited as joins are (10 a minute), a student going from screen to screen was refused in silence and the
    projector kept counting them on their own after they followed again."""
    store = make(clock=Clock(now=60 * math.floor(time.time() / 60) + 1))  # a second into a rate limit's window
    new = store.create_class()
    [ann] = students(1)
    store.join(new.code, ann)
    assert store.settings.answers.most > store.settings.joins.most
    for k in range(store.settings.answers.most):
        store.roam(new.code, ann, k % 2 == 0)
    with pytest.raises(ClassRefused) as refused:
        store.roam(new.code, ann, True)
    assert refused.value.reason is Reason.RATE_LIMITED


def test_the_question_banks_questions_go_through_the_store(store):
    """A question of the bank (core.questions) asked under its setting, answered through the bank's door."""
    from core import questions
    from core.questions.question import setting_json

    new = store.create_class()
    [ann] = students(1)
    store.join(new.code, ann)
    cases = ((questions.ask("hull.raw"), "inside", "no"), (questions.ask("compare.weight"), 0.5, 2.0))
    for asked, given, refused in cases:
        store.open_question(new.code, new.secret, asked.id, setting_json(asked.setting))
        door = functools.partial(questions.admissible, asked)
        with pytest.raises(ClassRefused) as refusal:
            store.submit(new.code, ann, asked.id, 1, refused, door)
        assert refusal.value.reason is Reason.INADMISSIBLE
        store.submit(new.code, ann, asked.id, 1, questions.admit(asked, given), door)
        assert store.answer_of(new.code, ann, asked.id, 1) == given
        on = store.state(new.code)
        assert questions.question_from_json({"id": on.question_id, "setting": on.question_settings}) == asked


def test_reopening_a_question_asks_its_next_round(store):
    new = store.create_class()
    [ann] = students(1)
    store.join(new.code, ann)
    store.open_question(new.code, new.secret, "q.one", {"n": 1})
    store.submit(new.code, ann, "q.one", 1, "A", choice)
    store.open_question(new.code, new.secret, "q.two")
    assert store.open_question(new.code, new.secret, "q.one", {"n": 2}).round == 2
    results = store.results(new.code, new.secret)
    assert [(r.question_id, r.round, r.settings, r.answers) for r in results] == [
        ("q.one", 1, {"n": 1}, {'"A"': 1}),
        ("q.two", 1, {}, {}),
        ("q.one", 2, {"n": 2}, {}),
    ]


def test_a_later_answer_replaces_the_earlier_one_in_its_round(store):
    new = store.create_class()
    ann, ben = students(2)
    for s in (ann, ben):
        store.join(new.code, s)
    store.open_question(new.code, new.secret, "q.one")
    store.submit(new.code, ann, "q.one", 1, "A", choice)
    store.submit(new.code, ben, "q.one", 1, "A", choice)
    store.submit(new.code, ann, "q.one", 1, "B", choice)
    store.submit(new.code, ann, "q.one", 1, "B", choice)
    [only] = store.distribution(new.code, new.secret)
    assert only.answers == {'"A"': 1, '"B"': 1}
    assert store.counts(new.code, new.secret).answered == 2
    assert store.answer_of(new.code, ann, "q.one", 1) == "B"


def test_the_version_moves_with_each_change_of_the_teacher_and_only_then(store):
    new = store.create_class()
    teacher = new.code, new.secret
    [ann] = students(1)
    seen = [store.version(new.code)]
    store.join(new.code, ann)
    seen.append(store.version(new.code))
    for change in (
        lambda: store.set_step(*teacher, "s1"),
        lambda: store.set_follow(*teacher, False),
        lambda: store.open_question(*teacher, "q.one"),
    ):
        change()
        seen.append(store.version(new.code))
    store.submit(new.code, ann, "q.one", 1, "A", choice)
    seen.append(store.version(new.code))
    with pytest.raises(ClassRefused):
        store.vote_again(new.code, "not the secret")
    seen.append(store.version(new.code))
    for change in (store.reveal, store.vote_again, store.clear_question, store.end):
        change(*teacher)
        seen.append(store.version(new.code))
    assert seen == [1, 1, 2, 3, 4, 4, 4, 5, 6, 7, 8]


# --- refusals ---


@pytest.fixture
def scene(make):
    """Three classes of a store whose classes take three students: ``live`` (a question open in round 1, two of its
    two students joined, one answered), ``full`` (three students, no question) and ``ended``."""
    clock = Clock(now=60 * math.floor(time.time() / 60) + 1)  # a second into a rate limit's window
    store = make(clock=clock, most_students=3)
    live, full, ended = (store.create_class() for _ in range(3))
    ann, ben, cat, dan, eve, fay = students(6)
    for s in (ann, ben):
        store.join(live.code, s)
    store.open_question(live.code, live.secret, "q.one")
    store.submit(live.code, ann, "q.one", 1, "A", choice)
    for s in (cat, dan, eve):
        store.join(full.code, s)
    store.join(ended.code, fay)
    store.end(ended.code, ended.secret)
    unknown = next(c for c in iter(codes.new_code, None) if c not in (live.code, full.code, ended.code))
    return {"store": store, "clock": clock, "live": live, "full": full, "ended": ended, "unknown": unknown,
            "ann": ann, "ben": ben, "cat": cat, "fay": fay}  # fmt: skip


def _many_joins(s):
    for _ in range(s["store"].settings.joins.most):
        s["store"].join(s["live"].code, s["ben"])
    s["store"].join(s["live"].code, s["ben"])


def _many_answers(s):
    for _ in range(s["store"].settings.answers.most):
        s["store"].submit(s["live"].code, s["ben"], "q.one", 1, "C", choice)
    s["store"].submit(s["live"].code, s["ben"], "q.one", 1, "B", choice)


def _many_roams(s):
    for k in range(s["store"].settings.answers.most):
        s["store"].roam(s["live"].code, s["ben"], k % 2 == 0)
    s["store"].roam(s["live"].code, s["ben"], True)


def _submit(s, code="live", student="ben", question="q.one", round=1, answer="B", check=choice):
    s["store"].submit(s[code].code if code != "unknown" else s["unknown"], s[student], question, round, answer, check)


REFUSALS = {
    "join an unknown code": (Reason.UNKNOWN, lambda s: s["store"].join(s["unknown"], s["ben"])),
    "join a code with look-alikes": (Reason.UNKNOWN, lambda s: s["store"].join("0OI1L2", s["ben"])),
    "join an ended class": (Reason.ENDED, lambda s: s["store"].join(s["ended"].code, s["ben"])),
    "join a full class": (Reason.FULL, lambda s: s["store"].join(s["full"].code, s["ben"])),
    "join by a name": (Reason.BAD_VALUE, lambda s: s["store"].join(s["live"].code, "Ann Smith")),
    "join too often": (Reason.RATE_LIMITED, _many_joins),
    "state of an unknown code": (Reason.UNKNOWN, lambda s: s["store"].state(s["unknown"])),
    "version of an unknown code": (Reason.UNKNOWN, lambda s: s["store"].version(s["unknown"])),
    "step without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].set_step(s["live"].code, "guess", 2)),
    "step with another class's secret": (
        Reason.NOT_TEACHER,
        lambda s: s["store"].set_step(s["live"].code, s["full"].secret, 2),
    ),
    "step of an unknown class": (Reason.UNKNOWN, lambda s: s["store"].set_step(s["unknown"], s["live"].secret, 2)),
    "step of an ended class": (Reason.ENDED, lambda s: s["store"].set_step(s["ended"].code, s["ended"].secret, 2)),
    "step with settings too large": (
        Reason.BAD_VALUE,
        lambda s: s["store"].set_step(s["live"].code, s["live"].secret, 2, {"x": "y" * 5000}),
    ),
    "step with settings not JSON": (
        Reason.BAD_VALUE,
        lambda s: s["store"].set_step(s["live"].code, s["live"].secret, 2, {"x": {1, 2}}),
    ),
    "step with settings not an object": (
        Reason.BAD_VALUE,
        lambda s: s["store"].set_step(s["live"].code, s["live"].secret, 2, [1]),
    ),
    "follow not a bool": (Reason.BAD_VALUE, lambda s: s["store"].set_follow(s["live"].code, s["live"].secret, "no")),
    "follow without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].set_follow(s["live"].code, "", False)),
    "open a question id with spaces": (
        Reason.BAD_VALUE,
        lambda s: s["store"].open_question(s["live"].code, s["live"].secret, "what is x?"),
    ),
    "open without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].open_question(s["live"].code, "x", "q.two")),
    "reveal with no question": (Reason.NOT_OPEN, lambda s: s["store"].reveal(s["full"].code, s["full"].secret)),
    "reveal without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].reveal(s["live"].code, s["full"].secret)),
    "vote again with no question": (
        Reason.NO_QUESTION,
        lambda s: s["store"].vote_again(s["full"].code, s["full"].secret),
    ),
    "clear without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].clear_question(s["live"].code, "x")),
    "end without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].end(s["live"].code, s["full"].secret)),
    "end an ended class": (Reason.ENDED, lambda s: s["store"].end(s["ended"].code, s["ended"].secret)),
    "counts without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].counts(s["live"].code, "x")),
    "distribution without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].distribution(s["live"].code, "x")),
    "export without the secret": (Reason.NOT_TEACHER, lambda s: export_csv(s["store"], s["live"].code, "x")),
    "teacher's link without the secret": (Reason.NOT_TEACHER, lambda s: s["store"].teacher(s["live"].code, "x")),
    "answer to an unknown class": (Reason.UNKNOWN, lambda s: _submit(s, code="unknown")),
    "answer in an ended class": (Reason.ENDED, lambda s: _submit(s, code="ended", student="fay")),
    "answer without joining": (Reason.NOT_JOINED, lambda s: _submit(s, student="cat")),
    "answer with no question open": (Reason.NOT_OPEN, lambda s: _submit(s, code="full", student="cat")),
    "answer to another question": (Reason.OTHER_QUESTION, lambda s: _submit(s, question="q.two")),
    "answer to another round": (Reason.OTHER_ROUND, lambda s: _submit(s, round=2)),
    "answer outside the options": (Reason.INADMISSIBLE, lambda s: _submit(s, answer="D")),
    "answer outside the range": (Reason.INADMISSIBLE, lambda s: _submit(s, answer=1.5, check=in_range)),
    "answer not JSON": (Reason.BAD_VALUE, lambda s: _submit(s, answer=float("nan"), check=lambda a: True)),
    "answer too long": (Reason.BAD_VALUE, lambda s: _submit(s, answer="A" * 300, check=lambda a: True)),
    "answer of no value": (Reason.BAD_VALUE, lambda s: _submit(s, answer=None, check=lambda a: True)),
    "answer to round 0": (Reason.BAD_VALUE, lambda s: _submit(s, round=0)),
    "answer too often": (Reason.RATE_LIMITED, _many_answers),
    "roam in an unknown class": (Reason.UNKNOWN, lambda s: s["store"].roam(s["unknown"], s["ben"], True)),
    "roam in an ended class": (Reason.ENDED, lambda s: s["store"].roam(s["ended"].code, s["fay"], True)),
    "roam without joining": (Reason.NOT_JOINED, lambda s: s["store"].roam(s["live"].code, s["cat"], True)),
    "roam not a bool": (Reason.BAD_VALUE, lambda s: s["store"].roam(s["live"].code, s["ben"], "yes")),
    "roam by a name": (Reason.BAD_VALUE, lambda s: s["store"].roam(s["live"].code, "Ann Smith", True)),
    "roam too often": (Reason.RATE_LIMITED, _many_roams),
}


def test_every_reason_is_refused_in_a_case_below():
    assert {reason for reason, _ in REFUSALS.values()} == set(Reason)


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refusal_changes_nothing(scene, case):
    reason, refused_call = REFUSALS[case]
    store = scene["store"]
    if reason is Reason.RATE_LIMITED:  # the attempts within the limit change the class: they come first
        with pytest.raises(ClassRefused):
            refused_call(scene)
    scene["clock"].now += 5  # a write of the time of activity would show
    before = dump(store)
    with pytest.raises(ClassRefused) as refused:
        refused_call(scene)
    assert refused.value.reason is reason and refused.value.code == reason.value
    assert dump(store) == before


def test_the_dump_sees_a_change(scene):
    """The refusals' check would see a change: an answer accepted changes the dump."""
    before = dump(scene["store"])
    _submit(scene)
    assert dump(scene["store"]) != before


def test_a_refusal_to_wait_says_how_long_and_the_limit_holds_across_replicas(make):
    clock = Clock(now=6_000_030.0)  # 30 s into a minute's window
    first, second = (make(clock=clock, joins=Limit(most=4, seconds=60.0)) for _ in range(2))
    new = first.create_class()
    [ann] = students(1)
    for store in (first, second, first, second):
        store.join(new.code, ann)
    with pytest.raises(ClassRefused) as refused:
        second.join(new.code, ann)
    assert refused.value.reason is Reason.RATE_LIMITED and refused.value.fields == {"wait": 30}
    clock.now += 30
    assert first.join(new.code, ann).students == 1


def test_a_full_class_takes_back_a_student_who_joined(make):
    store = make(most_students=2)
    new = store.create_class()
    ann, ben, cat = students(3)
    store.join(new.code, ann)
    store.join(new.code, ben)
    with pytest.raises(ClassRefused) as refused:
        store.join(new.code, cat)
    assert refused.value.fields == {"most": 2}
    assert store.join(new.code, ann).students == 2


# --- the secret ---


def test_students_never_read_the_secret(store):
    new = store.create_class()
    [ann] = students(1)
    seen = [store.state(new.code), store.join(new.code, ann), store.open_question(new.code, new.secret, "q.one")]
    kept = codes.digest(new.secret)
    for state in seen:
        assert isinstance(state, ClassState)
        text = json.dumps(asdict(state), default=str) + repr(state)
        assert new.secret not in text and kept not in text
    assert new.secret not in repr(new)
    now = {"version": 2, "last_active": seen[2].last_active, "students": 1, "question_id": "q.one", "round": 1}
    assert store.teacher(new.code, new.secret) == replace(seen[0], phase=Phase.OPEN, **now)


def test_a_join_code_is_unique_among_live_classes(make, monkeypatch):
    clock = Clock()
    store = make(clock=clock)
    drawn = iter(["AAAAAA", "AAAAAA", "BBBBBB", "AAAAAA"])
    monkeypatch.setattr(codes, "new_code", lambda: next(drawn))
    first, second = store.create_class(), store.create_class()
    assert (first.code, second.code) == ("AAAAAA", "BBBBBB")
    assert store.teacher("AAAAAA", first.secret).code == "AAAAAA"
    if isinstance(store, SqliteStore):  # an expired class's code is free again (Redis: once Redis removed it)
        clock.now += store.settings.ttl + 1
        third = store.create_class()
        assert third.code == "AAAAAA" and store.state("AAAAAA").students == 0
        with pytest.raises(ClassRefused):
            store.teacher("AAAAAA", first.secret)


# --- replicas, threads, processes ---


def test_a_second_store_object_sees_the_same_class(make):
    one, other = make(), make()
    new = one.create_class()
    [ann] = students(1)
    assert other.join(new.code, ann).students == 1
    version = other.version(new.code)
    one.open_question(new.code, new.secret, "q.one")
    assert other.version(new.code) == version + 1
    other.submit(new.code, ann, "q.one", 1, "C", choice)
    assert one.counts(new.code, new.secret).answered == 1
    other.end(new.code, new.secret)
    assert one.state(new.code).ended


def test_200_students_answering_from_20_threads_count_once_each(store):
    new = store.create_class()
    many = students(200)
    with ThreadPoolExecutor(20) as pool:
        joined = list(pool.map(lambda s: store.join(new.code, s).students, many))
    assert max(joined) == 200 and store.state(new.code).students == 200
    store.open_question(new.code, new.secret, "q.one")
    # Each student answers twice, the two answers in two tasks that may run at once: the later counts.
    tasks = [(s, answer) for s in many for answer in random.sample(sorted(OPTIONS), 2)]
    random.shuffle(tasks)

    def answer(task):
        store.submit(new.code, task[0], "q.one", 1, task[1], choice)

    with ThreadPoolExecutor(20) as pool:
        list(pool.map(answer, tasks))
    [counted] = store.distribution(new.code, new.secret)
    held = Counter(json.dumps(store.answer_of(new.code, s, "q.one", 1)) for s in many)
    assert counted.answered == 200 == store.counts(new.code, new.secret).answered
    assert counted.answers == dict(held)


@pytest.mark.early
def test_processes_on_one_sqlite_file_see_one_another(tmp_path):
    store = SqliteStore(Settings(data_dir=tmp_path))
    new = store.create_class()
    store.open_question(new.code, new.secret, "q.one")
    with multiprocessing.get_context("spawn").Pool(3) as pool:
        done = pool.starmap(join_and_answer, [(str(tmp_path), new.code, 30, "A")] * 3)
    assert [version for version, _ in done] == [2, 2, 2]
    assert store.counts(new.code, new.secret).answered == 90 == store.state(new.code).students
    everyone = [s for _, mine in done for s in mine]
    assert all(store.answer_of(new.code, s, "q.one", 1) == "A" for s in everyone)


# --- expiry ---


def test_a_class_expires_after_its_hours_without_activity(make):
    clock = Clock()
    store = make(clock=clock, hours=1.0)
    new, other = store.create_class(), store.create_class()
    [ann] = students(1)
    clock.now += 3000
    store.join(new.code, ann)  # activity: another hour from now
    clock.now += 3000
    assert store.state(new.code).students == 1  # 100 minutes after it was created
    if isinstance(store, RedisStore):  # Redis keeps time itself: every key of the class expires with it
        keys = store._keys(new.code)
        ttls = [store.redis.pttl(k) for k in keys if store.redis.exists(k)]
        assert len(ttls) == 3 and all(0 < ttl <= 3_600_000 for ttl in ttls)
        return
    with pytest.raises(ClassRefused) as refused:
        store.state(other.code)  # 100 minutes without activity
    assert refused.value.reason is Reason.UNKNOWN
    clock.now += 601
    for read in (store.state, store.version, lambda code: store.join(code, ann)):
        with pytest.raises(ClassRefused) as refused:
            read(new.code)
        assert refused.value.reason is Reason.UNKNOWN
    assert store.sweep() == 2
    assert dump(store) == {"classes": [], "students": [], "roaming": [], "rounds": [], "answers": []}


def test_redis_expires_a_class_after_its_hours_without_activity(redis_url, tmp_path):
    """Redis keeps time itself (the clock the store is given does not move it): a class of a second's hours."""
    store = RedisStore(Settings(data_dir=tmp_path, redis_url=redis_url, prefix="expiry", hours=1.0 / 3600))
    new = store.create_class()
    [ann] = students(1)
    time.sleep(0.6)
    store.join(new.code, ann)
    store.roam(new.code, ann, True)  # the set of those who roam expires with the class
    store.open_question(new.code, new.secret, "q.one")
    store.submit(new.code, ann, "q.one", 1, "A", choice)
    time.sleep(0.6)
    assert store.state(new.code).students == 1  # 1.2 s after it was created, 0.6 s after its last activity
    time.sleep(1.2)
    with pytest.raises(ClassRefused):
        store.state(new.code)
    assert dump(store) == {}
    store.close()
