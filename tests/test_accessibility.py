"""Every screen checked with axe-core (WCAG 2.1 A and AA rules) in Chromium, with no equation cut off at 1280 px
or on a phone, and on a phone without sideways scroll."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import ARTIFACTS, app_server, axe_script, browser, chromium_path, clipped_equations, wait_for_app
from ui.layout import PAGES

pytestmark = pytest.mark.browser

SCREENS = [(path, "" if path == "app.py" else path.split("/")[-1][2:-3]) for path, _, _ in PAGES]
IDS = [url_path or "home" for _, url_path in SCREENS]
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
PHONE = {"width": 390, "height": 844}

SERIOUS = """async (tags) => {
    const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
    return result.violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({rule: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""

# Boxes wider than they are shown: the page and the app's containers (a table or an equation may still
# scroll inside its own box).
SIDEWAYS = """() => {
    const boxes = [['page', document.scrollingElement]];
    for (const id of ['stApp', 'stAppViewContainer', 'stMain', 'stMainBlockContainer'])
        document.querySelectorAll(`[data-testid="${id}"]`).forEach(e => boxes.push([id, e]));
    return boxes.filter(([, e]) => e.scrollWidth > e.clientWidth + 1)
        .map(([name, e]) => `${name}: ${e.scrollWidth} px of content in ${e.clientWidth} px`);
}"""


@pytest.fixture(scope="module")
def chromium() -> str:
    ARTIFACTS.mkdir(exist_ok=True)
    return chromium_path()


@pytest.fixture(scope="module")
def axe() -> str:
    return str(axe_script())


@pytest.fixture(scope="module")
def server(chromium, axe):
    with app_server() as url:
        yield url


@pytest.fixture(scope="module")
def chrome(chromium):
    with browser(chromium) as b:
        yield b


def serious_violations(page, axe: str) -> tuple[list[dict], str]:
    """axe-core's serious and critical violations on the page, and a report that names each node."""
    page.add_script_tag(path=axe)
    violations = page.evaluate(SERIOUS, WCAG_21_AA)
    report = "\n".join(f"{v['rule']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in violations)
    return violations, report


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("url_path", [s[1] for s in SCREENS], ids=IDS)
def test_axe_finds_no_serious_or_critical_violation(server, chrome, axe, url_path, theme):
    context = chrome.new_context(viewport={"width": 1280, "height": 800}, color_scheme=theme)
    page = context.new_page()
    try:
        page.goto(f"{server}/{url_path}")
        wait_for_app(page)
        violations, report = serious_violations(page, axe)
        assert violations == [], f"axe-core on /{url_path} ({theme}):\n{report}"
        assert clipped_equations(page) == []  # at 1280 px no equation is cut off
    finally:
        context.close()


PRESENTED = [f"{url_path}?present=1" for url_path in IDS[1:]] + ["?step=2&present=1", "?step=9&present=1"]


@pytest.mark.parametrize("url_path", PRESENTED, ids=IDS[1:] + ["step2", "step9"])
def test_presenter_mode_has_no_serious_or_critical_violation(server, chrome, axe, url_path):
    context = chrome.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(f"{server}/{url_path}")
        wait_for_app(page)
        violations, report = serious_violations(page, axe)
        assert violations == [], f"axe-core on /{url_path}:\n{report}"
    finally:
        context.close()


@pytest.mark.parametrize("url_path", [s[1] for s in SCREENS], ids=IDS)
def test_no_screen_scrolls_sideways_on_a_phone(server, chrome, url_path):
    context = chrome.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{server}/{url_path}")
        wait_for_app(page)
        try:  # charts that size to their container settle a moment after they are drawn
            page.wait_for_function(f"() => ({SIDEWAYS})().length === 0", timeout=5_000)
        except PlaywrightTimeout:
            pass  # the assertion below names what is too wide
        too_wide = page.evaluate(SIDEWAYS)
        assert too_wide == [], f"/{url_path} at 390x844 scrolls sideways: {too_wide}"
        assert clipped_equations(page) == []  # nor is an equation cut off on a phone
    finally:
        context.close()
