"""The guided walkthrough on the home page (``?step=K``) and presenter mode (``&present=1``): AppTest."""

from __future__ import annotations

import contextlib
import io
import re

import numpy as np
import pytest

import core.translator as tr
from app import SCREENS
from core.example import worked_example
from core.reading import attend
from core.recurrent import decode, encode, schematic_model
from core.sweep import linspace_states, sweep_states
from core.switches import NO_LEADER, TIE_TOLERANCE, margins
from core.translator.evaluate import argmax_hits
from screens.walkthrough import asking
from screens.walkthrough.steps import LONG_SENTENCE, STEPS
from tests.apptest import REPORT, chart_data, chart_spec, charts, edit_table, errors, no_exception, run_page, shown_text
from tests.language_check import english_left, visible_text
from ui import present, text, to_top
from ui.sections import page_charts
from ui.settings.state_sweep import POINTS
from ui.settings.translator import READERS
from ui.text import t, template

G = worked_example().g


@pytest.fixture(autouse=True)
def shown_without_its_question(monkeypatch):
    """Each step here as it shows once its question is answered or skipped (the questions have tests of their own:
    tests/test_questions*.py)."""
    monkeypatch.setattr(asking, "question", lambda k, step: None)


# Step K: the widget that shows its setting (kind, key), the value it must hold, and the chart it draws (step 2 draws
# screen 2's three stages).
EXPECTED = {
    1: ("text_input", "w_fix_source", "I like cats", "contexts_across_steps"),
    2: ("slider", "w_s", -1.0, ("scores", "weights", "sources_and_context")),
    3: ("slider", "w_s", 0.5, "sources_and_context"),
    4: ("radio", "w_f", "tanh", "states_with_and_without_f"),
    5: ("slider", "w_s", 1.0, "weights_at_two_states"),
    6: ("slider", "w_sweep", (-3.0, 3.0), "sweep_weights"),
    7: ("slider", "w_sweep", (-2.0, 2.0), "soft_and_hard"),
    8: ("number_input", "w_learn_g1", float(G[0]), "score_gradients"),
    9: ("number_input", "w_learn_lr", 0.5, "weights_before_and_after_gradient_steps"),
    10: ("select_slider", "w_tr_step", 1500, "alignment"),
    11: ("text_area", "w_tr_text", LONG_SENTENCE, "accuracy_by_length"),
}


PANELS = {"contexts_across_steps": 2}  # the fixed summary and attention, one panel each


def widget_value(at, kind: str, key: str):
    value = getattr(at, kind)(key=key).value
    return tuple(value) if isinstance(value, list | tuple) else value


def assert_on_step(at, k: int) -> None:
    """The page shows step k: its heading, its widget holding its value, its charts drawn."""
    no_exception(at)
    kind, key, value, chart = EXPECTED[k]
    names = chart if isinstance(chart, tuple) else (chart,)
    assert at.title[0].value.startswith(f"Step {k} of {len(STEPS)}"), at.title[0].value
    assert widget_value(at, kind, key) == value
    assert len(charts(at)) == sum(PANELS.get(name, 1) for name in names)  # a chart drawn in panels has them
    assert [figure.name for figure in page_charts(at.session_state)] == list(names)  # what its take-home lists


def test_there_are_about_a_dozen_steps_each_expected_here():
    assert sorted(EXPECTED) == list(range(1, len(STEPS) + 1))


@pytest.mark.parametrize("k", sorted(EXPECTED))
def test_a_step_link_opens_the_step_with_its_values_and_its_chart(k):
    at = run_page("app.py", query={"step": str(k)})
    assert_on_step(at, k)
    assert at.query_params["step"] == str(k)  # the address keeps the step


def test_next_and_back_walk_every_step_and_set_each_steps_values():
    at = run_page("app.py", query={"step": "1"})
    assert at.button(key="walk_back").disabled
    for k in range(2, len(STEPS) + 1):
        at.button(key="walk_next").click().run()
        assert_on_step(at, k)
    assert at.button(key="walk_next").label == t("walk.finish")  # the last step's Next finishes the walk
    for k in range(len(STEPS) - 1, 0, -1):
        at.button(key="walk_back").click().run()
        assert_on_step(at, k)


def test_the_last_step_ends_with_a_recap_and_its_next_finishes_on_the_home_page():
    """Step 11 ends with what a reader can now write down (the scores, the Softmax weights, the context; why tanh
    matters; what the weights are not) and a link to every screen; its Next is no dead end: it leads home."""
    at = run_page("app.py", query={"step": str(len(STEPS))})
    no_exception(at)
    shown = shown_text(at)
    assert t("walk.recap.heading") in shown and t("walk.recap.tanh") in shown and t("walk.recap.not") in shown
    equations = next(x.value for x in at.latex if r"\alpha_{tj}" in x.value)
    for part in (r"e_{tj} &= v^\top \tanh", r"\frac{\exp(e_{tj})}", r"c_t &= \textstyle\sum_{j=1}^{T} \alpha_{tj}"):
        assert part in equations
    linked = {link.proto.page for link in at.get("page_link")}
    assert {s.url_path for s in SCREENS[1:]} <= {page.rsplit("/", 1)[-1] for page in linked}
    button = at.button(key="walk_next")
    assert not button.disabled and button.label == t("walk.finish")
    button.click().run()
    no_exception(at)
    assert at.title[0].value == t("app.title") and "step" not in at.query_params


def test_a_step_sets_its_values_again_after_the_reader_moved_them():
    at = run_page("app.py", query={"step": "3"})
    at.slider(key="w_s").set_value(2.0).run()
    assert at.slider(key="w_s").value == 2.0
    at.button(key="walk_next").click().run()
    at.button(key="walk_back").click().run()
    assert_on_step(at, 3)


def test_a_drag_and_next_in_one_rerun_move_on_to_the_next_step():
    """Next pressed (or a clicker's key) while a drag's value was on its way: both reach one rerun, Next's callback
    forgets the step's widgets and the slider's, run after it, found no value (an error box on a projector)."""
    at = run_page("app.py", query={"step": "3"})
    at.slider(key="w_s").set_value(2.0)
    at.button(key="walk_next").click().run()
    assert_on_step(at, 4)


def test_a_copied_link_of_a_changed_step_opens_as_it_was_copied():
    at = run_page("app.py", query={"step": "3", "s": "2"})
    no_exception(at)
    assert at.slider(key="w_s").value == 2.0


def test_the_points_are_computed_from_what_the_step_shows():
    at = run_page("app.py", query={"step": "2"})
    weights = REPORT["readings"]["A"]["weights"]
    assert r"\alpha &= \operatorname{Softmax}(e) = \left(" + r",\ ".join(f"{w:.3f}" for w in weights) in shown_text(at)
    np.testing.assert_allclose(chart_data(charts(at)[1])["weight"], weights, rtol=1e-12)  # the second stage

    at = run_page("app.py", query={"step": "4"})  # it opens with tanh
    assert "read differently" in shown_text(at) and "the same weights" not in shown_text(at)
    at.radio(key="w_f").set_value("identity").run()
    no_exception(at)
    assert "the same weights (0.333, 0.333, 0.333)" in shown_text(at)
    np.testing.assert_allclose(chart_data(charts(at)[0])["weight"], 1 / 3, rtol=1e-12)

    at = run_page("app.py", query={"step": "10"})
    assert tr.snapshot_steps()[-1] == 1500  # the step opens on the trained model's last snapshot
    assert "After 1500 training steps each of the 8 target words that come from a source word puts" in shown_text(at)
    assert "(before training, 1 of the 8 did)" in shown_text(at)
    at.select_slider(key="w_tr_step").set_value(100).run()
    assert "4 of the 8 target words" in shown_text(at)  # the shipped snapshot at step 100


@pytest.mark.parametrize("value", ["abc", "0.5", "-1", "12", "99", "1e308", "<b>2</b>"])
def test_a_bad_step_gives_a_notice_and_the_home_page_never_a_traceback(value):
    at = run_page("app.py", query={"step": value})
    no_exception(at)
    assert at.title[0].value == t("app.title")
    assert len(at.warning) == 1
    assert "step" in at.warning[0].value


def test_leave_returns_to_the_home_page_and_start_opens_step_one():
    at = run_page("app.py", query={"step": "5"})
    at.button(key="walk_leave").click().run()
    no_exception(at)
    assert at.title[0].value == t("app.title")
    assert "step" not in at.query_params
    at.button(key="walk_start").click().run()
    assert_on_step(at, 1)


def test_a_step_entered_from_the_home_page_and_the_home_page_from_a_step_open_at_their_top():
    """A projector scrolled down the home page to Start: step 1 opened with its title above the window (the browser
    keeps the scroll of the page it redraws). A run that changes neither keeps the reader where they are."""

    def scrolls(at) -> bool:
        return any(to_top.SCRIPT in str(h.proto.body) for h in at.get("html"))

    at = run_page("app.py")
    assert not scrolls(at)
    at.button(key="walk_start").click().run()
    assert_on_step(at, 1)
    assert scrolls(at), "step 1 from the home page, at its top"
    at.run()
    assert not scrolls(at), "once"
    at.button(key="walk_leave").click().run()
    assert scrolls(at), "the home page from a step, at its top"


def text_sizes(spec: object) -> list[float]:
    """Every text size a spec sets (axes, legends, titles, marks), its rows left out."""
    if isinstance(spec, list):
        return [x for part in spec for x in text_sizes(part)]
    if not isinstance(spec, dict):
        return []
    own = [v for k, v in spec.items() if k in present.SIZES and isinstance(v, int | float)]
    return own + [x for k, v in spec.items() if k not in present.DATA for x in text_sizes(v)]


BACK_OF_THE_ROOM = 24  # px: the least chart text a class reads from the back at 1920 x 1080


@pytest.mark.parametrize("k", range(1, len(STEPS) + 1))
def test_presenter_mode_writes_every_chart_text_at_24_px_and_fills_the_room_under_the_step(k):
    at = run_page("app.py", query={"step": str(k), "present": "1"})
    no_exception(at)
    specs = [chart_spec(c) for c in charts(at)]
    assert specs
    for spec in specs:
        config = spec["config"]
        assert config["text"]["fontSize"] >= BACK_OF_THE_ROOM  # a text mark that sets no size of its own
        for part in ("axis", "legend", "header"):
            assert config[part]["labelFontSize"] >= BACK_OF_THE_ROOM
        assert min(text_sizes(spec)) >= BACK_OF_THE_ROOM
    (first,) = specs if len(specs) == 1 else (None,)  # panels side by side share the room: their own heights
    if first is not None and isinstance(first.get("height"), int | float):
        plot_only = (first.get("autosize") or {}).get("type") == "fit-x"  # its height is the plot's alone
        legends = present.AXES_AND_LEGENDS + present.LEGEND_LINE * max(0, present.legend_lines(first) - 2)
        assert first["height"] >= present.STEP_HEIGHT - (legends if plot_only else 0)
    steps = [s["height"]["step"] for s in specs if isinstance(s.get("height"), dict)]
    assert all(step >= 1.4 * BACK_OF_THE_ROOM for step in steps)  # a heatmap's row holds its label


def test_presenter_mode_enlarges_chart_type_and_folds_captions_and_downloads_away():
    at = run_page("app.py", query={"step": "7", "present": "1"})
    no_exception(at)
    config = chart_spec(charts(at)[0])["config"]
    for part in ("axis", "legend"):
        assert config[part]["labelFontSize"] >= 18 and config[part]["titleFontSize"] >= 18
    assert at.expander and at.expander[0].caption  # the caption sits in a folded expander
    assert not [b for b in at.sidebar.button if b.key == "numbers"]

    plain = run_page("app.py", query={"step": "7"})
    assert chart_spec(charts(plain)[0])["config"]["axis"]["labelFontSize"] < 18
    caption_folds = [e for e in plain.expander if e.label.startswith(t("present.caption", chart="").strip())]
    assert not caption_folds and plain.caption  # the caption under its chart; the step's numbers have a fold
    assert [b for b in plain.sidebar.button if b.key == "numbers"]


def test_a_token_the_reader_typed_shows_in_a_point_as_text_not_markdown():
    hostile = "![a](http://127.0.0.1:8799/p.png)"
    at = run_page("app.py", query={"step": "5"})
    at.switch_page("screens/revisitable_source/page.py").run()
    edit_table(at, "w_sources", edited_rows={0: {"token": hostile}})
    no_exception(at)
    at.switch_page(SCREENS[0].script).run()
    no_exception(at)
    point = next(m.value for m in at.markdown if m.value.startswith("State A"))  # the numbers behind the point
    assert "\\!\\[a\\]" in point and hostile not in point  # shown escaped: the browser fetches nothing


def test_the_soft_against_hard_step_names_the_exact_switch_and_the_hard_jump():
    at = run_page("app.py", query={"step": "7"})
    no_exception(at)
    ex = worked_example()
    jump = abs(ex.H[1, 0] - ex.H[0, 0])  # hard selection reads h_I, then h_like: c_1 leaps from -1 to 1
    assert f"Hard selection jumps from I to like at s = -0.333, its $c_1$ leaping by {jump:.3f}" in shown_text(at)
    over = linspace_states(-2.0, 2.0, POINTS.default)  # the step's interval (in its link) at the sweep's points
    switches = sweep_states(ex.H, ex.params, over).leads.switches
    assert [round(w.s, 3) for w in switches] == [-0.333, 0.333]  # two jumps: the sentence names both
    assert "It jumps 1 more time, at s = 0.333 (from like to cats)." in shown_text(at)


@pytest.fixture
def reader_language():
    """English again afterwards."""
    yield
    text.use("en")


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_the_home_page_and_every_step_and_state_speak_the_readers_language(reader_language, code):
    text.use(code)  # AppTest formats widget options in this thread

    def clean(at) -> None:
        no_exception(at)
        assert at.query_params["lang"] == code
        assert english_left(visible_text(at), code) == []

    # Walked with Start and Next, the reader's choices in the steps they change
    choices = {
        4: lambda at: at.radio(key="w_f").set_value("tanh"),  # states A and B read differently
        6: lambda at: at.slider(key="w_sweep").set_value((1.0, 1.0)),  # an empty interval: its reason shown
        7: lambda at: at.slider(key="w_sweep").set_value((1.0, 3.0)),  # hard selection does not move
    }
    at = run_page("app.py", {"lang": code})
    clean(at)
    at.button(key="walk_start").click().run()
    for k in range(1, len(STEPS) + 1):
        clean(at)
        if k in choices:
            choices[k](at).run()
            clean(at)
            assert bool(at.error) == (k == 6)
        if k < len(STEPS):
            at.button(key="walk_next").click().run()
    at.button(key="walk_leave").click().run()
    clean(at)

    # Opened from links
    at = run_page("app.py", {"lang": code, "step": "99"})  # the notice for a step that does not exist
    assert at.warning
    clean(at)
    at = run_page("app.py", {"lang": code, "step": "10", "tr_sentence": "car the red tree"})  # outside the grammar
    clean(at)
    at = run_page("app.py", {"lang": code, "step": "7", "present": "1"})  # captions folded into an expander
    assert at.expander
    clean(at)


@pytest.mark.parametrize("step", ["6", "7"])
def test_a_sweep_steps_empty_interval_is_refused_as_screen_4_refuses_it(step):
    at = run_page("app.py", query={"step": step})
    at.slider(key="w_sweep").set_value((1.0, 1.0)).run()
    no_exception(at)
    assert any(t("sweep.low_not_below_high") in e for e in errors(at)), errors(at)


def _sweep_of(low: float, high: float):
    m = worked_example()
    return sweep_states(m.H, m.params, linspace_states(low, high, 301))


@pytest.mark.parametrize("interval", [(-5.0, 5.0), (-3.0, 3.0), (1.0, 3.0)])
def test_the_sweep_step_names_the_lead_by_screen_4s_tie_rule_not_the_plain_argmax(interval):
    at = run_page("app.py", query={"step": "6", "sweep": f"{interval[0]:g},{interval[1]:g}"})
    no_exception(at)
    sw = _sweep_of(*interval)
    leads = sw.leads
    shown = shown_text(at)
    lead_at = [leads.leader[0], leads.leader[-1]]
    if interval == (-5.0, 5.0):
        # s = -5 is a near-tie (weights 0.33332, 0.33334, 0.33334): no position leads there, and the lead moves twice
        assert lead_at[0] == NO_LEADER and len(leads.switches) + len(leads.ties) >= 2
        assert "from cats to cats" not in shown and t("walk.sweep.no_lead") in shown
    changes = len(leads.switches) + len(leads.ties)
    key = "walk.sweep.point_moves" if changes else "walk.sweep.point"
    assert template(key, changes or None).split("{")[0] in shown


def test_the_hard_step_names_where_a_near_tie_lies_not_that_no_position_leads_anywhere():
    at = run_page("app.py", query={"step": "7", "sweep": "-5,-1.5"})
    no_exception(at)
    sw = _sweep_of(-5.0, -1.5)
    tie = sw.leads.ties[0]
    assert not sw.leads.switches and (sw.leads.leader != NO_LEADER).any()  # a position leads somewhere in it
    inside = (sw.s >= tie.low) & (sw.s <= tie.high)
    assert (margins(sw.weights[inside]) < TIE_TOLERANCE).all()  # and none does in the stretch the point names
    shown = shown_text(at)
    assert f"From s = {tie.low:.2f} to {tie.high:.2f} no position's weight is ahead" in shown
    assert "In this interval no position leads" not in shown


def test_the_long_sentences_step_keeps_the_articles_caveat():
    """Section 2's caution: a fixed width is a possible bottleneck, not a proof of impossibility, and the baseline's
    curve depends on its training budget. The step's title says 'falls behind', its point says the rest."""
    k = next(i for i, step in enumerate(STEPS, 1) if step.name == "long")
    at = run_page("app.py", query={"step": str(k)})
    no_exception(at)
    shown = shown_text(at)
    assert "fails" not in t("walk.long.title") and "fails" not in shown
    assert "not a proof that no fixed-width summary could do better" in shown and "training budget" in shown


def _read_by_hand(s: float):
    """The example's read at the state s, written out here from the article's equations (not through core)."""
    ex = worked_example()
    p = ex.params
    e = np.array([p.v @ np.tanh(p.W @ h + p.U @ np.array([s]) + p.b) for h in ex.H])  # e_j = v^T tanh(W h_j + U s + b)
    alpha = np.exp(e - e.max()) / np.exp(e - e.max()).sum()
    return ex, e, alpha, alpha @ ex.H


@pytest.mark.parametrize("s", [-1.0, 0.5, 2.0])
def test_the_reading_steps_points_state_what_the_equations_give(s):
    """Steps 2, 3 and 5 write scores, weights, a context and where it lies: each number computed here by hand."""
    ex, e, alpha, c = _read_by_hand(s)
    vector = lambda x: r"\left(" + r",\ ".join(f"{v:.3f}" for v in x) + r"\right)"  # noqa: E731
    at = run_page("app.py", query={"step": "2", "s": f"{s:g}"})
    no_exception(at)
    written = next(x.value for x in at.latex if r"\begin{aligned}s &=" in x.value)
    assert rf"\begin{{aligned}}s &= {s:g} \\ " in written
    for j, e_j in enumerate(e, start=1):
        assert f"e_{{{j}}} &= " in written and f" = {e_j:.3f} \\\\ " in written
    assert rf"\alpha &= \operatorname{{Softmax}}(e) = {vector(alpha)}" in written
    assert rf"c &= \textstyle\sum_j \alpha_j h_j = {vector(c)}" in written

    at = run_page("app.py", query={"step": "3", "s": f"{s:g}"})
    no_exception(at)
    assert (alpha > 0).all() and f"the smallest is {alpha.min():.2g}" in shown_text(at)
    # inside the outline the sources span: c's barycentric coordinates in the triangle of h_1, h_2, h_3 are positive
    A = np.vstack([ex.H.T, np.ones(3)])
    assert (np.linalg.solve(A, np.append(c, 1.0)) > 0).all()
    assert f"c = ({c[0]:.3f}, {c[1]:.3f}) is a weighted average of the sources and lies inside" in shown_text(at)

    at = run_page("app.py", query={"step": "5", "s": f"{s:g}"})
    no_exception(at)
    _, _, at_a, _ = _read_by_hand(-1.0)
    said = (
        f"State A (s = -1) puts {at_a.max():.3f} of its weight on {ex.tokens[at_a.argmax()]}; at s = {s:g} the same "
        f"sources and scorer put {alpha.max():.3f} on {ex.tokens[alpha.argmax()]}."
    )
    assert said in shown_text(at)


def test_the_fixed_summary_and_long_sentence_points_state_what_their_data_give():
    """Step 1: the fixed summary's context never changes from step to step (0.000) while attention's does; step 11:
    the pooled share of the longer-than-training test sentences, counted here from the recorded metrics."""
    at = run_page("app.py", query={"step": "1"})
    no_exception(at)
    model = schematic_model()
    ann = encode(model, ["I", "like", "cats"])
    fixed = decode(model, ann, ["我", "喜欢", "猫"], attention=False).contexts
    soft = decode(model, ann, ["我", "喜欢", "猫"], attention=True).contexts
    changes = lambda C: np.abs(np.diff(C, axis=0)).max()  # noqa: E731  (the largest change of any component)
    assert changes(fixed) == 0.0 and changes(soft) > 0
    shown = shown_text(at)
    assert "the same context at all 3 target steps (largest change from one step to the next: 0.000)" in shown
    assert f"changes $c_t$ by up to {changes(soft):.3f}" in shown

    metrics = tr_metrics()
    longest = 24
    long = {int(L): n for L, n in metrics["attention"]["counts"].items() if int(L) > longest}
    total = sum(long.values())
    share = {
        m: sum(n * metrics[m]["by_length"][str(L)] for L, n in long.items()) / total for m in ("attention", "summary")
    }
    k = next(i for i, step in enumerate(STEPS, 1) if step.name == "long")
    at = run_page("app.py", query={"step": str(k)})
    no_exception(at)
    said = (
        f"On the {total} test sentences of {min(long)} to {max(long)} words, longer than any in training, "
        f"Bahdanau's attention model translates {share['attention']:.0%} exactly and the fixed summary "
        f"{share['summary']:.0%}"
    )
    assert said in shown_text(at)


def tr_metrics() -> dict:
    import json

    from core.translator import checkpoint

    return json.loads((checkpoint.CHECKPOINT_DIR / "metrics.json").read_text())


def test_the_one_step_point_states_what_plain_gradient_descent_gives_by_finite_differences():
    """Step 9: one step of gradient descent on the scorer (W, U, v, b) at learning rate 0.5 towards 猫 (position 3),
    the loss -log softmax(H c)[3] with the output tied to the sources: the gradient taken here by central
    differences, the step and the numbers the point quotes."""
    ex = worked_example()
    s, lr, target = -1.0, 0.5, 2
    p = ex.params
    theta = np.concatenate([p.W.ravel(), p.U.ravel(), p.v, p.b])
    shapes = [p.W.shape, p.U.shape, p.v.shape, p.b.shape]

    def unpack(x):
        parts, at = [], 0
        for shape in shapes:
            n = int(np.prod(shape))
            parts.append(x[at : at + n].reshape(shape))
            at += n
        return parts

    def read(x):
        W, U, v, b = unpack(x)
        e = np.array([v @ np.tanh(W @ h + U @ np.array([s]) + b) for h in ex.H])
        alpha = np.exp(e - e.max()) / np.exp(e - e.max()).sum()
        c = alpha @ ex.H
        z = ex.H @ c
        return alpha, -(z[target] - np.log(np.exp(z).sum()))

    def step(x):
        h = 1e-6
        grad = np.array([(read(x + h * d)[1] - read(x - h * d)[1]) / (2 * h) for d in np.eye(len(x))])
        return x - lr * grad

    many = [step(theta)]
    while len(many) < 20:
        many.append(step(many[-1]))
    (w0, before), (w1, after), (wn, after_n) = read(theta), read(many[0]), read(many[-1])
    moved = int(np.abs(w1 - w0).argmax())
    at = run_page("app.py", query={"step": "9"})
    no_exception(at)
    said = (
        f"One gradient step at learning rate {lr:g} towards 猫 lowers the loss from {before:.3f} to {after:.3f} and "
        f"moves the weight on {ex.tokens[moved]} from {w0[moved]:.3f} to {w1[moved]:.3f}; after 20 such steps the "
        f"loss is {after_n:.3f} and that weight {wn[moved]:.3f}"
    )
    assert after < before and said in shown_text(at)
    assert abs(wn[moved] - w0[moved]) > 0.5  # a change a class can see: 0.791 to 0.147


def test_a_step_opened_from_its_link_has_the_sidebar_say_its_state():
    at = run_page("app.py", query={"step": "5"})  # step 5 sets s = +1; the reader's default is -1
    no_exception(at)
    shared = " ".join(c.value for c in at.sidebar.caption)
    assert "s = 1," in shared and "s = -1," not in shared


def test_the_sweep_step_says_where_the_lead_is_first_taken_when_it_starts_in_a_near_tie():
    """Over s from -3 to 3 no position leads at first; the chart shows I taking the lead well before it passes to
    like and cats: the point names that moment as well as the two hand-offs between (a reader counts three)."""
    at = run_page("app.py", query={"step": "6", "sweep": "-3,3"})
    no_exception(at)
    sw = _sweep_of(-3.0, 3.0)
    leader = sw.leads.leader
    first = int(np.flatnonzero(leader != NO_LEADER)[0])
    assert leader[0] == NO_LEADER and leader[first] == 0 and len(sw.leads.switches) == 2  # I, then like, then cats
    assert f"I takes the lead at s = {sw.s[first]:.2f}, the first state swept where one weight is ahead" in shown_text(
        at
    )


def test_step_10_counts_the_chosen_models_reading_and_offers_every_model_that_reads():
    at = run_page("app.py", query={"step": "10", "tr_model": "luong_dot", "tr_step": "50"})
    no_exception(at)
    sentence = at.query_params["tr_sentence"]  # the step's own sentence, in its link
    view = tr.attention_matrix(sentence, 50, "luong_dot")
    hits, n = argmax_hits(view.weights, view.alignment)
    start, _ = argmax_hits(tr.attention_matrix(sentence, 0, "luong_dot").weights, view.alignment)
    assert (hits, start) != (
        argmax_hits(tr.attention_matrix(sentence, 50).weights, view.alignment)[0],
        argmax_hits(tr.attention_matrix(sentence, 0).weights, view.alignment)[0],
    )  # the two models' counts differ here, so the point tells them apart
    assert t("walk.align.point", step=50, hits=hits, n=n, start=start) in shown_text(at)
    choice = at.selectbox(key="w_tr_model")
    assert choice.value == "luong_dot" and list(choice.options) == [t(f"tr.reader_{m}") for m in READERS]


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_step_10_with_a_luong_model_speaks_the_readers_language(reader_language, code):
    text.use(code)
    at = run_page("app.py", query={"step": "10", "tr_model": "luong_local", "lang": code})
    no_exception(at)
    assert english_left(visible_text(at), code) == []
    assert at.selectbox(key="w_tr_model").value == "luong_local"


def test_a_step_offers_the_numpy_that_computes_what_it_shows():
    """Step 2 at a state between A and B: the lines offered to copy, run as they are, give the scores and the
    weights its charts draw and the context its formula writes."""
    s = 0.35
    at = run_page("app.py", query={"step": "2", "s": f"{s:g}"})
    no_exception(at)
    (code,) = [block.value for block in at.code]
    names: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(code, names)  # noqa: S102  (the dashboard's own text)
    scores, weights = (chart_data(chart) for chart in charts(at)[:2])
    np.testing.assert_allclose(names["e"], scores["score"], rtol=1e-13)
    np.testing.assert_allclose(names["alpha"], weights["weight"], rtol=1e-13)
    c = r"\left(" + r",\ ".join(f"{x:.3f}" for x in names["c"]) + r"\right)"
    assert rf"c &= \textstyle\sum_j \alpha_j h_j = {c}" in shown_text(at)
    ex = worked_example()
    np.testing.assert_allclose(names["c"], attend(ex.H, [s], ex.params).context, rtol=1e-13)


VERIFICATION = ("relative error", "finite difference", "swept", "near-tie", "tolerance", "e−", "1e-")


@pytest.mark.parametrize("k", range(1, len(STEPS) + 1))
def test_a_steps_header_says_the_mechanism_in_a_sentence_or_two_and_folds_the_checks(k):
    """The step's point, in bold under its title, is one or two sentences about the mechanism; figures of
    verification (relative errors, counts of states swept, a tie's threshold) are in its fold, not there."""
    at = run_page("app.py", query={"step": str(k)})
    no_exception(at)
    point = next(m.value for m in at.markdown if m.value.startswith("**") and m.value.endswith("**"))
    said = point.strip("*")
    assert not [word for word in VERIFICATION if word in said], said
    assert len(re.findall(r"[.!?](?:\s|$)", said.replace("e.g.", ""))) <= 2, said
