"""No page asks any host but the app's own for anything: a school's readers are not announced to a third party, and
the dashboard works offline.

Every page a browser test opens in the shared tab (conftest's ``tab``: every screen in English and in French, the
walkthrough's steps, phones and projectors) is watched: a request or websocket to a host past this machine fails the
test that opened it. (Streamlit's page fetched a ``:material/…:`` screen icon from fonts.gstatic.com, with the page's
address as Referer, on every load until the app set the tab's icon before declaring its screens:
``ui.frame.set_up``.) The long checks also open every view by its link (a screen, a tab of one, a walkthrough step,
the live tab), the languages in turn, and wait until it has drawn everything. A language changes a page's words, not
what it loads: no message, in any language, names an address (a picture or a link in a translation would), which
every message is checked for, shown or not.
"""

from __future__ import annotations

import re

import pytest

from bench import load
from tests.browser import ASKED_ELSEWHERE, DESK, elsewhere, open_screen, wait_for_layout
from ui.text import CATALOG, LANGUAGES

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
    """Every view, each in the next language in turn (every language on a dozen views), in the long checks (a
    developer's run watches every page of the shared tab)."""
    return [
        pytest.param(view, CODES[k % len(CODES)], marks=pytest.mark.long, id=f"{view}-{CODES[k % len(CODES)]}")
        for k, view in enumerate(VIEWS)
    ]


# An address a page could ask for: a scheme's, a host's (//host), or a "www." one; an HTML attribute that loads
# (src, srcset) or a CSS url(); Markdown's picture.
ADDRESS = re.compile(
    r"\b[a-z][a-z0-9+.-]*://|(?<![\w/])//[\w-]+\.|\bwww\.|\b(?:src|srcset)\s*=|url\s*\(|!\[[^\]]*\]\(", re.I
)


def test_no_message_in_any_language_names_an_address():
    """What a message writes is the app's own, in every language: none links or loads anything from anywhere."""
    found = {(code, key): text for code, messages in CATALOG.items() for key, text in messages.items()
             if ADDRESS.search(text)}  # fmt: skip
    assert found == {}


@pytest.mark.parametrize(
    "text",
    ["see https://example.org", "![a cat](cat.png)", '<img src="x.png">', "url(//fonts.example.com/a.woff)",
     "www.example.org", "//cdn.example.com/x.js"],
)  # fmt: skip
def test_an_address_in_a_message_is_found(text):
    assert ADDRESS.search(text)


@pytest.mark.parametrize(("view", "code"), cases())
def test_a_view_asks_no_other_host_for_anything(server, tab, view, code):
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
    assert asked and [u for u in asked if elsewhere(u)] == [], f"{len(asked)} requests, to other hosts"


def test_the_shared_tab_keeps_what_a_page_asks_of_another_host(tab):
    """What the guard on every test of the shared tab reads: a picture from another host is kept, one of this
    machine's is not."""
    asked = getattr(tab, ASKED_ELSEWHERE)
    tab.set_content('<img src="http://127.0.0.1:9/here.png"><img src="https://fonts.gstatic.com/s/icon.png">')
    assert asked == ["https://fonts.gstatic.com/s/icon.png"]
    asked.clear()  # seen: the guard would fail this test
