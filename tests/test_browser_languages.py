"""A Chinese and a French link in headless Chromium, each the first request on a freshly started server."""

from __future__ import annotations

import re
from contextlib import closing

import pytest
from playwright.sync_api import expect

from tests.apptest import charts, run_page
from tests.browser import ARTIFACTS, app_server, full_screenshot, wait_for_app
from tests.language_check import english_left
from ui import text
from ui.text import t

pytestmark = pytest.mark.browser

CHART = '[data-testid="stVegaLiteChart"]'
# Two different characters drawn in the charts' own font: the same pixels mean both fell back to the
# font's empty box, that is, no font on this machine draws Chinese.
SAME_PIXELS = """([a, b]) => {
    const svgText = document.querySelector('[data-testid="stVegaLiteChart"] svg text');
    const font = getComputedStyle(svgText).fontFamily;
    const draw = (ch) => {
        const c = document.createElement('canvas');
        c.width = 40; c.height = 40;
        const g = c.getContext('2d');
        g.font = `28px ${font}`;
        g.fillText(ch, 4, 32);
        return Array.from(g.getImageData(0, 0, 40, 40).data).join(',');
    };
    return draw(a) === draw(b);
}"""


# The page's text as the reader reads it, less what Streamlit itself draws around our content: its "skip to
# main content" link and the names of the icons' glyphs.
CHART_LINES = """(chart) => [...document.querySelectorAll(`${chart} svg text`)].flatMap(t =>
    t.querySelectorAll('tspan').length ? [...t.querySelectorAll('tspan')].map(s => s.textContent) : [t.textContent])"""
OUR_TEXT = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    const glyph = e => getComputedStyle(e).fontFamily.includes('Material');  // an icon drawn from its name
    const theirs = [...app.querySelectorAll('*')].filter(e =>
        e.matches('[data-testid="stSkipToContent"], .katex') || glyph(e));  // equations are shared
    // a chart's text read line by line: a label broken over two lines (its tspans) is two lines, not one word
    const charts = [...app.querySelectorAll('svg')];
    const drawn = charts.flatMap(svg => [...svg.querySelectorAll('text')].map(t =>
        t.querySelectorAll('tspan').length ? [...t.querySelectorAll('tspan')].map(s => s.textContent).join('\\n')
                                           : t.textContent));
    const hidden = [...theirs, ...charts];
    const before = hidden.map(e => e.style.display);
    hidden.forEach(e => { e.style.display = 'none'; });
    const text = app.innerText + '\\n' + drawn.join('\\n');
    hidden.forEach((e, i) => { e.style.display = before[i]; });
    return text;
}"""


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    text.use("en")


def chart_count(page: str, code: str) -> int:
    text.use(code)
    return len(charts(run_page(page, {"lang": code})))


OPENED = [  # the language, the screen opened from the link (script, address), the screen moved to next
    ("zh", ("screens/scoring/page.py", "scoring"), "nav.sweep"),
    ("fr", ("screens/learning/page.py", "learning"), "nav.scoring"),
]


@pytest.mark.parametrize(("code", "first", "second"), OPENED)
def test_a_translated_link_opens_in_its_language_and_keeps_it_across_screens(chrome, tmp_path, code, first, second):
    script, url_path = first
    n_charts = chart_count(script, code)
    text.use(code)
    with (
        app_server() as url,
        closing(chrome.new_page(viewport={"width": 1280, "height": 800}, accept_downloads=True)) as page,
    ):
        page.goto(f"{url}/{url_path}?lang={code}")
        wait_for_app(page, charts=n_charts)
        page.wait_for_function(f"() => document.documentElement.lang === '{code}'")  # for screen readers' voices
        shown = page.evaluate(OUR_TEXT)
        left = english_left(shown, code)
        assert left == [], [line for line in shown.splitlines() if any(w in line for w in left)]
        chart_text = " ".join(page.evaluate(CHART_LINES, CHART))
        assert english_left(chart_text, code) == []
        if code == "zh":
            assert re.search(r"[\u4e00-\u9fff]", chart_text), chart_text  # the charts speak Chinese ...
            assert not page.evaluate(SAME_PIXELS, ["权", "重"])  # ... in a font that draws it
        full_screenshot(page, ARTIFACTS / f"language-{code}-{url_path}.png")

        page.locator('[data-testid="stSidebar"]').get_by_role("button", name=t("chart.numbers")).click()
        dialog = page.get_by_role("dialog")
        with page.expect_download(timeout=60_000) as info:
            dialog.get_by_role("button", name=t("export.handout")).click()
        sheet_path = tmp_path / "handout.html"
        info.value.save_as(sheet_path)
        sheet = sheet_path.read_text(encoding="utf-8")
        assert f'<html lang="{code}">' in sheet and t("handout.equations") in sheet
        dialog.get_by_role("button", name=t("chrome.close")).click()  # Streamlit's own close button, in the language
        expect(dialog).to_be_hidden()  # the page behind it takes clicks again

        page.locator('[data-testid="stSidebar"]').get_by_role("link", name=t(second)).click()
        expect(page.locator("h1").first).to_have_text(t(second))
        page.wait_for_function(f"() => location.search.includes('lang={code}')")
