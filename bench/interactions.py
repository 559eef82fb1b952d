"""Benchmark: the server time of every interaction on every screen, next to an empty page's, in one run.

    python -m bench.interactions [--screens home,scoring,step3,...] [--repeat 15] [--json]
                                 [--url http://127.0.0.1:8501] [--timeout 60]

For every screen (``bench/load.py``'s screens, then the walkthrough's steps
``/?step=1`` ... ``/?step=11``, named ``step1`` ... ``step11``) it opens the
screen as a deep link, then changes every widget the run drew, one at a time,
as a reader would (``bench/controls.py``: a slider one step, another option,
a switch flipped, a button pressed, a number nudged, a data editor's cell
edited, another tab opened). Each change is made ``--repeat`` times, going back
and forth between two values so that it always starts from the same page; a
change that takes the reader elsewhere (a button to the next step, a language
that redraws the page) is measured from a new session opened on the same link
each time. A change inside an ``st.fragment`` reruns the fragment, as in the
browser: the table says which ran, the fragment or the whole page.

Beside the interactions, per screen, the whole page's run: a reader arriving
(a new session's first run, without the connection) and a reader moving here
from another screen (a rerun with this screen's ``page_script_hash``: from the
home page, or to the home page from screen 1; a walkthrough step is reached by
its buttons, measured on the step before). The screen's very first run in the
server process (its imports, the process's caches filling) is left out: one
session opens it, unmeasured, first.

Every time runs from sending the rerun request to ``script_finished``, over
the websocket, as ``bench/load.py`` measures a rerun, with one reader at a
time. In the same run a second server, started the same way on a script
holding only ``st.write("empty")``, gives the floor: its first view and its
reruns, measured before the screens and again after them. Each row is set
against the empty page's median rerun; the targets beside them are an
interaction within 3x that, a whole page's run within 6x.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bench.controls import controls, moves
from bench.load import (
    APP,
    FAILURES,
    LIVE_START,
    SCREENS,
    VIEWS,
    Server,
    link_query,
    machine,
    percentile,
    servers,
    url_path,
)
from bench.streamlit_client import Run, Session

ROOT = Path(__file__).resolve().parents[1]

EMPTY = "import streamlit as st\n\nst.write('empty')\n"
INTERACTION_TARGET = 3.0  # an interaction's median within 3x the empty page's median rerun
PAGE_TARGET = 6.0  # a whole page's run within 6x
# The live training run's start button (pressed, it trains for a minute and a half), and a class's start (pressed,
# it draws a new random join code and makes the session the class's teacher).
SKIP = {LIVE_START, "class_start"}


def view_link(view: str) -> tuple[str, str]:
    """A view's deep link as (page_name, query string): ``step3`` -> ("", "step=3")."""
    return url_path(view), link_query(view)


@dataclass
class Row:
    """One line of the table: a screen's whole-page run or one of its controls."""

    screen: str
    control: str  # the widget's key, or "arriving" / "moving here" for the whole page
    kind: str  # the widget's type; "page" for the whole page
    reran: str  # "fragment", "page" or "fragment, page" (what the server ran)
    times_ms: list[float] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ms) if self.times_ms else math.nan

    @property
    def p90_ms(self) -> float:
        return percentile(self.times_ms, 90)

    @property
    def whole_page(self) -> bool:
        return self.kind == "page"


@dataclass
class Empty:
    """The empty page: first views and reruns, in ms."""

    first_views_ms: list[float] = field(default_factory=list)
    reruns_ms: list[float] = field(default_factory=list)

    @property
    def rerun_ms(self) -> float:
        return statistics.median(self.reruns_ms) if self.reruns_ms else math.nan


async def measure_empty(url: str, repeat: int, timeout: float, into: Empty, quick_ack: bool = False) -> None:
    async with Session(url, open_timeout=timeout) as s:  # the process's own first run, not a reader's
        await asyncio.wait_for(s.rerun(page_name=""), timeout)
    for _ in range(repeat):
        async with Session(url, open_timeout=timeout, quick_ack=quick_ack) as s:
            first = await asyncio.wait_for(s.rerun(page_name=""), timeout)
            into.first_views_ms.append(first.seconds * 1000)
    async with Session(url, open_timeout=timeout, quick_ack=quick_ack) as s:
        await asyncio.wait_for(s.rerun(page_name=""), timeout)
        for _ in range(repeat):
            into.reruns_ms.append((await asyncio.wait_for(s.rerun(), timeout)).seconds * 1000)


def _reran(runs: list[Run]) -> str:
    kinds = sorted({"fragment" if r.fragment_ids else "page" for r in runs})
    return ", ".join(kinds)


class Reader:
    """One session on one view, opened again (unmeasured) whenever a change took it elsewhere."""

    def __init__(self, url: str, view: str, timeout: float, quick_ack: bool = False) -> None:
        self.url, self.view, self.timeout, self.quick_ack = url, view, timeout, quick_ack
        self.session: Session | None = None
        self.link = ""  # the query string the app wrote after the view's first run

    async def open(self) -> Session:
        await self.close()
        page_name, query = view_link(self.view)
        self.session = Session(self.url, query, open_timeout=self.timeout, quick_ack=self.quick_ack)
        await self.session.__aenter__()
        await asyncio.wait_for(self.session.rerun(page_name=page_name), self.timeout)
        self.link = self.session.query_string
        return self.session

    async def close(self) -> None:
        if self.session is not None:
            await self.session.__aexit__(None, None, None)
            self.session = None


async def measure_controls(url: str, view: str, repeat: int, timeout: float, quick_ack: bool = False) -> list[Row]:
    """Every control the view's first run drew, each changed ``repeat`` times back and forth."""
    reader = Reader(url, view, timeout, quick_ack)
    rows = []
    try:
        s = await reader.open()
        found = [(w.id, w.key or w.id, w.kind) for w in controls(s, exclude=SKIP)]
        for wid, key, kind in found:
            row, runs, pair, reopened = Row(view, key, kind, ""), [], None, 0
            for _ in range(repeat):
                if pair is None:  # from the page as the link opens it: the change, and the change back
                    w = s.widgets.get(wid)
                    pair = moves(s, w) if w is not None else None
                    if pair is None:
                        row.note = "no change to measure from here"
                        break
                    there, back = pair
                    change = there
                else:
                    change, pair = back, None
                run = await asyncio.wait_for(s.rerun(widgets=[change]), timeout)
                runs.append(run)
                row.times_ms.append(run.seconds * 1000)
                row.exceptions += run.exceptions
                if change.WhichOneof("value") == "trigger_value":
                    pair = None  # a press is measured from the page as the link opens it, each time
                if wid not in s.widgets or (pair is None and s.query_string != reader.link):
                    s, pair = await reader.open(), None  # the change took the reader elsewhere: start again
                    reopened += 1
            if pair is not None:  # an odd number of changes left it changed: back, unmeasured, for the next control
                await asyncio.wait_for(s.rerun(widgets=[back]), timeout)
                if s.query_string != reader.link:
                    s = await reader.open()
            if reopened:
                row.note = f"took the reader elsewhere: measured again from a new session on the link {reopened} times"
            row.reran = _reran(runs)
            rows.append(row)
    finally:
        await reader.close()
    return rows


async def measure_whole_page(url: str, view: str, repeat: int, timeout: float, quick_ack: bool = False) -> list[Row]:
    """A reader arriving (a new session's first run) and, for a screen, a reader moving here from another."""
    page_name, query = view_link(view)
    arriving = Row(view, "arriving", "page", "page")
    async with Session(url, query, open_timeout=timeout) as s:  # the screen's first run in this process: unmeasured
        await asyncio.wait_for(s.rerun(page_name=page_name), timeout)
    for _ in range(repeat):
        async with Session(url, query, open_timeout=timeout, quick_ack=quick_ack) as s:
            run = await asyncio.wait_for(s.rerun(page_name=page_name), timeout)
            arriving.times_ms.append(run.seconds * 1000)
            arriving.exceptions += run.exceptions
    if view not in SCREENS:
        return [arriving]
    source = "fixed_summary" if view == "home" else "home"
    moving = Row(view, f"moving here from {source}", "page", "page")
    async with Session(url, open_timeout=timeout, quick_ack=quick_ack) as s:
        await asyncio.wait_for(s.rerun(page_name=url_path(source)), timeout)
        here, there = s.pages[url_path(view)], s.pages[url_path(source)]
        for _ in range(repeat):
            run = await asyncio.wait_for(s.rerun(page_script_hash=here), timeout)
            moving.times_ms.append(run.seconds * 1000)
            moving.exceptions += run.exceptions
            await asyncio.wait_for(s.rerun(page_script_hash=there), timeout)
    return [arriving, moving]


@contextmanager
def targets(url: str | None):
    """The app (the one at ``url``, or a fresh one) and a fresh empty page, started side by side."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "empty.py"
        script.write_text(EMPTY)
        empty = ["-m", "streamlit", "run", str(script)]
        if url:
            with servers(empty) as (blank,):
                yield Server(url, None), blank
        else:
            with servers(APP, empty) as (app, blank):
                yield app, blank


async def measure(
    app: str,
    blank: str,
    views: list[str],
    repeat: int,
    timeout: float,
    progress: Callable[[str], None],
    quick_ack: bool = False,
) -> tuple[list[Row], Empty]:
    empty = Empty()
    await measure_empty(blank, repeat, timeout, empty, quick_ack)
    rows: list[Row] = []
    for view in views:
        for part in (measure_whole_page, measure_controls):
            try:
                rows += await part(app, view, repeat, timeout, quick_ack)
            except FAILURES as exc:
                note = f"{type(exc).__name__}: {exc or f'no answer within {timeout:g} s'}"
                rows.append(Row(view, "(failed)", "", "", note=note))
        progress(view)
    await measure_empty(
        blank, repeat, timeout, empty, quick_ack
    )  # the floor again, after the screens' load on the machine
    return rows, empty


def _f(x: float, digits: int = 0) -> str:
    return "–" if math.isnan(x) else f"{x:,.{digits}f}"


def verdict(row: Row, floor_ms: float) -> tuple[float, str]:
    ratio = row.median_ms / floor_ms if floor_ms else math.nan
    limit = PAGE_TARGET if row.whole_page else INTERACTION_TARGET
    if math.isnan(ratio):
        return ratio, "–"
    return ratio, f"≤ {limit:g}x: {'yes' if ratio <= limit else 'OVER'}"


def markdown(rows: list[Row], empty: Empty, info: dict[str, object]) -> str:
    floor = empty.rerun_ms
    lines = [
        f"Empty page (`st.write('empty')`): first view median {_f(statistics.median(empty.first_views_ms), 1)} ms, "
        f"rerun median {_f(floor, 1)} ms (p90 {_f(percentile(empty.reruns_ms, 90), 1)} ms), "
        f"{len(empty.reruns_ms)} reruns. Ratios are to its median rerun.",
        *(
            ["The client acknowledged every TCP segment at once (--quick-ack): times without the delayed-ACK wait."]
            if info.get("quick_ack")
            else []
        ),
        "",
        "| screen | control | type | reran | runs | median ms | p90 ms | × empty rerun | target |",
        "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in rows:
        ratio, target = verdict(r, floor)
        cells = [r.screen, r.control, r.kind, r.reran, str(len(r.times_ms)), _f(r.median_ms), _f(r.p90_ms)]
        cells += [_f(ratio, 1), target]
        lines.append("| " + " | ".join(cells) + " |")
    notes = [f"{r.screen} · {r.control}: {r.note}" for r in rows if r.note]
    notes += [f"{r.screen} · {r.control}: {e}" for r in rows for e in sorted(set(r.exceptions))]
    lines += [
        "",
        "Machine: {nproc} cores, Python {python}, Streamlit {streamlit}; load average {load_average_1min} "
        "at the start, {load_average_end} at the end.".format(**info),
        f"Took {info['wall_s']:.0f} s. Command: `{info['command']}`",
    ]
    return "\n".join(lines + [f"- {n}" for n in notes])


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--screens", default=",".join(VIEWS), help=f"comma-separated, of {', '.join(VIEWS)}")
    p.add_argument("--repeat", type=int, default=15, help="times each change (and each whole-page run) is measured")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds before a rerun counts as a failure")
    p.add_argument("--url", help="measure the app at this address instead of starting a fresh one")
    p.add_argument(
        "--quick-ack",
        action="store_true",
        help="acknowledge every TCP segment at once (no browser does): the server's own time, without the wait "
        "for a delayed ACK",
    )
    p.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    args = p.parse_args(argv)
    args.screens = [s.strip() for s in args.screens.split(",") if s.strip()]
    unknown = sorted(set(args.screens) - set(VIEWS))
    if unknown:
        p.error(f"unknown screens {', '.join(unknown)}; known: {', '.join(VIEWS)}")
    if args.repeat < 1 or args.timeout <= 0:
        p.error("--repeat must be at least 1 and --timeout positive")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    info = machine()
    info["command"] = " ".join(["python -m bench.interactions", *(sys.argv[1:] if argv is None else argv)])
    started = time.perf_counter()
    with targets(args.url) as (app, blank):
        rows, empty = asyncio.run(
            measure(
                app.url,
                blank.url,
                args.screens,
                args.repeat,
                args.timeout,
                lambda view: print(f"  {view}: done", file=sys.stderr, flush=True),
                args.quick_ack,
            )
        )
    info["wall_s"] = time.perf_counter() - started
    info["load_average_end"] = round(os.getloadavg()[0], 2)
    info["quick_ack"] = args.quick_ack
    if args.json:
        out = {
            "machine": info,
            "empty": asdict(empty) | {"rerun_median_ms": empty.rerun_ms},
            "rows": [
                asdict(r) | {"median_ms": r.median_ms, "p90_ms": r.p90_ms, "ratio": verdict(r, empty.rerun_ms)[0]}
                for r in rows
            ],
        }
        print(json.dumps(_no_nan(out)))
    else:
        print(markdown(rows, empty, info))
    return 0


def _no_nan(x: object) -> object:
    """JSON has no NaN: a missing figure is null."""
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {k: _no_nan(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_no_nan(v) for v in x]
    return x


if __name__ == "__main__":
    sys.exit(main())
