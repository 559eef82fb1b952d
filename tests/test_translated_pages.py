"""Every page, opened from a ``?lang=zh`` or ``?lang=fr`` link, shows no English (see ``tests.language_check``)."""

from __future__ import annotations

import re

import pytest

from app import SCREENS
from screens.walkthrough.steps import STEPS
from tests.apptest import no_exception, run_page
from tests.language_check import english_left, visible_text
from ui import text

# the home page through the app's entry point, every other screen's file; then the walkthrough's steps
VIEWS = [("app.py", {})] + [(s.script, {}) for s in SCREENS[1:]]
VIEWS += [("app.py", {"step": str(k)}) for k in range(1, len(STEPS) + 1)]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    text.use("en")


@pytest.mark.parametrize("code", ["zh", "fr"])
@pytest.mark.parametrize(("page", "query"), VIEWS, ids=[f"{p}?{q}" if q else p for p, q in VIEWS])
def test_a_translated_page_shows_no_english(page, query, code):
    text.use(code)  # AppTest formats widget options in this thread
    at = run_page(page, {"lang": code, **query})
    no_exception(at)
    assert at.query_params["lang"] == code
    shown = visible_text(at)
    assert english_left(shown, code) == []
    if code == "fr":  # the example reads J' / aime / Paris, its translation 我 / 喜欢 / 巴黎: no English reading left
        assert not re.findall(r"\b(?:like|cats)\b", shown)
