"""HAProxy's limits per client address (``deploy/haproxy.cfg.in``), with the defaults ``deploy/run.py`` writes but a
longer tarpit: a class of two hundred behind one school address is not refused, a flood of sessions from one address is
slowed, and a reader at another address does not notice it. The flood's sessions within the limit load the replicas:
on a busy machine the other address's websocket took 5.3 s, as long as the default tarpit holds a refused one; held
:data:`TARPIT` s, a refused one is told apart from a loaded replica's answer. The clients come from different
addresses of the loopback range (127.0.0.2-4), as readers behind different NATs would.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from bench.streamlit_client import Session, browser_cookie, stream_url
from deploy.run import PER_ADDRESS_SESSIONS, free_port
from tests.browser import ARTIFACTS, ROOT
from tests.test_deploy import haproxy_path

pytestmark = pytest.mark.early

CLASS, FLOOD, BYSTANDER, WARM = "127.0.0.4", "127.0.0.3", "127.0.0.2", "127.0.0.5"  # four client addresses
STUDENTS = 200
TARPIT = 15.0  # seconds a refused request is held here (deploy/run.py --tarpit)


@pytest.fixture(scope="module")
def deployed() -> Iterator[str]:
    haproxy_path()
    port = free_port()
    run_dir = ARTIFACTS / f"limits-{port}"
    run_dir.mkdir(parents=True)
    out = run_dir / "run.out"
    with open(out, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "deploy/run.py", "--replicas", "2", "--port", str(port), "--run-dir", str(run_dir)]
            + ["--tarpit", f"{TARPIT:g}"],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 120
        while "ready: " not in out.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"deploy/run.py did not get ready; see {out}")
            time.sleep(0.2)
        url = f"http://127.0.0.1:{port}"
        # Each replica draws its first page once (roundrobin hands a new reader to the next), so that the readers
        # measured below meet a served app, not a replica's first load of it (7-12 s on a busy machine)
        warm: list[str] = []
        for _ in range(2):
            asyncio.run(student(url, WARM, warm))
        assert warm == ["drawn", "drawn"], warm
        yield url
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


async def student(url: str, source: str, seen: list[str]) -> None:
    """A browser behind ``source``: the health check (its cookie), its websocket, the home screen's first view."""
    try:
        cookie = await asyncio.to_thread(browser_cookie, url, 60, source)
        async with Session(url, open_timeout=60, cookie=cookie, source=source) as s:
            run = await asyncio.wait_for(s.rerun(page_name=""), 120)
            seen.append("drawn" if not run.exceptions else "exception")
    except Exception as exc:  # noqa: BLE001 (every kind of refusal is counted and named)
        seen.append(f"{type(exc).__name__}: {exc}")


def test_a_class_of_two_hundred_behind_one_address_is_not_refused(deployed):
    seen: list[str] = []

    async def arrive() -> None:
        await asyncio.gather(*(student(deployed, CLASS, seen) for _ in range(STUDENTS)))

    asyncio.run(arrive())
    refused = [s for s in seen if s != "drawn"]
    assert len(seen) == STUDENTS and refused == [], refused[:3]


async def open_and_close(url: str, source: str) -> tuple[int, float]:
    """A websocket opened and closed at once: (its HTTP status, 101 for opened; the seconds it took)."""
    start = time.perf_counter()
    try:
        async with connect(stream_url(url), subprotocols=["streamlit"], local_addr=(source, 0), open_timeout=60):
            status = 101
    except InvalidStatus as exc:
        status = exc.response.status_code
    return status, time.perf_counter() - start


def test_a_flood_of_sessions_from_one_address_is_slowed_and_another_address_is_not(deployed):
    tarpit = TARPIT

    async def flood() -> tuple[list[tuple[int, float]], tuple[int, float], list[str]]:
        flooding = asyncio.gather(*(open_and_close(deployed, FLOOD) for _ in range(PER_ADDRESS_SESSIONS + 100)))
        await asyncio.sleep(1.0)  # the flood is past its limit
        door = await open_and_close(deployed, BYSTANDER)  # the tarpit holds an address's connection at the door
        seen: list[str] = []
        await student(deployed, BYSTANDER, seen)  # and the reader's page is drawn meanwhile
        return await flooding, door, seen

    answers, (status, waited), bystander = asyncio.run(flood())
    opened = [s for s, _ in answers if s == 101]
    slowed = [seconds for s, seconds in answers if s == 429]
    assert len(opened) <= PER_ADDRESS_SESSIONS and len(opened) + len(slowed) == len(answers)
    assert len(slowed) >= 100 and min(slowed) >= tarpit - 0.5  # held before they were refused
    # the other address is let in without the flood's wait (how long its page then takes is the machine's load)
    assert status == 101 and waited < tarpit - 0.5, (status, waited)
    assert bystander == ["drawn"]
