"""Screen 7, what attention is not: AppTest."""

import re

import numpy as np
import pytest

from core import attend, costs
from core import selecting as sel
from core.example import worked_example
from screens.limits import selecting
from tests.apptest import chart_data, charts, no_exception, run_page, shown_text
from tests.language_check import english_left, visible_text
from ui import text
from ui.format import num, percent
from ui.text import t

PAGE = "screens/limits/page.py"
EX = worked_example()
HARD, WORK = {"lim_tab": "hard"}, {"lim_tab": "work"}  # the screen opens on selecting; its other parts are tabs


def open_tab(at, name):
    """Open the screen's tab ``name`` (select, hard, work) as a reader's click does."""
    at.session_state["w_lim_tab"] = t(f"lim.tab_{name}")
    return at.run()


def weights_of(at, index):
    df = chart_data(charts(at)[index])
    return dict(zip(df["phrase"], df["weight"], strict=True))


def test_the_page_renders_its_charts_and_the_notebook_weights_are_the_cores():
    at = run_page(PAGE)
    no_exception(at)
    assert len(charts(at)) == 3  # the café's and the notebook's: the other parts are tabs, drawn when open
    scene = sel.notebook(False)
    r = sel.dot_read(scene, scene.query(sel.question_query("where", 0.0)))
    shown = weights_of(at, 1)
    assert list(shown) == list(scene.labels)
    np.testing.assert_allclose(list(shown.values()), r.weights, rtol=1e-12)
    text = shown_text(at)
    assert "gets exactly the same weights: the largest difference between the two sets of weights is 0." in text
    assert f"differ only in the feature **not**: {num(r.weights[1])} with “did not leave” against 0.0000" in text
    assert f"most weight on **in the meeting room** ({num(r.weights[5])})" in text
    assert "nothing about where the notebook is" in text
    assert "The same phrase, **in the meeting room**, is picked in both sentences" in text


def test_the_context_chart_is_both_sentences_reads():
    at = run_page(PAGE)
    df = chart_data(charts(at)[2])
    for negated, label in ((False, "with “left”"), (True, "with “did not leave”")):
        scene = sel.notebook(negated)
        c = sel.dot_read(scene, scene.query(sel.question_query("where", 0.0))).context
        part = df[df["sentence"] == label]
        assert list(part["feature"]) == list(sel.FEATURES)
        np.testing.assert_allclose(part["c"], c, rtol=1e-12)


def test_not_the_question_and_the_action_weight_change_what_is_shown():
    at = run_page(PAGE)
    at.toggle(key="w_lim_not").set_value(True).run()
    no_exception(at)
    assert "did not leave" in weights_of(at, 1)
    assert "Felix did not leave the blue notebook in the meeting room yesterday." in shown_text(at)
    assert at.query_params["lim_not"] == "1"

    at.radio(key="w_lim_question").set_value("colour").run()
    text = shown_text(at)
    assert "most weight on **blue**" in text and "what the sentence says: blue." in text
    assert "Here both sentences give the same answer" in text

    at.radio(key="w_lim_question").set_value("where").run()
    at.slider(key="w_lim_action").set_value(5.0).run()
    no_exception(at)
    scene = sel.notebook(True)
    r = sel.dot_read(scene, scene.query(sel.question_query("where", 5.0)))
    np.testing.assert_allclose(list(weights_of(at, 1).values()), r.weights, rtol=1e-12)
    text = shown_text(at)
    assert "The most-weighted phrase differs between the sentences here." in text
    assert f"differ only in the feature **not**: {num(r.weights[1])} with" in text


def test_the_cafe_goal_changes_the_weights():
    at = run_page(PAGE)
    assert "most weight goes to **your friend's voice**" in shown_text(at)
    at.radio(key="w_lim_goal").set_value("phone").run()
    scene = sel.cafe()
    r = sel.dot_read(scene, scene.query(sel.CAFE_GOALS["phone"]))
    np.testing.assert_allclose(list(weights_of(at, 0).values()), r.weights, rtol=1e-12)
    assert f"most weight goes to **the phone on the table** ({num(r.weights[3])})" in shown_text(at)


def slopes_at(k, shift, s=-1.0):
    e = attend(EX.H, [s], EX.params).scores
    e[k] += shift
    return e, costs.slopes(EX.H, e, EX.g)


def slopes_said(k, shift):
    """What the page says of the slopes at e_k moved by ``shift``, in the reader's language."""
    e, check = slopes_at(k, shift)
    fields = {
        "x": num(e[k]),
        "analytic": num(check.soft.analytic[k], 6),
        "numeric": num(check.soft.numeric[k], 6),
        "error": f"{check.soft.rel_error[k]:.1e}",
        "hard": num(check.hard_numeric[k], 6),
    }
    flat = not check.at_switch and not np.any(check.hard_numeric)
    return t("lim.slopes_now" if flat else "lim.slopes_switch", **fields)


@pytest.mark.parametrize("k, shift", [(1, 0.0), (2, 1.5), (0, -3.0)])
def test_the_soft_and_hard_slopes_stated_are_the_computed_ones(k, shift):
    at = run_page(PAGE, HARD)
    at.radio(key="w_lim_k").set_value(k).run()
    at.slider(key="w_lim_shift").set_value(shift).run()
    no_exception(at)
    e, check = slopes_at(k, shift)
    text = shown_text(at)
    assert not check.at_switch and check.hard_numeric[k] == 0
    assert (
        f"At $e_k$ = {num(e[k])}: the soft read's $\\partial L/\\partial e_k$ = {num(check.soft.analytic[k], 6)} "
        f"(central finite differences: {num(check.soft.numeric[k], 6)}, relative error "
        f"{check.soft.rel_error[k]:.1e}); hard selection's, by the same finite differences, 0.000000"
    ) in text
    sweep = costs.sweep_score(EX.H, attend(EX.H, [-1.0], EX.params).scores, EX.g, k, [0.0])
    assert f"switches at $e_k$ = {num(sweep.switch)}, where L jumps by {num(sweep.jump)}." in text
    loss = chart_data(charts(at)[0])
    hard = loss[loss["read"] == "hard selection"]["L"].to_numpy()
    soft = loss[loss["read"] == "soft read"]["L"].to_numpy()
    assert len(set(np.round(hard, 12))) == 2  # two values: below and above the switch
    assert np.abs(np.diff(soft)).max() < 0.1  # moves continuously
    slope = chart_data(charts(at)[1])
    assert np.all(slope[slope["read"] == "hard selection"]["slope"] == 0.0)


def test_at_a_tie_the_page_says_the_hard_read_switches_there():
    e = attend(EX.H, [-1.0], EX.params).scores  # like at 1.049, I at 2.735: a shift of e_I - e_like ties them
    at = run_page(PAGE, query=HARD | {"lim_k": "2", "lim_shift": repr(float(e[0] - e[1]))})
    no_exception(at)
    assert "switches here and has no derivative" in shown_text(at)


def test_the_scoring_work_stated_is_the_computed_count():
    at = run_page(PAGE, WORK)
    at.slider(key="w_lim_T").set_value(37).run()
    at.slider(key="w_lim_Tp").set_value(12).run()
    at.slider(key="w_lim_D").set_value(4).run()
    no_exception(at)
    full, local = costs.global_count(37, 12), costs.local_count(37, 12, 4)
    assert full == 444
    assert f"computes T × T′ = **{full}** scores" in shown_text(at)
    assert f"D = 4 computes **{local}** ({local / full:.0%} of them)" in shown_text(at)
    grid = chart_data(charts(at)[0])  # the grid first (left; on a phone right under the window D)
    assert len(grid) == full
    assert (grid["scored_by"] == "scored by both").sum() == local
    lines = chart_data(charts(at)[1])
    local_line = lines[lines["reading"] == "local window (2D + 1)"].set_index("T")["scores"]
    assert local_line[60] == costs.local_count(60, 12, 4)
    assert [at.query_params[k] for k in ("lim_T", "lim_Tp", "lim_D")] == ["37", "12", "4"]


def test_the_not_sparse_sentence_counts_the_positive_weights():
    at = run_page(PAGE, WORK)
    w = attend(EX.H, [-1.0], EX.params).weights
    assert f"gives 3 of its 3 positions a weight above zero (the smallest is {num(w.min())}, cats)" in shown_text(at)


@pytest.mark.parametrize(
    ("query", "tab"),
    [
        ({"lim_T": "abc"}, "work"),
        ({"lim_D": "99"}, "work"),
        ({"lim_question": "why"}, "select"),
        ({"lim_not": "yes"}, "select"),
        ({"lim_tab": "costs"}, "select"),
    ],
)
def test_bad_links_fall_back_with_a_notice_whichever_tab_is_open(query, tab):
    """A link's settings are checked on the first view, also those read only by a tab not open."""
    at = run_page(PAGE, query=query)
    no_exception(at)
    assert at.warning
    assert len(charts(at)) == 3
    other = open_tab(at, "work" if tab == "select" else tab)
    no_exception(other)
    assert len(charts(other)) == 2


def test_a_moved_score_past_the_sources_is_reset_with_a_notice_where_it_is_read():
    """Which score is moved is checked against the sources when hard selection's tab draws it."""
    at = run_page(PAGE, query={"lim_k": "9"})
    no_exception(at)
    at = open_tab(at, "hard")
    no_exception(at)
    assert t("lim.position_reset", k=9, T=3) in shown_text(at)
    assert len(charts(at)) == 2
    assert at.radio(key="w_lim_k").value == 0


@pytest.fixture
def speaking(monkeypatch):
    """Every language offered (other screens may still be in translation); English again afterwards."""
    yield
    text.use("en")


@pytest.mark.parametrize("code", ["en", "zh", "fr"])
def test_each_languages_notebook_sentences_are_its_phrases_in_order_and_differ_only_in_the_action(code, speaking):
    text.use(code)
    words = {}
    for negated in (False, True):
        scene = sel.notebook(negated)
        words[negated] = [selecting.phrase(label, negated) for label in scene.labels]
        ordered = [words[negated][j] for j in selecting.reading_order(scene)]
        sentence = t("lim.sentence_negated" if negated else "lim.sentence_plain")
        assert re.sub(r"[，。.]", "", sentence) == ("" if code == "zh" else " ").join(ordered)
        assert sorted(selecting.reading_order(scene)) == list(range(len(scene.labels)))
    differ = [j for j, (a, b) in enumerate(zip(words[False], words[True], strict=True)) if a != b]
    assert differ == [sel.notebook(False).labels.index("left")]
    plain, negated = t("lim.sentence_plain"), t("lim.sentence_negated")
    assert plain.replace(words[False][differ[0]], words[True][differ[0]], 1) == negated


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_the_notebook_in_the_readers_language_shows_the_cores_weights_in_the_readers_order(code, speaking):
    text.use(code)
    at = run_page(PAGE, {"lang": code})
    no_exception(at)
    scene = sel.notebook(False)
    r = sel.dot_read(scene, scene.query(sel.question_query("where", 0.0)))
    words = [selecting.phrase(label, False) for label in scene.labels]
    order = selecting.reading_order(scene)
    shown = weights_of(at, 1)
    assert list(shown) == [words[j] for j in order]
    np.testing.assert_allclose(list(shown.values()), r.weights[order], rtol=1e-12)
    said = shown_text(at)
    place = words[scene.labels.index("in the meeting room")]
    assert t("lim.same_top_different_meaning", top=place) in said
    assert t("lim.context_diff", feature=t("lim.feature_not"), negated=num(r.weights[1]), plain="0.0000") in said
    contexts = chart_data(charts(at)[2])
    assert list(dict.fromkeys(contexts["feature"])) == [t(f"lim.feature_{f}") for f in sel.FEATURES]


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_every_state_of_the_screen_speaks_the_readers_language(code, speaking):
    text.use(code)  # AppTest formats widget options in this thread
    at = run_page(PAGE, {"lang": code})
    left = {"default": english_left(visible_text(at), code)}

    def then(name, widget, value, shows):
        widget.set_value(value).run()
        no_exception(at)
        assert shows in shown_text(at), name
        left[name] = english_left(visible_text(at), code)

    phone = selecting.CAFE_SOURCES["the phone on the table"]
    then("goal", at.radio(key="w_lim_goal"), "phone", f"**{t(phone)}**")
    then("not", at.toggle(key="w_lim_not"), True, t("lim.sentence_negated"))
    then("colour", at.radio(key="w_lim_question"), "colour", t("lim.same_top_same_meaning"))
    at.radio(key="w_lim_question").set_value("where").run()
    then("action", at.slider(key="w_lim_action"), 5.0, t("lim.different_top"))
    open_tab(at, "hard")
    left["hard"] = english_left(visible_text(at), code)
    then("position", at.radio(key="w_lim_k"), 2, slopes_said(2, 0.0))
    then("shift", at.slider(key="w_lim_shift"), 1.5, slopes_said(2, 1.5))
    open_tab(at, "work")
    left["work"] = english_left(visible_text(at), code)
    full, local = costs.global_count(37, 20), costs.local_count(37, 20, 2)
    counts = t("lim.counts", T=37, Tp=20, global_=full, D=2, local=local, share=percent(local / full))  # 13 % in French
    then("lengths", at.slider(key="w_lim_T"), 37, counts)
    then("window", at.slider(key="w_lim_D"), 4, t("lim.grid_caption", T=37, Tp=20, D=4))
    shift = float(attend(EX.H, [-1.0], EX.params).scores[0] - attend(EX.H, [-1.0], EX.params).scores[1])
    tie = run_page(PAGE, {"lang": code, "lim_tab": "hard", "lim_k": "2", "lim_shift": repr(shift)})
    assert slopes_said(1, shift) in shown_text(tie)
    left["tie"] = english_left(visible_text(tie), code)
    bad = run_page(PAGE, {"lang": code, "lim_tab": "hard", "lim_k": "9"})
    assert t("lim.position_reset", k=9, T=3) in shown_text(bad)
    left["bad link"] = english_left(visible_text(bad), code)
    assert left == dict.fromkeys(left, [])
