"""The home page: AppTest."""

import numpy as np

from tests.apptest import REPORT, chart_data, charts, no_exception, run_page, shown_text


def test_home_states_the_question_the_route_and_what_it_is_not():
    at = run_page("app.py")
    no_exception(at)
    assert at.title[0].value == "How does a model decide where to look?"
    text = shown_text(at)
    for part in (
        "Fixed summary",
        "Revisitable source",
        "Scoring",
        "State sweep",
        "Learning",
        "What this is not",
        "Not a trained translator's real alignment",
    ):
        assert part in text, part


def test_home_chart_shows_the_worked_example():
    df = chart_data(charts(run_page("app.py"))[0])
    groups = {g: part["weight"].to_numpy() for g, part in df.groupby("state", sort=False)}
    np.testing.assert_allclose(groups["A (s = -1), tanh"], REPORT["readings"]["A"]["weights"], rtol=1e-12)
    np.testing.assert_allclose(groups["B (s = +1), tanh"], REPORT["readings"]["B"]["weights"], rtol=1e-12)
    np.testing.assert_allclose(groups["A (s = -1), no tanh"], REPORT["readings"]["A"]["weights_without_tanh"])


def test_a_hostile_link_on_the_home_page_gives_a_notice_not_an_exception():
    at = run_page("app.py", query={"W": "</script><script>alert(1)</script>", "s": "1;DROP"})
    no_exception(at)
    assert len(at.warning) == 2
