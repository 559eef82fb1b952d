"""The drag benchmark checks itself: its arguments, its sums over the page's records and its table, without a
browser; then one drag on a served app in Chromium, for the shape of what it reports."""

from __future__ import annotations

import json
import math

import pytest

from bench import drag

INFO = {
    "nproc": 2,
    "python": "3.11.7",
    "streamlit": "1.67.0",
    "load_average_1min": 0.5,
    "load_average_end": 0.7,
    "chromium": "156.0",
    "command": "python -m bench.drag",
}


def record(**kw) -> dict:
    """A page's records (``window.__drag.dump()``) of a drag pressed at 1000 ms and released at 2000 ms."""
    rec = {
        "since": 900.0,
        "frames": [1000 + 16 * i for i in range(1, 63)],  # 62 frames up to 1992 ms
        "changes": [],
        "states": [],
        "links": [],
        "values": [[900.0, "-1.00"]],
        "downs": [1000.0],
        "ups": [2000.0],
        "keys": [],
        "finished": [],
        "labels": ["a", "b", "c"],
    }
    rec.update(kw)
    return rec


def a_drag(**kw) -> drag.Drag:
    fields = {
        "seconds": 1.5,
        "moves": 90,
        "frames": 90,
        "updates": 0,
        "per_chart": [0, 0],
        "values_seen": 80,
        "value_from": "-1.00",
        "value_to": "3.00",
        "sent_during": 0,
        "sent_after": 1,
        "link_ms": 200.0,
        "idle_ms": 250.0,
        "charts_ms": 300.0,
        "charts_done_ms": 320.0,
        "sent_kinds": {"rerun_script": 1},
    }
    return drag.Drag(**(fields | kw))


def a_row(drags: list[drag.Drag], keys: list[drag.Keys] | None = None, **kw) -> drag.Row:
    keys = keys if keys is not None else [drag.Keys("ArrowRight", 5, "3.00", "3.25", 150.0, 5, 4)]
    return drag.Row("sweep", "/state_sweep", "w_s", "1280x800", charts=2, drags=drags, keys=keys, **kw)


# --- Arguments ------------------------------------------------------------------------------------


def test_the_defaults_are_every_target_at_a_desktop_size_three_times() -> None:
    args = drag.parse_args([])
    assert args.targets == list(drag.TARGETS)
    assert args.viewport == [(1280, 800)]
    assert args.repeat == 3 and args.url is None and not args.json


def test_targets_and_viewports_are_lists_and_a_phone_has_a_name() -> None:
    args = drag.parse_args(["--targets", "sweep, step2", "--viewport", "1280x800,phone", "--repeat", "1"])
    assert args.targets == ["sweep", "step2"]
    assert args.viewport == [(1280, 800), (390, 844)]
    assert drag.parse_viewport("390X844") == (390, 844)


@pytest.mark.parametrize(
    "argv",
    [
        ["--targets", "nowhere"],
        ["--targets", ","],
        ["--viewport", "wide"],
        ["--viewport", "100x100"],
        ["--repeat", "0"],
    ],
)
def test_a_bad_argument_is_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        drag.parse_args(argv)


def test_every_target_names_a_page_and_a_widget_key() -> None:
    assert {t.key for t in drag.TARGETS.values()} == {"w_s", "w_tr_step"}
    assert all(t.path.startswith("/") for t in drag.TARGETS.values())
    assert drag.TARGETS["step2"].path == "/?step=2"  # the laptop's: presenter mode at 1280x800 hides its charts


# --- Medians and sums -----------------------------------------------------------------------------


def test_the_median_leaves_out_runs_without_a_value() -> None:
    assert drag.median([3.0, 1.0, 2.0]) == 2.0
    assert drag.median([4.0, 1.0, 2.0, 3.0]) == 2.5
    assert drag.median([None, 5.0, math.nan]) == 5.0
    assert drag.median([None, math.nan]) is None
    assert drag.median([]) is None


def test_idle_is_the_state_back_at_not_running_or_a_quick_reruns_end() -> None:
    states = [[500.0, "running"], [600.0, "notRunning"], [2100.0, "running"], [2300.0, "notRunning"]]
    assert drag.script_idle(states, [590.0, 2290.0], 1000.0) == (1, 2300.0)
    # a rerun too quick to be drawn running: its script_finished says when it ended
    assert drag.script_idle([], [2150.0], 1000.0) == (1, 2150.0)
    # a rerun already running at the press that ends after it
    assert drag.script_idle([[900.0, "running"], [1200.0, "notRunning"]], [1190.0], 1000.0) == (1, 1200.0)
    assert drag.script_idle([[500.0, "running"], [600.0, "notRunning"]], [590.0], 1000.0) == (0, None)


def test_a_drag_counts_frames_with_a_chart_change_between_press_and_release() -> None:
    rec = record(
        changes=[[990.0, [0]], [1100.0, [0, 1]], [1200.0, [1]], [1300.0, [1]], [2150.0, [0]], [2400.0, [2]]],
        values=[[900.0, "-1.00"], [1050.0, "-0.95"], [1500.0, "0.00"], [2010.0, "3.00"]],
        links=[[1400.0, "http://x/?s=0"], [2200.0, "http://x/?s=3"]],
        states=[[2050.0, "running"], [2250.0, "notRunning"]],
        finished=[2240.0],
    )
    d = drag.summarise_drag(rec, 88, 0, 1, {"rerun_script": 1}, False)
    assert d.seconds == 1.0 and d.moves == 88 and d.frames == 62
    assert d.updates == 3 and d.per_chart == [1, 3, 0]
    assert d.updates_per_s == 3.0 and d.chart_rates == [1.0, 3.0]
    assert d.values_seen == 3 and (d.value_from, d.value_to) == ("-1.00", "3.00")
    assert d.link_ms == 200.0 and d.link_changes_during == 1
    assert d.idle_ms == 250.0
    assert (d.charts_ms, d.charts_done_ms) == (150.0, 400.0)


def test_a_drag_with_nothing_after_the_release_says_so() -> None:
    d = drag.summarise_drag(record(), 90, 0, 0, {}, False)
    assert d.updates == 0 and d.chart_rates == []
    assert d.link_ms is None and d.idle_ms is None and d.charts_ms is None
    assert d.values_seen == 1


def test_the_keyboard_settles_at_the_last_change_after_the_last_press() -> None:
    rec = record(
        downs=[],
        ups=[],
        keys=[3000.0, 3100.0, 3200.0, 3300.0, 3400.0],
        values=[[2900.0, "3.00"], [3010.0, "3.05"], [3410.0, "3.25"]],
        states=[[3050.0, "running"], [3600.0, "notRunning"]],
        changes=[[3650.0, [0]]],
        finished=[3590.0],
    )
    k = drag.summarise_keys(rec, "ArrowRight", 5, False)
    assert (k.presses, k.value_from, k.value_to) == (5, "3.00", "3.25")
    assert k.settled_ms == 250.0 and k.reruns == 1 and k.sent == 5
    nothing = drag.summarise_keys(record(keys=[3000.0], values=[[2900.0, "5.00"]]), "ArrowRight", 0, False)
    assert nothing.settled_ms is None


# --- The table and the JSON -----------------------------------------------------------------------


def test_the_table_has_a_line_per_row_with_medians() -> None:
    drags = [
        a_drag(updates=90, per_chart=[90, 45]),
        a_drag(updates=60, per_chart=[60, 30], link_ms=100.0),
        a_drag(updates=75, per_chart=[75, 0], link_ms=300.0),
    ]
    text = drag.markdown([a_row(drags)], INFO)
    lines = text.splitlines()
    assert lines[0].startswith("| target | viewport |") and lines[0].count("|") == len(drag.HEAD) + 1
    row = next(line for line in lines if line.startswith("| sweep |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:2] == ["sweep", "1280x800"]
    assert cells[2] == "50.0 (max 50.0, median 45.0)"  # any: 60, 40, 50 /s; max 60, 40, 50; median 45, 30, 50
    assert cells[3:] == ["0", "200", "250", "300", "1", "150"]
    assert "Machine: 2 cores" in text and "Chromium 156.0" in text and "`python -m bench.drag`" in text
    assert "sweep at 1280x800: 2 charts; drags of 1.50 s at 60 mouse events/s" in text


def test_the_table_says_what_did_not_happen() -> None:
    today = a_row([a_drag(link_ms=None, idle_ms=None, charts_ms=None, charts_done_ms=None)])
    cells = drag.cells(today)
    assert cells[2] == "0.0 (max 0.0, median –)"
    assert cells[4:7] == ["unchanged", "no rerun", "none changed"]
    some = drag.cells(a_row([a_drag(), a_drag(link_ms=None)]))
    assert some[4] == "200 (1 of 2)"
    late = drag.cells(a_row([a_drag(link_ms=None, timed_out=True)]))
    assert late[4] == "timed out"
    absent = drag.Row("step10", "/?step=10", "w_tr_step", "390x844", status="no slider")
    assert drag.cells(absent) == ["step10", "390x844", "no slider", "", "", "", "", "", ""]
    assert drag.notes(absent) == []
    still = drag.notes(a_row([a_drag(values_seen=1)]))
    assert any("showed no other value during 1 of 1 drags" in n for n in still)


def test_the_json_is_one_object_with_numbers_not_nan() -> None:
    rows = [a_row([a_drag(seconds=0.0)]), drag.Row("step10", "/?step=10", "w_tr_step", "1280x800", "no slider")]
    out = json.loads(drag.as_json(rows, INFO))
    assert out["machine"]["streamlit"] == "1.67.0"
    first, second = out["rows"]
    assert first["drags"][0]["updates_per_s"] is None  # nan in Python
    assert first["median"]["link_ms"] == 200.0 and first["median"]["keys_settled_ms"] == 150.0
    assert first["keys"][0]["key"] == "ArrowRight"
    assert second["status"] == "no slider" and second["median"] == {} and second["drags"] == []


# --- In the browser -------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.long
def test_one_drag_on_the_served_app_reports_every_measure(server, chromium) -> None:
    rows, version = drag.measure(server, ["step2"], [drag.DESKTOP], 1, chromium)
    (row,) = rows
    assert row.status == "ok", row.status
    (d,), (k,) = row.drags, row.keys
    assert row.charts >= 1 and len(d.per_chart) == len(row.labels) >= row.charts
    assert 1.4 <= d.seconds < 10 and d.moves > 0 and d.frames > 0 and 0 <= d.updates <= d.frames
    assert d.values_seen > 1 and d.value_from != d.value_to  # the mouse held the thumb
    assert d.updates > 0 or d.charts_ms is not None  # the charts were seen to follow, during the drag or after
    assert d.sent_during >= 0 and d.sent_after >= 0 and not d.timed_out
    assert k.presses == drag.PRESSES and k.value_from != k.value_to and not k.timed_out
    text = drag.markdown(rows, drag.machine() | {"load_average_end": 0.0, "chromium": version, "command": "test"})
    assert "| step2 | 1280x800 |" in text
    assert json.loads(drag.as_json(rows, {}))["rows"][0]["status"] == "ok"
