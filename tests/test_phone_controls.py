"""On a phone (390x844, columns stacked) a control sits close above the chart it changes, so that a reader sees the
chart move as they press it: screen 5's Step button above the training run's weights, screen 7's "did not" switch
above the notebook's weights, and its window D above the grid of scored pairs. (A slider that scrubs charts in the
browser is docked at the window's foot instead: ui.scrub.)"""

from __future__ import annotations

import pytest

from tests.browser import PHONE, open_screen, wait_for_app, wait_for_layout
from ui.text import t

pytestmark = pytest.mark.browser

CLOSE = 160  # px from the control's bottom to its chart's top: under a fifth of a phone's window

# The room between a control (found by its widget key's element) and the first chart below it whose name (its text
# for a screen reader: its caption, then its numbers) begins with the given words; null if there is none below it.
ROOM = """([selector, name]) => {
    const control = document.querySelector(selector).getBoundingClientRect();
    const below = [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')]
        .filter(c => (c.getAttribute('aria-label') || '').startsWith(name))
        .map(c => c.getBoundingClientRect().top - control.bottom).filter(room => room >= 0);
    return below.length ? Math.round(Math.min(...below)) : null;
}"""


@pytest.mark.parametrize(
    ("url_path", "selector", "caption"),
    [
        ("learning?learn_tab=train", ".st-key-learn_step", "learn.weights_caption"),
        ("limits", ".st-key-w_lim_not", "lim.weights_caption"),
        ("limits?lim_tab=work", ".st-key-w_lim_D", "lim.grid_caption"),
    ],
    ids=["step button", "did not", "window D"],
)
def test_a_control_sits_close_above_the_chart_it_changes(server, tab, url_path, selector, caption):
    open_screen(tab, f"{server}/{url_path}", PHONE)
    wait_for_app(tab)
    wait_for_layout(tab)
    name = t(caption, T=20, Tp=20, D=2).split("$")[0].strip()  # its first words, before any TeX
    room = tab.evaluate(ROOM, [selector, name])
    assert room is not None and room <= CLOSE, room
