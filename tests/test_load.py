"""The load test checks itself: on a real server it counts reruns and no exception, and a failing script's one.

Each test starts a server (the app with the README's command, or a throwaway
script with ``streamlit run``) and speaks to it over the websocket; no browser.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bench import load
from bench.streamlit_client import Session, slider_value
from ui.text import t

FAILING = "import streamlit as st\n\nst.title('before')\nraise RuntimeError('deliberate failure')\n"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[load.Server, load.Server]]:
    """The app (the README's command) and a script that raises, started side by side."""
    script = tmp_path_factory.mktemp("failing") / "fails.py"
    script.write_text(FAILING)
    with load.servers(load.APP, ["-m", "streamlit", "run", str(script)]) as (app, failing):
        yield app, failing


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
