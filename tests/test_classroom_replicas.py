"""A class on two replicas behind HAProxy (``deploy/run.py``), one of them killed in the middle of a question.

Nothing of a class lives in a replica: the teacher on one replica and students on both play a question, one
replica is killed (SIGKILL) while the round is open, its students' browsers reconnect through HAProxy to a fresh
session, and the class is as it was: the teacher's step, the count of answers, each student's own answer (the
browser's cookie keeps its anonymous id), and the reveal that shows them. Once with Redis (``ATTENTION_REDIS_URL``,
replicas on several hosts), once with SQLite in its default place (one host: both replicas find the same file in
the system's temporary folder, here one of the test's own through ``TMPDIR``).

The teacher is a websocket session (``bench.streamlit_client``) driven from a thread of its own (Playwright's sync
API keeps an event loop in the test's thread); the students are Chromium phones. Which replica holds a session is
HAProxy's affinity cookie: the browser's, or the one the teacher's websocket upgrade set.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bench.streamlit_client import Session, click
from classroom.backends import open_store
from classroom.settings import Settings
from classroom.store import Phase, Store
from core.questions import ask, for_step
from screens.walkthrough.steps import STEPS
from tests.browser import PHONE, browser, chromium_path
from tests.classroom_stores import redis_server
from tests.test_deploy import RECORD, deployment, haproxy_path, replica_pid
from ui import questions
from ui.classroom import TEACHER_POLL
from ui.text import t

pytestmark = [pytest.mark.browser, pytest.mark.long]

AFFINITY = "SERVERID"  # HAProxy's cookie: the replica that holds a browser's session (deploy/haproxy.cfg.in)
# The page has lost its connection since RECORD began, and is connected again with its script run over.
RECONNECTED = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    return window.seen.some(([c]) => c && c !== 'CONNECTED')
        && window.seen.some(([, s]) => s === 'running')
        && app.getAttribute('data-test-connection-state') === 'CONNECTED'
        && app.getAttribute('data-test-script-state') === 'notRunning';
}"""


class Thread:
    """An event loop in a thread of its own, for the teacher's websocket session."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, work: Coroutine, timeout: float = 60):  # noqa: ANN201
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@contextmanager
def backend(kind: str, folder: Path) -> Iterator[tuple[Store, dict[str, str]]]:
    """The class store as this process reads it, and the environment to start ``deploy/run.py`` in, which it passes
    on to the replicas. Only theirs: Chromium, started by this process, keeps the machine's temporary folder (it
    puts a socket there whose path must fit in 107 bytes, which a pytest worker's folder of a test need not)."""
    env = {k: v for k, v in os.environ.items() if k not in ("ATTENTION_DATA", "ATTENTION_REDIS_URL")}
    if kind == "redis":
        with redis_server(folder) as url:
            yield open_store(Settings.from_environ({"ATTENTION_REDIS_URL": url})), env | {"ATTENTION_REDIS_URL": url}
    else:  # the default: SQLite in the system's temporary folder, which both replicas share
        yield (
            open_store(Settings.from_environ({"ATTENTION_DATA": str(folder / "attention-data")})),
            env | {"TMPDIR": str(folder)},
        )


@pytest.mark.parametrize("kind", ["redis", "sqlite"])
def test_a_class_survives_a_replica_killed_in_the_middle_of_a_question(kind, tmp_path):
    executable = chromium_path()
    haproxy_path()
    q = ask(for_step(STEPS[0].name)[0].id)
    other = next(o for o in q.options if o != q.answer)
    right, wrong = questions.option_label(q, q.answer), questions.option_label(q, other)
    with (
        backend(kind, tmp_path) as (store, env),
        deployment(replicas=2, env=env) as started,
        browser(executable) as b,
    ):
        url, stats_socket = started()
        out = (stats_socket.parent / "run.out").read_text()
        ports = dict(re.findall(r"replica (r\d): http://127\.0\.0\.1:(\d+)", out))
        new = store.create_class()
        thread = Thread()
        try:
            # The teacher, by the private link, on step 1: on one replica.
            teacher = Session(url, f"class={new.code}&teacher={new.secret}&present=1&step=1")
            thread.run(teacher.__aenter__())
            on = SimpleCookie(teacher._ws.response.headers.get("Set-Cookie", ""))[AFFINITY].value

            async def first_runs() -> None:
                """The teacher's first run, and meanwhile a first run on the other replica, on its own port (not
                through HAProxy, in no class): each replica imports the app at its first run, side by side rather
                than the other's when the first students arrive."""
                (other,) = set(ports) - {on}
                async with Session(f"http://127.0.0.1:{ports[other]}") as warm:
                    await asyncio.gather(teacher.rerun(page_name=""), warm.rerun(page_name=""))

            thread.run(first_runs())
            assert store.state(new.code).step == 1

            # Students' phones, until each replica holds two of them (HAProxy gives new browsers replicas in turn).
            students: dict[str, list] = {"r1": [], "r2": []}
            for _ in range(8):
                context = b.new_context(viewport=PHONE, is_mobile=True, has_touch=True, color_scheme="light")
                page = context.new_page()
                page.goto(f"{url}/?class={new.code}", wait_until="commit")
                students[{c["name"]: c["value"] for c in context.cookies()}[AFFINITY]].append(page)
                if min(len(pages) for pages in students.values()) >= 2:
                    break
            (killed,) = set(students) - {on}
            assert min(len(pages) for pages in students.values()) >= 2, {r: len(p) for r, p in students.items()}
            everyone = students[on][:2] + students[killed][:2]
            joined = sum(len(pages) for pages in students.values())  # 4, unless HAProxy's turns gave one more
            for page in everyone:
                expect(page.locator(".st-key-class_banner")).to_be_visible()

            # The teacher asks; three answer: right and wrong on the replica to be killed, right on the teacher's.
            thread.run(teacher.rerun(widgets=[click(teacher.widget("button", "class_ask").id)]))
            given = {0: None, 1: right, 2: right, 3: wrong}  # by place in everyone
            for i, page in enumerate(everyone):
                expect(page.get_by_text(t("class.question", round=1))).to_be_visible()
                if given[i] is not None:
                    page.get_by_text(given[i], exact=True).tap()
                    page.get_by_role("button", name=t("class.send")).tap()
                    expect(page.get_by_text(t("class.sent", given=given[i]))).to_be_visible()
            before = store.counts(new.code, new.secret)
            assert (before.answered, before.joined) == (3, joined)

            # The replica of two of the students is killed in the middle of the round.
            for page in students[killed][:2]:
                page.evaluate(RECORD)
            os.kill(replica_pid(ports[killed]), signal.SIGKILL)
            for page in students[killed][:2]:  # their browsers reconnect through HAProxy, to a fresh session
                page.wait_for_function(RECONNECTED, timeout=60_000)
            for i in (2, 3):  # drawn again by the fresh session: the same student, their answer kept
                expect(everyone[i].get_by_text(t("class.sent", given=given[i]))).to_be_visible()
            now = store.state(new.code)
            assert (now.step, now.phase, now.round) == (1, Phase.OPEN, 1)
            assert store.counts(new.code, new.secret) == before
            # the projector's count, polled on the teacher's replica: its page reruns each section on a timer of
            # TEACHER_POLL seconds (the count of students joined and the count of answers) as the browser does
            polled = [f for f, every in teacher.fragments.items() if every == TEACHER_POLL]
            seen = [text for f in polled for text in thread.run(teacher.rerun(fragment_id=f)).texts]
            assert [x for x in seen if t("class.counted", n=3, joined=joined) in x]  # a heading, large

            # The reveal shows every answer, those given on the killed replica too.
            revealed = thread.run(teacher.rerun(widgets=[click(teacher.widget("button", "class_reveal").id)]))
            assert revealed.exceptions == [] and revealed.kinds["vega_lite_chart"] >= 1
            assert t("present.caption", chart=t("figure.class_answers")) in revealed.texts  # the answers' chart
            (result,) = store.distribution(new.code, new.secret)
            assert dict(result.values()) == {q.answer: 2, other: 1}
            said = {None: "class.no_answer", right: "q.right", wrong: "q.wrong"}
            for i, page in enumerate(everyone):
                expect(page.get_by_text(t(said[given[i]]), exact=True)).to_be_visible()
            thread.run(teacher.__aexit__())
        finally:
            thread.stop()
