"""The walkthrough's step links, each the first request on a freshly started server, and presenter mode, in headless
Chromium."""

from __future__ import annotations

from contextlib import closing

import pytest
from playwright.sync_api import expect

from screens.walkthrough.steps import STEPS
from tests.browser import ARTIFACTS, app_server, past_the_question, press_and_move, wait_for_app
from ui.text import t

pytestmark = pytest.mark.browser

THUMB = '[data-testid="stSliderThumbValue"]'
# A step, as the first request on a fresh server: the slider thumbs its values put on screen, and its charts.
FIRST_REQUESTS = {
    2: (["-1.00"], 3),  # state A; screen 2's three stages
    7: (["-2.00", "2.00"], 1),  # the swept interval; its default is -3 to 3
}


def heading(k: int) -> str:
    return t("walk.heading", k=k, n=len(STEPS), title="")


# step 2 in every run, step 7 with the long checks
@pytest.mark.parametrize("k", [pytest.param(k, marks=pytest.mark.long) if k == 7 else k for k in FIRST_REQUESTS])
def test_a_step_link_as_the_first_request_on_a_fresh_server_opens_that_step(chrome, k):
    with app_server() as url, closing(chrome.new_page(viewport={"width": 1280, "height": 800})) as page:
        page.goto(f"{url}/?step={k}")
        expect(page.locator("h1").first).to_contain_text(heading(k))
        past_the_question(page)
        thumbs, drawn = FIRST_REQUESTS[k]
        expect(page.locator(THUMB)).to_have_text(thumbs)
        wait_for_app(page, charts=drawn)
        expect(page.locator('[data-testid="stVegaLiteChart"]')).to_have_count(drawn)
        assert page.locator('[data-testid="stException"]').count() == 0
        page.get_by_role("button", name=t("walk.next")).click()
        expect(page.locator("h1").first).to_contain_text(heading(k + 1))
        page.wait_for_function(f"() => location.search.includes('step={k + 1}')")


def test_presenter_mode_collapses_the_sidebar_and_draws_large_type(server, chrome):
    with closing(chrome.new_page(viewport={"width": 1920, "height": 1080})) as page:
        page.goto(f"{server}/?step=7&present=1")
        expect(page.locator("h1").first).to_contain_text(heading(7))
        past_the_question(page)
        wait_for_app(page, charts=1)
        expect(page.locator('[data-testid="stSidebar"]')).to_have_attribute("data-collapsed", "true")
        ticks = page.locator('[data-testid="stVegaLiteChart"] svg .role-axis-label text')
        expect(ticks.first).to_be_visible()
        sizes = ticks.evaluate_all("els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
        assert sizes and min(sizes) >= 18, sizes
        titles = page.locator('[data-testid="stVegaLiteChart"] svg .role-axis-title text')
        assert min(titles.evaluate_all("els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")) >= 18
        prose = page.locator('[data-testid="stMarkdownContainer"] p').first
        assert float(prose.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 18
        page.screenshot(path=str(ARTIFACTS / "walkthrough-step7-present.png"))


THUMB_OF_S = '.st-key-w_s [data-testid="stSliderThumbValue"]'
SETTLING = "() => [...document.querySelectorAll('[data-scrub-settling]')].map(e => e.innerText.length > 0)"


def test_a_drag_marks_the_written_numbers_as_settling_until_the_release_writes_them_again(server, chrome):
    """Step 2 writes the scorer with the numbers of the state s (scores, weights, context). Its charts follow the
    thumb in the browser; the written numbers cannot, so while the thumb shows another state they are marked as
    settling (faded, blurred, busy), never read beside the charts' new values; the release writes them again at
    the thumb's state and takes the mark off."""
    page = chrome.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server}/?step=2")
    past_the_question(page)
    wait_for_app(page, charts=3)
    written = page.locator("annotation").filter(has_text=r"s &= -1 \\")
    expect(written.first).to_be_attached()
    assert page.evaluate(SETTLING) == []
    press_and_move(page, page.locator(THUMB_OF_S).locator(".."), 100)
    value = float(page.locator(THUMB_OF_S).inner_text())
    assert value > -1.0
    page.wait_for_function(f"() => ({SETTLING})().length >= 1")  # the read at s, and the sidebar's state
    opacity = page.evaluate("() => getComputedStyle(document.querySelector('[data-scrub-settling]')).opacity")
    assert float(opacity) < 0.5
    assert page.locator("[data-scrub-settling][aria-busy='true']").count() >= 1
    page.mouse.up()
    page.wait_for_function(f"() => ({SETTLING})().length === 0")
    expect(page.locator("annotation").filter(has_text=f"s &= {value:g} \\\\").first).to_be_attached()
    page.close()


def test_on_a_touch_phone_the_states_buttons_share_a_row_and_no_key_is_named(server, chrome):
    """Step 2 on a phone: the buttons for states A and B sit side by side under the slider (stacked, they pushed
    the charts a screen further down), and Back and Next name no keyboard keys (PageUp, PageDown) on a touch
    screen, as they do with a mouse."""
    context = chrome.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/?step=2")
    past_the_question(page)
    wait_for_app(page, charts=3)
    a, b = (page.locator(f".st-key-w_s_{name} button:visible").first.bounding_box() for name in ("A", "B"))
    assert abs(a["y"] - b["y"]) < 2 and b["x"] > a["x"] + a["width"]
    keys = page.locator(".st-key-walk_next button kbd")
    assert keys.count() == 0 or not keys.first.is_visible()
    context.close()
    desk = chrome.new_page(viewport={"width": 1280, "height": 800})
    desk.goto(f"{server}/?step=2")
    wait_for_app(desk)
    expect(desk.locator(".st-key-walk_next button kbd").first).to_be_visible()  # a laptop's keys are named
    desk.close()
