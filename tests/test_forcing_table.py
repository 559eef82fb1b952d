"""Screen 6's forcing table at a laptop's width: its eight columns whole in every language, none scrolled out of
its box (on a phone it scrolls sideways, its first columns pinned: see test_accessibility)."""

from __future__ import annotations

import pytest

from tests.browser import DESK, open_screen, wait_for_app, wait_for_layout
from ui.text import TRANSLATED

pytestmark = pytest.mark.browser

# The table's scrolling area: how wide its columns are, and how wide the box that shows them.
WIDTHS = """() => {
    const s = document.querySelector('.st-key-scrolls-forcing_steps [data-testid="stDataFrame"] .dvn-scroller');
    return s && [s.scrollWidth, s.clientWidth];
}"""


@pytest.mark.parametrize("code", ["en", *TRANSLATED])
def test_the_forcing_table_fits_a_laptop_in_every_language(server, tab, code):
    open_screen(tab, f"{server}/translator?tr_tab=forcing&tr_step=25&lang={code}", DESK)  # a step where runs part
    wait_for_app(tab)
    wait_for_layout(tab)
    tab.wait_for_function(f"() => ({WIDTHS})() !== null")
    columns, box = tab.evaluate(WIDTHS)
    assert columns <= box, f"{columns - box} px of the table out of sight"
