"""Screen 2, the revisitable source: AppTest."""

import numpy as np
import pytest

from core.reading import attend
from tests.apptest import (
    REPORT,
    chart_data,
    chart_spec,
    charts,
    edit_table,
    errors,
    no_exception,
    run_page,
    shown_text,
)
from tests.chart_meaning import meaning
from tests.language_check import english_left, visible_text
from ui import state, text
from ui.widgets import state_grid

PAGE = "screens/revisitable_source/page.py"


def stage(at, column):
    """The chart whose data has ``column`` (scores, weight...), the first one in page order."""
    return next(chart_data(c) for c in charts(at) if column in chart_data(c).columns)


def test_default_numbers_match_the_reproduction_report():
    at = run_page(PAGE)
    no_exception(at)
    a = REPORT["readings"]["A"]
    np.testing.assert_allclose(stage(at, "score")["score"], a["scores"], rtol=1e-12)
    np.testing.assert_allclose(stage(at, "weight")["weight"], a["weights"], rtol=1e-12)
    text = shown_text(at)
    assert "-0.6447" in text and "-0.0848" in text  # c for state A, as the report prints it
    assert "Sum of the weights: **1.0000**" in text


def test_moving_the_state_changes_every_stage_and_the_url():
    at = run_page(PAGE)
    at.slider(key="w_s").set_value(1.0).run()
    no_exception(at)
    b = REPORT["readings"]["B"]
    np.testing.assert_allclose(stage(at, "score")["score"], b["scores"], rtol=1e-12)
    np.testing.assert_allclose(stage(at, "weight")["weight"], b["weights"], rtol=1e-12)
    assert str(at.query_params["s"]) in ("1", "['1']")


def test_state_buttons_set_the_articles_states():
    at = run_page(PAGE)
    at.slider(key="w_s").set_value(0.3).run()
    at.button(key="w_s_B").click().run()
    assert at.slider(key="w_s").value == 1.0
    at.button(key="w_s_A").click().run()
    assert at.slider(key="w_s").value == -1.0


def test_a_shared_link_reproduces_the_state():
    at = run_page(PAGE, query={"s": "0.5", "H": "-1,0;1,-1;0,2"})
    no_exception(at)
    assert at.slider(key="w_s").value == 0.5
    assert stage(at, "h2")["h2"].tolist()[2] == 2.0
    assert not at.warning


@pytest.mark.parametrize(
    "query",
    [
        {"s": "nan"},
        {"s": "1e999"},
        {"s": "<script>"},
        {"H": "1,2;3"},
        {"tokens": "a b c d", "H": "1,1;2,2"},
        {"W": "1,1,1;2,2,2", "U": "1;1"},
        {"v": "inf,2"},
        {"H": ";" * 5000},
    ],
)
def test_malformed_links_fall_back_with_a_notice(query):
    at = run_page(PAGE, query=query)
    no_exception(at)
    assert at.warning, "a notice about the link"
    a = REPORT["readings"]["A"]
    np.testing.assert_allclose(stage(at, "weight")["weight"], a["weights"], rtol=1e-12)


@pytest.mark.parametrize(
    "edit, fragment",
    [
        ({1: {"h2": None}}, "row 2, column hⱼ,₂ is empty"),
        ({0: {"token": ""}}, "row 1: the token must be one word"),
        ({0: {"token": "two words"}}, "row 1: the token must be one word"),
        ({2: {"h1": 1e300}}, "row 3, column hⱼ,₁ is larger than"),
        ({2: {"h1": "abc"}}, "row 3, column hⱼ,₁ is empty or not a finite number"),
    ],
)
def test_bad_sources_show_an_error_and_keep_the_last_valid_state(edit, fragment):
    at = run_page(PAGE)
    at = edit_table(at, "w_sources", edited_rows=edit)
    no_exception(at)
    assert any(fragment in e and e.startswith("Sources table") for e in errors(at)), errors(at)
    np.testing.assert_allclose(stage(at, "weight")["weight"], REPORT["readings"]["A"]["weights"], rtol=1e-12)


def test_deleting_every_source_row_is_refused():
    at = edit_table(run_page(PAGE), "w_sources", deleted_rows=[0, 1, 2])
    no_exception(at)
    assert any("at least one row" in e for e in errors(at))


def test_editing_a_source_changes_the_reading_and_adding_a_row_adds_a_position():
    at = edit_table(run_page(PAGE), "w_sources", edited_rows={1: {"h2": 0.5}})
    assert not errors(at)
    assert stage(at, "score")["score"].tolist()[1] != pytest.approx(REPORT["readings"]["A"]["scores"][1])
    at = edit_table(at, "w_sources", added_rows=[{"token": "too", "h1": 0.5, "h2": 0.5}])
    assert stage(at, "weight")["position"].tolist() == ["I", "like", "cats", "too"]
    assert "too" in str(at.query_params["tokens"])


def test_side_panels_show_raw_hard_and_identical_sources_reads():
    at = run_page(PAGE)  # the raw scores' tab is open
    raw = stage(at, "raw_weight")["raw_weight"]
    np.testing.assert_allclose(raw, REPORT["readings"]["A"]["scores"], rtol=1e-12)
    assert not any("hard_weight" in chart_data(c).columns for c in charts(at))  # a closed tab is not drawn
    at = run_page(PAGE, {"rev_tab": "hard"})
    hard = stage(at, "hard_weight")["hard_weight"]
    assert hard.tolist() == [1.0, 0.0, 0.0]
    assert "Hard read: c = h of **I** = (-1.0000, 0.0000)" in shown_text(at)


def same_panel(at):
    """(weights applied to the identical sources, {label: context}) as the identical-sources tab draws them at
    the state slider's value."""
    points = {
        r["label"]: (r["c1"], r["c2"])
        for c in charts(at)
        for v in meaning(c, exact=True)
        if v["mark"].get("shape") == "cross"
        for r in v["rows"]
    }
    assert {"real sources", "identical sources"} <= set(points)
    weights = [df for df in map(chart_data, charts(at)) if {"position", "weight"} <= set(df.columns)]
    return weights[-1]["weight"].to_numpy(), points


def test_identical_sources_read_the_same_context_while_the_weights_move():
    at = run_page(PAGE, {"rev_tab": "same"})
    no_exception(at)
    for name, s in (("A", -1.0), ("B", 1.0)):
        at.slider(key="w_s").set_value(s).run()
        weights, points = same_panel(at)
        # the weights the real sources give at this state, not the uniform weights identical sources would give
        np.testing.assert_allclose(weights, REPORT["readings"][name]["weights"], rtol=1e-12)
        np.testing.assert_allclose(points["real sources"], REPORT["readings"][name]["context"], rtol=1e-12)
        np.testing.assert_allclose(points["identical sources"], [-1.0, 0.0], atol=1e-15)  # h_1, whatever the weights
    text = shown_text(at)
    assert "still change" not in text
    assert "read the identical sources at (-1.0000, 0.0000) and (-1.0000, 0.0000)" in text


def test_weights_set_by_hand_move_the_real_read_and_not_the_identical_one():
    at = run_page(PAGE, {"rev_tab": "same"})
    at.radio(key="w_same_from").set_value("hand").run()
    for raw in ([1.0, 0.0, 0.0], [0.2, 0.2, 0.6]):
        for j, x in enumerate(raw):
            at.slider(key=f"w_same_{j}").set_value(x)
        at.run()
        no_exception(at)
        weights, points = same_panel(at)
        np.testing.assert_allclose(weights, np.array(raw) / sum(raw), rtol=1e-12)
        np.testing.assert_allclose(points["real sources"], weights @ np.array([[-1, 0], [1, -1], [0, 1]]), atol=1e-12)
        np.testing.assert_allclose(points["identical sources"], [-1.0, 0.0], atol=1e-15)
    for j in range(3):
        at.slider(key=f"w_same_{j}").set_value(0.0)
    at.run()
    no_exception(at)
    assert any("Every weight is 0" in w.value for w in at.warning)


def test_weights_set_by_hand_travel_in_the_link_and_a_bad_one_falls_back():
    at = run_page(PAGE, {"rev_tab": "same"})
    at.radio(key="w_same_from").set_value("hand").run()
    at.slider(key="w_same_0").set_value(0.2)
    at.slider(key="w_same_2").set_value(0.6).run()
    assert at.query_params["same_from"] == "hand" and at.query_params["same_w"] == "0.2,1,0.6"
    copied = run_page(PAGE, query={"rev_tab": "same", "same_from": "hand", "same_w": "0.2,1,0.6"})
    no_exception(copied)
    weights, _ = same_panel(copied)
    np.testing.assert_allclose(weights, np.array([0.2, 1.0, 0.6]) / 1.8, rtol=1e-12)
    bad = run_page(PAGE, query={"rev_tab": "same", "same_from": "hand", "same_w": "0.2,7,0.6"})
    no_exception(bad)
    assert bad.warning and [bad.slider(key=f"w_same_{j}").value for j in range(3)] == [1.0, 1.0, 1.0]


ADDED = {"zh": "也", "fr": "aussi"}  # a source the reader adds, in the reader's language


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_every_panel_and_control_speaks_the_readers_language(code, monkeypatch):
    text.use(code)  # AppTest formats widget options in this thread
    try:
        at = run_page(PAGE, {"lang": code, "rev_tab": "same"})
        tabs = [tab.label for tab in at.tabs]
        assert tabs == [text.t(f"rev.tab_{name}") for name in ("raw", "hard", "vocab", "same")]

        def hand_weights(*raw):
            for j, x in enumerate(raw):
                at.slider(key=f"w_same_{j}").set_value(x)
            at.run()

        added = {"token": ADDED[code], "h1": 0.5, "h2": 0.5}
        steps = {
            "the state moved": lambda: at.slider(key="w_s").set_value(0.3).run(),
            "state B": lambda: at.button(key="w_s_B").click().run(),
            "weights set by hand": lambda: at.radio(key="w_same_from").set_value("hand").run(),
            "hand weights moved": lambda: hand_weights(0.2, 0.0, 0.6),
            "every hand weight at 0": lambda: hand_weights(0.0, 0.0, 0.0),
            "a source added": lambda: edit_table(at, "w_sources", added_rows=[added]),
            "a bad cell": lambda: edit_table(at, "w_sources", edited_rows={1: {"h2": None}}),
        }
        shows = {  # what a step must show besides, in the reader's language
            "every hand weight at 0": lambda: text.t("rev.same_zero") in [w.value for w in at.warning],
            "a bad cell": lambda: errors(at)[0].startswith(text.t("widget.sources")),
        }
        for step, act in [("default", lambda: None), *steps.items()]:
            act()
            no_exception(at)
            assert english_left(visible_text(at), code) == [], step
            assert shows.get(step, lambda: True)(), step
    finally:
        text.use("en")


def value_axis(at, column):
    """The value axis's domain of the first chart whose data has ``column``, as the chart writes it."""
    chart = next(c for c in charts(at) if column in chart_data(c).columns)
    return chart_spec(chart)["layer"][0]["encoding"]["y"]["scale"]["domain"]


def test_the_scores_axes_hold_still_while_the_state_moves():
    """The bars of scores and of raw weights, which follow the slider in the browser, are drawn against one axis
    for every state of the slider: from 0 or below to 0 or above, over every state's scores."""
    m = state.default_model()  # our example, at state A
    scores = attend(m.H, state_grid(m.s)[:, None], m.params).scores
    spans = (min(0.0, scores.min()), max(0.0, scores.max()))
    at = run_page(PAGE)
    before = value_axis(at, "score"), value_axis(at, "raw_weight")
    np.testing.assert_allclose(before, [spans, spans], rtol=1e-12)
    assert spans[0] < scores[0].min() or spans[1] > scores[0].max()  # wider than one state's scores
    at.slider(key="w_s").set_value(1.0).run()
    assert (value_axis(at, "score"), value_axis(at, "raw_weight")) == before
