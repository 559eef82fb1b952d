"""Every screen in Chromium: drawn whole, checked with axe-core (WCAG 2.1 A and AA rules) in light and in
presenter mode and, in dark, the rules a theme can change (colour contrast), with no equation cut off at 1280 px
or on a phone, and on a phone without sideways scroll.

The dark theme is audited on the page the light audit loaded, once the reader's system setting has turned dark:
the app follows that setting as it changes and draws its charts again in the dark theme, as a page loaded dark
draws them.

axe-core audits the page once it has drawn and its layout has settled (tests.browser.wait_for_layout): a moment
earlier, elements whose component has not loaded yet are skeletons and the page's own style is not yet in effect."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.apptest import charts, run_page
from tests.browser import (
    ARTIFACTS,
    DESK,
    PHONE,
    PROJECTOR,
    SCREENS,
    SCREENSHOTS,
    axe_script,
    clipped_equations,
    full_screenshot,
    open_screen,
    wait_for_app,
    wait_for_layout,
)
from ui.frame import HOME
from ui.text import t

pytestmark = pytest.mark.browser

IDS = [url_path or "home" for _, url_path, _ in SCREENS]
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

SERIOUS = """async ([type, values]) => {
    const result = await axe.run(document, {runOnly: {type, values}});
    return result.violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({rule: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""

BACKGROUND = "() => getComputedStyle(document.querySelector('[data-testid=\"stApp\"]')).backgroundColor"

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
def axe() -> str:
    return str(axe_script())


# The WCAG 2.1 A and AA rules whose outcome a theme can change: a theme changes colours, not the page's structure,
# names or roles, so the dark audit runs these alone (axe-core's rule ids; a test checks that they are the rules of
# those tags that look at colour).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def serious_violations(page, axe: str, rules: list[str] | None = None) -> tuple[list[dict], str]:
    """axe-core's serious and critical violations on the page once it has drawn and settled (of the WCAG 2.1 A and
    AA rules, or of ``rules`` alone), and a report that names each node."""
    wait_for_layout(page)
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=axe)
    violations = page.evaluate(SERIOUS, ["rule", rules] if rules else ["tag", WCAG_21_AA])
    report = "\n".join(f"{v['rule']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in violations)
    return violations, report


@pytest.mark.parametrize(("path", "url_path", "key"), SCREENS, ids=IDS)
def test_every_screen_draws_cleanly_passes_axe_and_fits_a_phone(server, tab, axe, path, url_path, key):
    """One load a screen, in the light theme: at 1280 px it draws every chart AppTest counts, with its heading and
    no exception, axe finds no serious or critical violation and no equation is cut off; nor does axe once the
    system setting turns dark; narrowed to a phone
    (390x844, where the sidebar folds away as on a phone's first load) it neither scrolls sideways nor cuts an
    equation off."""
    expected_charts = len(charts(run_page(path)))
    page = tab
    open_screen(page, f"{server}/{url_path}", DESK)
    wait_for_app(page, charts=expected_charts)
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.locator("h1").first.inner_text().strip() == (t("app.title") if path == HOME else t(key))
    rendered = page.locator('[data-testid="stVegaLiteChart"]')
    assert rendered.count() == expected_charts
    for i in range(rendered.count()):
        if rendered.nth(i).is_visible():  # charts in a closed tab draw when it opens
            assert rendered.nth(i).locator("canvas, svg").count() >= 1
    violations, report = serious_violations(page, axe)
    assert violations == [], f"axe-core on /{url_path} (light):\n{report}"
    assert clipped_equations(page) == []  # at 1280 px no equation is cut off

    light = page.evaluate(BACKGROUND)
    page.emulate_media(color_scheme="dark")
    page.wait_for_function(f"(light) => ({BACKGROUND})() !== light", arg=light)
    violations, report = serious_violations(page, axe, COLOUR_RULES)
    assert violations == [], f"axe-core on /{url_path} (dark):\n{report}"

    page.set_viewport_size(PHONE)
    expect(page.locator('[data-testid="stSidebar"]')).to_have_attribute("data-collapsed", "true")
    try:  # charts that size to their container settle a moment after they are drawn
        page.wait_for_function(f"() => ({SIDEWAYS})().length === 0", timeout=5_000)
    except PlaywrightTimeout:
        pass  # the assertion below names what is too wide
    too_wide = page.evaluate(SIDEWAYS)
    assert too_wide == [], f"/{url_path} at 390x844 scrolls sideways: {too_wide}"
    assert clipped_equations(page) == []  # nor is an equation cut off on a phone
    if SCREENSHOTS:  # the light page at 1280 px, for a person to look at
        page.set_viewport_size(DESK)
        page.emulate_media(color_scheme="light")
        page.wait_for_function(f"(light) => ({BACKGROUND})() === light", arg=light)
        full_screenshot(page, ARTIFACTS / f"screen-{url_path or 'home'}.png")


def test_the_dark_audit_runs_every_wcag_rule_of_axe_that_looks_at_colour(chrome, axe):
    page = chrome.new_page()
    try:
        page.add_script_tag(path=axe)
        rules = page.evaluate(
            "(tags) => axe.getRules(tags).map(r => ({id: r.ruleId, tags: r.tags, help: r.help}))", WCAG_21_AA
        )
    finally:
        page.close()
    ids = {r["id"] for r in rules}
    assert set(COLOUR_RULES) <= ids
    colour = {r["id"] for r in rules if "cat.color" in r["tags"]}  # axe-core's own category of colour rules
    assert colour == set(COLOUR_RULES), colour


PRESENTED = [f"{url_path}?present=1" for url_path in IDS[1:]] + ["?step=2&present=1", "?step=9&present=1"]


@pytest.mark.parametrize("url_path", PRESENTED, ids=IDS[1:] + ["step2", "step9"])
def test_presenter_mode_has_no_serious_or_critical_violation(server, tab, axe, url_path):
    open_screen(tab, f"{server}/{url_path}", PROJECTOR)
    violations, report = serious_violations(tab, axe)
    assert violations == [], f"axe-core on /{url_path}:\n{report}"


# Controls whose labels hold inline TeX, and the names a screen reader should say for them (ui/spoken.py).
SPOKEN = [
    ("revisitable_source", "slider", "Decoder state s (a constructed scalar, not an executed decoder step)"),
    ("learning?learn_tab=train", "radiogroup", "Correct target token y t"),
    ("self_attention?sa_tab=self", "textbox", "W Q, 1 × 2 (two entries separated by a comma)"),
]


@pytest.mark.parametrize(("url_path", "role", "name"), SPOKEN, ids=[p.split("?")[0] for p, _, _ in SPOKEN])
def test_a_label_holding_tex_is_read_without_its_dollars(server, tab, url_path, role, name):
    """The control is named as it is heard, not "dollar s dollar", and nothing on the page keeps a TeX label."""
    open_screen(tab, f"{server}/{url_path}", DESK)
    wait_for_app(tab)
    expect(tab.get_by_role(role, name=name)).to_have_count(1)  # the name holds it (a slider says its label twice)
    assert tab.evaluate("() => document.querySelectorAll('[aria-label*=\"$\"]').length") == 0
