"""A class's load on a server: one teacher and N students, each a websocket session as a browser speaks it.

    python -m bench.classroom [--students 60,200] [--replicas 1] [--seconds 20] [--json]

Starts the app with the README's command (``python3 dev.py app --server.port P --server.address 127.0.0.1
--server.headless true``, ``bench.load.servers``), its class store in a fresh temporary folder (``ATTENTION_DATA``:
SQLite); with ``--replicas 2`` two such processes on the one store, the students alternating between them as
HAProxy's turns give new browsers replicas (no HAProxy hop here). The teacher opens the private link on step 1 in
presenter mode, on the first process. N students open the join link, ten a second, as a class scanning the code.
From then on every page polls as its browser does, each of its sections drawn to rerun on a timer, one request at
a time, from a random phase: a student's page the class's look (``ui.classroom``'s section, every
:data:`ui.classroom.POLL` seconds); the teacher's page the count of students joined, and the count of answers while
a round is open (each every :data:`ui.classroom.TEACHER_POLL` seconds). Then, in this order:

(d) idle: for ``--seconds`` nothing changes. The server's CPU time (user and system, every process of its tree)
    over the period (the teacher's polls with it), per student per second; its resident memory per student, (RSS
    with every student - RSS with one student a process) / (N - processes).
(a) step changes: the teacher presses Next four times (step 1 to 5), each once every student's page has drawn the
    last step (or 10 s passed), after a pause of 1-2 s. Per student and press: the seconds from sending the press
    to the end of the student's first run that draws the new step's heading (a student who has not after
    :data:`GIVE_UP` seconds counts as that long, and as missed).
(c) controls: the teacher shows step 5 without asking; every student moves the decoder-state slider (``w_s``) to
    a random value every 3-5 s for ``--seconds``. Each move: from the reader's release (waiting for its own page's
    poll, if one is running, included) to ``script_finished``.
(b) answers: the teacher asks step 5's question; every student, at a random moment within :data:`ANSWERING`
    seconds, picks an option and presses Send (two requests, as a browser sends them). Per answer: from sending the
    press to the end of the first count of the teacher's page that includes it. The count is anonymous, so the
    answers are taken in the order the server finished their presses: the k-th is counted by the first poll sent
    after its press that reads at least k.

The server's CPU time is also given per follow (from each Next until every page has followed, per student) and per
answer (while the students answer, per answer, a pick and a Send), less what the polls that finished meanwhile take
(at the idle period's cost of a poll): what a step change and an answer cost the server, whatever else the machine
is doing.

The load generator runs on the same machine, in one process: its CPU time is given beside the figures. ``--profile
DIR`` records each server with py-spy (``pip install py-spy``) from the first step change to the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench.load import (
    APP,
    ROOT,
    STATE_SLIDER,
    Server,
    machine,
    percentile,
    servers,
    state_value,
    tree_cpu_s,
    tree_pids,
    tree_rss_mb,
)
from bench.streamlit_client import Run, Session, click
from classroom.backends import open_store
from classroom.settings import Settings
from screens.walkthrough.steps import STEPS
from ui.classroom import POLL, TEACHER_POLL
from ui.text import t, template

JOINS_A_SECOND = 10  # students opening the join link
STEP_CHANGES = 4  # the teacher's Next presses, from step 1 to 5; steps 3 and 5, after 2 or 4 of them, have the
# decoder-state slider in their view and a first question with options
GIVE_UP = 10.0  # seconds after a press by which a student's page counts as not having followed
ANSWERING = 10.0  # seconds over which the students answer
TIMEOUT = 60.0  # seconds for one request
HEADINGS = {t("walk.heading", k=k, n=len(STEPS), title=t(f"walk.{s.name}.title")): k for k, s in enumerate(STEPS, 1)}
SENT = template("class.sent").split("{given}")[0]  # how a student's page confirms an answer begins
_COUNTED = re.compile(  # written as a heading (Markdown's "### "), large on the projector
    r"(?:#+ )?" + re.escape(template("class.counted", 2)).replace(r"\{n\}", r"(\d+)").replace(r"\{joined\}", r"\d+")
)


def step_drawn(run: Run) -> int | None:
    """The step whose heading a run drew, if it drew one."""
    return next((HEADINGS[text] for text in run.texts if text in HEADINGS), None)


def counted(run: Run) -> int | None:
    """The teacher's count of answers as a run drew it."""
    for text in run.texts:
        m = _COUNTED.fullmatch(text)
        if m:
            return int(m.group(1))
    return None


@dataclass
class Reader:
    """One browser: its session, one request at a time, and when its page first drew each step."""

    session: Session
    drawn: dict[int, float] = field(default_factory=dict)  # step -> perf_counter at the end of that run
    failures: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    polls: int = 0  # the runs its timer asked for that have finished
    runs_to: dict[int, int] = field(default_factory=dict)  # step -> script runs of the request that first drew it

    async def do(self, request: Callable[[], Awaitable[Run]]) -> Run | None:
        async with self.lock:
            try:
                run = await asyncio.wait_for(request(), TIMEOUT)
            except Exception as e:  # a timeout, a closed connection: the browser would show it, and go on
                self.failures.append(f"{type(e).__name__}: {e}"[:200])
                return None
        self.exceptions += run.exceptions
        k = step_drawn(run)
        if k is not None and k not in self.drawn:
            self.drawn[k] = time.perf_counter()
            self.runs_to[k] = run.started
        return run

    def fragments(self, every: float) -> list[str]:
        """The sections its page reruns every ``every`` seconds, those it draws now."""
        return [f for f, s in self.session.fragments.items() if math.isclose(s, every)]

    async def poll(self, every: float, stop: asyncio.Event, rng: random.Random, seen: list | None = None) -> None:
        """The browser's timers: each section drawn to rerun every ``every`` seconds, from a random phase. ``seen``
        collects (sent, answered, count) of each run that drew the teacher's count of answers."""
        loop = asyncio.get_running_loop()
        await asyncio.sleep(rng.uniform(0, every))
        due = loop.time()
        while not stop.is_set():
            for fragment in self.fragments(every):
                if fragment not in self.session.fragments:  # gone with a whole run of the page meanwhile
                    continue
                sent = time.perf_counter()
                run = await self.do(lambda f=fragment: self.session.rerun(fragment_id=f))
                self.polls += 1
                if seen is not None and run is not None and counted(run) is not None:
                    seen.append((sent, time.perf_counter(), counted(run)))
            due = max(due + every, loop.time())
            try:
                await asyncio.wait_for(stop.wait(), max(0.0, due - loop.time()))
            except TimeoutError:
                pass


@dataclass
class Result:
    students: int
    replicas: int
    seconds: float  # of the idle and the controls' periods
    joined_s: float  # seconds for every student to open the join link and draw their first page
    step_ms: list[float] = field(default_factory=list)
    step_missed: int = 0
    follow_runs: list[int] = field(default_factory=list)  # script runs in the request that drew a student's new step
    answer_ms: list[float] = field(default_factory=list)
    answer_missed: int = 0
    control_ms: list[float] = field(default_factory=list)
    idle_cpu_s: float = math.nan  # server CPU seconds over the idle period
    follow_cpu_s: float = math.nan  # server CPU seconds from each Next to the last student's following, less polls
    answer_cpu_s: float = math.nan  # server CPU seconds while the students answer, less their polls
    rss_one_mb: float = math.nan
    rss_all_mb: float = math.nan
    client_cpu_s: float = math.nan
    load: tuple[float, float] = (math.nan, math.nan)  # the machine's 1-minute load average at the start and the end
    failures: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        def three(xs: list[float]) -> dict[str, float]:
            return {
                "p50": percentile(xs, 50),
                "p95": percentile(xs, 95),
                "max": max(xs, default=math.nan),
                "n": len(xs),
            }

        per = self.idle_cpu_s / (self.students * self.seconds) if self.students else math.nan
        return {
            "students": self.students,
            "replicas": self.replicas,
            "joined_s": round(self.joined_s, 1),
            "step_ms": three(self.step_ms) | {"missed": self.step_missed},
            "follow_runs": dict(sorted(Counter(self.follow_runs).items())),
            "answer_ms": three(self.answer_ms) | {"missed": self.answer_missed},
            "control_ms": three(self.control_ms),
            "idle_cpu_percent": 100 * self.idle_cpu_s / self.seconds,
            "cpu_ms_per_student_second": 1000 * per,
            "cpu_ms_per_follow": 1000 * self.follow_cpu_s / max(1, len(self.step_ms)),
            "cpu_ms_per_answer": 1000 * self.answer_cpu_s / max(1, len(self.answer_ms)),
            "rss_one_mb": self.rss_one_mb,
            "rss_all_mb": self.rss_all_mb,
            "rss_mb_per_student": (self.rss_all_mb - self.rss_one_mb) / max(1, self.students - self.replicas),
            "client_cpu_s": self.client_cpu_s,
            "load_average": self.load,
            "failures": len(self.failures),
            "exceptions": len(self.exceptions),
            "notes": sorted(set(self.failures + self.exceptions))[:10],
        }


async def press(reader: Reader, key: str, kind: str = "button") -> float:
    """Press the control ``key`` on a page; when the press was sent."""
    widget = reader.session.widget(kind, key)
    if widget is None:
        raise RuntimeError(f"no {kind} {key} on the teacher's page")
    sent = time.perf_counter()
    run = await reader.do(lambda: reader.session.rerun(widgets=[click(widget.id)]))
    if run is None or run.exceptions:
        raise RuntimeError(f"pressing {key}: {reader.failures[-1:] or run.exceptions}")
    return sent


async def until(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def a_class(
    urls: list[str],
    pids: list[int],
    data: Path,
    n: int,
    seconds: float,
    seed: int,
    answering: float = ANSWERING,
    changes: int = STEP_CHANGES,
    profile: Path | None = None,
) -> Result:
    rng = random.Random(seed)
    store = open_store(Settings(data_dir=data))
    new = store.create_class()
    stop = asyncio.Event()
    tasks: list[asyncio.Task] = []
    spies: list[subprocess.Popen] = []
    client_cpu = time.process_time()
    teacher = Reader(Session(urls[0], f"class={new.code}&teacher={new.secret}&present=1&step=1"))
    students: list[Reader] = []
    result = Result(n, len(urls), seconds, math.nan)
    load = os.getloadavg()[0]
    try:
        await teacher.session.__aenter__()
        await teacher.do(lambda: teacher.session.rerun(page_name=""))
        if teacher.session.widget("button", "class_end") is None:
            raise RuntimeError("the teacher's private link did not open the class as its teacher")
        counts: list[tuple[float, float, int]] = []  # (sent, answered, count) of each of the teacher's counts drawn
        tasks.append(asyncio.create_task(teacher.poll(TEACHER_POLL, stop, random.Random(seed), counts)))

        # Students arrive, ten a second, and poll from then on.
        async def arrive(i: int) -> None:
            await asyncio.sleep(i / JOINS_A_SECOND)
            reader = Reader(Session(urls[i % len(urls)], f"class={new.code}"))
            students.append(reader)
            await reader.session.__aenter__()
            await reader.do(lambda: reader.session.rerun(page_name=""))
            tasks.append(asyncio.create_task(reader.poll(POLL, stop, random.Random(rng.random()))))

        def cpu() -> float:
            return sum(tree_cpu_s(p) for p in pids)

        started = time.perf_counter()
        first = min(n, len(urls))  # one student a replica, then the server's memory is that of a class of them
        await asyncio.gather(*(arrive(i) for i in range(first)))
        await asyncio.sleep(1.0)
        result.rss_one_mb = sum(tree_rss_mb(p) for p in pids)
        await asyncio.gather(*(arrive(i) for i in range(first, n)))
        result.joined_s = time.perf_counter() - started
        if store.state(new.code).students != n:
            raise RuntimeError(f"{store.state(new.code).students} of {n} students joined")

        # (d) Idle: every page polls, nothing changes.
        def polls() -> int:
            return sum(s.polls for s in [teacher, *students])

        await asyncio.sleep(POLL)
        before, polled = cpu(), polls()
        await asyncio.sleep(seconds)
        result.idle_cpu_s = cpu() - before
        a_poll = result.idle_cpu_s / max(1, polls() - polled)  # server CPU seconds of a poll that finds no change
        result.rss_all_mb = sum(tree_rss_mb(p) for p in pids)

        # (a) The teacher moves on, step by step; every student's page follows.
        if profile is not None:  # from here to the end, where the server spends its time
            spies += [py_spy(p, profile.with_name(f"{profile.stem}-{i}{profile.suffix}")) for i, p in enumerate(pids)]
        last = 1 + changes
        result.follow_cpu_s = 0.0
        for k in range(2, last + 1):
            await asyncio.sleep(rng.uniform(1.0, 2.0))
            before, polled = cpu(), polls()
            sent = await press(teacher, "walk_next")
            await until(lambda k=k: all(k in s.drawn for s in students), GIVE_UP)
            result.follow_cpu_s += cpu() - before - a_poll * (polls() - polled)
            for s in students:
                if k in s.drawn:
                    result.step_ms.append(1000 * (s.drawn[k] - sent))
                    result.follow_runs.append(s.runs_to[k])
                else:
                    result.step_ms.append(1000 * GIVE_UP)
                    result.step_missed += 1

        # (c) The teacher shows the step; every student moves its slider now and then.
        await press(teacher, "class_show")
        if not await until(lambda: all(s.session.widget("slider", STATE_SLIDER) for s in students), GIVE_UP):
            raise RuntimeError(f"step {last} shown, but not every student's page drew its slider")

        async def moving(s: Reader, r: random.Random) -> None:
            end = time.perf_counter() + seconds
            at = time.perf_counter() + r.uniform(0.0, min(3.0, seconds))  # from a random phase, then every 3-5 s
            while at < end:
                await asyncio.sleep(max(0.0, at - time.perf_counter()))
                at += r.uniform(3.0, 5.0)
                slider = s.session.widget("slider", STATE_SLIDER)
                change = WidgetState(id=slider.id, double_array_value={"data": [state_value(r)]})
                start = time.perf_counter()
                if await s.do(lambda c=change: s.session.rerun(widgets=[c])) is not None:
                    result.control_ms.append(1000 * (time.perf_counter() - start))

        await asyncio.gather(*(moving(s, random.Random(rng.random())) for s in students))

        # (b) The teacher asks; every student answers; the projector counts.
        await press(teacher, "class_ask")
        if not await until(lambda: all(s.session.widget("radio", "q_class_answer") for s in students), GIVE_UP):
            raise RuntimeError("the question asked, but not every student's page drew its options")
        presses: list[tuple[float, float]] = []  # (sent, answered) of each Send that the page confirmed

        async def answer(s: Reader, r: random.Random) -> None:
            await asyncio.sleep(r.uniform(0, answering))
            choice = s.session.widget("radio", "q_class_answer")
            picked = WidgetState(id=choice.id, string_value=r.choice(list(choice.proto.options)))
            await s.do(lambda: s.session.rerun(widgets=[picked]))
            send = s.session.widget("button", "class_send")
            sent = time.perf_counter()
            run = await s.do(lambda: s.session.rerun(widgets=[click(send.id)]))
            if run is not None and any(text.startswith(SENT) for text in run.texts):
                presses.append((sent, time.perf_counter()))
            else:
                s.failures.append("an answer sent but not confirmed")

        before, polled = cpu(), polls()
        await asyncio.gather(*(answer(s, random.Random(rng.random())) for s in students))
        await until(lambda: bool(counts) and counts[-1][2] >= len(presses), GIVE_UP)
        result.answer_cpu_s = cpu() - before - a_poll * (polls() - polled)
        for k, (sent, _) in enumerate(sorted(presses, key=lambda p: p[1]), 1):
            seen = next((done for start, done, c in counts if start >= sent and c >= k), None)
            result.answer_ms.append(1000 * ((seen if seen is not None else sent + GIVE_UP) - sent))
            result.answer_missed += seen is None
    finally:
        for spy in spies:
            spy.send_signal(signal.SIGINT)  # py-spy writes its file on an interrupt
            spy.wait(60)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        for reader in [teacher, *students]:
            result.failures += reader.failures
            result.exceptions += reader.exceptions
            try:
                await reader.session.__aexit__()
            except Exception:  # a connection that has gone: nothing to close
                pass
        result.client_cpu_s = time.process_time() - client_cpu
        result.load = (load, os.getloadavg()[0])
        store.close()
    return result


def measure(
    n: int,
    replicas: int = 1,
    seconds: float = 20.0,
    seed: int = 0,
    answering: float = ANSWERING,
    changes: int = STEP_CHANGES,
    profile: Path | None = None,
) -> Result:
    """Start ``replicas`` servers on one fresh class store, and play a class of ``n`` students against them."""
    with tempfile.TemporaryDirectory(prefix="attention-class-bench-") as data:
        before = os.environ.get("ATTENTION_DATA")
        os.environ["ATTENTION_DATA"] = data  # the servers' store: bench.load.servers starts them in this environment
        try:
            with servers(*[APP] * replicas) as started:
                urls = [s.url for s in started]
                played = a_class(urls, pids(started), Path(data), n, seconds, seed, answering, changes, profile)
                return asyncio.run(played)
        finally:
            if before is None:
                os.environ.pop("ATTENTION_DATA", None)
            else:
                os.environ["ATTENTION_DATA"] = before


def py_spy(pid: int, path: Path) -> subprocess.Popen:
    """``py-spy record`` of the Streamlit process under ``pid`` (the one running ``app.py``, a child of ``dev.py``),
    sampled 100 times a second, the thread that holds the GIL only (the process's Python work: a thread waiting for
    the GIL after a call that let it go, SQLite's say, is not sampled), written as collapsed stacks (a stack and its
    count a line) to ``path``."""
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
    if spy is None:
        raise RuntimeError("--profile needs py-spy: pip install py-spy (into .venv)")
    server = next(p for p in tree_pids(pid) if b"\0app.py\0" in Path(f"/proc/{p}/cmdline").read_bytes())
    command = [spy, "record", "--pid", str(server), "--rate", "100", "--gil", "--format", "raw", "--output", str(path)]
    return subprocess.Popen([*command, "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pids(started: list[Server]) -> list[int]:
    return [s.pid for s in started if s.pid is not None]


def cpu_model() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines() if Path("/proc/cpuinfo").exists() else []:
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def commit() -> str:
    try:
        found = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        return found.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def _f(x: float, digits: int = 0) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:,.{digits}f}"


def markdown(rows: list[dict[str, object]], info: dict[str, object]) -> str:
    head = ["students", "replicas", "step change p50 / p95 / max ms", "answer counted p50 / p95 / max ms",
            "controls p50 / p95 / max ms", "idle CPU %", "CPU ms per student-second",
            "CPU ms per follow / answer", "RSS MB per student",
            "failures", "exceptions"]  # fmt: skip
    lines = ["| " + " | ".join(head) + " |", "| ---: | ---: |" + " ---: |" * (len(head) - 2)]
    for r in rows:
        a, b, c = r["step_ms"], r["answer_ms"], r["control_ms"]
        cells = [
            str(r["students"]),
            str(r["replicas"]),
            f"{_f(a['p50'])} / {_f(a['p95'])} / {_f(a['max'])}" + (f" ({a['missed']} missed)" if a["missed"] else ""),
            f"{_f(b['p50'])} / {_f(b['p95'])} / {_f(b['max'])}" + (f" ({b['missed']} missed)" if b["missed"] else ""),
            f"{_f(c['p50'])} / {_f(c['p95'])} / {_f(c['max'])}",
            _f(r["idle_cpu_percent"]),
            _f(r["cpu_ms_per_student_second"], 2),
            f"{_f(r['cpu_ms_per_follow'], 1)} / {_f(r['cpu_ms_per_answer'], 1)}",
            _f(r["rss_mb_per_student"], 2),
            str(r["failures"]),
            str(r["exceptions"]),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", ", ".join(f"{k}: {v}" for k, v in info.items())]
    for r in rows:
        lines += [f"{r['students']} × {r['replicas']}: {note}" for note in r["notes"]]
        lines.append(f"{r['students']} × {r['replicas']}: joined in {r['joined_s']} s; load generator CPU "
                     f"{_f(r['client_cpu_s'], 1)} s; server RSS {_f(r['rss_one_mb'])} MB with one student, "
                     f"{_f(r['rss_all_mb'])} MB with all; load average {r['load_average'][0]:.1f} at the start, "
                     f"{r['load_average'][1]:.1f} at the end")  # fmt: skip
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", default="60,200", help="class sizes, comma-separated (default 60,200)")
    parser.add_argument("--replicas", type=int, default=1, help="server processes on one class store (default 1)")
    parser.add_argument("--seconds", type=float, default=20.0, help="the idle and the controls' periods (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="DIR",
        help="record each server with py-spy from the first step change to the end, as collapsed stacks, into "
        "DIR/class-N-R.txt (N students, replica R)",
    )
    args = parser.parse_args(argv)
    try:
        args.students = [int(x) for x in args.students.split(",") if x.strip()]
    except ValueError:
        parser.error(f"--students: whole numbers, comma-separated, got {args.students!r}")
    if not args.students or min(args.students) < 2 or args.replicas < 1 or args.seconds <= 0:
        parser.error("at least 2 students, 1 replica and a positive --seconds")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    rows = []
    for n in args.students:
        profile = None if args.profile is None else args.profile / f"class-{n}.txt"
        rows.append(measure(n, args.replicas, args.seconds, args.seed, profile=profile).summary())
    info = {"date": datetime.now(UTC).strftime("%Y-%m-%d"), "commit": commit(), "cpu": cpu_model(), **machine()}
    print(markdown(rows, info))
    if args.json:
        print(json.dumps({"info": info, "rows": rows}, indent=2, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
