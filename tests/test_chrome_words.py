"""Streamlit's own words in the reader's language (ui/chrome_words.py): the words are Streamlit's, each language's
translate back to one English word, and in Chromium the menu, the buttons' names and tips, the fields' hints and the
skip link speak the page's language, into another one and back to English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import streamlit
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser import open_screen, wait_for_app, wait_for_layout, wait_for_run
from ui import chrome_words
from ui.catalog import chrome
from ui.text import CATALOG, LANGUAGES, speaking, t

BUNDLE = "".join(
    p.read_text(encoding="utf-8", errors="replace")
    for p in (Path(streamlit.__file__).parent / "static" / "static" / "js").glob("*.js")
)
# the pieces Streamlit's page composes each pattern from (a field's text is written ``${...}``)
COUNTED = ("} result${", "===1?``:`s`}")  # the pieces of a search's count
COMPOSED = {
    "chrome.help_for": ("`Help for ${",),
    "chrome.apply": ("`Press Enter to ${", "+Enter to ${", "`apply`"),
    # a table search's counts: `${n} result${n===1?``:`s`}`, `over 1000`, `${i+1} of ${count}`
    "chrome.results": COUNTED,
    "chrome.results_none": COUNTED,
    "chrome.result_one": COUNTED,
    "chrome.results_over": ("`over 1000`",),
    "chrome.result_at": ("+1} of ${",),
}
COMPOSED_WORDS = {"chrome.results_none", "chrome.result_one"}  # words Streamlit's page composes of those pieces

HOVERS = 5  # tries to show a chart's toolbar tip by hovering (see its test)


def test_every_word_is_streamlits_own():
    """A Streamlit whose page words a thing otherwise would leave it in English: this fails first."""
    assert set(chrome_words.WORDS) | set(chrome_words.PATTERNS) | set(chrome_words.KEYS) == set(chrome.EN)
    # a key's name is in the pieces a pattern naming keys is composed from
    assert all(any(CATALOG["en"][k] in piece for piece in COMPOSED["chrome.apply"]) for k in chrome_words.KEYS)
    missing = [k for k in chrome_words.WORDS if k not in COMPOSED_WORDS and f"`{CATALOG['en'][k]}`" not in BUNDLE]
    assert missing == []
    assert set(COMPOSED) == set(chrome_words.PATTERNS) | COMPOSED_WORDS
    assert [(k, piece) for k, pieces in COMPOSED.items() for piece in pieces if piece not in BUNDLE] == []


def test_every_language_s_word_reads_back_as_one_english_word():
    english: dict[str, str] = {}
    for code in LANGUAGES:
        for en, said in chrome_words.CONFIG["words"][code].items():
            assert english.setdefault(said, en) == en, (code, said)
        patterns = chrome_words.CONFIG["patterns"][code]
        assert len(patterns) == len(chrome_words.PATTERNS)
        for pattern, fields in zip(patterns, chrome_words.PATTERNS.values(), strict=True):  # each field once
            assert [pattern.count(chrome_words.hole(j)) for j in range(len(fields))] == [1] * len(fields), pattern


def test_the_patterns_are_the_messages_with_their_fields():
    for code in LANGUAGES:
        with speaking(code):
            for pattern, (key, fields) in zip(chrome_words.CONFIG["patterns"][code], chrome_words.PATTERNS.items(),
                                              strict=True):  # fmt: skip
                filled = {field: f"<{field}>" for field in fields}
                for j, field in enumerate(fields):
                    pattern = pattern.replace(chrome_words.hole(j), filled[field])
                assert pattern == t(key, **filled)


ENGLISH = sorted(chrome_words.CONFIG["words"]["en"])
# every name, tip or text on the page outside a chart's drawing that is one of Streamlit's English words, or begins
# as its help button's name does
LEFT_IN_ENGLISH = """([words, prefix]) => {
    const left = [];
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder]')) {
        if (el instanceof SVGElement) continue;
        for (const a of ['aria-label', 'title', 'placeholder']) {
            const v = el.getAttribute(a);
            if (v && (words.includes(v) || (prefix && v.startsWith(prefix)))) left.push(a + ': ' + v);
        }
    }
    const skip = document.querySelector('[data-testid="stSkipToContent"]');
    if (skip && words.includes(skip.textContent.trim())) left.push('skip: ' + skip.textContent.trim());
    return left;
}"""


def said(code: str, key: str, **fields: object) -> str:
    with speaking(code):
        return t(key, **fields)


def menu_items(tab, code: str) -> None:
    """Open the main menu by its name in ``code`` and check its items read in ``code``; close it."""
    tab.get_by_role("button", name=said(code, "chrome.main_menu"), exact=True).click()
    menu = tab.locator('[data-testid="stMainMenuPopover"]')
    expect(menu.get_by_role("group", name=said(code, "chrome.theme"), exact=True)).to_be_visible()
    for key in ("chrome.theme_system", "chrome.theme_light", "chrome.theme_dark"):
        expect(menu.get_by_role("menuitemradio", name=said(code, key), exact=True)).to_have_text(
            re.compile(re.escape(said(code, key)) + "$")  # its name and the text the menu shows
        )
    expect(menu.get_by_role("menuitem", name=said(code, "chrome.print"), exact=True)).to_be_visible()
    made_with = re.escape(said(code, "chrome.made_with")) + r"\d+\.\d+"  # its last line, the version after it
    expect(menu.get_by_text(re.compile(made_with))).to_be_visible()
    tab.keyboard.press("Escape")
    expect(menu).to_have_count(0)


def test_streamlits_words_speak_the_page_s_language_and_follow_it(server, tab):
    open_screen(tab, f"{server}/revisitable_source?lang=zh", {"width": 1280, "height": 800})
    wait_for_app(tab)
    wait_for_layout(tab)
    assert tab.evaluate(LEFT_IN_ENGLISH, [ENGLISH, "Help for "]) == []
    expect(tab.locator('[data-testid="stSkipToContent"]')).to_have_text(said("zh", "chrome.skip"))
    menu_items(tab, "zh")
    # a chart's button: its name, and its tip on hovering
    charts = '[data-testid="stVegaLiteChart"]'
    holder = tab.locator('[data-testid="stElementContainer"]').filter(has=tab.locator(charts)).first
    chart = holder.locator(charts)
    chart.evaluate("e => e.scrollIntoView({block: 'center'})")  # its toolbar, above it, clear of the page's header
    png = holder.get_by_role("button", name=said("zh", "chrome.png"), exact=True)  # the hovered chart's own
    tip = tab.locator('[data-testid="stTooltipContent"]').filter(has_text=said("zh", "chrome.png"))
    # The toolbar shows, and takes events, only while the pointer is over its chart; on a busy machine the page may
    # still move under the pointer (charts laid out late), so the pointer goes over the chart, then to the button
    # (unchecked: a hidden toolbar would fail Playwright's check that it gets the events), until the tip shows.
    for _ in range(HOVERS):
        wait_for_layout(tab)
        chart.hover()
        expect(png).to_be_visible()
        png.hover(force=True)
        try:
            expect(tip).to_be_visible(timeout=3000)
            break
        except AssertionError:
            continue
    expect(tip).to_be_visible()
    # a help button's name: the pattern, its field (the control's label) carried over
    helped = tab.locator('[data-testid="stSidebar"] [aria-label]').evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    before, after = said("zh", "chrome.help_for", label="\n").split("\n")
    assert any(h.startswith(before) and h.endswith(after) and len(h) > len(before + after) for h in helped), helped

    # Into French, then back to English: the words Streamlit drew once follow the language too
    tab.get_by_text(LANGUAGES["fr"], exact=True).click()
    wait_for_run(tab)
    expect(tab.locator('[data-testid="stSkipToContent"]')).to_have_text(said("fr", "chrome.skip"))
    menu_items(tab, "fr")
    tab.get_by_text(LANGUAGES["en"], exact=True).click()
    wait_for_run(tab)
    expect(tab.locator('[data-testid="stSkipToContent"]')).to_have_text("Skip to main content")
    menu_items(tab, "en")
    french = sorted(chrome_words.CONFIG["words"]["fr"].values())
    assert tab.evaluate(LEFT_IN_ENGLISH, [french, None]) == []


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_a_text_field_s_hint_speaks_the_page_s_language(server, tab, lang):
    open_screen(tab, f"{server}/translator?lang={lang}", {"width": 1280, "height": 800})
    wait_for_app(tab)
    field = tab.locator("textarea").first
    field.scroll_into_view_if_needed()
    field.click()
    field.press("End")
    field.type(" x")
    hint = tab.locator('[data-testid="InputInstructions"]').first
    keys = "Ctrl+" + said(lang, "chrome.key_enter")  # the keys as the page's language names them (fr: Entrée)
    expect(hint).to_have_text(re.compile(re.escape(said(lang, "chrome.apply", keys=keys))))
    expect(hint).to_be_visible()


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_a_tables_search_counts_in_the_page_s_language(server, tab, lang):
    """The sources' table on screen 2, searched: how many cells it found, the one the reader stepped to, none."""
    open_screen(tab, f"{server}/revisitable_source?lang={lang}", {"width": 1280, "height": 800})
    wait_for_app(tab)
    table = tab.locator(".st-key-w_sources")
    table.evaluate("e => e.scrollIntoView({block: 'center'})")  # its toolbar, above it, clear of the page's header
    search = table.get_by_role("button", name=said(lang, "chrome.search"), exact=True)
    bar = tab.locator(".gdg-search-bar")
    # The toolbar takes events only once the pointer has rested over its table a moment: over the table, then to
    # the button, until the search opens (as the chart's toolbar above)
    for _ in range(HOVERS):
        wait_for_layout(tab)
        table.hover()
        tab.wait_for_timeout(300)
        try:
            search.click(timeout=3000)
            expect(bar).to_be_visible(timeout=3000)
            break
        except (AssertionError, PlaywrightTimeout):
            continue
    expect(bar.locator("input")).to_be_focused()
    tab.keyboard.type("1")  # "1" written in the table's cells: -1, 1, 0.5 and the like, more than one of them
    found = tab.locator('.gdg-search-bar [data-testid="search-result-area"]')
    count = re.escape(said(lang, "chrome.results", n=999)).replace("999", r"(\d+)")
    expect(found).to_have_text(re.compile(count))
    n = re.fullmatch(count, found.inner_text().strip())[1]
    tab.keyboard.press("Enter")  # to the first of them
    expect(found).to_have_text(said(lang, "chrome.result_at", k=1, results=said(lang, "chrome.results", n=n)))
    tab.keyboard.type("00000")  # no cell writes "100000"
    expect(found).to_have_text(said(lang, "chrome.results_none"))
