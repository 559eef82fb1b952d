"""Benchmark: how much a live training run slows other readers' reruns of the learning screen.

    python bench/live_rerun.py [--runs 5]

The live run trains in a background thread of the server process; it hands
the interpreter lock back between steps, so reruns should slow down but never
wait for the training. Prints the median AppTest rerun of screen 5 with no run
and while the process's live run trains (a floor: the live server over its
websocket costs more), and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from pages.learning.translator.live import live_holder  # noqa: E402


def timed_reruns(at: AppTest, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("pages/5_learning.py")
    at.run()
    quiet = statistics.median(timed_reruns(at, args.runs))
    holder = live_holder()
    run = holder.start()
    if run is None:
        print("a live run is already training in this process")
        return 1
    try:
        deadline = time.perf_counter() + 60
        while run.step == 0 and not run.done and time.perf_counter() < deadline:
            time.sleep(0.05)  # measure while it trains, after its data is made
        first = run.step
        busy = statistics.median(timed_reruns(at, args.runs))
        trained = run.step
    finally:
        run.stop.set()
        holder.thread.join(30)
    print(f"median rerun, no live run:     {quiet * 1000:7.1f} ms")
    print(f"median rerun, live run active: {busy * 1000:7.1f} ms  (steps {first} to {trained} of {run.steps})")
    print(f"ratio: {busy / quiet:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
