"""Charts side by side in one row of a screen draw their plots at one height, so that a reader compares them along
one line: screen 5's training run (the weights, the loss, the probabilities) and screen 7's work tab (the scores
against length, the grid of scored pairs). A chart whose axes and legend Streamlit fitted into its height drew its
plot smaller than its neighbours' (the work tab's grid of 20 rows in 125 px)."""

from __future__ import annotations

import pytest

from tests.browser import DESK, open_screen, wait_for_app, wait_for_layout

pytestmark = pytest.mark.browser

# For each row of columns on the page, the plot heights of the charts in its columns (Vega's frame: the area its
# marks are drawn in), for rows with two charts or more side by side.
ROW_PLOTS = """() => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stHorizontalBlock"]')]
    .map(row => [...row.children].filter(c => c.matches('[data-testid="stColumn"]'))
        .map(c => c.querySelector('[data-testid="stVegaLiteChart"] svg g.role-frame.root > g > path.background'))
        .filter(Boolean).map(frame => Math.round(frame.getBoundingClientRect().height)))
    .filter(heights => heights.length > 1)"""


@pytest.mark.parametrize(
    ("url_path", "charts", "least"),
    [("learning?learn_tab=train", 3, 180), ("limits?lim_tab=work", 2, 240)],
    ids=["training run", "work tab"],
)
def test_plots_side_by_side_are_one_height(server, tab, url_path, charts, least):
    open_screen(tab, f"{server}/{url_path}", DESK)
    wait_for_app(tab)
    wait_for_layout(tab)
    rows = [r for r in tab.evaluate(ROW_PLOTS) if len(r) == charts]
    assert rows, tab.evaluate(ROW_PLOTS)
    for heights in rows:
        assert max(heights) - min(heights) <= 1 and min(heights) >= least, heights
