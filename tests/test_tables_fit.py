"""On a phone, screen 6's tables fit the column they are in, in every language (a French head once pushed the what-if
tab's table 10 px past it); the two decoding orders' tables, opened, too."""

from __future__ import annotations

import pytest

from tests.browser import PHONE, open_screen, wait_for_app, wait_for_layout

pytestmark = pytest.mark.browser

# Each markdown table's right edge past its text container's (px), where it is past.
PAST = """() => [...document.querySelectorAll('[data-testid="stMarkdownContainer"] table')]
    .filter(t => t.getClientRects().length)
    .map(t => t.getBoundingClientRect().right
        - t.closest('[data-testid="stMarkdownContainer"]').getBoundingClientRect().right)
    .filter(d => d > 1).map(Math.round)"""


@pytest.mark.parametrize("code", ["en", "fr", pytest.param("zh", marks=pytest.mark.long)])  # French is widest
def test_screen_6s_tables_fit_a_phone(server, tab, code):
    open_screen(tab, f"{server}/translator?tr_tab=whatif&lang={code}", PHONE)
    wait_for_app(tab)
    wait_for_layout(tab)
    assert tab.evaluate(PAST) == []
    tab.locator('[data-testid="stExpander"] summary').last.click()  # the two decoding orders, under the tables
    tab.wait_for_function("() => document.querySelectorAll('[data-testid=\"stExpander\"] table').length == 2")
    assert tab.evaluate(PAST) == []
