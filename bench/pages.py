"""Benchmark: server-side rerun time of every screen, next to an empty page's, in one run.

    python -m bench.pages [--runs 30]

One hosted process serves a whole class and runs every rerun's Python under
one interpreter lock, so the time a rerun takes on the server is the budget
(target: a screen's whole rerun at most WHOLE_RUN_TARGET = 6 times an empty page's
median, measured in the same run, so that the machine's speed divides out). Each page is
run once with Streamlit's AppTest, then timed over ``--runs`` reruns, with the scripts
compiled once and kept as the server keeps them (``--compile-each-run``: compiled on
every run, as AppTest does by itself). A second,
profiled pass attributes the time to Streamlit's elements (per rerun; the
profiler's own overhead inflates these, so read them as shares).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import tempfile
import threading
import time
from pathlib import Path

from streamlit.runtime.scriptrunner.script_cache import ScriptCache
from streamlit.testing.v1 import AppTest, local_script_runner
from streamlit.testing.v1 import app_test as app_test_module

from app import SCREENS
from tests.apptest import opened_on

ROOT = Path(__file__).resolve().parents[1]

ELEMENTS = (
    "vega_lite_chart",
    "data_editor",
    "dataframe",
    "latex",
    "markdown",
    "caption",
    "download_button",
    "page_link",
    "slider",
    "select_slider",
    "button",
    "radio",
    "number_input",
    "text_input",
    "selectbox",
    "set_page_config",
    "tabs",
    "columns",
    "expander",
    "error",
    "warning",
    "info",
    "table",
    "metric",
    "progress",
    "subheader",
    "title",
    "header",
    "toggle",
    "checkbox",
)


# The server compiles a script once and runs its kept bytecode on every later rerun (one ScriptCache for the
# process); AppTest (Streamlit 1.67) gives each run an empty cache, so every rerun it timed would compile app.py and
# the page again (a sampling profile of screen 2's reruns: 18 % of their time). One cache for every run here, as
# the server has.
_SCRIPTS = ScriptCache()


def _kept_scripts() -> ScriptCache:
    return _SCRIPTS


def as_served() -> None:
    """Make AppTest keep compiled scripts across runs, as the server does."""
    app_test_module.ScriptCache = local_script_runner.ScriptCache = _kept_scripts


def app_test(page: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    return at if page == "app.py" else opened_on(at, page)


def time_reruns(at: AppTest, runs: int) -> list[float]:
    at.run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append((time.perf_counter() - start) * 1e3)
        if at.exception:
            raise RuntimeError(f"the page raised: {at.exception[0].value}")
    return times


class ThreadProfiler:
    """cProfile in every thread started while active (AppTest runs the script in its own thread)."""

    def __enter__(self) -> ThreadProfiler:
        self.profiles: list[cProfile.Profile] = []
        self._run = threading.Thread.run
        profiles, original = self.profiles, self._run

        def run(thread: threading.Thread) -> None:
            profile = cProfile.Profile()
            profiles.append(profile)
            profile.enable()
            try:
                original(thread)
            finally:
                profile.disable()

        threading.Thread.run = run
        return self

    def __exit__(self, *exc: object) -> None:
        threading.Thread.run = self._run

    def element_times(self, reruns: int) -> dict[str, tuple[float, float]]:
        """Element name -> (ms per rerun, calls per rerun), from the streamlit API functions."""
        stats = pstats.Stats(self.profiles[0])
        for p in self.profiles[1:]:
            stats.add(p)
        out: dict[str, tuple[float, float]] = {}
        for (filename, _, name), (_, calls, _, cumulative, _) in stats.stats.items():
            if name in ELEMENTS and "streamlit" in filename and ("elements" in filename or "commands" in filename):
                ms, n = out.get(name, (0.0, 0.0))
                out[name] = (ms + cumulative * 1e3 / reruns, n + calls / reruns)
        return out


WHOLE_RUN_TARGET = 6  # a screen's whole rerun against an empty page's, as docs/capacity.md states it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument(
        "--compile-each-run", action="store_true", help="as AppTest does by itself: compile the scripts on every run"
    )
    args = parser.parse_args()
    if not args.compile_each_run:
        as_served()

    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.py"
        empty.write_text("import streamlit as st\n\nst.write('empty')\n")
        baseline = time_reruns(AppTest.from_file(str(empty), default_timeout=60), args.runs)

    print(f"median server-side rerun over {args.runs} reruns (AppTest run() after the first)")
    print(f"{'page':34} {'median ms':>10} {'p90 ms':>8}  {'target':>8}")
    print(f"{'empty page':34} {statistics.median(baseline):10.1f} {statistics.quantiles(baseline, n=10)[-1]:8.1f}")
    worst = 0.0
    for path in [s.script for s in SCREENS]:
        times = time_reruns(app_test(path), args.runs)
        median = statistics.median(times)
        worst = max(worst, median)
        verdict = "ok" if median <= WHOLE_RUN_TARGET * statistics.median(baseline) else "OVER"
        print(f"{path:34} {median:10.1f} {statistics.quantiles(times, n=10)[-1]:8.1f}  {verdict:>8}")

    print("\nwhere a rerun's time goes (profiled, ms per rerun; profiling inflates them: read as shares)")
    for path in [s.script for s in SCREENS]:
        at = app_test(path)
        at.run()
        reruns = 10
        with ThreadProfiler() as prof:
            for _ in range(reruns):
                at.run()
        top = sorted(prof.element_times(reruns).items(), key=lambda kv: -kv[1][0])[:4]
        print(f"  {path:32} " + ", ".join(f"{name} {ms:.1f} ({n:.0f}x)" for name, (ms, n) in top))
    ratio = worst / statistics.median(baseline)
    print(f"\nslowest screen: {worst:.1f} ms median, {ratio:.1f}x the empty page's (target <= {WHOLE_RUN_TARGET}x)")


if __name__ == "__main__":
    main()
