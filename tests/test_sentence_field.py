"""The translator's typed sentence is shown whole, however long: on screen 6 at a laptop's and a phone's width and
in the walkthrough's translator step, the longest example sentence (32 words) fits its field without a word
scrolled out of sight."""

from __future__ import annotations

import re
from urllib.parse import quote_plus

import pytest
from playwright.sync_api import expect

from core.refusal import Refusal
from tests.browser import DESK, PHONE, PROJECTOR, open_screen, past_the_question, wait_for_app, wait_for_layout
from ui import reasons
from ui.forged import MAX_TEXT
from ui.text import t
from ui.translator.sentences import example_sentences

pytestmark = pytest.mark.browser

# The typed sentence's field (a text input or a text area): its text's size against the box that shows it.
FIELD = """() => {
    const f = document.querySelector('.st-key-w_tr_text textarea, .st-key-w_tr_text input');
    return f && {value: f.value, hidden: [f.scrollWidth - f.clientWidth, f.scrollHeight - f.clientHeight]};
}"""


@pytest.mark.parametrize(
    "where, viewport",
    [
        ("/translator?", DESK),
        ("/translator?", PHONE),
        ("/?step=11&present=1&", PROJECTOR),
        pytest.param("/?step=11&", DESK, marks=pytest.mark.long),  # the same field as on the projector
    ],
    ids=["screen 6, laptop", "screen 6, phone", "step 11, projector", "step 11, laptop"],
)
def test_the_longest_example_sentence_is_shown_whole(server, tab, where, viewport):
    longest = max(example_sentences(), key=len)
    open_screen(tab, f"{server}{where}tr_sentence={quote_plus(longest)}", viewport)
    wait_for_app(tab)
    if "step=" in where:
        past_the_question(tab)
    wait_for_layout(tab)
    tab.wait_for_function(f"() => ({FIELD})() !== null")
    field = tab.evaluate(FIELD)
    assert field["value"] == longest
    assert max(field["hidden"]) <= 1, f"{field['hidden']} px (across, down) of the sentence out of sight"


def test_a_long_choice_in_the_sentence_list_ends_in_an_ellipsis_not_mid_word(server, tab):
    longest = max(example_sentences(), key=len)
    open_screen(tab, f"{server}/translator?tr_sentence={quote_plus(longest)}", DESK)
    wait_for_app(tab)
    shown = tab.locator('.st-key-w_tr_pick [data-testid="stSelectbox"] input')
    cut = shown.evaluate("e => [e.scrollWidth > e.clientWidth, getComputedStyle(e).textOverflow]")
    assert cut == [True, "ellipsis"]  # the choice is longer than its box, and its end is drawn as '…'


@pytest.mark.parametrize("over", ["an empty field", "the sentence shown"])
def test_a_paste_longer_than_any_sentence_is_read_and_refused_with_its_reason(server, tab, over):
    """A reader who pastes a long text (the longest example three times: 96 words, 449 characters) over the sentence
    or into an empty field is told it has too many words; the field took the paste (a limit of 400 characters had the
    browser drop the paste in silence, or leave the field empty: 'expected at least one word, got none')."""
    pasted = " ".join([max(example_sentences(), key=len)] * 3)
    assert len(pasted) > 400
    open_screen(tab, f"{server}/translator", DESK)
    wait_for_app(tab)
    field = tab.locator(".st-key-w_tr_text textarea")
    field.click()
    field.press("ControlOrMeta+a")
    if over == "an empty field":
        field.press("Delete")
        field.press("ControlOrMeta+Enter")
        expect(tab.get_by_text(reasons.reason(Refusal("", "sentence.empty")), exact=False)).to_be_visible()
        field.click()
    tab.keyboard.insert_text(pasted)  # as a paste puts it: one input event
    field.press("ControlOrMeta+Enter")
    too_long = t("tr.why_too_long", most=40, n=len(pasted.split()))
    expect(tab.get_by_text(too_long, exact=False)).to_be_visible()
    assert field.input_value() == pasted


def test_a_paste_past_what_the_server_reads_is_refused_with_a_notice_and_the_page_runs_on(server, chrome):
    """A paste of 5 MB, past the server's 4 MB message limit: the server closed the connection unread, and the page
    could not run again while the field held the text. The page's script cuts the paste to one character more than a
    field takes; the server refuses it with its notice, and the page runs on (another example sentence is drawn)."""
    context = chrome.new_context(viewport=DESK, permissions=["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        open_screen(page, f"{server}/translator", DESK)
        wait_for_app(page)
        page.evaluate("n => navigator.clipboard.writeText('word '.repeat(n))", 1_000_000)  # 5,000,000 characters
        field = page.locator(".st-key-w_tr_text textarea")
        field.click()
        field.press("ControlOrMeta+a")
        field.press("ControlOrMeta+v")
        field.press("ControlOrMeta+Enter")
        said = t("widget.too_long_in", field=t("tr.field_sentence"), most=MAX_TEXT)  # the field it was pasted into
        expect(page.get_by_text(said, exact=False)).to_be_visible()
        assert len(field.input_value()) == MAX_TEXT + 1
        # The page still runs: a sentence picked from the list is drawn, and the field shows it.
        other = example_sentences()[1]
        page.locator(".st-key-w_tr_pick [data-testid='stSelectbox']").click()
        page.get_by_role("option", name=re.compile(re.escape(other[:20]))).first.click()
        expect(field).to_have_value(other)
    finally:
        context.close()
