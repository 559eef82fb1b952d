"""Screen 4, the state sweep: AppTest."""

import numpy as np
import pytest

from core import attend
from core.example import worked_example
from tests.apptest import chart_data, charts, errors, no_exception, run_page, shown_text
from tests.chart_meaning import meaning
from tests.language_check import english_left, visible_text
from ui import readings, text
from ui.palette import NEUTRAL
from ui.text import t

PAGE = "screens/state_sweep/page.py"
EX = worked_example()


def curves(at):
    df = chart_data(charts(at)[0])
    return {p: part for p, part in df.groupby("position", sort=False)}


def test_weight_curves_are_the_core_reading_at_every_s():
    at = run_page(PAGE)
    no_exception(at)
    c = curves(at)
    assert list(c) == ["I", "like", "cats"]
    s = c["I"]["s"].to_numpy()
    assert s[0] == -3.0 and s[-1] == 3.0
    expected = attend(EX.H, s[:, None], EX.params).weights
    for j, name in enumerate(("I", "like", "cats")):
        np.testing.assert_allclose(c[name]["weight"], expected[:, j], rtol=1e-12)


def test_tanh_free_overlay_is_flat_at_one_third_and_states_are_marked():
    at = run_page(PAGE)
    views = meaning(charts(at)[0])
    removed = [v for v in views if v["encoding"].get("strokeDash", {}).get("datum") == t("sweep.tanh_removed")]
    assert len(removed) == 3  # one dashed line a source position, named in the legend
    dashed = [r for v in removed for r in v["rows"]]
    assert {round(r["weight"], 12) for r in dashed} == {round(1 / 3, 12)}
    labels = [r["label"] for v in views if v["mark"]["type"] == "text" for r in v["rows"]]
    # the current-s rule at A carries no label of its own; the three dashed lines, one on another, are named once
    assert sorted(labels) == ["A", "B", "I = like = cats"]


def current_rule(at):
    """The solid rule at the current s on the weights chart, as drawn at the state slider's value: (s, its
    label), or None."""
    views = meaning(charts(at)[0])
    rules = [r for v in views if v["mark"] == {"type": "rule", "color": NEUTRAL} for r in v["rows"]]
    labels = [r["label"] for v in views if v["mark"] == {"type": "text", "color": NEUTRAL} for r in v["rows"]]
    assert len(rules) <= 1 and len(labels) <= len(rules)
    return (rules[0]["s"], labels[0] if labels else "") if rules else None


def test_a_solid_rule_marks_the_current_s_on_the_weights_chart():
    at = run_page(PAGE)
    assert current_rule(at) == (-1.0, "")  # the current s is state A, already labelled A
    at.slider(key="w_s").set_value(0.5).run()
    assert current_rule(at) == (0.5, "s = 0.5")
    at.slider(key="w_sweep").set_value((-1.0, 0.0)).run()
    assert current_rule(at) is None  # outside the interval: no rule, and the axis keeps the interval
    assert curves(at)["I"]["s"].to_numpy()[-1] == 0.0


def test_switching_points_and_soft_against_hard():
    at = run_page(PAGE)
    text = shown_text(at)
    # the exact crossings of our example are -1/3 and 1/3, not the first grid points after them
    assert "The most-weighted position changes at s = -0.333 (I → like), 0.333 (like → cats)" in text
    jump = chart_data(charts(at)[2])
    hard = jump[jump["read"] == "hard"]["c"].to_numpy()
    soft = jump[jump["read"] == "soft"]["c"].to_numpy()
    assert np.abs(np.diff(hard)).max() >= 1.0  # jumps between h_j coordinates
    assert np.abs(np.diff(soft)).max() < 0.1  # moves continuously


def test_the_crossings_the_screens_question_asks_for_wait_in_a_fold():
    """The screen's question asks how many times, or where, the lead changes: the page shows the chart to read it
    from and keeps the computed crossings folded, not printed beside the question."""
    at = run_page(PAGE)
    folded = [e for e in at.expander if e.label == t("sweep.switches_fold")]
    assert len(folded) == 1
    inside = " ".join(m.value for m in folded[0].markdown)
    assert "changes at s = -0.333" in inside
    outside = [m.value for m in at.main.markdown if "changes at s = -0.333" in m.value]
    assert len(outside) == 1  # the page's markdown, folds included: only the one inside the fold


def test_changing_the_interval_and_the_state_moves_everything_and_the_url():
    at = run_page(PAGE)
    at.slider(key="w_sweep").set_value((-1.0, 1.0)).run()
    at.slider(key="w_s").set_value(0.5).run()
    no_exception(at)
    s = curves(at)["I"]["s"].to_numpy()
    assert s[0] == -1.0 and s[-1] == 1.0
    assert "-1,1" in str(at.query_params["sweep"]) and "0.5" in str(at.query_params["s"])
    labels = {r["label"] for v in meaning(charts(at)[1]) for r in v["rows"] if "label" in r}
    assert labels == {"A", "B", "s = 0.5"}


@pytest.mark.parametrize("query", [{"sweep": "3,-3"}, {"sweep": "a,b"}, {"points": "10"}, {"points": "x"}])
def test_bad_links_fall_back_with_a_notice(query):
    at = run_page(PAGE, query=query)
    no_exception(at)
    assert at.warning
    s = curves(at)["I"]["s"].to_numpy()
    assert s[0] == -3.0 and s[-1] == 3.0


def test_a_shared_link_reproduces_the_sweep():
    at = run_page(PAGE, query={"sweep": "-2,0.5", "points": "101"})
    no_exception(at)
    assert not at.warning
    assert at.slider(key="w_sweep").value == (-2.0, 0.5)
    s = curves(at)["I"]["s"].to_numpy()
    assert len(s) == 101 and s[-1] == 0.5


def test_a_near_tie_is_called_a_tie_not_a_switch():
    at = run_page(PAGE, query={"sweep": "-4,3"})
    no_exception(at)
    text = shown_text(at)
    assert "-3.00" not in text and "cats → I" not in text  # the grid's argmax changes near -3 by less than 1e-3
    assert "For s from -4.00 to -2.37 the largest weights stay within 0.01 of each other (I, like, cats)" in text
    assert "a tie, not a switch" in text
    assert "changes at s = -0.333 (I → like), 0.333 (like → cats)" in text


def test_an_interval_without_a_switch_says_so():
    at = run_page(PAGE, query={"sweep": "0.5,3"})
    assert "never changes (cats throughout)" in shown_text(at)


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_every_control_keeps_the_page_in_the_readers_language(code, monkeypatch):
    text.use(code)  # AppTest formats widget options in this thread
    try:
        at = run_page(PAGE, {"lang": code, "sweep": "-4,3"})  # a near tie, then a switch
        views = [visible_text(at)]
        assert t(
            "sweep.tie", low="-4.00", high="-2.37", tol=0.01, tokens=", ".join(readings.READINGS[code]["source"])
        ) in shown_text(at)
        at.slider(key="w_s").set_value(0.5).run()
        at.radio(key="w_coord").set_value(2).run()
        at.slider(key="w_points").set_value(400).run()
        views.append(visible_text(at))
        at.slider(key="w_sweep").set_value((0.5, 3.0)).run()
        assert t("sweep.no_switch", token=readings.READINGS[code]["source"][2]) in shown_text(at)
        views.append(visible_text(at))
        at.slider(key="w_sweep").set_value((1.0, 1.0)).run()
        assert any(t("sweep.low_not_below_high") in e for e in errors(at))
        views.append(visible_text(at))
        no_exception(at)
        bad_link = run_page(PAGE, {"lang": code, "sweep": "3,-3"})
        assert bad_link.warning
        views.append(visible_text(bad_link))
        assert [english_left(view, code) for view in views] == [[]] * len(views)
    finally:
        text.use("en")


def test_the_sweep_uses_tanh_whatever_screen_3_chose_and_its_words_say_so():
    """Screen 3's nonlinearity is that screen's own: screen 4 draws the same numbers with f=relu in the link, and
    its caption and screen 3's help say tanh is what the other screens use."""
    tanh, relu = run_page(PAGE), run_page(PAGE, {"f": "relu"})
    no_exception(relu)
    assert [chart_data(c).to_dict() for c in charts(relu)] == [chart_data(c).to_dict() for c in charts(tanh)]
    assert "with the scorer's parameters as set and tanh" in shown_text(relu)
    scoring = run_page("screens/scoring/page.py")
    helps = [m.proto.help for m in scoring.markdown if m.proto.help]
    assert t("score.params_help") in helps
    assert "the nonlinearity chosen below applies on this screen only" in t("score.params_help")
