"""The walkthrough's step links, each the first request on a freshly started server, and presenter mode, in headless
Chromium."""

from __future__ import annotations

from contextlib import closing

import pytest
from playwright.sync_api import expect

from screens.walkthrough.steps import STEPS
from tests.browser import ARTIFACTS, app_server, wait_for_app
from ui.text import t

pytestmark = pytest.mark.browser

THUMB = '[data-testid="stSliderThumbValue"]'
# A step, as the first request on a fresh server: the slider thumbs its values put on screen.
FIRST_REQUESTS = {
    2: ["-1.00"],  # state A
    7: ["-2.00", "2.00"],  # the swept interval; its default is -3 to 3
}


def heading(k: int) -> str:
    return t("walk.heading", k=k, n=len(STEPS), title="")


@pytest.mark.parametrize("k", sorted(FIRST_REQUESTS))
def test_a_step_link_as_the_first_request_on_a_fresh_server_opens_that_step(chrome, k):
    with app_server() as url, closing(chrome.new_page(viewport={"width": 1280, "height": 800})) as page:
        page.goto(f"{url}/?step={k}")
        expect(page.locator("h1").first).to_contain_text(heading(k))
        thumbs = page.locator(THUMB)
        expect(thumbs).to_have_text(FIRST_REQUESTS[k])
        wait_for_app(page, charts=1)
        expect(page.locator('[data-testid="stVegaLiteChart"]')).to_have_count(1)
        assert page.locator('[data-testid="stException"]').count() == 0
        page.get_by_role("button", name=t("walk.next")).click()
        expect(page.locator("h1").first).to_contain_text(heading(k + 1))
        page.wait_for_function(f"() => location.search.includes('step={k + 1}')")


def test_presenter_mode_collapses_the_sidebar_and_draws_large_type(server, chrome):
    with closing(chrome.new_page(viewport={"width": 1920, "height": 1080})) as page:
        page.goto(f"{server}/?step=7&present=1")
        expect(page.locator("h1").first).to_contain_text(heading(7))
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
