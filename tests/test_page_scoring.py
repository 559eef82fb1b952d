"""Screen 3, scoring: AppTest."""

import numpy as np
import pytest

from core.example import worked_example
from core.reading import shift_change
from core.scorers import additive_parts_at
from tests.apptest import REPORT, chart_data, chart_spec, charts, edit_table, errors, no_exception, run_page, shown_text
from tests.language_check import english_left, visible_text
from ui import text, widgets
from ui.format import scientific

PAGE = "screens/scoring/page.py"
EX = worked_example()
SHIFT, LUONG = {"score_tab": "shift"}, {"score_tab": "luong"}  # below the scorer, the screen opens on f removed


def open_tab(at, name):
    """Open the screen's tab ``name`` (removed, shift, luong) as a reader's click does."""
    at.session_state["w_score_tab"] = text.t(f"score.tab_{name}")
    return at.run()


def chart_with(at, column, value=None):
    """The first chart whose data has ``column`` (and, if given, ``value`` in it)."""
    for c in charts(at):
        df = chart_data(c)
        if column in df.columns and (value is None or value in df[column].tolist()):
            return df
    raise AssertionError(f"no chart with {column}={value}")


def figure(at):
    df = chart_with(at, "reading", "A · tanh")
    return {group: part["weight"].to_numpy() for group, part in df.groupby("reading", sort=False)}


def test_default_expression_and_figure_match_the_report():
    at = run_page(PAGE)
    no_exception(at)
    latex = " ".join(e.value for e in at.latex)
    assert r"2\,\tanh\left(h_{j,1} + h_{j,2} - s + 1.5\right)" in latex
    assert r"+ 2\,\tanh\left(-h_{j,1} - h_{j,2} + 2 s + 1.5\right)" in latex
    f = figure(at)
    np.testing.assert_allclose(f["A · tanh"], REPORT["readings"]["A"]["weights"], rtol=1e-12)
    np.testing.assert_allclose(f["B · tanh"], REPORT["readings"]["B"]["weights"], rtol=1e-12)
    np.testing.assert_allclose(f["A · tanh removed"], [1 / 3] * 3, rtol=1e-12)
    np.testing.assert_allclose(f["B · tanh removed"], [1 / 3] * 3, rtol=1e-12)


def test_parts_shade_on_one_scale_for_every_state():
    at = run_page(PAGE)
    spec = chart_spec(next(c for c in charts(at) if "unit" in chart_data(c).columns))
    top = {p["name"]: p["value"] for p in spec["params"]}["top"]
    everywhere = additive_parts_at(EX.H, widgets.state_grid(-1.0)[:, None], EX.params).contribution
    assert top == pytest.approx(max(np.abs(everywhere).max(), np.abs(everywhere.sum(axis=2)).max()))


def test_the_parts_axis_names_the_score_column_as_well_as_the_units():
    at = run_page(PAGE)
    spec = chart_spec(next(c for c in charts(at) if "unit" in chart_data(c).columns))
    layers = spec.get("layer", [spec])
    titles = [layer["encoding"]["x"].get("title") for layer in layers if "x" in layer.get("encoding", {})]
    assert titles and all("eⱼ" in title and "k" in title for title in titles), titles


def test_parts_add_up_to_the_scores_at_the_current_state():
    at = run_page(PAGE)
    parts = chart_with(at, "unit")
    e = parts[parts["unit"] == "eⱼ"]["contribution"].to_numpy()
    np.testing.assert_allclose(e, REPORT["readings"]["A"]["scores"], rtol=1e-12)
    units = parts[parts["unit"] != "eⱼ"].groupby("position", sort=False)["contribution"].sum().to_numpy()
    np.testing.assert_allclose(units, e, rtol=1e-12)


def test_algebra_of_the_vanishing_state_is_shown_with_numbers():
    text = shown_text(run_page(PAGE))
    assert r"$W^\top v$ = (0.0000, 0.0000), $v^\top U$ = 2.0000, $v^\top b$ = 6.0000" in text
    assert "weights 1/3" in text


def test_switching_the_nonlinearity_changes_expression_and_figure():
    at = run_page(PAGE)
    at.radio(key="w_f").set_value("identity").run()
    no_exception(at)
    latex = " ".join(e.value for e in at.latex)
    assert r"\tanh\left(h_{j,1}" not in latex
    f = {g: w for g, w in (figure_any(at)).items()}
    assert list(f) == ["A · no nonlinearity", "B · no nonlinearity"]
    np.testing.assert_allclose(f["A · no nonlinearity"], [1 / 3] * 3, rtol=1e-12)
    assert "States A (s = −1) and B (s = +1), with no nonlinearity" in shown_text(at)
    assert str(at.query_params["f"]) in ("identity", "['identity']")


def test_the_header_heading_and_labels_follow_the_chosen_nonlinearity():
    at = run_page(PAGE)
    assert r"v^\top \tanh\!\left(W h_j + U s_{t-1} + b\right)" in at.latex[0].value
    at.radio(key="w_f").set_value("relu").run()
    no_exception(at)
    # the header is written by the nonlinearity's section into a place above it: a whole run shows AppTest
    # where it stands (the browser redraws it in place; the browser test reads it there)
    at.run()
    assert r"e_{tj} = v^\top \operatorname{ReLU}\!\left(W h_j + U s_{t-1} + b\right)" in at.latex[0].value
    headings = [h.value for h in at.subheader]
    assert "States A (s = −1) and B (s = +1), with ReLU and with ReLU removed" in headings
    assert not any("tanh" in h for h in headings)
    df = chart_with(at, "reading", "A · ReLU")
    assert list(dict.fromkeys(df["reading"])) == [
        "A · ReLU",
        "A · ReLU removed",
        "B · ReLU",
        "B · ReLU removed",
    ]
    weights = {g: part["weight"].to_numpy() for g, part in df.groupby("reading", sort=False)}
    np.testing.assert_allclose(weights["B · ReLU removed"], [1 / 3] * 3, rtol=1e-12)
    assert "with ReLU and with ReLU removed" in shown_text(at)  # the caption too


def figure_any(at):
    df = chart_with(at, "reading", "A · no nonlinearity")
    return {group: part["weight"].to_numpy() for group, part in df.groupby("reading", sort=False)}


def test_shift_does_not_move_the_weights():
    at = run_page(PAGE, SHIFT)
    at.slider(key="w_shift").set_value(-7.5).run()
    weights = chart_with(at, "version", "Softmax(e)")
    groups = [part["weight"].to_numpy() for _, part in weights.groupby("version", sort=False)]
    np.testing.assert_allclose(groups[0], groups[1], atol=1e-15)
    assert "Softmax(e + -7.5)" in weights["version"].tolist()
    # the sentence's number is core's, over every state the slider can set, with the shift and f of the screen
    grid = widgets.state_grid(at.slider(key="w_s").value)[:, None]
    change = shift_change(EX.H, grid, EX.params, -7.5, "tanh")
    assert f"Largest change of any weight, at any state the slider can set: **{scientific(change)}" in shown_text(at)


def test_editing_the_scorer_changes_the_numbers_and_the_link():
    at = edit_table(run_page(PAGE), "w_scorer", edited_rows={0: {"v_k": 1.0}})
    no_exception(at)
    assert not errors(at)
    f = figure(at)
    assert not np.allclose(f["A · tanh"], REPORT["readings"]["A"]["weights"])
    assert "v" in at.query_params
    # the tanh-free weights are no longer uniform: W^T v != 0 now
    assert not np.allclose(f["A · tanh removed"], 1 / 3)
    # adding a hidden unit widens d_a
    at = edit_table(at, "w_scorer", added_rows=[{"W_k1": 0.5, "W_k2": 0.0, "U_k": 1.0, "v_k": 1.0, "b_k": 0.0}])
    assert "k = 3" in chart_with(at, "unit")["unit"].tolist()


@pytest.mark.parametrize(
    "edit, fragment",
    [
        ({"edited_rows": {0: {"W_k1": None}}}, "row 1, column Wₖ,₁ is empty"),
        ({"edited_rows": {1: {"b_k": 1e9}}}, "row 2, column bₖ is larger than"),
        ({"deleted_rows": [0, 1]}, "at least one row"),
        ({"added_rows": [{"W_k1": 1, "W_k2": 1, "U_k": 1, "v_k": 1, "b_k": 1}] * 15}, "at most 16 rows"),
    ],
)
def test_bad_scorer_tables_show_an_error_and_keep_the_last_valid_scorer(edit, fragment):
    at = edit_table(run_page(PAGE), "w_scorer", **edit)
    no_exception(at)
    assert any(fragment in e and e.startswith("Scorer table") for e in errors(at)), errors(at)
    np.testing.assert_allclose(figure(at)["A · tanh"], REPORT["readings"]["A"]["weights"], rtol=1e-12)


def test_luong_scores_respond_to_their_inputs():
    at = run_page(PAGE, LUONG)
    before = chart_with(at, "reading", "dot")
    at.number_input(key="w_q1").set_value(-2.0).run()
    after = chart_with(at, "reading", "dot")
    dot_before = before[before["reading"] == "dot"]["weight"].to_numpy()
    dot_after = after[after["reading"] == "dot"]["weight"].to_numpy()
    assert not np.allclose(dot_before, dot_after)
    # dot with q = (-2, 0): scores are -2 h_j1 = (2, -2, 0) for I, like, cats
    e = np.array([2.0, -2.0, 0.0])
    np.testing.assert_allclose(dot_after, np.exp(e) / np.exp(e).sum(), rtol=1e-12)


def test_a_shared_link_reproduces_the_view_and_bad_links_fall_back():
    at = run_page(PAGE, query={"score_tab": "luong", "f": "relu", "s": "0.5", "q1": "3"})
    no_exception(at)
    assert at.radio(key="w_f").value == "relu" and at.number_input(key="w_q1").value == 3.0
    assert not at.warning
    at = run_page(PAGE, query={"f": "cube", "q1": "nan", "score_tab": "sum"})
    no_exception(at)
    assert len(at.warning) == 3 and at.radio(key="w_f").value == "tanh"  # q1 too, read only by a closed tab
    assert figure(at)  # the tab of f removed, open when the link names no tab it has
    assert open_tab(at, "luong").number_input(key="w_q1").value == 1.0


def test_the_dot_score_is_written_with_the_query_it_uses_and_the_why_formula_with_the_step():
    at = run_page(PAGE, LUONG)
    text = shown_text(at)
    assert r"$e_j = q^\top h_j$" in text and r"$s^\top h_j$" not in text
    at = run_page(PAGE)
    why = next(e.value for e in at.latex if "underbrace" in e.value)
    assert r"e_{tj} &= v^\top (W h_j + U s_{t-1} + b)" in why and r"\alpha_{tj}" in why


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_every_control_keeps_the_page_in_the_readers_language(code, monkeypatch):
    text.use(code)  # AppTest formats widget options in this thread
    try:
        at = run_page(PAGE, {"lang": code})
        views = [visible_text(at)]
        for f in ("identity", "relu"):
            at.radio(key="w_f").set_value(f).run()
            views.append(visible_text(at))
        assert text.t("score.figure", f="ReLU") in [h.value for h in at.subheader]
        open_tab(at, "shift")
        at.slider(key="w_shift").set_value(-7.5).run()
        views.append(visible_text(at))
        open_tab(at, "luong")
        at.number_input(key="w_q1").set_value(-2.0).run()
        views.append(visible_text(at))
        at = edit_table(at, "w_scorer", edited_rows={0: {"W_k1": None}})
        assert errors(at)  # a refused scorer table, named in the reader's language
        views.append(visible_text(at))
        no_exception(at)
        assert [english_left(view, code) for view in views] == [[]] * len(views)
    finally:
        text.use("en")
