"""Screen 5, learning: AppTest."""

import json
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.example import worked_example
from core.gradients import context_state_jacobian, state_gradients
from core.learning import scorer_gradient_checks, train_scorer
from core.reading import attend
from core.scorers import AdditiveParams
from core.tied_output import predict, tied_output_layer
from screens.learning import run_state
from tests.apptest import (
    REPORT,
    chart_data,
    chart_spec,
    charts,
    errors,
    no_exception,
    run_page,
    shown_text,
    unescaped,
)
from tests.language_check import english_left, visible_text
from ui import text
from ui.charts import spanning
from ui.format import num, plain, scientific
from ui.text import t

PAGE = "screens/learning/page.py"
EX = worked_example()
KEYS = ("dL_de", "dL_dW", "dL_dU", "dL_dv", "dL_db", "dL_ds")
TRAIN = {"learn_tab": "train"}  # the screen opens on the training; its other parts are tabs, the check the last
CHECK = {"learn_tab": "check"}


def open_tab(at, name):
    """Open the screen's tab ``name`` (check, train, derivation, sequence) as a reader's click does."""
    at.session_state["w_learn_tab"] = t(f"learn.tab_{name}")
    return at.run()


def table(at):
    """The gradient-check table as a DataFrame."""
    return at.dataframe[0].value


def chart(at, column):
    """The data of the first chart that has ``column``."""
    return next(chart_data(c) for c in charts(at) if column in chart_data(c).columns)


def expected(section, field):
    """A report's (or checks') entries of ``field``, flattened in the table's order."""
    return np.concatenate([np.ravel(section[k][field]) for k in KEYS])


def checks_as_report(checks):
    return {k: {"analytic": c.analytic, "numeric": c.numeric, "rel_error": c.rel_error} for k, c in checks.items()}


def p_chart(at):
    return chart(at, "p")["p"].to_numpy()


def losses(at):
    loss = t("learn.data_loss")  # the field is named in the reader's language
    return chart(at, loss)[loss].to_numpy()


def now_weights(at):
    rows = chart(at, "when")
    return rows[rows["when"].str.startswith("now")]["weight"].to_numpy()


def run_steps(at, n):
    at.number_input(key="w_learn_steps").set_value(n).run()
    return at.button(key="learn_run_n").click().run()


# --- the gradient check ---------------------------------------------------------------------------


def test_default_gradient_check_is_the_reproduction_reports_for_state_a():
    at = run_page(PAGE, CHECK)
    no_exception(at)
    df, a = table(at), REPORT["gradient_check"]["A"]
    assert a["g"] == [1.0, -0.5]
    for field, column in (("analytic", "analytic"), ("numeric", "numeric"), ("rel_error", "rel_error")):
        np.testing.assert_array_equal(df[column].to_numpy(), expected(a, field))
    assert df["entry"].tolist()[:4] == ["∂L/∂e₁", "∂L/∂e₂", "∂L/∂e₃", "∂L/∂W[1,1]"]
    assert df["entry"].tolist()[-2:] == ["∂L/∂b[2]", "∂L/∂s"]
    assert df["passed"].all()
    worst = max(v["max_rel_error"] for k, v in a.items() if k != "g")
    marked = df[df["largest"] != ""]
    assert len(marked) == 1 and marked["rel_error"].iloc[0] == worst
    assert at.success and scientific(worst) in at.success[0].value and "All 14 entries agree" in at.success[0].value
    np.testing.assert_array_equal(chart(at, "dL_de")["dL_de"], a["dL_de"]["analytic"])
    text = shown_text(at)
    assert r"$\sum_j \partial L/\partial e_{tj}$ = **0.0000**" in text
    assert r"$c = (-0.6447, -0.0848)$ and $L = g^\top c$ = **-0.6023**" in text


PHONE_TABLE = 356  # px of columns a table shows on a 390 px phone: 16 px of page either side, its 1 px border


def test_the_checks_columns_are_in_tables_that_each_fit_a_phone():
    """A table wider than its box scrolls sideways inside it (on a phone the marker of the largest error was out of
    sight): every column of the check is shown, each table's columns (set in pixels) fit a phone, and each table
    names its rows' entries."""
    at = run_page(PAGE, CHECK)
    columns = list(table(at).columns)
    shown = []
    for frame in at.dataframe:
        config = json.loads(frame.proto.columns)
        order = list(frame.proto.column_order) or columns
        assert order[0] == "entry"
        assert sum(config[name]["width"] for name in order) <= PHONE_TABLE, order
        shown += order
    assert set(shown) == set(columns)


@pytest.mark.parametrize("state", ["A", "B"])
def test_dL_ds_is_shown_as_the_move_of_the_read_with_the_state(state):
    at = run_page(PAGE, CHECK)
    if state == "B":
        at.button(key="w_s_B").click().run()
    no_exception(at)
    s = EX.states[state]
    dL_ds = REPORT["gradient_check"][state]["dL_ds"]
    assert table(at)["analytic"].iloc[-1] == dL_ds["analytic"][0]
    assert table(at)["numeric"].iloc[-1] == dL_ds["numeric"][0]
    dc = context_state_jacobian(EX.H, s, EX.params)[:, 0]
    np.testing.assert_allclose(EX.g @ dc, dL_ds["analytic"][0], rtol=1e-12)
    line = (
        f"$dc/ds = ({num(dc[0])}, {num(dc[1])})$ per unit of $s,$ so "
        rf"$\partial L/\partial s = g^\top dc/ds$ = **{num(dL_ds['analytic'][0])}**"
    )
    assert line in shown_text(at)


def test_the_screen_says_and_computes_that_without_tanh_the_state_gradients_vanish():
    at = run_page(PAGE, CHECK)
    text = shown_text(at)
    said = r"$\partial L/\partial b$ and $\partial L/\partial s_{t-1}$ are exactly 0: such a scorer could not learn"
    assert said not in text  # the derivation is a tab of its own, drawn only when open
    assert said in shown_text(open_tab(run_page(PAGE, CHECK), "derivation"))
    grads = state_gradients(EX.H, EX.states["A"], EX.params, EX.g, f="identity")
    worst = max(float(np.abs(x).max()) for x in grads.values())
    assert worst < 1e-15
    at_most = r"$\partial L/\partial b$ and $\partial L/\partial s$ computed at this state is at most"
    assert f"{at_most} {scientific(worst)} in size" in text
    with_tanh = state_gradients(EX.H, EX.states["A"], EX.params, EX.g)
    assert min(float(np.abs(x).max()) for x in with_tanh.values()) > 0.05  # with tanh they are not zero


CAPTIONS = (
    "learn.derivation_scope",
    "learn.de_caption",
    "learn.weights_caption",
    "learn.loss_caption",
    "learn.p_caption",
    "learn.train_caption",
)


@pytest.mark.parametrize("key", CAPTIONS)
def test_screen_5s_captions_are_one_sentence(key):
    text = t(key, token="猫")
    assert not re.search(r"[.!?]\s+[A-Z]", text), text


def test_the_state_b_button_gives_the_reports_state_b():
    at = run_page(PAGE, CHECK)
    at.button(key="w_s_B").click().run()
    no_exception(at)
    np.testing.assert_array_equal(table(at)["analytic"], expected(REPORT["gradient_check"]["B"], "analytic"))
    np.testing.assert_array_equal(table(at)["numeric"], expected(REPORT["gradient_check"]["B"], "numeric"))


def test_changing_g_changes_every_entry_and_the_link():
    at = run_page(PAGE, CHECK)
    at.number_input(key="w_learn_g1").set_value(0.3).run()
    at.number_input(key="w_learn_g2").set_value(2.0).run()
    no_exception(at)
    want = checks_as_report(scorer_gradient_checks(EX.H, [-1.0], EX.params, [0.3, 2.0]))
    np.testing.assert_array_equal(table(at)["analytic"], expected(want, "analytic"))
    np.testing.assert_array_equal(table(at)["numeric"], expected(want, "numeric"))
    assert not np.allclose(table(at)["analytic"], expected(REPORT["gradient_check"]["A"], "analytic"))
    assert at.query_params["learn_g1"] in ("0.3", ["0.3"]) and at.query_params["learn_g2"] in ("2", ["2"])
    assert abs(chart(at, "dL_de")["dL_de"].sum()) < 1e-12  # the scores' gradients still sum to zero


@pytest.mark.parametrize("value", [1e9, -1000.5])
def test_a_bad_g_shows_an_error_naming_it_and_keeps_the_last_valid_check(value):
    # Streamlit's number input itself turns inf and NaN into 0; the link's text is checked separately below.
    at = run_page(PAGE, CHECK)
    at.number_input(key="w_learn_g2").set_value(value).run()
    no_exception(at)
    assert any(e.startswith("Upstream gradient g₂") and "from -1000 to 1000" in e for e in errors(at)), errors(at)
    np.testing.assert_array_equal(table(at)["analytic"], expected(REPORT["gradient_check"]["A"], "analytic"))
    assert "learn_g2" not in at.query_params


# --- training ----------------------------------------------------------------------------------------


def test_before_training_the_page_shows_the_starting_prediction():
    at = run_page(PAGE, TRAIN)
    no_exception(at)
    start = predict(EX.H, [-1.0], EX.params, EX.output, 2)
    np.testing.assert_allclose(p_chart(at), start.probabilities, rtol=1e-12)
    np.testing.assert_allclose(losses(at), [start.loss], rtol=1e-12)
    np.testing.assert_allclose(now_weights(at), REPORT["readings"]["A"]["weights"], rtol=1e-12)
    assert at.radio(key="w_learn_target").value == 2  # 猫
    assert at.button(key="learn_apply").disabled


def test_one_step_is_one_step_of_gradient_descent_on_the_scorer():
    at = run_page(PAGE, TRAIN)
    at.button(key="learn_step").click().run()
    no_exception(at)
    history = train_scorer(EX.H, [-1.0], EX.params, EX.output, 2, 0.5, 1)
    after = predict(EX.H, [-1.0], history[-1].params, EX.output, 2)
    np.testing.assert_allclose(losses(at), [history[0].loss, after.loss], rtol=1e-12)
    np.testing.assert_allclose(p_chart(at), after.probabilities, rtol=1e-12)
    assert after.loss < history[0].loss
    assert "At step **1**:" in shown_text(at)


def test_running_n_steps_moves_the_weights_towards_the_target_position():
    at = run_page(PAGE, TRAIN)
    at.radio(key="w_learn_target").set_value(1).run()  # 喜欢, tied to "like"
    at.number_input(key="w_learn_lr").set_value(1.0).run()
    at = run_steps(at, 60)
    no_exception(at)
    history = train_scorer(EX.H, [-1.0], EX.params, EX.output, 1, 1.0, 60)
    now = predict(EX.H, [-1.0], history[-1].params, EX.output, 1)
    np.testing.assert_allclose(losses(at), [h.loss for h in history] + [now.loss], rtol=1e-12)
    weights = now_weights(at)
    np.testing.assert_allclose(weights, now.reading.weights, rtol=1e-12)
    assert weights.argmax() == 1 and weights[1] > REPORT["readings"]["A"]["weights"][1]
    assert losses(at)[-1] < losses(at)[0]
    assert "learn_run" not in str(at.query_params)  # the run lives in the session, not the link
    assert at.query_params["learn_target"] in ("2", ["2"])


def test_a_run_restarts_when_the_target_or_the_state_changes_and_on_reset():
    at = run_page(PAGE, TRAIN)
    at.button(key="learn_step").click().run()
    at.radio(key="w_learn_target").set_value(0).run()
    no_exception(at)
    assert len(losses(at)) == 1
    assert any("the target token" in i.value for i in at.info)
    at.button(key="learn_step").click().run()
    at.slider(key="w_s").set_value(0.5).run()
    assert len(losses(at)) == 1 and any("the decoder state s" in i.value for i in at.info)
    at.button(key="learn_step").click().run()
    at.button(key="learn_step").click().run()
    assert len(losses(at)) == 3
    at.button(key="learn_reset").click().run()
    assert len(losses(at)) == 1 and not any("started again" in i.value for i in at.info)


@pytest.mark.parametrize(
    "key, value, field, fragment",
    [
        ("w_learn_lr", 0.0, "Learning rate η", "greater than 0"),
        ("w_learn_lr", -1.0, "Learning rate η", "greater than 0"),
        ("w_learn_lr", 50.0, "Learning rate η", "at most 10"),
        ("w_learn_steps", 0, "Steps N", "whole number from 1 to 500"),
        ("w_learn_steps", 501, "Steps N", "whole number from 1 to 500"),
    ],
)
def test_bad_training_settings_show_an_error_and_disable_training(key, value, field, fragment):
    at = run_page(PAGE, TRAIN)
    at.number_input(key=key).set_value(value).run()
    no_exception(at)
    assert any(e.startswith(field) and fragment in e for e in errors(at)), errors(at)
    assert at.button(key="learn_run_n").disabled
    assert at.button(key="learn_step").disabled == (key == "w_learn_lr")
    assert key.removeprefix("w_") not in at.query_params


def test_the_trained_scorer_can_be_shared_with_every_screen():
    at = run_steps(run_page(PAGE, TRAIN), 40)
    history = train_scorer(EX.H, [-1.0], EX.params, EX.output, 2, 0.5, 40)
    trained = history[-1].params
    at.button(key="learn_apply").click().run()
    no_exception(at)
    assert at.success and "scorer trained for 40 steps" in at.success[-1].value
    assert at.button(key="learn_apply").disabled
    assert len(losses(at)) == 41  # the run goes on from where it was
    want = checks_as_report(scorer_gradient_checks(EX.H, [-1.0], trained, EX.g))
    np.testing.assert_allclose(table(open_tab(at, "check"))["analytic"], expected(want, "analytic"), rtol=1e-12)
    assert "W" in at.query_params and "v" in at.query_params
    at.switch_page("screens/revisitable_source/page.py").run()
    no_exception(at)
    weights = chart(at, "weight")["weight"].to_numpy()
    np.testing.assert_allclose(weights, attend(EX.H, [-1.0], trained).weights, rtol=1e-12)


def test_the_run_stops_at_its_limit(monkeypatch):
    monkeypatch.setattr(run_state, "RUN_LIMIT", 12)  # the same rule as at 5,000 steps, in a fraction of the time
    at = run_page(PAGE, TRAIN)
    at.number_input(key="w_learn_steps").set_value(5).run()
    for _ in range(2):
        at.button(key="learn_run_n").click().run()
    assert not at.button(key="learn_run_n").disabled
    at.button(key="learn_run_n").click().run()  # 5 asked, 2 left: the run takes 2
    no_exception(at)
    assert len(losses(at)) == 13
    assert at.button(key="learn_run_n").disabled and at.button(key="learn_step").disabled
    assert any("12 steps" in i.value for i in at.info)


# --- links and other sources ------------------------------------------------------------------------


def test_a_shared_link_reproduces_the_settings():
    query = {"s": "1", "learn_g1": "0.25", "learn_g2": "-2", "learn_target": "1", "learn_lr": "0.2", "learn_steps": "7"}
    at = run_page(PAGE, query=CHECK | query)
    no_exception(at)
    assert not at.warning
    assert at.number_input(key="w_learn_g1").value == 0.25 and at.number_input(key="w_learn_g2").value == -2.0
    want = checks_as_report(scorer_gradient_checks(EX.H, [1.0], EX.params, [0.25, -2.0]))
    np.testing.assert_array_equal(table(at)["numeric"], expected(want, "numeric"))
    at = open_tab(at, "train")
    assert at.radio(key="w_learn_target").value == 0
    assert at.number_input(key="w_learn_lr").value == 0.2 and at.number_input(key="w_learn_steps").value == 7
    at.button(key="learn_run_n").click().run()
    history = train_scorer(EX.H, [1.0], EX.params, EX.output, 0, 0.2, 7)
    np.testing.assert_allclose(losses(at)[:-1], [h.loss for h in history], rtol=1e-12)


@pytest.mark.parametrize(
    "query",
    [
        {"learn_g1": "abc"},
        {"learn_g1": "nan"},
        {"learn_g2": "1e999"},
        {"learn_lr": "-1"},
        {"learn_steps": "2.5"},
        {"learn_steps": "100000"},
        {"learn_target": "99"},
        {"learn_target": "<script>"},
    ],
)
def test_malformed_links_fall_back_with_a_notice(query):
    at = run_page(PAGE, query=CHECK | query)
    no_exception(at)
    # A notice naming the link's key on the first view, whichever tab reads the setting.
    assert [w for w in at.warning if f"'{next(iter(query))}'" in unescaped(w.value)], "a notice naming the key"
    np.testing.assert_array_equal(table(at)["analytic"], expected(REPORT["gradient_check"]["A"], "analytic"))
    at = open_tab(at, "train")
    no_exception(at)
    assert at.radio(key="w_learn_target").value == 2
    assert at.number_input(key="w_learn_lr").value == 0.5 and at.number_input(key="w_learn_steps").value == 100


def test_other_sources_get_a_tied_layer_named_after_them():
    H = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]])
    at = run_page(PAGE, query=CHECK | {"tokens": "a b c d", "H": "1,0;0,1;-1,0;0,-1", "learn_target": "4"})
    no_exception(at)
    assert len(table(at)) == 4 + 4 + 2 + 2 + 2 + 1  # e, W, U, v, b, s
    at = open_tab(at, "train")
    assert at.radio(key="w_learn_target").options == [
        "translation of a",
        "translation of b",
        "translation of c",
        "translation of d",
    ]
    assert "named after the source positions" in shown_text(at)
    at = run_steps(at, 30)
    output = tied_output_layer(H, ["a", "b", "c", "d"])
    history = train_scorer(H, [-1.0], EX.params, output, 3, 0.5, 30)
    np.testing.assert_allclose(losses(at)[:-1], [h.loss for h in history], rtol=1e-12)
    np.testing.assert_allclose(p_chart(at), predict(H, [-1.0], history[-1].params, output, 3).probabilities)


def test_a_target_beyond_fewer_sources_falls_back_to_the_last_token():
    at = run_page(PAGE, query=TRAIN | {"tokens": "a b", "H": "1,0;0,1"})  # the default target, 3, does not exist
    no_exception(at)
    assert at.radio(key="w_learn_target").value == 1
    assert not errors(at)


def test_an_applied_scorer_that_is_too_large_is_refused_with_an_error():
    at = run_page(PAGE, TRAIN)
    at.number_input(key="w_learn_lr").set_value(10.0).run()
    at = run_steps(at, 5)
    huge = AdditiveParams(*(np.full_like(getattr(EX.params, n), 1e7) for n in ("W", "U", "v", "b")))
    at.session_state["learn_run"].params = huge  # as if training had blown up
    at.button(key="learn_apply").click().run()
    no_exception(at)
    assert any(e.startswith("Use the trained scorer on every screen") and "at most" in e for e in errors(at))
    assert "W" not in at.query_params


def test_the_parameters_table_is_drawn_only_when_asked_and_shows_the_change():
    at = run_steps(run_page(PAGE, TRAIN), 3)
    assert len(at.dataframe) == 0  # no table until asked (the gradient check's is on its own tab)
    at.toggle(key="w_learn_params").set_value(True).run()
    no_exception(at)
    params = at.dataframe[0].value.set_index("parameter")
    trained = at.session_state["learn_run"].params
    assert params.loc["W[1,2]", "start"] == EX.params.W[0, 1] and params.loc["W[1,2]", "now"] == trained.W[0, 1]
    np.testing.assert_allclose(params["change"], params["now"] - params["start"])
    assert params.loc["v[2]", "now"] != params.loc["v[2]", "start"]  # three steps moved the scorer


# --- training at several states ---------------------------------------------------------------------

A_AND_B = np.array([[-1.0], [1.0]])


def weights_of(at, group):
    rows = chart(at, "when")
    return rows[rows["when"] == group]["weight"].to_numpy()


def train_at_a_and_b(at):
    at.radio(key="w_learn_states").set_value("AB").run()
    return at


def test_trained_at_one_state_a_and_b_end_up_reading_the_same_position():
    at = run_steps(run_page(PAGE, TRAIN), 100)
    no_exception(at)
    trained = train_scorer(EX.H, [-1.0], EX.params, EX.output, 2, 0.5, 100)[-1].params
    weights = attend(EX.H, A_AND_B, trained).weights
    assert weights.argmax(axis=1).tolist() == [2, 2]
    text = shown_text(at)
    assert f"state A (s = −1) reads **cats** most (α = {weights[0, 2]:.3f})" in text
    assert f"state B (s = +1) reads **cats** most (α = {weights[1, 2]:.3f})" in text
    assert "Both states read the same position most." in text and "trains at one state only" in text


def test_training_at_a_and_b_together_teaches_one_scorer_two_readings():
    at = train_at_a_and_b(run_page(PAGE, TRAIN))
    no_exception(at)
    assert at.radio(key="w_learn_target").value == 2 and at.radio(key="w_learn_target_b").value == 0  # A→猫, B→我
    assert at.radio(key="w_learn_target_b").label == "Correct target token at B (s = +1)"
    assert r"- \log p(y_A \mid c_A) \\ &\qquad - \log p(y_B \mid c_B)" in shown_text(at)
    at = run_steps(at, 100)
    no_exception(at)
    history = train_scorer(EX.H, A_AND_B, EX.params, EX.output, [2, 0], 0.5, 100)
    trained = history[-1].params
    now = attend(EX.H, A_AND_B, trained).weights  # (2, 3)
    np.testing.assert_allclose(losses(at)[:-1], [h.loss for h in history], rtol=1e-12)
    np.testing.assert_allclose(weights_of(at, "A: now"), now[0], rtol=1e-12)
    np.testing.assert_allclose(weights_of(at, "B: now"), now[1], rtol=1e-12)
    np.testing.assert_allclose(weights_of(at, "B: start"), REPORT["readings"]["B"]["weights"], rtol=1e-12)
    assert now.argmax(axis=1).tolist() == [2, 0]  # computed first: the two states read different positions
    text = shown_text(at)
    assert f"state A (s = −1) reads **cats** most (α = {now[0, 2]:.3f})" in text
    assert f"state B (s = +1) reads **I** most (α = {now[1, 0]:.3f})" in text
    assert "One scorer, two different readings" in text and "though no position was ever named" in text
    p = chart(at, "p")
    want = [predict(EX.H, s, trained, EX.output, 0).probabilities for s in A_AND_B]
    np.testing.assert_allclose(p["p"].to_numpy(), np.concatenate(want), rtol=1e-12)
    assert at.query_params["learn_states"] in ("AB", ["AB"])


def test_changing_the_states_or_a_states_target_starts_the_run_again():
    at = train_at_a_and_b(run_steps(run_page(PAGE, TRAIN), 2))
    assert len(losses(at)) == 1 and any("the states trained at" in i.value for i in at.info)
    at.button(key="learn_step").click().run()
    at.radio(key="w_learn_target_b").set_value(1).run()
    no_exception(at)
    assert len(losses(at)) == 1 and any("the target token" in i.value for i in at.info)
    at.button(key="learn_step").click().run()
    at.slider(key="w_s").set_value(0.5).run()  # A and B do not depend on the slider: the run goes on
    assert len(losses(at)) == 2 and not any("started again" in i.value for i in at.info)


def test_a_link_to_a_and_b_reproduces_them_and_a_bad_one_falls_back():
    at = run_page(PAGE, query=TRAIN | {"learn_states": "AB", "learn_target": "1", "learn_target_b": "3"})
    no_exception(at)
    assert not at.warning
    assert at.radio(key="w_learn_states").value == "AB"
    assert at.radio(key="w_learn_target").value == 0 and at.radio(key="w_learn_target_b").value == 2
    at = run_page(PAGE, query=TRAIN | {"learn_states": "<b>x</b>"})
    no_exception(at)
    assert at.warning and at.radio(key="w_learn_states").value == "s"
    assert plain("<b>x</b>") in at.warning[0].value  # the link's text, escaped: shown as typed, never as HTML


def test_the_sequence_loss_sums_the_one_step_terms_and_links_to_the_translator():
    at = run_page(PAGE, {"learn_tab": "sequence"})
    text = shown_text(at)
    assert r"L(\theta) &= -\sum_{t=1}^{U} \log p(y_t \mid y_{<t}, x)" in text
    assert "teacher forcing" in text and "its own previous predictions" in text
    assert "From one step to a sentence: the sequence loss" in [h.value for h in at.header]
    links_ = at.get("page_link")
    assert any(link.proto.page == "translator" and "training and translation" in link.proto.label for link in links_)


# --- in Chinese and in French ---------------------------------------------------------------------------


@pytest.fixture
def reader_language():
    """English again afterwards."""
    yield
    text.use("en")


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_every_state_of_the_screen_speaks_the_readers_language(code, reader_language, monkeypatch):
    run_page(PAGE, CHECK)  # an English reader first: the gradient check's cache then holds this view's values
    monkeypatch.setattr(run_state, "RUN_LIMIT", 6)
    text.use(code)  # AppTest formats widget options in this thread
    seen = {}

    def look(what, at):
        no_exception(at)
        shown = visible_text(at).replace("learn_steps", "")  # a notice names the link's key as the address has it
        seen[what] = english_left(shown, code)
        return at

    at = look("opened", run_page(PAGE, CHECK | {"lang": code, "learn_steps": "2.5"}))
    assert at.warning and at.success  # the link's bad N (a setting of the training's tab), the check's verdict
    at = look("bad g", at.number_input(key="w_learn_g2").set_value(1e9).run())
    assert errors(at)
    at.number_input(key="w_learn_g2").set_value(-0.5).run()
    at = look("derivation", open_tab(at, "derivation"))
    at = look("sequence loss", open_tab(at, "sequence"))
    at = look("training", open_tab(at, "train"))
    at = look("one step", at.button(key="learn_step").click().run())
    assert len(losses(at)) == 2
    at = look("target changed", at.radio(key="w_learn_target").set_value(0).run())
    assert at.info  # the run started again, and says why
    at = look("bad learning rate", at.number_input(key="w_learn_lr").set_value(50.0).run())
    assert errors(at)
    at.number_input(key="w_learn_lr").set_value(0.5).run()
    at = look("A and B", at.radio(key="w_learn_states").set_value("AB").run())
    at = look("N steps", run_steps(at, 5))
    assert len(losses(at)) == 6
    assert "。 " not in shown_text(at)  # Chinese sentences follow one another without a space
    at = look("at the limit", at.button(key="learn_step").click().run())
    assert at.button(key="learn_step").disabled
    at = look("parameters", at.toggle(key="w_learn_params").set_value(True).run())
    assert len(at.dataframe) == 1
    at = look("shared", at.button(key="learn_apply").click().run())
    assert at.success[-1].value == t("learn.applied", n=6)
    at = look("other sources", run_page(PAGE, TRAIN | {"lang": code, "tokens": "a b c d", "H": "1,0;0,1;-1,0;0,-1"}))
    assert at.radio(key="w_learn_target").options[0] == plain(t("learn.translation_of", token="a"))
    assert seen == {what: [] for what in seen}


@given(arrays(np.float64, st.tuples(st.integers(1, 9), st.integers(1, 5)), elements=st.floats(-1e6, 1e6)))
def test_a_held_value_axis_spans_zero_and_every_value(values):
    held = spanning(values)
    if not values.any():
        assert held is None  # nothing to span: the axis is left to the data
    else:
        lo, hi = held
        assert lo <= min(0.0, values.min()) and hi >= max(0.0, values.max()) and lo < hi
        assert lo in (0.0, values.min()) and hi in (0.0, values.max())  # no wider than it must be


def test_the_score_gradients_axis_holds_still_while_the_state_moves():
    at = run_page(PAGE, CHECK)
    axis = lambda: next(  # noqa: E731
        chart_spec(c)["layer"][0]["encoding"]["y"]["scale"]["domain"] for c in charts(at) if "dL_de" in chart_data(c)
    )
    before = axis()
    at.slider(key="w_s").set_value(2.0).run()
    assert axis() == before and before[0] < 0 < before[1]


def test_the_screen_opens_on_the_training_with_the_check_last_and_the_state_slider_only_where_it_reads():
    """The training first (its charts in the first screenful), the derivation beside it, the gradient check (its
    table of ten-decimal entries) last;
    the state slider is drawn in the two tabs that read at the state, the training and the check, and nowhere
    else."""
    at = run_page(PAGE)
    no_exception(at)
    names = ("train", "derivation", "sequence", "check")
    assert [tab.label for tab in at.tabs] == [t(f"learn.tab_{name}") for name in names]
    assert at.header[0].value == t("learn.train_header") and not at.dataframe
    for name in names:
        at = run_page(PAGE, {"learn_tab": name})
        no_exception(at)
        assert ("w_s" in [slider.key for slider in at.slider]) == (name in ("train", "check")), name
