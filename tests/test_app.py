"""The home page: AppTest."""

import numpy as np

from app import SCREENS
from tests.apptest import REPORT, chart_data, charts, no_exception, run_page, shown_text
from ui.text import t


def test_home_states_the_question_the_route_and_what_it_is_not():
    at = run_page("app.py")
    no_exception(at)
    assert at.title[0].value == "How does a model decide where to look?"
    text = shown_text(at)
    for part in ("What this is not", "Not a trained translator's real alignment"):
        assert part in text, part
    # the route links every screen once (the sidebar's navigation is the browser test's) and does not name it
    # again in its text
    links = [e.proto.label for e in at.get("page_link")]
    for key in [s.title for s in SCREENS[1:]]:
        assert links.count(t(key)) == 1, key
        assert t(key).split(" · ")[1] not in text, key


def test_home_chart_shows_the_worked_example():
    df = chart_data(charts(run_page("app.py"))[0])
    groups = {g: part["weight"].to_numpy() for g, part in df.groupby("state", sort=False)}
    np.testing.assert_allclose(groups["A · tanh"], REPORT["readings"]["A"]["weights"], rtol=1e-12)
    np.testing.assert_allclose(groups["B · tanh"], REPORT["readings"]["B"]["weights"], rtol=1e-12)
    np.testing.assert_allclose(groups["A · tanh removed"], REPORT["readings"]["A"]["weights_without_tanh"])


def test_a_hostile_link_on_the_home_page_gives_a_notice_not_an_exception():
    at = run_page("app.py", query={"W": "</script><script>alert(1)</script>", "s": "1;DROP"})
    no_exception(at)
    assert len(at.warning) == 2


def test_the_shared_state_follows_the_reader_between_screens():
    at = run_page("screens/revisitable_source/page.py")
    at.slider(key="w_s").set_value(1.0).run()
    at.switch_page("screens/state_sweep/page.py").run()
    no_exception(at)
    assert at.slider(key="w_s").value == 1.0
    at.switch_page("screens/scoring/page.py").run()
    assert at.slider(key="w_s").value == 1.0


def test_reset_restores_the_articles_example_everywhere():
    at = run_page("screens/revisitable_source/page.py", query={"s": "2", "H": "0,0;1,1;2,0"})
    assert at.slider(key="w_s").value == 2.0
    at.button(key="nav_reset").click().run()
    no_exception(at)
    assert at.slider(key="w_s").value == -1.0
    assert dict(at.query_params) == {}


def test_one_button_lists_every_charts_numbers_in_a_dialog():
    at = run_page("screens/revisitable_source/page.py")
    assert not at.get("download_button")  # no download button per chart on every rerun
    drawn = charts(at)
    at.sidebar.button(key="numbers").click().run()
    no_exception(at)
    names = [b.proto.label for b in at.get("download_button")]
    exports = [t("export.handout"), t("export.example_json"), t("export.example_csv")]
    assert names[:3] == exports  # the handout and the worked example first, then one CSV a chart
    assert names[3:] == [t("export.chart_csv", k=k) for k in range(1, len(drawn) + 1)]
    helps = [b.proto.help for b in at.get("download_button")][3:]
    assert helps[0] == t("rev.scores_caption") and len(set(helps)) == len(drawn)  # each names its chart's caption
