"""A screen a student can take in: at most about 600 words on a screen before anything folded (an expander, a tab
not open), in every language (Chinese counted by characters, ``ui.format.HAN_PER_WORD`` a word)."""

from __future__ import annotations

import pytest

from app import SCREENS
from tests.apptest import no_exception, run_page
from ui import text
from ui.format import reading_length

MOST = 600  # words before a fold
PROSE = ("Markdown", "Caption", "Title", "Header", "Subheader", "Heading", "Alert", "Info", "Warning", "Success")


def unfolded(node: object) -> list[str]:
    """The prose of ``node`` a reader sees without opening anything: an expander's body and a tab not open (every
    tab but the first) are folded; equations are not prose."""
    kind = type(node).__name__
    if kind == "Expander":
        return []
    found = [node.value] if kind in PROSE and isinstance(getattr(node, "value", None), str) else []
    children = list(getattr(node, "children", {}).values()) if isinstance(getattr(node, "children", None), dict) else []
    tabs = [c for c in children if type(c).__name__ == "Tab"]
    for child in tabs[:1] if tabs else children:
        found += unfolded(child)
    return found


@pytest.fixture
def reader_language():
    yield
    text.use("en")


@pytest.mark.parametrize("code", ["en", "zh", "fr"])
@pytest.mark.parametrize("path", [s.script for s in SCREENS], ids=[s.title for s in SCREENS])
def test_a_screen_shows_at_most_600_words_before_a_fold(reader_language, path, code):
    text.use(code)
    at = run_page("app.py" if path == SCREENS[0].script else path, {"lang": code})
    no_exception(at)
    shown = [x for child in at._tree.children.values() for x in unfolded(child)]
    assert sum(map(reading_length, shown)) > 100  # the count reads the page's prose
    assert sum(map(reading_length, shown)) <= MOST
