"""Numbers in charts are written as the reader's language writes them in sentences: in French, where 1,200 reads
as one point two, thousands are grouped by a narrow non-breaking space (ui.charts.spec.config), as ui.text groups
them; in English by a comma. The decimal point stays a point in every language (docs/translations.md)."""

from __future__ import annotations

import re

import pytest

from tests.browser import DESK, open_screen, wait_for_app
from ui.charts.spec import config

pytestmark = pytest.mark.browser

# Every text the screen's charts draw that holds a number of four digits or more written with a separator.
GROUPED = r"""() => [...document.querySelectorAll('[data-testid="stVegaLiteChart"] svg text')]
    .map(t => t.textContent).filter(s => /\d[,\u202f\u00a0 ]\d{3}(?!\d)/.test(s))"""


@pytest.mark.parametrize(("code", "separator"), [("fr", "\u202f"), ("en", ",")])
def test_a_charts_thousands_are_grouped_as_the_readers_language_groups_them(server, tab, code, separator):
    """Screen 7's work tab: the scores a decoder computes run to thousands on its chart's axis."""
    open_screen(tab, f"{server}/limits?lang={code}&lim_tab=work", DESK)
    wait_for_app(tab)
    tab.wait_for_function(f"() => ({GROUPED})().length > 0")
    grouped = tab.evaluate(GROUPED)
    assert all(re.fullmatch(rf"[^\d]*\d{{1,3}}({re.escape(separator)}\d{{3}})+[^\d]*", x) for x in grouped), grouped


def test_only_a_language_that_groups_by_spaces_sets_the_charts_locale():
    assert "locale" not in config("en") and "locale" not in config("zh")
    assert config("fr")["locale"]["number"] | {} == {
        "decimal": ".",
        "thousands": "\u202f",
        "grouping": [3],
        "currency": ["", ""],
    }
