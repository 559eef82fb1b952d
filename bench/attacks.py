"""Two attacks on a running server, and what a normal reader feels meanwhile (issue 46).

    python -m bench.attacks flood [--hostile 20] [--duration 30] [--page-loads 5] [--slow-host]
    python -m bench.attacks live [--loops 3] [--duration 150]
    python -m bench.attacks big-text [--sessions 4] [--mb 8] [--sends 5]
    ... [--url http://127.0.0.1:8501 --pid PID] [--json]

``flood``: ``--hostile`` sessions, each a browser of its own (its own cookie), open screen 6 and send a fresh
random 40-word sentence and the next of the five models, again as soon as the server has answered. Meanwhile a
normal reader reruns screen 2 (the state slider ``w_s`` to a random value, every ``--interval`` seconds), whose
rerun latency is reported (p50, p95), first quiet then under the flood, and with ``--page-loads N`` a headless
Chromium opens screen 2 N times (the time until its script has run and the page is drawn). The server's CPU
seconds and its resident memory (VmRSS of it and its children) are sampled.

``live``: ``--loops`` loops each open ``/translator?tr_tab=live`` as a new browser, press Start and close the tab,
again and again; after a few seconds a reader opens the live tab and presses Start, and presses it again every
2 s while they are refused (a reader told their place in a queue waits for the page instead). Reported: how long
until the reader's run trained, how often they were refused, and how many runs the loops started meanwhile.

``big-text``: ``--sessions`` sessions each send a text of ``--mb`` megabytes as the translator's typed sentence,
``--sends`` times; reported: the server's peak memory, and how the server answered (a notice, or the connection
closed for a message past its size limit).

By default each attack gets a freshly started server (the README's command; ``--slow-host``: pinned to one core a
busy loop shares, as ``bench/load.py --slow-host``). Figures: ``docs/fair-share.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import sys
import threading
import time
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench.load import (
    APP,
    FAILURES,
    LIVE_LINK,
    LIVE_START,
    SLOW_CORE,
    Server,
    busy_core,
    machine,
    percentile,
    servers,
    state_move,
    tree_pids,
    tree_rss_mb,
)
from bench.streamlit_client import Run, Session, browser_cookie, click
from core.translator import source_vocabulary
from ui.settings.translator import TR_MODEL
from ui.translator.sentences import TEXT

READER_SCREEN = "revisitable_source"  # screen 2: a normal reader's cheap reruns
SENTENCE_WORDS = 40  # the longest sentence the translator reads
PRESS_AGAIN = 2.0  # seconds between a refused reader's presses of Start
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int | None) -> float:
    """User and system CPU seconds of ``pid`` and its descendants so far (0 without a pid)."""
    if pid is None:
        return 0.0
    total = 0
    for p in tree_pids(pid):
        with suppress(OSError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def random_sentence(rng: random.Random, words: int = SENTENCE_WORDS) -> str:
    """A fresh sentence of known words in no grammar: every model translates it, no cache has it."""
    vocabulary = source_vocabulary()
    return " ".join(rng.choice(vocabulary) for _ in range(words))


@dataclass
class Latencies:
    reruns: list[float] = field(default_factory=list)
    failures: int = 0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        ms = [x * 1000 for x in self.reruns]
        return {
            "reruns": len(ms),
            "p50_ms": percentile(ms, 50),
            "p95_ms": percentile(ms, 95),
            "failures": self.failures,
        }


@dataclass
class Window:
    """The measured seconds: they start once every session has opened its page (first views are not the flood)."""

    sessions: int
    duration: float
    opened: int = 0
    until: float = math.inf
    go: asyncio.Event = field(default_factory=asyncio.Event)

    async def open(self) -> None:
        """This session has its page (or failed to): wait until every one has, then the window opens."""
        self.opened += 1
        if self.opened == self.sessions:
            self.until = time.perf_counter() + self.duration
            self.go.set()
        await self.go.wait()


async def normal_reader(url: str, window: Window, interval: float, rng: random.Random, seen: Latencies) -> None:
    """Screen 2 at a reader's pace: the state slider to a random value, every ``interval`` seconds (±50%)."""
    opened = False
    try:
        async with Session(url, cookie=browser_cookie(url)) as s:
            await s.rerun(page_name=READER_SCREEN)
            opened = True
            await window.open()
            while time.perf_counter() < window.until:
                await asyncio.sleep(interval * rng.uniform(0.5, 1.5))
                run = await asyncio.wait_for(s.rerun(widgets=state_move(s, rng)), 120)
                seen.reruns.append(run.seconds)
    except FAILURES as exc:
        seen.failures += 1
        seen.notes.append(f"{type(exc).__name__}: {exc}")
        if not opened:
            await window.open()


async def flooder(url: str, window: Window, rng: random.Random, sent: list[float]) -> None:
    """A fresh sentence and the next model, again as soon as the server answers; ``sent`` gets each answer's time."""
    opened = False
    try:
        async with Session(url, cookie=browser_cookie(url)) as s:
            await asyncio.wait_for(s.rerun(page_name="translator"), 120)
            opened = True
            await window.open()
            k = 0
            while time.perf_counter() < window.until:
                text, model = s.widget("text_area", TEXT), s.widget("radio", TR_MODEL.widget_key)
                if text is None or model is None:
                    return
                k += 1
                change = [
                    WidgetState(id=text.id, string_value=random_sentence(rng)),
                    WidgetState(id=model.id, string_value=model.proto.options[k % len(model.proto.options)]),
                ]
                run = await asyncio.wait_for(s.rerun(widgets=change), 300)
                sent.append(run.seconds)
    except FAILURES:
        if not opened:
            await window.open()


def page_loads(url: str, n: int, out: list[float], stop: threading.Event) -> None:
    """Screen 2 opened ``n`` times in a headless Chromium, each in a fresh context: seconds until it is drawn."""
    from playwright.sync_api import sync_playwright

    from tests.browser import chromium_path

    ready = """() => {
        const app = document.querySelector('[data-testid="stApp"]');
        return app && app.getAttribute('data-test-script-state') === 'notRunning'
            && app.getAttribute('data-test-connection-state') === 'CONNECTED' && document.querySelector('h1');
    }"""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path())
        try:
            for _ in range(n):
                if stop.is_set():
                    return
                context = browser.new_context()
                page = context.new_page()
                start = time.perf_counter()
                page.goto(f"{url}/{READER_SCREEN}")
                page.wait_for_function(ready, timeout=120_000)
                out.append(time.perf_counter() - start)
                context.close()
                time.sleep(1.0)
        finally:
            browser.close()


async def flood_phase(srv: Server, hostile: int, duration: float, interval: float, loads: int, seed: int) -> dict:
    """``duration`` seconds, once every session has opened its page: the normal reader (and the page loads) under
    ``hostile`` flooding sessions."""
    rng = random.Random(seed)
    seen, sent, loaded, rss = Latencies(), [], [], []
    window = Window(hostile + 1, duration)
    stop = threading.Event()
    measured: dict[str, float] = {}

    async def sample() -> None:
        while True:
            if srv.pid is not None:
                rss.append(tree_rss_mb(srv.pid))
            await asyncio.sleep(1.0)

    async def measure() -> None:
        await window.go.wait()
        measured["cpu"], measured["started"] = cpu_seconds(srv.pid), time.perf_counter()
        sampler = asyncio.create_task(sample())
        loader = asyncio.to_thread(page_loads, srv.url, loads, loaded, stop) if loads else asyncio.sleep(0)
        await asyncio.gather(loader, asyncio.sleep(max(window.until - time.perf_counter(), 0)))
        sampler.cancel()
        with suppress(asyncio.CancelledError):
            await sampler

    measuring = asyncio.create_task(measure())
    await asyncio.gather(
        normal_reader(srv.url, window, interval, random.Random(rng.random()), seen),
        *(flooder(srv.url, window, random.Random(rng.random()), sent) for _ in range(hostile)),
    )
    stop.set()
    await measuring
    ms = [x * 1000 for x in loaded]
    return {
        "hostile": hostile,
        "reader": seen.summary(),
        "reader_notes": seen.notes[:3],
        "page_load_s": {"n": len(ms), "p50": percentile(ms, 50) / 1000, "max": max(ms, default=math.nan) / 1000},
        "flood_answers": len(sent),
        "flood_answer_p50_s": percentile(sent, 50),
        "server_cpu_s": cpu_seconds(srv.pid) - measured["cpu"],
        "wall_s": time.perf_counter() - measured["started"],
        "peak_rss_mb": max(rss, default=math.nan),
    }


def flood(srv: Server, args: argparse.Namespace) -> dict:
    quiet = asyncio.run(flood_phase(srv, 0, args.quiet, args.interval, args.page_loads, args.seed))
    loud = asyncio.run(flood_phase(srv, args.hostile, args.duration, args.interval, args.page_loads, args.seed + 1))
    return {"quiet": quiet, "flood": loud}


# --- The live run ----------------------------------------------------------------------------------------------


def trained(run: Run) -> bool:
    """Whether the page shows this reader's own run: its progress bar."""
    return bool(run.progress)


async def start_and_close(url: str, timeout: float) -> bool:
    """One turn of an attacking loop: open the live tab as a new browser, press Start, close. Whether it trained."""
    async with Session(url, LIVE_LINK, open_timeout=timeout, cookie=browser_cookie(url)) as s:
        await asyncio.wait_for(s.rerun(page_name="translator"), timeout)
        button = s.widget("button", LIVE_START)
        if button is None or button.proto.disabled:
            return False
        return trained(await asyncio.wait_for(s.rerun(widgets=[click(button.id)]), timeout))


async def attacking_loop(url: str, until: float, started: list[float], timeout: float) -> None:
    while time.perf_counter() < until:
        try:
            if await start_and_close(url, timeout):
                started.append(time.perf_counter())
        except FAILURES:
            await asyncio.sleep(0.5)


async def asking_reader(url: str, until: float, timeout: float) -> dict:
    """Press Start, and again every PRESS_AGAIN s while refused; a page that polls (a place in the queue) is
    followed instead. Returns when the reader's run trains (their progress bar) or at ``until``."""
    presses = refusals = 0
    asked = time.perf_counter()
    said: list[str] = []
    async with Session(url, LIVE_LINK, open_timeout=timeout, cookie=browser_cookie(url)) as s:
        await asyncio.wait_for(s.rerun(page_name="translator"), timeout)
        run = None
        while time.perf_counter() < until:
            if run is not None and s.fragments:  # the page follows a place in the queue, or the run
                fragment, every = next(iter(s.fragments.items()))
                await asyncio.sleep(every)
                run = await asyncio.wait_for(s.rerun(fragment_id=fragment), timeout)
            else:
                button = s.widget("button", LIVE_START)
                if button is None:
                    break
                if run is not None:
                    refusals += 1
                    await asyncio.sleep(PRESS_AGAIN)
                presses += 1
                run = await asyncio.wait_for(s.rerun(widgets=[click(button.id)]), timeout)
            said = run.alerts or said
            if trained(run):
                return {
                    "trained_after_s": time.perf_counter() - asked,
                    "presses": presses,
                    "refusals": refusals,
                    "asked": asked,
                    "said": said[:1],
                }
    return {"trained_after_s": None, "presses": presses, "refusals": refusals, "asked": asked, "said": said[:1]}


async def live_attack(url: str, loops: int, duration: float, head_start: float, timeout: float) -> dict:
    until = time.perf_counter() + duration
    started: list[float] = []
    attackers = [asyncio.create_task(attacking_loop(url, until, started, timeout)) for _ in range(loops)]
    await asyncio.sleep(head_start)
    reader = await asking_reader(url, until, timeout)
    await asyncio.gather(*attackers)
    asked, got = reader.pop("asked"), reader["trained_after_s"]
    ahead = [t for t in started if t > asked and (got is None or t < asked + got)]
    return {
        "loops": loops,
        "duration_s": duration,
        "runs_started_by_loops": len(started),
        "runs_started_by_loops_while_the_reader_waited": len(ahead),
        **reader,
    }


def live(srv: Server, args: argparse.Namespace) -> dict:
    return asyncio.run(live_attack(srv.url, args.loops, args.duration, args.head_start, args.timeout))


# --- Big texts -------------------------------------------------------------------------------------------------


async def big_sender(url: str, mb: float, sends: int, answers: list[str]) -> None:
    text = ("blue " * int(mb * 2**20 / 5))[: int(mb * 2**20)]
    try:
        async with Session(url, cookie=browser_cookie(url)) as s:
            await asyncio.wait_for(s.rerun(page_name="translator"), 120)
            for _ in range(sends):
                field_ = s.widget("text_area", TEXT)
                if field_ is None:
                    answers.append("no text field")
                    return
                run = await asyncio.wait_for(s.rerun(widgets=[WidgetState(id=field_.id, string_value=text)]), 120)
                answers.append(run.alerts[-1][:80] if run.alerts else "no notice")
    except FAILURES as exc:
        answers.append(f"{type(exc).__name__}: {str(exc)[:80]}")


async def big_text_attack(srv: Server, sessions: int, mb: float, sends: int) -> dict:
    rss: list[float] = []
    answers: list[str] = []

    async def sample() -> None:
        while True:
            if srv.pid is not None:
                rss.append(tree_rss_mb(srv.pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    await asyncio.sleep(1.0)
    before = max(rss, default=math.nan)
    await asyncio.gather(*(big_sender(srv.url, mb, sends, answers) for _ in range(sessions)))
    await asyncio.sleep(2.0)
    sampler.cancel()
    with suppress(asyncio.CancelledError):
        await sampler
    counted: dict[str, int] = {}
    for a in answers:
        counted[a] = counted.get(a, 0) + 1
    return {
        "sessions": sessions,
        "mb": mb,
        "sends": sends,
        "rss_before_mb": before,
        "peak_rss_mb": max(rss),
        "answers": counted,
    }


def big_text(srv: Server, args: argparse.Namespace) -> dict:
    return asyncio.run(big_text_attack(srv, args.sessions, args.mb, args.sends))


# --- The command line ------------------------------------------------------------------------------------------


@contextmanager
def target(args: argparse.Namespace):
    if args.url:
        yield Server(args.url, args.pid)
    elif args.slow_host:
        with servers(APP, prefix=("taskset", "-c", str(SLOW_CORE))) as (s,), busy_core(SLOW_CORE):
            yield s
    else:
        with servers(APP) as (s,):
            yield s


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("attack", choices=("flood", "live", "big-text"))
    p.add_argument("--hostile", type=int, default=20, help="flood: hostile sessions (default 20)")
    p.add_argument("--duration", type=float, default=None, help="seconds of attack (flood 30, live 150)")
    p.add_argument("--quiet", type=float, default=10.0, help="flood: seconds of the reader alone first")
    p.add_argument("--interval", type=float, default=0.5, help="flood: the reader's seconds between reruns")
    p.add_argument("--page-loads", type=int, default=0, help="flood: page loads in Chromium in each phase")
    p.add_argument("--loops", type=int, default=3, help="live: attacking loops (default 3)")
    p.add_argument("--head-start", type=float, default=10.0, help="live: seconds of attack before the reader asks")
    p.add_argument("--sessions", type=int, default=4, help="big-text: sending sessions (default 4)")
    p.add_argument("--mb", type=float, default=8.0, help="big-text: megabytes a text (default 8)")
    p.add_argument("--sends", type=int, default=5, help="big-text: texts each session sends (default 5)")
    p.add_argument("--timeout", type=float, default=120.0)
    p.add_argument("--slow-host", action="store_true", help=f"the server on core {SLOW_CORE} beside a busy loop")
    p.add_argument("--url", help="attack the server at this address instead of starting one")
    p.add_argument("--pid", type=int, help="with --url: the server's process id, for its CPU and memory")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="one JSON object (the default prints it indented)")
    args = p.parse_args(argv)
    if args.duration is None:
        args.duration = 150.0 if args.attack == "live" else 30.0
    if args.hostile < 0 or args.loops < 1 or args.sessions < 1 or args.duration <= 0:
        p.error("hostile at least 0, loops and sessions at least 1, duration positive")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    attack = {"flood": flood, "live": live, "big-text": big_text}[args.attack]
    info = machine()
    with target(args) as srv:
        result = attack(srv, args)
    info["load_average_end"] = round(os.getloadavg()[0], 2)
    out = {"attack": args.attack, "machine": info, "slow_host": args.slow_host, "result": result}
    print(json.dumps(out, default=str) if args.json else json.dumps(out, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
