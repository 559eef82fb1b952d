"""The interactions benchmark's command line, its deep links and its table, without a server."""

from __future__ import annotations

import pytest

from bench import interactions, load
from bench.interactions import Empty, Row


def test_every_screen_and_walkthrough_step_by_default() -> None:
    args = interactions.parse_args([])
    assert args.screens == [*load.SCREENS, *load.TAB_VIEWS, *(f"step{k}" for k in range(1, 12))]
    assert "learning/derivation" in load.TAB_VIEWS and "revisitable_source/raw" not in load.TAB_VIEWS  # raw opens first
    assert (args.repeat, args.url, args.json, args.quick_ack) == (15, None, False, False)
    assert interactions.parse_args(["--quick-ack"]).quick_ack
    assert interactions.parse_args(["--screens", "scoring,step3", "--repeat", "4"]).screens == ["scoring", "step3"]
    for bad in (["--screens", "step12"], ["--screens", "nowhere"], ["--repeat", "0"]):
        with pytest.raises(SystemExit):
            interactions.parse_args(bad)


def test_deep_links() -> None:
    assert interactions.view_link("home") == ("", "")
    assert interactions.view_link("scoring") == ("scoring", "")
    assert interactions.view_link("step11") == ("", "step=11")
    assert interactions.view_link("learning/derivation") == ("learning", "learn_tab=derivation")


def test_rows_are_set_against_the_empty_pages_rerun_with_their_targets() -> None:
    empty = Empty(first_views_ms=[8.0, 9.0], reruns_ms=[4.0, 5.0, 6.0])
    page = Row("scoring", "arriving", "page", "page", times_ms=[20.0, 26.0, 30.0])
    slider = Row("scoring", "w_s", "slider", "fragment", times_ms=[14.0, 16.0])
    assert interactions.verdict(page, empty.rerun_ms) == (26.0 / 5.0, "≤ 6x: yes")
    assert interactions.verdict(slider, empty.rerun_ms) == (3.0, "≤ 3x: yes")
    info = {"nproc": 2, "python": "3", "streamlit": "1", "load_average_1min": 0.5, "load_average_end": 0.6}
    table = interactions.markdown([page, slider], empty, info | {"wall_s": 1.0, "command": "x"})
    assert "| scoring | w_s | slider | fragment | 2 | 15 | 16 | 3.0 | ≤ 3x: yes |" in table
    assert "rerun median 5.0 ms" in table
    assert interactions._no_nan({"a": [float("nan"), 1.0]}) == {"a": [None, 1.0]}
