"""Load test: does one server process hold a class of thirty? Readers over Streamlit's websocket.

    python -m bench.load [--sessions 1,10,30,60] [--screens home,scoring,...] [--duration 60]
                         [--interval 2.0] [--live] [--json] [--url http://127.0.0.1:8501 [--pid PID]]
    python -m bench.load --cold [--sessions 1,10,30,60]   # N readers open a screen at the same moment
    python -m bench.load --soak 30                         # 30 readers round all screens for 30 minutes
    python -m bench.load --lockstep [--sessions 30] [--pause 0.5]   # N readers rerun at the same instant
    python -m bench.load --slow-host ...                   # the server on half a core (with any of the above)
    python -m bench.load --moves page|controls|scrub ...   # what a reader does on a rerun

Each reader is one websocket session speaking the browser's protocol
(``bench/streamlit_client.py``: every widget's value with each rerun, a
fragment's widget rerunning its fragment): it opens its screen as a deep link
would, then, at a student's pace (``--interval`` seconds of thinking, jittered
by ±50%), reruns it for ``--duration`` seconds, moving the decoder-state
slider ``w_s`` to a random value where the screen has one (screens 2-5, 7, 8;
elsewhere the screen reruns as it is). ``--moves`` says otherwise what a
reader does on a rerun: ``page`` reruns the screen without changing a widget,
``controls`` changes one of the screen's widgets chosen at random
(``bench/controls.py``: any slider, option, switch, button, number, text,
data editor cell or tab), ``scrub`` drags ``w_s`` as a browser would once
dragging is drawn in the browser: the drag sends nothing, and its release
sends one rerun with the final value (a screen without ``w_s`` gets none).

A rerun's latency runs from sending the request to ``script_finished``; an
exception element or a compile error counts as an exception, a timeout
(``--timeout``) or a closed connection as a failure. A first view (connecting
included: the screen's cold start in this process, under the other readers'
arrivals) is reported apart from the reruns. Readers arrive spread over one interval;
``--cold`` sends them all at the same moment and reports their first views.
``--lockstep`` opens the readers (30 by default), then has them all rerun at
the same instant, round after round: every reader sends its rerun at once,
all wait for the last to finish, then ``--pause`` seconds; the table gives
every rerun of every round.

``--slow-host`` pins the server (and so its children) to core 1 with
``taskset -c 1`` and runs a pure-Python busy loop pinned to the same core for
the whole measurement, so the server gets about half a core, like a small
hosted container; the load generator is kept off that core. It combines with
every other mode.

By default every measurement gets a freshly started server, started with the
README's command (``python3 dev.py app --server.port P --server.address
127.0.0.1 --server.headless true``), so a measurement never inherits another's
memory or warm caches. Its resident memory (VmRSS of the server and its
children: ``dev.py``'s own Python, about 17 MB, is counted) is sampled every
second, every 10 s in a soak. ``--live`` starts the process's one live
translator training run from an extra session (screen 6's live tab, its start
button) before the readers come, polls it as its browser would, and reports
how far it got. The server's CPU (user and system, of the server and its
children) over a measurement, divided by the runs its readers saw (first views
and reruns), is the table's last column: unlike a latency, it does not depend
on how many readers wait at once. The load generator runs on the same machine:
its own CPU time is printed beside the table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import platform
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import IO

import streamlit
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.exceptions import WebSocketException

import app
from bench.controls import controls, random_move
from bench.streamlit_client import ProtocolError, Run, Session, click, slider_value
from deploy.run import free_port
from ui.links import S_RANGE
from ui.settings.learning import LEARN_TAB, LEARN_TABS
from ui.settings.limits import LIM_TAB, LIM_TABS
from ui.settings.revisitable_source import REV_TAB, REV_TABS
from ui.settings.scoring import SCORE_TAB, SCORE_TABS
from ui.settings.self_attention import SA_TAB, SA_TABS
from ui.settings.translator import TR_TAB, TRANSLATOR_TABS
from ui.text import CATALOG

ROOT = Path(__file__).resolve().parents[1]

STATE_SLIDER = "w_s"  # ui.widgets.state_slider's key: screens 2-5, 7 and 8
LIVE_START = "tr_live_start"  # the live tab's start button (screens/translator/live.py)
LIVE_LINK = f"{TR_TAB.key}=live"  # opens screen 6, the translator, on the live tab
SLIDER_STEP = 0.05  # the state slider's step: a browser sends only values on it
SOAK_STAY = 5  # reruns a soak reader spends on a screen before it moves to the next
FAILURES = (OSError, TimeoutError, WebSocketException, ProtocolError)
MOVES = ("state", "page", "controls", "scrub")  # what a reader does on a rerun; "state" is the default
SLOW_CORE = 1  # --slow-host: the core the server shares with a busy loop
BUSY_LOOP = "while True:\n    pass\n"


SCREENS = tuple(s.url_path or "home" for s in app.SCREENS)  # each screen's address as app.py declares it; "home"
WALK_STEPS = 11  # the walkthrough's steps, /?step=1 ... /?step=11
STEPS = tuple(f"step{k}" for k in range(1, WALK_STEPS + 1))
# A screen in tabs draws only the open tab (its first, unless the link names another): each other tab is a view of
# its own, ``screen/tab``, opened by its link. (The live training tab holds only its start button, never pressed.)
TAB_VIEWS = {
    f"{screen}/{tab}": (screen, f"{b.key}={tab}")
    for screen, b, tabs in (
        ("revisitable_source", REV_TAB, REV_TABS),
        ("learning", LEARN_TAB, LEARN_TABS),
        ("scoring", SCORE_TAB, SCORE_TABS),
        ("limits", LIM_TAB, LIM_TABS),
        ("self_attention", SA_TAB, SA_TABS),
        ("translator", TR_TAB, tuple(x for x in TRANSLATOR_TABS if x != "live")),
    )
    for tab in tabs[1:]
}
VIEWS = (*SCREENS, *TAB_VIEWS, *STEPS)  # what a reader may open: a screen, a tab of one, or a walkthrough step


def url_path(screen: str) -> str:
    """The page name a deep link sends: the screen's URL path, empty for the main page and its steps."""
    if screen in TAB_VIEWS:
        return TAB_VIEWS[screen][0]
    return "" if screen == "home" or screen in STEPS else screen


def link_query(view: str) -> str:
    """The query string of a view's link: ``step=K`` for walkthrough step K, the tab's setting for a tab's view,
    empty for a screen."""
    if view in TAB_VIEWS:
        return TAB_VIEWS[view][1]
    return f"step={view.removeprefix('step')}" if view in STEPS else ""


# --- The server and its memory --------------------------------------------------------------------


@dataclass
class Server:
    url: str
    pid: int | None  # the process whose tree's memory is sampled; None for a server started elsewhere


def listening(log: str, port: int | str) -> bool:
    """Whether a Streamlit server's output says it listens on ``port`` (it prints its URL once it does). Until
    then a health check on that port may be answered by another server, started elsewhere on the same port."""
    return f"URL: http://127.0.0.1:{port}" in log


APP = ("dev.py", "app")  # the README's command; arguments after it go to `streamlit run app.py`


@contextmanager
def servers(*commands: Sequence[str], timeout: float = 90, prefix: Sequence[str] = ()) -> Iterator[list[Server]]:
    """Start ``python <command> --server.port P --server.address 127.0.0.1 --server.headless true`` for each.

    As the browser tests start the app (``tests/browser.py``): a free port, a
    new process group, ready when ``/_stcore/health`` answers; the groups are
    stopped on exit. The servers start side by side, each command after
    ``prefix`` (``taskset -c 1`` pins one to a core). Logs go to temporary
    files, shown when a server fails to start.
    """
    flags = ["--server.address", "127.0.0.1", "--server.headless", "true"]
    started: list[tuple[subprocess.Popen, IO[str], str]] = []
    try:
        for command in commands:
            port = free_port()
            log = tempfile.TemporaryFile("w+")
            argv = [*prefix, sys.executable, *command, "--server.port", str(port), *flags]
            proc = subprocess.Popen(argv, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            started.append((proc, log, f"http://127.0.0.1:{port}"))
        deadline = time.monotonic() + timeout
        for proc, log, url in started:
            while not (_healthy(url) and listening(_read(log), url.rsplit(":", 1)[1])):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{_read(log)[-2000:]}")
                time.sleep(0.2)
        yield [Server(url, proc.pid) for proc, _, url in started]
    finally:
        for proc, log, _ in started:
            with suppress(ProcessLookupError):  # a server that failed may have taken its group with it
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            log.close()


def _read(log: IO[str]) -> str:
    log.seek(0)
    text = log.read()
    log.seek(0, os.SEEK_END)
    return text


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def tree_pids(pid: int) -> list[int]:
    """``pid`` and all its descendants (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo += children.get(p, [])
    return found


def tree_rss_mb(pid: int) -> float:
    """Resident memory (VmRSS) of ``pid`` and all its descendants, in MB."""
    total_kb = 0
    for p in tree_pids(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total_kb += int(line.split()[1])
        except OSError:
            pass
    return total_kb / 1024


def tree_cpu_s(pid: int | None) -> float:
    """CPU seconds (user and system) that ``pid`` and its living descendants have spent so far; nan without a pid."""
    if pid is None:
        return math.nan
    ticks = 0
    for p in tree_pids(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


async def sample_rss(pid: int | None, every: float, samples: list[tuple[float, float]]) -> None:
    """Append (seconds, MB) every ``every`` seconds until cancelled."""
    if pid is None:
        return
    start = time.perf_counter()
    while True:
        samples.append((time.perf_counter() - start, tree_rss_mb(pid)))
        await asyncio.sleep(every)


# --- Readers --------------------------------------------------------------------------------------


@dataclass
class Tally:
    """What the readers of one measurement saw."""

    reruns: list[float] = field(default_factory=list)  # seconds, after each session's first view
    first_views: list[float] = field(default_factory=list)  # seconds from connecting to the first script_finished
    exceptions: int = 0
    failures: int = 0
    idle: int = 0  # turns a reader sent nothing (a scrub on a screen without the state slider)
    rounds: int = 0  # --lockstep: rounds in which every reader reran at once
    notes: Counter[str] = field(default_factory=Counter)  # exception and failure messages, how often

    def count(self, run: Run, first: bool = False) -> None:
        (self.first_views if first else self.reruns).append(run.seconds)
        self.exceptions += len(run.exceptions)
        self.notes.update(run.exceptions)


def state_value(rng: random.Random) -> float:
    """A random decoder state on the state slider's step, as a browser sends it."""
    lo, hi = S_RANGE
    return round(round(rng.uniform(lo, hi) / SLIDER_STEP) * SLIDER_STEP, 10)


def state_move(s: Session, rng: random.Random) -> list[WidgetState]:
    """The widget values a reader changes: the state slider moved to a random s, where the screen has it."""
    slider = s.widget("slider", STATE_SLIDER)
    return [] if slider is None else [slider_value(slider.id, state_value(rng))]


def reader_move(s: Session, moves: str, rng: random.Random) -> list[WidgetState] | None:
    """What a reader changes on a rerun (``--moves``); ``None`` when they send nothing at all.

    ``state``: the state slider to a random s where the screen has it (else the
    screen reruns as it is); ``page``: nothing changed, the screen reruns;
    ``controls``: one of the screen's controls, chosen at random, changed at
    random (the live run's start button left alone); ``scrub``: the release of
    a drag of the state slider, its final value only (the drag itself sends
    nothing), none where the screen has no state slider.
    """
    if moves == "page":
        return []
    if moves == "controls":
        found = controls(s, exclude={LIVE_START})
        change = random_move(s, rng.choice(found), rng) if found else None
        return [] if change is None else [change]
    if moves == "scrub" and s.widget("slider", STATE_SLIDER) is None:
        return None
    return state_move(s, rng)


async def reader(
    url: str,
    screens: list[str],
    tally: dict[str, Tally],
    duration: float,
    interval: float,
    timeout: float,
    rng: random.Random,
    delay: float = 0.0,
    query: str = "",
    moves: str = "state",
) -> None:
    """One student: open ``screens[0]``, then rerun it at a student's pace for ``duration`` seconds.

    With several screens the reader moves on to the next every SOAK_STAY reruns,
    as a reader clicking through the sidebar would.
    """
    await asyncio.sleep(delay)
    screen = screens[0]
    try:
        start = time.perf_counter()
        async with Session(url, query or link_query(screen), open_timeout=timeout) as s:
            first = await asyncio.wait_for(s.rerun(page_name=url_path(screen)), timeout)
            first.seconds = time.perf_counter() - start  # the connection is part of a first view
            tally[screen].count(first, first=True)
            until, k = time.perf_counter() + duration, 0
            while time.perf_counter() < until:
                await asyncio.sleep(interval * rng.uniform(0.5, 1.5))
                if time.perf_counter() >= until:
                    return
                k += 1
                if len(screens) > 1 and k % SOAK_STAY == 0:
                    screen = screens[(screens.index(screen) + 1) % len(screens)]
                    run = s.rerun(page_script_hash=s.pages[url_path(screen)])
                else:
                    change = reader_move(s, moves, rng)
                    if change is None:
                        tally[screen].idle += 1
                        continue
                    run = s.rerun(widgets=change)
                tally[screen].count(await asyncio.wait_for(run, timeout))
    except FAILURES as exc:
        _failed(tally[screen], exc, timeout)


def _failed(tally: Tally, exc: BaseException, timeout: float) -> None:
    tally.failures += 1
    tally.notes[f"{type(exc).__name__}: {exc or f'no answer within {timeout:g} s'}"] += 1


async def lockstep(url: str, screen: str, n: int, tally: Tally, plan: Plan, rng: random.Random) -> None:
    """``n`` readers open ``screen`` (spread over one interval), then rerun it all at once, round after round.

    Each round every reader sends its rerun at the same instant, all wait for
    the last answer, then ``plan.pause`` seconds pass; rounds go on for
    ``plan.duration`` seconds. A reader that fails leaves.
    """

    async def arrive(delay: float) -> Session | None:
        await asyncio.sleep(delay)
        s = Session(url, link_query(screen), open_timeout=plan.timeout)
        try:
            start = time.perf_counter()
            await s.__aenter__()
            first = await asyncio.wait_for(s.rerun(page_name=url_path(screen)), plan.timeout)
            first.seconds = time.perf_counter() - start
            tally.count(first, first=True)
            return s
        except FAILURES as exc:
            _failed(tally, exc, plan.timeout)
            await s.__aexit__(None, None, None)
            return None

    async def turn(s: Session, r: random.Random) -> bool:
        change = reader_move(s, plan.moves, r)
        if change is None:
            tally.idle += 1
            return True
        try:
            tally.count(await asyncio.wait_for(s.rerun(widgets=change), plan.timeout))
            return True
        except FAILURES as exc:
            _failed(tally, exc, plan.timeout)
            return False

    opened = await asyncio.gather(*(arrive(rng.uniform(0, plan.interval)) for _ in range(n)))
    readers = [(s, random.Random(rng.random())) for s in opened if s is not None]
    try:
        until = time.perf_counter() + plan.duration
        while readers and time.perf_counter() < until:
            still = await asyncio.gather(*(turn(s, r) for s, r in readers))
            tally.rounds += 1
            for (s, _), ok in zip(readers, still, strict=True):
                if not ok:
                    await s.__aexit__(None, None, None)
            readers = [pair for pair, ok in zip(readers, still, strict=True) if ok]
            await asyncio.sleep(plan.pause)
    finally:
        for s, _ in readers:
            with suppress(*FAILURES):
                await s.__aexit__(None, None, None)


# --- The live run ---------------------------------------------------------------------------------


@dataclass
class LiveReport:
    started: bool = False
    step: int = 0
    steps: int = 0
    ended: bool = False  # finished, stopped or timed out before the readers left
    note: str = ""

    def __str__(self) -> str:
        if not self.started:
            return self.note or "not started"
        return f"{self.step}/{self.steps}" + (", ended" if self.ended else "")


_PROGRESS = re.compile(
    re.escape(CATALOG["en"]["tr.live_progress"].split(" · ")[0])
    .replace(r"\{step\}", r"(\d+)")
    .replace(r"\{steps\}", r"(\d+)")
)


async def live_run(url: str, report: LiveReport, started: asyncio.Event, timeout: float) -> None:
    """Start the live training run from screen 6's live tab and poll it as its browser would, until cancelled."""
    try:
        async with Session(url, LIVE_LINK, open_timeout=timeout) as s:
            await asyncio.wait_for(s.rerun(page_name=url_path("translator")), timeout)
            button = s.widget("button", LIVE_START)
            if button is None or button.proto.disabled:
                report.note = "no start button"
                return
            run = await asyncio.wait_for(s.rerun(widgets=[click(button.id)]), timeout)
            while True:
                for text in run.progress:
                    if m := _PROGRESS.match(text):
                        report.started, report.step, report.steps = True, int(m[1]), int(m[2])
                started.set()
                if not s.fragments:  # the run has ended: the page stopped polling
                    report.ended = True
                    return
                fragment, every = next(iter(s.fragments.items()))
                await asyncio.sleep(every)
                run = await asyncio.wait_for(s.rerun(fragment_id=fragment), timeout)
    except FAILURES as exc:
        report.note = f"{type(exc).__name__}: {exc or f'no answer within {timeout:g} s'}"
    finally:
        started.set()


# --- Measurements ---------------------------------------------------------------------------------


@dataclass
class Row:
    """One line of the table."""

    screen: str
    sessions: int
    seconds: float
    reruns: int
    p50_ms: float
    p95_ms: float
    max_ms: float
    first_p50_ms: float
    first_max_ms: float
    exceptions: int
    failures: int
    rss_start_mb: float
    rss_peak_mb: float
    rss_end_mb: float
    live: str = ""
    notes: dict[str, int] = field(default_factory=dict)
    rounds: int = 0  # --lockstep: rounds in which every reader reran at once
    idle: int = 0  # turns a reader sent nothing (--moves scrub on a screen without the state slider)
    cpu_ms: float = math.nan  # the server's CPU a run (first views and reruns), in ms


def percentile(xs: list[float], q: float) -> float:
    """Nearest-rank percentile (q in [0, 100]); nan for no data."""
    if not xs:
        return math.nan
    xs = sorted(xs)
    return xs[max(0, math.ceil(q / 100 * len(xs)) - 1)]


def make_row(screen: str, n: int, seconds: float, t: Tally, rss: list[tuple[float, float]], live: str = "") -> Row:
    ms = [x * 1000 for x in t.reruns]
    first = [x * 1000 for x in t.first_views]
    mb = [m for _, m in rss] or [math.nan]
    return Row(
        screen,
        n,
        seconds,
        len(ms),
        percentile(ms, 50),
        percentile(ms, 95),
        max(ms, default=math.nan),
        percentile(first, 50),
        max(first, default=math.nan),
        t.exceptions,
        t.failures,
        mb[0],
        max(mb),
        mb[-1],
        live,
        dict(t.notes),
        t.rounds,
        t.idle,
    )


@dataclass
class Plan:
    """What to measure, from the command line."""

    screens: list[str]
    sessions: list[int]
    duration: float = 60.0
    interval: float = 2.0
    timeout: float = 60.0
    live: bool = False
    seed: int = 0
    url: str | None = None
    pid: int | None = None
    moves: str = "state"  # what a reader does on a rerun (MOVES)
    lockstep: bool = False  # every reader reruns at the same instant, round after round
    pause: float = 0.5  # --lockstep: seconds between rounds
    slow_host: bool = False  # the server on core SLOW_CORE beside a busy loop


@contextmanager
def busy_core(core: int) -> Iterator[subprocess.Popen]:
    """A pure-Python busy loop pinned to ``core`` until the block ends; this process is kept off that core."""
    others = os.sched_getaffinity(0) - {core}
    if not others:
        raise RuntimeError(f"--slow-host needs a core besides core {core} for the load generator")
    before = os.sched_getaffinity(0)
    loop = subprocess.Popen(["taskset", "-c", str(core), sys.executable, "-c", BUSY_LOOP], start_new_session=True)
    deadline = time.monotonic() + 10
    while os.sched_getaffinity(loop.pid) != {core}:  # taskset pins itself, then becomes the loop
        if loop.poll() is not None or time.monotonic() > deadline:
            loop.kill()
            raise RuntimeError(f"the busy loop did not start on core {core}")
        time.sleep(0.01)
    os.sched_setaffinity(0, others)
    try:
        yield loop
    finally:
        os.sched_setaffinity(0, before)
        loop.kill()
        loop.wait()


@contextmanager
def target(plan: Plan) -> Iterator[Server]:
    """The server to load: the one at ``--url``, or a fresh one (on a shared core for ``--slow-host``)."""
    if plan.url:
        yield Server(plan.url, plan.pid)
    elif plan.slow_host:
        with servers(APP, prefix=("taskset", "-c", str(SLOW_CORE))) as (s,), busy_core(SLOW_CORE):
            yield s
    else:
        with servers(APP) as (s,):
            yield s


async def load(
    srv: Server, screens: list[str], n: int, plan: Plan, rss_every: float = 1.0, spread: float | None = None
) -> tuple[dict[str, Tally], list[tuple[float, float]], LiveReport | None, float]:
    """``n`` readers (reader i on screens[i % len]), each rerunning for ``plan.duration`` s after its first view.

    Readers arrive spread over ``spread`` seconds (one interval by default; 0
    for a crowd arriving at once). Returns the tallies by screen, the memory
    samples, the live run's report and the seconds the load lasted.
    """
    rng = random.Random(plan.seed)
    tally = {s: Tally() for s in screens}
    rss: list[tuple[float, float]] = []
    sampler = asyncio.create_task(sample_rss(srv.pid, rss_every, rss))
    live, trainer = None, None
    if plan.live:
        live, started = LiveReport(), asyncio.Event()
        trainer = asyncio.create_task(live_run(srv.url, live, started, plan.timeout))
        await started.wait()
    spread = plan.interval if spread is None else spread
    start = time.perf_counter()
    if plan.lockstep:
        (screen,) = screens
        await lockstep(srv.url, screen, n, tally[screen], plan, rng)
    readers = (
        []
        if plan.lockstep
        else [
            reader(
                srv.url,
                screens[i % len(screens) :] + screens[: i % len(screens)],
                tally,
                plan.duration,
                plan.interval,
                plan.timeout,
                random.Random(rng.random()),
                delay=rng.uniform(0, spread),
                moves=plan.moves,
            )
            for i in range(n)
        ]
    )
    await asyncio.gather(*readers)
    seconds = time.perf_counter() - start
    for task in (sampler, trainer):
        if task is not None:
            task.cancel()
    await asyncio.gather(sampler, *([trainer] if trainer else []), return_exceptions=True)
    return tally, rss, live, seconds


def measure(plan: Plan) -> list[Row]:
    """A row per screen and number of readers, each on its own fresh server."""
    rows = []
    for screen in plan.screens:
        for n in plan.sessions:
            with target(plan) as srv:
                cpu = tree_cpu_s(srv.pid)
                tally, rss, live, seconds = asyncio.run(load(srv, [screen], n, plan))
                cpu = tree_cpu_s(srv.pid) - cpu
            row = make_row(screen, n, seconds, tally[screen], rss, str(live) if live else "")
            runs = row.reruns + len(tally[screen].first_views)
            rows.append(replace(row, cpu_ms=cpu * 1000 / runs if runs else math.nan))
            print(f"  {screen} × {n}: done", file=sys.stderr, flush=True)
    return rows


def measure_cold(plan: Plan) -> list[Row]:
    """N readers open the same screen at the same moment on a freshly started server: their first views."""
    rows = []
    cold = replace(plan, duration=0.0)  # each reader leaves after its first view
    for screen in plan.screens:
        for n in plan.sessions:
            with target(plan) as srv:
                tally, rss, live, seconds = asyncio.run(load(srv, [screen], n, cold, rss_every=0.5, spread=0.0))
            seen = tally[screen]
            seen.reruns = seen.first_views  # the table's latency columns are the first views here
            rows.append(make_row(screen, n, seconds, seen, rss, str(live) if live else ""))
            print(f"  cold {screen} × {n}: done", file=sys.stderr, flush=True)
    return rows


def measure_soak(plan: Plan, minutes: float) -> list[Row]:
    """``plan.sessions[-1]`` readers round every screen for ``minutes``; memory every 10 s."""
    n = plan.sessions[-1]
    soak = replace(plan, duration=minutes * 60)
    with target(plan) as srv:
        tally, rss, live, seconds = asyncio.run(load(srv, plan.screens, n, soak, rss_every=10.0))
    rows = [make_row(s, n, seconds, tally[s], rss, str(live) if live else "") for s in plan.screens]
    every = Tally()
    for t in tally.values():
        every.reruns += t.reruns
        every.first_views += t.first_views
        every.exceptions += t.exceptions
        every.failures += t.failures
        every.idle += t.idle
        every.notes += t.notes
    return [*rows, make_row("all", n, seconds, every, rss, rows[0].live)]


# --- Output ---------------------------------------------------------------------------------------


def machine() -> dict[str, object]:
    return {
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "streamlit": streamlit.__version__,
        "load_average_1min": round(os.getloadavg()[0], 2),
    }


def _f(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:,.0f}"


def describe_plan(plan: Plan, moves: bool = True) -> list[str]:
    """What the readers did (``moves``: whether they made any after their first view) and where the server ran."""
    lines = []
    if not moves:
        pass
    elif plan.moves == "scrub":
        lines.append(
            "Moves: scrub. A drag of the state slider sends nothing until its release; each rerun is one release "
            f"(`{STATE_SLIDER}` at its final value, in its fragment where it is in one)."
        )
    elif plan.moves == "controls":
        lines.append("Moves: controls. Each rerun changes one of the screen's controls, chosen at random.")
    elif plan.moves == "page":
        lines.append("Moves: page. Each rerun reruns the screen without changing a widget.")
    else:
        lines.append(f"Moves: each rerun moves `{STATE_SLIDER}` to a random state where the screen has it.")
    if plan.lockstep:
        lines.append(f"Lockstep: every reader reruns at the same instant, all wait, then {plan.pause:g} s of pause.")
    if plan.slow_host:
        lines.append(
            f"Slow host: the server pinned to core {SLOW_CORE} (`taskset -c {SLOW_CORE}`) beside a pure-Python busy "
            "loop on the same core; the load generator on the other cores."
        )
    return lines


def markdown(rows: list[Row], mode: str, info: dict[str, object], plan: Plan | None = None) -> str:
    """The table, one row per screen and N, then the machine, the command and any messages seen."""
    live, cold = any(r.live for r in rows), mode == "cold"
    head = ["screen", "N"] + (["rounds"] if mode == "lockstep" else [])
    head += ["first views" if cold else "reruns", "p50 ms", "p95 ms", "max ms"]
    head += [] if cold else ["first view p50 ms", "first view max ms"]
    head += ["exceptions", "failures"]
    head += ["RSS start / peak / end MB"] if mode == "soak" else ["peak RSS MB"]
    head += ["live run steps"] if live else []
    cpu = any(not math.isnan(r.cpu_ms) for r in rows)
    head += ["server CPU ms a run"] if cpu else []
    lines = ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]
    for r in rows:
        memory = (
            f"{_f(r.rss_start_mb)} / {_f(r.rss_peak_mb)} / {_f(r.rss_end_mb)}" if mode == "soak" else _f(r.rss_peak_mb)
        )
        cells = [r.screen, str(r.sessions)] + ([str(r.rounds)] if mode == "lockstep" else [])
        cells += [str(r.reruns), _f(r.p50_ms), _f(r.p95_ms), _f(r.max_ms)]
        cells += [] if cold else [_f(r.first_p50_ms), _f(r.first_max_ms)]
        cells += [str(r.exceptions), str(r.failures), memory]
        cells += [r.live] if live else []
        cells += [f"{r.cpu_ms:.1f}"] if cpu else []
        lines.append("| " + " | ".join(cells) + " |")
    notes = [f"{r.screen} × {r.sessions}: {text} ({k}×)" for r in rows for text, k in sorted(r.notes.items())]
    notes += [f"{r.screen} × {r.sessions}: no state slider, nothing to scrub ({r.idle} turns)" for r in rows if r.idle]
    footer = [
        "",
        *(describe_plan(plan, moves=not cold) if plan is not None else []),
        "Machine: {nproc} cores, Python {python}, Streamlit {streamlit}; load average {load_average_1min} "
        "at the start, {load_average_end} at the end.".format(**({"load_average_end": "–"} | info)),
        f"Load generator: {info['generator_cpu_s']:.1f} s of CPU in {info['wall_s']:.0f} s, on the same machine.",
        f"Command: `{info['command']}`",
    ]
    footer += [f"- {n}" for n in notes]
    return "\n".join(lines + footer)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sessions", default=None, help="readers per measurement, comma-separated (default 1,10,30,60)")
    p.add_argument(
        "--screens",
        default=",".join(SCREENS),
        help=f"comma-separated, of {', '.join(SCREENS)}, the tabs {', '.join(TAB_VIEWS)}, and the walkthrough's "
        f"step1 ... step{WALK_STEPS}; "
        "'steps' for all of them",
    )
    p.add_argument("--duration", type=float, default=60.0, help="seconds of load per measurement")
    p.add_argument("--interval", type=float, default=2.0, help="a reader's seconds between reruns (±50%% jitter)")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds before a rerun counts as a failure")
    p.add_argument("--live", action="store_true", help="a live training run trains while the readers read")
    p.add_argument("--cold", action="store_true", help="N readers open a screen at once on a fresh server")
    p.add_argument("--soak", type=float, metavar="MINUTES", help="readers (default 30) round every screen")
    p.add_argument("--lockstep", action="store_true", help="readers (default 30) rerun at the same instant, in rounds")
    p.add_argument("--pause", type=float, default=0.5, help="with --lockstep: seconds between rounds")
    p.add_argument(
        "--slow-host", action="store_true", help=f"the server on core {SLOW_CORE} beside a busy loop: half a core"
    )
    p.add_argument(
        "--moves",
        choices=MOVES[1:],
        default="state",
        help="what a reader does on a rerun: rerun the page, change a random control, or release a drag of "
        f"{STATE_SLIDER} (default: move {STATE_SLIDER} to a random state)",
    )
    p.add_argument("--url", help="load the server at this address instead of starting fresh ones")
    p.add_argument("--pid", type=int, help="with --url: the server's process id, for its memory")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    args = p.parse_args(argv)
    named = [s.strip() for s in args.screens.split(",") if s.strip()]
    args.screens = [v for s in named for v in (STEPS if s == "steps" else (s,))]
    unknown = sorted(set(args.screens) - set(VIEWS))
    if unknown:
        p.error(f"unknown screens {', '.join(unknown)}; known: {', '.join(SCREENS)}, step1 ... step{WALK_STEPS}")
    if args.soak and set(args.screens) & set(STEPS):
        p.error("a soak rounds the screens through the sidebar: no walkthrough steps")
    default = "30" if args.soak or args.lockstep else "1,10,30,60"
    try:
        args.sessions = [int(x) for x in (args.sessions or default).split(",")]
    except ValueError:
        p.error(f"--sessions takes whole numbers separated by commas, not {args.sessions!r}")
    if min(args.sessions) < 1 or args.duration < 0 or args.interval <= 0 or args.timeout <= 0:
        p.error("sessions must be at least 1, duration at least 0, interval and timeout positive")
    if sum(map(bool, (args.cold, args.soak, args.lockstep))) > 1:
        p.error("--cold, --soak and --lockstep are separate runs")
    if args.pause < 0:
        p.error("--pause must be at least 0")
    if args.slow_host and args.url:
        p.error("--slow-host pins the server it starts: not with --url")
    if args.slow_host and SLOW_CORE not in os.sched_getaffinity(0):
        p.error(f"--slow-host needs core {SLOW_CORE}, and this process may not use it")
    return args


def plan_of(args: argparse.Namespace) -> Plan:
    """The plan the command line asks for."""
    return Plan(**{k: getattr(args, k) for k in Plan.__dataclass_fields__})


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    plan = plan_of(args)
    info = machine()
    info["command"] = " ".join(["python -m bench.load", *(sys.argv[1:] if argv is None else argv)])
    started, cpu = time.perf_counter(), time.process_time()
    if args.soak:
        mode, rows = "soak", measure_soak(plan, args.soak)
    elif args.cold:
        mode, rows = "cold", measure_cold(plan)
    else:
        mode, rows = "lockstep" if args.lockstep else "load", measure(plan)
    info["generator_cpu_s"] = time.process_time() - cpu
    info["wall_s"] = time.perf_counter() - started
    info["load_average_end"] = round(os.getloadavg()[0], 2)
    if args.json:
        table = [{k: None if isinstance(v, float) and math.isnan(v) else v for k, v in asdict(r).items()} for r in rows]
        print(json.dumps({"mode": mode, "machine": info, "plan": asdict(plan), "rows": table}))
    else:
        print(markdown(rows, mode, info, plan))
    return 0


if __name__ == "__main__":
    sys.exit(main())
