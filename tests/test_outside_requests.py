"""No page asks any host but the app's own for anything: a school's readers are not announced to a third party, and
the dashboard works offline.

Chromium opens each view by its link (a screen, a tab of one, a walkthrough step, the live tab) and every request
and websocket the page makes while it loads and draws is recorded: any other host fails the test. (Streamlit's page
fetched a ``:material/…:`` screen icon from fonts.gstatic.com, with the page's address as Referer, on every load
until the app set the tab's icon before declaring its screens: ``ui.frame.set_up``.) A developer's run opens every
screen once, the languages taken in turn; the long checks open every view in every language.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from bench import load
from tests.browser import DESK, open_screen, wait_for_layout
from ui.text import LANGUAGES

pytestmark = pytest.mark.browser

CODES = tuple(LANGUAGES)
LIVE = "translator/live"  # the live tab, its start button never pressed (load.VIEWS leaves it out)
VIEWS = (*load.VIEWS, LIVE)
OWN_ICON = """() => document.querySelector("link[rel='shortcut icon']")?.href.startsWith('data:image/png')"""


def link(view: str, code: str) -> str:
    """The view's address and query, in language ``code``."""
    path, query = ("translator", "tr_tab=live") if view == LIVE else (load.url_path(view), load.link_query(view))
    return f"/{path}?" + "&".join(q for q in (query, "" if code == "en" else f"lang={code}") if q)


def cases() -> list:
    """Every screen once, the languages in turn; every other view and language in the long checks."""
    quick = {(screen, CODES[k % len(CODES)]) for k, screen in enumerate(load.SCREENS)}
    return [
        pytest.param(view, code, marks=() if (view, code) in quick else pytest.mark.long, id=f"{view}-{code}")
        for view in VIEWS
        for code in CODES
    ]


@pytest.mark.parametrize(("view", "code"), cases())
def test_a_view_asks_no_other_host_for_anything(server, tab, view, code):
    own = urlsplit(server).netloc
    asked: list[str] = []
    record = lambda r: asked.append(r.url)  # noqa: E731 (a request, or a websocket opened)
    tab.on("request", record)
    tab.on("websocket", record)
    try:
        open_screen(tab, server + link(view, code), DESK)
        tab.wait_for_function(OWN_ICON)  # the page's run has set the tab's icon, the app's own picture
        wait_for_layout(tab)  # and drawn everything: charts, equations, their fonts
    finally:
        tab.remove_listener("request", record)
        tab.remove_listener("websocket", record)
    elsewhere = [u for u in asked if urlsplit(u).scheme not in ("data", "blob") and urlsplit(u).netloc != own]
    assert asked and elsewhere == [], f"{len(asked)} requests, to other hosts: {elsewhere}"
