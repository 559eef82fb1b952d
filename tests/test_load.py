"""The load test checks itself: on a real server it counts reruns and no exception, and a failing script's one.

Each test starts a server (the app with the README's command, or a throwaway
script with ``streamlit run``) and speaks to it over the websocket; no browser.
The command line's modes, the readers' moves and the slow host's pinning are
checked without the app.
"""

from __future__ import annotations

import asyncio
import http.server
import math
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.proto.Button_pb2 import Button
from streamlit.proto.Slider_pb2 import Slider
from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench import load
from bench.controls import random_move
from bench.streamlit_client import Session, Widget, initial_state, slider_value
from ui.settings.translator import DEFAULT_SENTENCE, TR_STEP
from ui.text import t
from ui.translator.sentences import TEXT

FAILING = "import streamlit as st\n\nst.title('before')\nraise RuntimeError('deliberate failure')\n"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[load.Server, load.Server]]:
    """The app (the README's command) and a script that raises, started side by side."""
    script = tmp_path_factory.mktemp("failing") / "fails.py"
    script.write_text(FAILING)
    # the failing script with its error's details shown (the served app hides them from readers)
    failing_command = ["-m", "streamlit", "run", str(script), "--client.showErrorDetails", "full"]
    with load.servers(load.APP, failing_command) as (app, failing):
        yield app, failing


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads the server's memory map in /proc")
def test_the_app_started_the_readmes_way_serves_on_uvloop(servers: tuple[load.Server, load.Server]) -> None:
    """requirements.txt installs uvloop, and Streamlit runs its server's event loop on it where it is installed."""
    app, _ = servers

    def maps(pid: int) -> str:
        try:
            return Path(f"/proc/{pid}/maps").read_text()
        except OSError:
            return ""

    assert any("uvloop" in maps(pid) for pid in load.tree_pids(app.pid))


def plan(screen: str, duration: float) -> load.Plan:
    return load.Plan(screens=[screen], sessions=[2], duration=duration, interval=0.5, timeout=30)


async def notice_then_slider(url: str) -> tuple[list[str], int, list[str], str]:
    """A malformed link's notice, then the state slider moved to 2.5: exceptions, alerts, exceptions, the link."""
    async with Session(url, "s=abc") as s:
        first = await s.rerun(page_name="scoring")
        slider = s.widget("slider", load.STATE_SLIDER)
        assert slider is not None, f"no state slider among {list(s.widgets)}"
        moved = await s.rerun(widgets=[slider_value(slider.id, 2.5)])
        return first.exceptions, first.kinds["alert"], moved.exceptions, s.query_string


@pytest.mark.early
def test_counts_reruns_and_no_exception_on_the_app(servers: tuple[load.Server, load.Server]) -> None:
    app, _ = servers

    async def both() -> tuple:
        return await asyncio.gather(load.load(app, ["scoring"], 2, plan("scoring", 3.0)), notice_then_slider(app.url))

    (tally, rss, live, _), (first_exceptions, alerts, moved_exceptions, link) = asyncio.run(both())
    seen = tally["scoring"]
    assert len(seen.first_views) == 2 and len(seen.reruns) > 0, seen
    assert seen.exceptions == 0 and seen.failures == 0, seen.notes
    assert rss and max(mb for _, mb in rss) > 50  # the server's tree, sampled while it served
    assert live is None
    # A malformed link shows a notice, which is not an exception; the slider's value reaches the link.
    assert alerts >= 1 and first_exceptions == [] and moved_exceptions == []
    assert "s=2.5" in link.split("&")


def test_counts_a_failing_script_as_an_exception(servers: tuple[load.Server, load.Server]) -> None:
    _, failing = servers
    tally, _, _, _ = asyncio.run(load.load(failing, ["home"], 1, plan("home", 0.0)))
    seen = tally["home"]
    assert len(seen.first_views) == 1 and seen.failures == 0
    assert seen.exceptions == 1
    assert any("deliberate failure" in note for note in seen.notes), seen.notes


def test_reads_the_live_run_progress_as_the_catalog_writes_it() -> None:
    text = t("tr.live_progress", step=75, steps=1200, remaining=1125, loss="0.1234", seconds=3.5)
    m = load._PROGRESS.match(text)
    assert m is not None and (int(m[1]), int(m[2])) == (75, 1200)


def test_percentile_is_nearest_rank() -> None:
    xs = [float(x) for x in range(1, 101)]
    assert (load.percentile(xs, 50), load.percentile(xs, 95), load.percentile(xs, 100)) == (50, 95, 100)
    assert load.percentile([7.0], 95) == 7.0


def test_lockstep_readers_rerun_together_round_after_round(servers: tuple[load.Server, load.Server]) -> None:
    app, _ = servers
    lockstep = load.Plan(screens=["scoring"], sessions=[3], duration=1.5, timeout=30, lockstep=True, pause=0.2)
    tally, _, _, _ = asyncio.run(load.load(app, ["scoring"], 3, lockstep))
    seen = tally["scoring"]
    assert len(seen.first_views) == 3 and seen.rounds >= 1
    assert len(seen.reruns) == 3 * seen.rounds  # every reader in every round
    assert seen.exceptions == 0 and seen.failures == 0, seen.notes


def test_readers_change_random_controls_without_exceptions(servers: tuple[load.Server, load.Server]) -> None:
    app, _ = servers
    controls = load.Plan(["revisitable_source"], [2], duration=2.0, interval=0.3, timeout=30, moves="controls")
    tally, _, _, _ = asyncio.run(load.load(app, ["revisitable_source"], 2, controls))
    seen = tally["revisitable_source"]
    assert len(seen.reruns) > 0 and seen.exceptions == 0 and seen.failures == 0, seen.notes


# --- The command line and what needs no server ----------------------------------------------------


def test_the_new_modes_on_the_command_line() -> None:
    default = load.plan_of(load.parse_args([]))
    assert (default.moves, default.lockstep, default.slow_host, default.sessions) == (
        "state",
        False,
        False,
        [1, 10, 30, 60],
    )
    lockstep = load.plan_of(load.parse_args(["--lockstep", "--pause", "0.2", "--moves", "controls"]))
    assert (lockstep.lockstep, lockstep.pause, lockstep.sessions, lockstep.moves) == (True, 0.2, [30], "controls")
    assert load.plan_of(load.parse_args(["--lockstep", "--sessions", "5"])).sessions == [5]
    assert load.plan_of(load.parse_args(["--slow-host", "--cold", "--moves", "scrub"])).slow_host
    for bad in (
        ["--lockstep", "--cold"],
        ["--lockstep", "--soak", "1"],
        ["--cold", "--soak", "1"],
        ["--slow-host", "--url", "http://127.0.0.1:8501"],
        ["--moves", "drag"],
        ["--moves", "state"],  # the default has no name on the command line
        ["--pause", "-1"],
    ):
        with pytest.raises(SystemExit):
            load.parse_args(bad)


def fake_page(*keys: str) -> Session:
    """A session whose page shows the state slider (key ``w_s``) and buttons, without a server."""
    s = Session("http://127.0.0.1:9")
    for key in keys:
        if key == load.STATE_SLIDER:
            proto = Slider(id=f"$$ID-0-{key}", min=-5, max=5, step=0.05, value=[-1], set_value=True, type=Slider.SLIDER)
            w = Widget(proto.id, "slider", proto)
        else:
            w = Widget(f"$$ID-0-{key}", "button", Button(id=f"$$ID-0-{key}"))
        s.widgets[w.id] = w
        state = initial_state(w)
        if state is not None:
            s.states[w.id] = state
    return s


def test_what_a_reader_sends_for_each_kind_of_move() -> None:
    rng = random.Random(3)
    with_state, without = fake_page(load.STATE_SLIDER, "w_s_A"), fake_page("nav_reset")
    assert load.reader_move(without, "scrub", rng) is None  # nothing to drag: nothing sent at all
    assert load.reader_move(without, "state", rng) == [] and load.reader_move(with_state, "page", rng) == []
    for _ in range(20):
        (release,) = load.reader_move(with_state, "scrub", rng)
        (s_new,) = release.double_array_value.data
        assert -5 <= s_new <= 5 and abs(s_new * 20 - round(s_new * 20)) < 1e-9  # on the slider's 0.05 step
    changes = {load.reader_move(with_state, "controls", rng)[0].WhichOneof("value") for _ in range(30)}
    assert changes == {"double_array_value", "trigger_value"}  # the slider moved or the button pressed
    live = fake_page(load.LIVE_START)
    assert load.reader_move(live, "controls", rng) == []  # the live run's start button is left alone
    plan = load.Plan(screens=["home"], sessions=[1], moves="scrub", lockstep=True, slow_host=True)
    said = " ".join(load.describe_plan(plan))
    assert "sends nothing until its release" in said and "taskset -c 1" in said and "same instant" in said


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two cores")
def test_a_slow_host_shares_its_core_with_a_busy_loop_and_the_generator_keeps_off_it(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    script = tmp_path_factory.mktemp("pinned") / "pinned.py"
    script.write_text("import streamlit as st\n\nst.write('pinned')\n")
    before = os.sched_getaffinity(0)
    prefix = ("taskset", "-c", str(load.SLOW_CORE))
    with (
        load.servers(["-m", "streamlit", "run", str(script)], prefix=prefix) as (srv,),
        load.busy_core(load.SLOW_CORE) as loop,
    ):
        assert os.sched_getaffinity(srv.pid) == {load.SLOW_CORE}
        assert os.sched_getaffinity(loop.pid) == {load.SLOW_CORE} and loop.poll() is None
        assert load.SLOW_CORE not in os.sched_getaffinity(0)
    assert os.sched_getaffinity(0) == before and loop.poll() is not None


async def snapshot_slider_after_leaving_the_grammar(url: str) -> tuple[bool, bool, list[str]]:
    """Screen 6: the sentence edited out of the toy grammar (its section reruns alone and draws the snapshot slider
    as its own control, not in the slider's section), then the snapshot slider moved: that move's exceptions."""
    async with Session(url) as s:
        await s.rerun(page_name="translator")
        was_scrubbed = bool(s.widget("slider", TR_STEP.widget_key).path)  # drawn, in its section
        field = s.widget("text_area", TEXT)
        assert field is not None, f"no sentence field among {sorted(w.key for w in s.widgets.values())}"
        shorter = " ".join(DEFAULT_SENTENCE.split()[:-1])  # its last word dropped: not in the grammar
        edited = await s.rerun(widgets=[WidgetState(id=field.id, string_value=shorter)])
        assert edited.exceptions == [] and edited.fragment_ids, edited  # the section alone reran
        slider = s.widget("slider", TR_STEP.widget_key)
        assert slider is not None
        move = random_move(s, slider)
        assert move is not None
        moved = await s.rerun(widgets=[move])
        return was_scrubbed, s.query_string != "", moved.exceptions


def test_a_slider_whose_section_a_rerun_left_out_moves_without_an_exception(servers) -> None:
    """A follower registered on an earlier run but not drawn since (its enclosing section reran without it) is not
    asked to rerun: Streamlit refuses a rerun of a fragment it no longer has, and the reader would see that."""
    app, _ = servers
    was_scrubbed, linked, exceptions = asyncio.run(snapshot_slider_after_leaving_the_grammar(app.url))
    assert was_scrubbed and linked
    assert exceptions == []


def test_a_port_another_server_answers_on_is_not_taken_for_the_one_started(monkeypatch) -> None:
    """A server that answers the health check on the port given to a new one (a port the system offered twice)
    does not pass for it: the new one cannot listen there, and servers() says so instead of yielding its URL."""

    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the handler's name)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    impostor = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Health)
    threading.Thread(target=impostor.serve_forever, daemon=True).start()
    try:
        monkeypatch.setattr(load, "free_port", lambda: impostor.server_address[1])
        assert load._healthy(f"http://127.0.0.1:{impostor.server_address[1]}")
        with pytest.raises(RuntimeError, match="did not start"), load.servers(load.APP, timeout=60):
            pass
    finally:
        impostor.shutdown()
        impostor.server_close()


def test_free_ports_are_not_handed_out_twice() -> None:
    ports = [load.free_port() for _ in range(50)]
    assert len(set(ports)) == 50


def test_the_servers_cpu_counts_its_children_and_is_nan_without_a_pid() -> None:
    """The CPU column: a child busy for a while adds its seconds to its parent's tree."""
    assert math.isnan(load.tree_cpu_s(None))
    before = load.tree_cpu_s(os.getpid())
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time\nend = time.process_time() + 0.5\nwhile time.process_time() < end: pass\ntime.sleep(5)",
        ]
    )
    try:
        deadline = time.monotonic() + 30
        while load.tree_cpu_s(os.getpid()) - before < 0.4 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert load.tree_cpu_s(os.getpid()) - before >= 0.4
    finally:
        child.kill()
        child.wait()


async def question_buttons(url: str) -> list[tuple[str, list[str], list[str]]]:
    """Screen 4's "Check yourself": Skip pressed, then Another; each run's fragments and exceptions."""
    runs = []
    async with Session(url) as s:
        await s.rerun(page_name="state_sweep")
        for key in ("q_screen_sweep_skip", "q_screen_sweep_another"):
            button = s.widget("button", key)
            assert button is not None, f"no {key} among {sorted(w.key for w in s.widgets.values())}"
            run = await s.rerun(widgets=[WidgetState(id=button.id, trigger_value=True)])
            runs.append((key, run.fragment_ids, run.exceptions))
    return runs


def test_a_screens_question_reruns_alone_when_its_buttons_are_pressed(servers) -> None:
    """A press of a question's button reruns the question's section, not the screen (a class pressing Check, Skip
    and Another made a whole run of the screen each)."""
    app, _ = servers
    for key, fragments, exceptions in asyncio.run(question_buttons(app.url)):
        assert exceptions == [] and len(fragments) == 1, (key, fragments, exceptions)
