"""On a phone, screen 6's tables fit the column they are in, in every language (a French head once pushed the what-if
tab's table 10 px past it); the two decoding orders' tables, opened, too."""

from __future__ import annotations

import pytest

from tests.browser import PHONE, open_screen, wait_for_app, wait_for_layout
from ui.text import speaking, t

pytestmark = pytest.mark.browser

# Each markdown table's right edge past its text container's (px), where it is past.
PAST = """() => [...document.querySelectorAll('[data-testid="stMarkdownContainer"] table')]
    .filter(t => t.getClientRects().length)
    .map(t => t.getBoundingClientRect().right
        - t.closest('[data-testid="stMarkdownContainer"]').getBoundingClientRect().right)
    .filter(d => d > 1).map(Math.round)"""
# The tables shown (laid out) in the fold titled ``title``.
SHOWN = """title => [...document.querySelectorAll('[data-testid="stExpander"]')]
    .filter(e => e.querySelector('summary').innerText.includes(title))
    .flatMap(e => [...e.querySelectorAll('table')]).filter(t => t.getClientRects().length).length == 2"""


@pytest.mark.parametrize("code", ["en", "fr", pytest.param("zh", marks=pytest.mark.long)])  # French is widest
def test_screen_6s_tables_fit_a_phone(server, tab, code):
    open_screen(tab, f"{server}/translator?tr_tab=whatif&lang={code}", PHONE)
    wait_for_app(tab)
    wait_for_layout(tab)
    assert tab.evaluate(PAST) == []
    with speaking(code):
        title = t("tr.order_title")
    tab.locator('[data-testid="stExpander"] summary', has_text=title).click()  # the two decoding orders, folded
    tab.wait_for_function(SHOWN, arg=title)  # drawn once the fold is open
    assert tab.evaluate(PAST) == []
