"""The presenter's own tools, as a lecturer meets them (issue 44): the clicker, the type from the back of the room,
a step's chart on a 1280 x 720 projector, the way back from a step's screen, the heatmap's colour key."""

from __future__ import annotations

import io
import re
from itertools import pairwise

import pytest
from PIL import Image
from playwright.sync_api import expect

from screens.walkthrough.steps import STEPS
from tests.browser import PROJECTOR, open_screen, past_the_question, press_and_move, wait_for_layout, wait_for_run
from ui import clicker, present
from ui.text import t

pytestmark = pytest.mark.browser

N = len(STEPS)


def at_step(page, k: int) -> None:
    """Step ``k`` is drawn, its Back and Next ready for a key (a key pressed before they are drawn is lost)."""
    expect(page.locator("h1").first).to_contain_text(re.compile(rf"\b{k}\b.*\b{N}\b"))
    expect(page).to_have_url(re.compile(rf"step={k}(&|$)"))
    wait_for_run(page)
    expect(page.locator(f".st-key-{clicker.NEXT} button").first).to_be_visible()
    page.wait_for_function("window.attentionClicker === true")


def focused(page) -> str:
    return page.evaluate("() => document.activeElement.getAttribute('type') || document.activeElement.tagName")


def test_in_presenter_mode_a_clickers_page_keys_move_the_walkthrough_whatever_control_has_the_keyboard(server, tab):
    """A clicker sends PageDown and PageUp. After a drag of step 2's slider the slider had the keyboard and took
    PageDown as a page of its range (s from 2.5 to 1.5); after a click on step 4's radio PageDown did nothing. In
    presenter mode both keys move the walkthrough; the arrows stay with the focused control."""
    page = tab
    open_screen(page, f"{server}/?step=2&present=1", PROJECTOR)
    at_step(page, 2)
    past_the_question(page, 2)
    slider = page.get_by_role("slider").first
    press_and_move(page, page.locator('.st-key-w_s [data-testid="stSliderThumbValue"]').locator(".."), 120)
    page.mouse.up()
    expect(slider).not_to_have_attribute("aria-valuetext", "-1.00")
    assert focused(page) == "range"  # the slider has the keyboard
    dragged = slider.get_attribute("aria-valuetext")
    page.wait_for_timeout(500)  # the release's rerun
    wait_for_run(page)
    page.keyboard.press("PageDown")
    at_step(page, 3)

    page.keyboard.press("PageDown")
    at_step(page, 4)
    past_the_question(page, 4)
    page.locator('.st-key-w_f [data-testid="stRadioOption"]').first.click()  # the scorer's nonlinearity: tanh
    expect(page.locator(".st-key-w_f").get_by_role("radio").first).to_be_checked()
    assert focused(page) == "radio"
    page.keyboard.press("PageDown")
    at_step(page, 5)
    page.keyboard.press("PageUp")
    at_step(page, 4)

    # Without presenter mode a focused slider keeps its page keys (a page of its range), as a control should.
    open_screen(page, f"{server}/?step=2", PROJECTOR)
    at_step(page, 2)
    past_the_question(page, 2)
    slider = page.get_by_role("slider").first
    slider.focus()
    page.keyboard.press("PageDown")
    expect(slider).not_to_have_attribute("aria-valuetext", "-1.00")
    page.wait_for_timeout(500)
    at_step(page, 2)
    assert dragged != "-1.00"


# Every text of the page's main part as drawn, but a chart's (measured by test_browser's projector test), code's and a
# formula's symbols (KaTeX sets indices smaller); a field's own text (its value), and a formula's words outside an
# index (step 1's arrows named 'encoder' and 'Softmax' at 17 px, a size KaTeX gives an arrow's label), too.
SMALL_TEXT = """(least) => [...document.querySelectorAll('[data-testid="stMain"] *')]
    .filter(e => (e.matches('.katex .text') ? !e.closest('.msupsub')
            : !e.closest('.katex, svg, [data-testid="stCode"]'))
        && e.getClientRects().length
        && ([...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
            || /^(INPUT|TEXTAREA)$/.test(e.tagName) || e.matches('.katex .text'))
        && parseFloat(getComputedStyle(e).fontSize) < least)
    .map(e => `${getComputedStyle(e).fontSize} ${e.closest('[data-testid]').dataset.testid}: `
        + (e.value || e.textContent).trim().slice(0, 40))"""


# full screen in every run; in a browser window (950 lines) with the long checks
@pytest.mark.parametrize(
    "height", [PROJECTOR["height"], pytest.param(950, marks=pytest.mark.long)], ids=["full screen", "a window"]
)
def test_a_projector_writes_controls_their_values_and_back_and_next_as_large_as_its_sentences(server, tab, height):
    """Control labels, slider values, Back and Next were 21 px on a 1080-line projector, its sentences and charts
    24: all at least 24 now, full screen or in a browser window on that screen (its tabs and address bar take about
    130 px). Steps with every kind of control: a text field, a radio, a number field, a slider, a list, a text area."""
    page = tab
    small = {}
    for k in (1, 2, 4, 10, 11):
        open_screen(page, f"{server}/?step={k}&present=1", {"width": 1920, "height": height})
        at_step(page, k)
        small[k] = page.evaluate(SMALL_TEXT, present.SMALLEST)  # with the question: its label and field
        past_the_question(page, k)
        small[k] += page.evaluate(SMALL_TEXT, present.SMALLEST)
    assert {k: v for k, v in small.items() if v} == {}


CHARTS = """() => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stVegaLiteChart"]')]
    .filter(c => c.getClientRects().length).map(c => {
        const box = c.getBoundingClientRect(), svg = c.querySelector('svg.marks');
        return {top: box.top, bottom: box.bottom, scale: svg.getBoundingClientRect().height / svg.height.baseVal.value};
    })"""


@pytest.mark.long  # every step at two sizes: 18 s of CPU
def test_a_steps_chart_ends_on_a_1280_by_720_projector_and_is_drawn_whole_on_a_1080_line_one(server, tab):
    """At 1280 x 720 half of step 6's chart was below the screen (the page laid out for 1080 lines). Every step's
    chart that starts in the first screenful ends on it, shown smaller (its type with it) but not below half its
    size; on a 1080-line projector none is made smaller. (Step 1 writes its figure in text; step 2's charts stand
    below its equations, under the slider, as on a laptop.)"""
    page = tab
    seen = {}
    for k in range(3, N + 1):
        open_screen(page, f"{server}/?step={k}&present=1", {"width": 1280, "height": 720})
        at_step(page, k)
        past_the_question(page, k)
        page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollTo(0, 0)")
        wait_for_layout(page)
        charts = [c for c in page.evaluate(CHARTS) if c["top"] < 720]
        assert charts, k
        seen[k] = [(round(c["bottom"]), round(c["scale"], 2)) for c in charts]
    assert {k: v for k, v in seen.items() if any(bottom > 720 or scale < present.LEAST for bottom, scale in v)} == {}

    open_screen(page, f"{server}/?step=6&present=1", PROJECTOR)
    at_step(page, 6)
    past_the_question(page, 6)
    wait_for_layout(page)
    assert [round(c["scale"], 2) for c in page.evaluate(CHARTS)] == [1.0]


# Step 10's source words along the heatmap's top, as drawn: each label's box, and whether it is turned.
TOP_LABELS = """() => {
    const axis = [...document.querySelectorAll('[data-testid="stMain"] .vega-embed svg g.role-axis')]
        .find(a => /^X-axis/.test(a.getAttribute('aria-label') || ''));
    return [...axis.querySelectorAll('.role-axis-label text')].map(t => {
        const b = t.getBoundingClientRect(), turned = /rotate\\(-?[1-9]/.test(t.getAttribute('transform'));
        return {left: b.left, right: b.right, height: b.height, turned};
    });
}"""


def test_on_a_1280_wide_projector_the_heatmaps_words_turn_rather_than_run_together(server, tab):
    """Step 10's source words lay flat where a column held them at a laptop's 15 px, not at a projector's 24:
    'every' and 'red (6)' ran together ('everyred (6)') at 1280 px wide. They lie flat with room between them, or
    turn; on a 1920-wide projector they lie flat."""
    page = tab
    for width, height in ((1280, 720), (1920, 1080)):
        open_screen(page, f"{server}/?step=10&present=1", {"width": width, "height": height})
        at_step(page, 10)
        past_the_question(page, 10)
        wait_for_layout(page)
        labels = page.evaluate(TOP_LABELS)
        assert len(labels) == 8
        if width == 1920:
            assert not any(x["turned"] for x in labels)
        if not all(x["turned"] for x in labels):
            gaps = [b["left"] - a["right"] for a, b in pairwise(labels)]
            assert min(gaps) >= labels[0]["height"] / 4, (width, gaps)


@pytest.mark.long
def test_a_steps_screen_opened_on_a_projector_has_a_way_back_to_the_step(server, tab):
    """ "Open this on its screen" went one way: the screen, 1,900 to 4,000 px tall in presenter mode, had no way
    back to the step. It opens with one, in its first screenful; it leads to the step as it was left."""
    page = tab
    open_screen(page, f"{server}/?step=6&present=1", PROJECTOR)
    at_step(page, 6)
    past_the_question(page, 6)
    page.get_by_role("link", name=t("walk.open")).click()
    expect(page).to_have_url(re.compile(r"/state_sweep\?"))
    wait_for_run(page)
    back = page.get_by_role("button", name=t("walk.back_to_step", k=6))
    expect(back).to_be_visible()
    box = back.bounding_box()
    assert box["y"] + box["height"] <= PROJECTOR["height"]
    back.click()
    at_step(page, 6)
    expect(page.get_by_role("link", name=t("walk.open"))).to_be_visible()
    expect(page.locator(".st-key-q_step6_skip button")).to_have_count(0)  # as it was left: the question answered


# The colour key's gradient as Chromium paints it: the darkest of its pixels (0 black, 255 white).
def darkest_of_the_key(page) -> int:
    key = page.locator('[data-testid="stMain"] .vega-embed svg .role-legend-gradient path').first
    picture = Image.open(io.BytesIO(key.screenshot())).convert("L")
    return picture.getextrema()[0]


def test_the_heatmaps_colour_key_is_drawn_however_step_10_is_reached_and_after_its_link_changes(server, tab):
    """Vega refers to a key's gradient by the page's address (url(<address>#gradient_0)): once the address changed
    (the step reached with PageDown, the snapshot slider released), the reference named another page and the key
    was drawn blank as soon as the browser styled it again. The key keeps its gradient."""
    page = tab
    open_screen(page, f"{server}/?step=9&present=1", PROJECTOR)
    at_step(page, 9)
    page.keyboard.press("PageDown")
    at_step(page, 10)
    past_the_question(page, 10)
    wait_for_layout(page)
    slider = page.get_by_role("slider").first
    before = page.url
    slider.focus()
    page.keyboard.press("ArrowLeft")  # an earlier snapshot: the link changes
    page.wait_for_function("(before) => location.href !== before", arg=before)
    wait_for_run(page)
    page.evaluate(
        "() => document.querySelectorAll('.vega-embed svg').forEach(s => { s.style.color = 'rgb(1, 2, 3)'; })"
    )
    page.wait_for_timeout(300)  # styled again
    assert darkest_of_the_key(page) < 60  # its black end


def test_on_a_1280_wide_projector_step_2s_bars_have_room_for_their_numbers(server, tab):
    """Step 2's three panels side by side in the step's two thirds of a 1280-wide projector left the scores' and the
    weights' plots narrower than their numbers ("3.02.735"): there the read's plane takes a row of its own under
    them; a 1920-wide projector keeps the three side by side."""
    page = tab
    widths = {}
    for size in ({"width": 1280, "height": 800}, PROJECTOR):
        open_screen(page, f"{server}/?step=2&present=1", size)
        at_step(page, 2)
        past_the_question(page, 2)
        wait_for_layout(page)
        boxes = page.evaluate(PANELS)
        assert len(boxes) == 3, boxes
        widths[size["width"]] = boxes
    scores, weights, plane = widths[1280]
    assert scores["width"] > 300 and weights["width"] > 300, widths  # 170 px each, three side by side
    assert plane["top"] > scores["bottom"], widths  # the plane under them
    assert len({round(b["top"]) for b in widths[1920]}) == 1, widths  # one row on a full-HD projector


PANELS = """() => [...document.querySelectorAll('.st-key-walk_panels [data-testid="stVegaLiteChart"]')].map(c => {
    const box = c.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, width: box.width};
})"""
