"""Every screen in Chromium: drawn whole, checked with axe-core (WCAG 2.1 A and AA rules) in light and in
presenter mode and, in dark, the rules a theme can change (colour contrast), with no equation cut off at 1280 px
or on a phone, and on a phone without sideways scroll; on a phone every view (every screen, tab and walkthrough
step) has no box that scrolls sideways inside itself and no chart text cut at its chart's edge, and fields side by
side on a wide screen stack as close as the fields of one column.

The dark theme is audited on the page the light audit loaded, once the reader's system setting has turned dark:
the app follows that setting as it changes and draws its charts again in the dark theme, as a page loaded dark
draws them.

axe-core audits the page once it has drawn and its layout has settled (tests.browser.wait_for_layout): a moment
earlier, elements whose component has not loaded yet are skeletons and the page's own style is not yet in effect."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from bench import load
from tests.apptest import HOME, charts, run_page
from tests.browser import (
    ARTIFACTS,
    DESK,
    FIRST_CHART_TOP,
    IN_SIGHT,
    MARK_STARTS_A_LINE,
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
    # its first chart within the first screenful of a laptop (French, the longest, in test_browser.py); the home
    # page's in a fold there, closed: its bars answer the walkthrough's questions before they are asked
    if path == HOME:
        assert page.evaluate(FIRST_CHART_TOP) == float("inf")
        expect(page.get_by_text(t("home.example_fold"))).to_be_in_viewport()
    else:
        assert page.evaluate(FIRST_CHART_TOP) <= DESK["height"] - IN_SIGHT
    rendered = page.locator('[data-testid="stVegaLiteChart"]')
    assert rendered.count() == expected_charts
    for i in range(rendered.count()):
        if rendered.nth(i).is_visible():  # charts in a closed tab draw when it opens
            assert rendered.nth(i).locator("canvas, svg").count() >= 1
    violations, report = serious_violations(page, axe)
    assert violations == [], f"axe-core on /{url_path} (light):\n{report}"
    assert clipped_equations(page) == []  # at 1280 px no equation is cut off
    assert page.evaluate(MARK_STARTS_A_LINE) == []  # nor does a line start with the comma after a formula
    assert page.evaluate(TOUCHING_TEXT) == []  # nor does a chart's text touch another's
    assert page.evaluate(SQUASHED, PLOT_LEAST) == []  # nor is a plot too small to read
    assert page.evaluate(TEXT_ON_BARS) == []  # nor does a bar's value sit on a bar
    assert page.evaluate(UNEVEN_COLUMNS, BLANK_BELOW) == []  # nor does a column run far below its neighbour

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
    assert page.evaluate(MARK_STARTS_A_LINE) == []
    if SCREENSHOTS:  # the light page at 1280 px, for a person to look at
        page.set_viewport_size(DESK)
        page.emulate_media(color_scheme="light")
        page.wait_for_function(f"(light) => ({BACKGROUND})() === light", arg=light)
        full_screenshot(page, ARTIFACTS / f"screen-{url_path or 'home'}.png")


# Columns side by side whose contents end far apart: the shorter column leaves a blank the height of the gap (home's
# route of eight screens beside a three-line list left 825 px blank at 1280 px). A row's columns as drawn side by
# side (a phone stacks them), each column's content measured to its last element's bottom.
BLANK_BELOW = 600  # px
UNEVEN_COLUMNS = """(most) => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stHorizontalBlock"]')]
    .flatMap(row => {
        const columns = [...row.children]
            .filter(c => c.matches('[data-testid="stColumn"]') && c.getClientRects().length);
        if (columns.length < 2 || columns[1].getBoundingClientRect().top >= columns[0].getBoundingClientRect().bottom)
            return [];  // one column, or stacked
        const ends = columns.map(c => Math.max(c.getBoundingClientRect().top,
            ...[...c.querySelectorAll('[data-testid="stElementContainer"], [data-testid="stVerticalBlock"] > *')]
                .filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect().bottom)));
        const gap = Math.max(...ends) - Math.min(...ends);
        return gap > most ? [`${columns[0].innerText.split('\\n')[0].slice(0, 40)}: ${Math.round(gap)} px`] : [];
    })"""


# On a phone, boxes whose content is wider than they are: the page, and any box in the screen that scrolls or clips
# its content sideways (a table wider than its box scrolls inside it, its last columns out of sight; an equation
# too wide is cut). Meant to scroll, and not reported: a form field (a sentence longer than its field scrolls under
# the caret, as in any text field), Streamlit's row of tabs (it scrolls, with an arrow, when the tabs' titles
# are wider than the screen) and a table keyed scrolls-* (a row a step with more columns than a phone holds, its
# first columns pinned: screen 6's forcing steps). A box a pixel wide or less holds text for screen readers only
# (KaTeX's MathML, Streamlit's "skip to content"); a chart's SVG text is judged by CUT_TEXT.
SCROLLED = """() => {
    const page = document.scrollingElement;
    const meant = e => e.matches('input, textarea, [role="tablist"]') || e.querySelector(':scope > [role="tablist"]')
        || e.closest('[class*="st-key-scrolls-"]');
    const shown = e => !e.closest('svg') && e.getClientRects().length && e.clientWidth > 1
        && getComputedStyle(e).overflowX !== 'visible' && !meant(e);
    const boxes = [page, ...document.querySelectorAll('[data-testid="stMain"], [data-testid="stMain"] *')];
    return boxes.filter(e => (e === page || shown(e)) && e.scrollWidth > e.clientWidth + 2).map(e => {
        const where = e === page ? 'page' : e.closest('[data-testid]')?.getAttribute('data-testid');
        return `${where} ${e.tagName.toLowerCase()}.${e.classList[0] || ''}: ${e.scrollWidth} px in ${e.clientWidth}`;
    });
}"""

# Chart text that reaches past its SVG's edge, where the SVG cuts it off. Along its baseline a text is as long as
# the browser lays it out (its letters' advances: Vega sizes a chart to its container by its own measure of its
# texts, which can fall short of the browser's by a pixel, so a value written at a bar's end can end past the
# chart's edge); a tenth of a pixel is rounding. Across the baseline what counts is the letters' ink (a label's
# line box reaches above its letters), measured with the text's font on a canvas, within half a pixel of the SVG's
# drawing. A multi-line text is judged line by line; a text Vega hid (an overlapping label) not at all.
# The lines of every chart's texts as drawn: for each SVG, each line of a visible text (a tspan of a multi-line
# one) with its text's number k, its words, its baseline's ends a and b on the screen, and the four corners of its
# ink (the baseline moved up by the font's ascent and down by its descent, as a canvas measures them).
INK_LINES = """svg => {
    const ink = document.createElement('canvas').getContext('2d');
    const lines = [];
    svg.querySelectorAll('text').forEach((text, k) => {
        const m = text.getScreenCTM(), style = getComputedStyle(text);
        if (!m || style.visibility === 'hidden' || text.closest('[opacity="0"]') || +style.opacity === 0) return;
        ink.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const screen = p => [m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f];
        for (const line of text.querySelectorAll('tspan').length ? text.querySelectorAll('tspan') : [text]) {
            const n = line.getNumberOfChars(), words = line.textContent.trim();
            if (!n || !words) continue;
            const [a, b] = [screen(line.getStartPositionOfChar(0)), screen(line.getEndPositionOfChar(n - 1))];
            const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1, scale = Math.hypot(m.a, m.b);
            const down = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];  // across the baseline, downwards
            const metrics = ink.measureText(line.textContent);
            const corners = [-metrics.actualBoundingBoxAscent * scale, metrics.actualBoundingBoxDescent * scale]
                .flatMap(d => [a, b].map(p => [p[0] + down[0] * d, p[1] + down[1] * d]));
            const xs = corners.map(c => c[0]), ys = corners.map(c => c[1]);  // the box around the ink
            lines.push({k, words, a, b, corners, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys),
                        bottom: Math.max(...ys), slanted: Math.abs(m.a) > 0.01 && Math.abs(m.b) > 0.01,
                        across: Math.abs(m.b) > 0.01});
        }
    });
    return lines;
}"""

CUT_TEXT = """() => {
    const inkLines = INK_LINES;
    const cut = [];
    for (const svg of document.querySelectorAll('[data-testid="stVegaLiteChart"] svg')) {
        const box = svg.getBoundingClientRect();
        const past = ([x, y]) => Math.max(box.left - x, x - box.right, box.top - y, y - box.bottom);
        for (const {words, a, b, corners} of inkLines(svg)) {
            const along = Math.max(past(a), past(b)), over = Math.max(...corners.map(past));
            if (along > 0.1 || over > 0.5)
                cut.push(`${words}: ${Math.max(along, over).toFixed(1)} px past its chart's edge`);
        }
    }
    return cut;
}""".replace("INK_LINES", INK_LINES)

# Chart texts whose letters touch or cover another's: each line of a text (a label, a value, a title, a legend's
# entry) as the box of its ink, from its baseline's ends and its font's ascent and descent as a canvas measures
# them (a line box reaches above and below its letters, so line boxes of neighbouring rows overlap where the
# letters do not); two lines of different texts whose boxes share more than 2 px across and come within 1.5 px
# along (a label set 1 px from an axis's number read "-1raw"). A slanted text's box is not its ink: left out.
TOUCHING_TEXT = """() => {
    const inkLines = INK_LINES;
    const found = [];
    for (const svg of document.querySelectorAll('[data-testid="stVegaLiteChart"] svg')) {
        const boxes = inkLines(svg).filter(line => !line.slanted);
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i], boxes[j]];
            if (a.k === b.k) continue;  // the lines of one text
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if ((w > -1.5 && h > 2) || (h > -1.5 && w > 2 && a.across && b.across))
                found.push(`${a.words} / ${b.words}`);
        }
    }
    return found;
}""".replace("INK_LINES", INK_LINES)

# A value a mark writes (not an axis's label) whose ink lies on a bar of its chart: written above its bar's end,
# a negative bar's value sat inside the bar.
TEXT_ON_BARS = """() => {
    const inkLines = INK_LINES;
    const found = [];
    for (const svg of document.querySelectorAll('[data-testid="stVegaLiteChart"] svg')) {
        const texts = [...svg.querySelectorAll('text')];
        const bars = [...svg.querySelectorAll('path[aria-roledescription="bar"]')]
            .map(bar => bar.getBoundingClientRect()).filter(box => box.width > 0 && box.height > 0);
        for (const line of inkLines(svg)) {
            if (!texts[line.k].closest('g.role-mark')) continue;
            if (bars.some(bar => Math.min(line.right, bar.right) - Math.max(line.left, bar.left) > 1
                                 && Math.min(line.bottom, bar.bottom) - Math.max(line.top, bar.top) > 1))
                found.push(`${line.words} on a bar`);
        }
    }
    return found;
}""".replace("INK_LINES", INK_LINES)

# Plots too small to read (a line squeezed to 89 px by its legend and axis below it, four bars in 127 px beside
# their names on a phone) and y titles longer than their plot: the plot is the chart's frame (Vega's root group's
# background, the area its marks are drawn in); a chart out of sight (a closed tab or expander) has none to measure.
PLOT_LEAST = {"height": 100, "width": 150}
SQUASHED = """(least) => {
    const found = [];
    for (const svg of document.querySelectorAll('[data-testid="stVegaLiteChart"] svg')) {
        const frame = svg.querySelector('g.role-frame.root > g > path.background');
        if (!frame) continue;
        const plot = frame.getBoundingClientRect();
        if (!plot.width || !plot.height) continue;
        const name = (svg.getAttribute('aria-label') || svg.closest('[data-testid="stVegaLiteChart"]')
            .getAttribute('aria-label') || '').slice(0, 50);
        if (plot.height < least.height || plot.width < least.width)
            found.push(`${name}: plot ${Math.round(plot.width)}x${Math.round(plot.height)} px`);
        for (const axis of svg.querySelectorAll('g.role-axis[aria-label^="Y-axis"] .role-axis-title text')) {
            const title = axis.getBoundingClientRect();
            if (title.height > plot.height + 2)
                found.push(`${name}: y title ${Math.round(title.height)} px, plot ${Math.round(plot.height)} px`);
        }
    }
    return found;
}"""


# Each pair of neighbouring columns of a row that show a field each (a text field, a slider, options): whether the
# second stands below the first, and the room between them.
STACKED_FIELDS = """() => {
    const field = c => [...c.querySelectorAll('input, textarea, [role="slider"], [role="radiogroup"]')]
        .some(f => f.getClientRects().length > 0);  // not a chart's own hidden inputs (ui.scrub)
    const pairs = [];
    for (const row of document.querySelectorAll('[data-testid="stMain"] [data-testid="stHorizontalBlock"]')) {
        const columns = [...row.children].filter(c => c.matches('[data-testid="stColumn"]') && field(c));
        for (let i = 1; i < columns.length; i++) {
            const [a, b] = [columns[i - 1].getBoundingClientRect(), columns[i].getBoundingClientRect()];
            const below = b.top >= a.bottom;
            pairs.push({below, between: Math.round(below ? b.top - a.bottom : b.left - a.right),
                        field: columns[i].innerText.split('\\n')[0]});
        }
    }
    return pairs;
}"""


# Each pair of neighbouring columns of a row that a phone has stacked, and the room between them (the first's
# bottom to the second's top); columns a phone keeps side by side are left out.
STACKED_COLUMNS = """() => {
    const pairs = [];
    for (const row of document.querySelectorAll('[data-testid="stMain"] [data-testid="stHorizontalBlock"]')) {
        const columns = [...row.children].filter(c => c.matches('[data-testid="stColumn"]') && c.offsetHeight > 0);
        for (let i = 1; i < columns.length; i++) {
            const [a, b] = [columns[i - 1].getBoundingClientRect(), columns[i].getBoundingClientRect()];
            if (b.top >= a.bottom) pairs.push(Math.round(b.top - a.bottom));
        }
    }
    return pairs;
}"""


# Open tabs out of sight in their row of tabs (a row wider than the screen scrolls sideways): their names.
HIDDEN_OPEN_TABS = """() => [...document.querySelectorAll('[data-testid="stMain"] [role="tablist"]')].flatMap(row => {
    const tab = row.querySelector('[role="tab"][aria-selected="true"]');
    if (!tab) return [];
    const [box, at] = [row.getBoundingClientRect(), tab.getBoundingClientRect()];
    return at.left < box.left - 0.5 || at.right > box.right + 0.5 ? [tab.innerText] : [];
})"""


FIELD_ROWS = ["fixed_summary", "self_attention", "self_attention/self", "limits/hard", "limits/work"]
# each loaded at a phone's size (a page narrowed after loading draws differently): in every run each screen as its
# link opens it and every view with fields side by side; the screens' other tabs, and the walkthrough's steps (made
# of the screens' charts and shown mostly on a projector), in the long checks (CI), to keep a developer's run short
PHONE_VIEWS = [
    pytest.param(v, marks=pytest.mark.long) if (v in load.STEPS or "/" in v) and v not in FIELD_ROWS else v
    for v in load.VIEWS
]


@pytest.mark.parametrize("view", PHONE_VIEWS)
def test_on_a_phone_no_box_scrolls_sideways_and_no_chart_text_is_cut(server, tab, view):
    """Every view a reader may open (bench.load.VIEWS: each screen, each of its other tabs, each walkthrough step),
    at 390x844: nothing scrolls sideways inside the page (SCROLLED), no chart's text is cut at its edge (CUT_TEXT)
    or touches another's (TOUCHING_TEXT), no plot is too small to read or shorter than its y title (SQUASHED), no
    value a mark writes lies on a bar (TEXT_ON_BARS).

    On the views with fields side by side on a wide screen (FIELD_ROWS, ui.widgets.field_columns), the fields
    stack 16 px apart on the phone, a column's gap between its elements, not their columns' wide gap of 64 px (an
    empty band between a field and the next); widened to 1280 px they stand side by side that wide gap apart."""
    query = load.link_query(view)
    open_screen(tab, f"{server}/{load.url_path(view)}" + (f"?{query}" if query else ""), PHONE)
    wait_for_app(tab)
    wait_for_layout(tab)  # the fonts loaded, and charts drawn again at the width they settled to
    assert tab.locator('[data-testid="stException"]').count() == 0
    assert (tab.evaluate(SCROLLED), tab.evaluate(CUT_TEXT), tab.evaluate(TOUCHING_TEXT)) == ([], [], [])
    assert (tab.evaluate(SQUASHED, PLOT_LEAST), tab.evaluate(TEXT_ON_BARS)) == ([], [])
    # columns stacked on the phone stand a column's gap apart (16 px), not their wide gap (a 64 px empty band)
    assert set(tab.evaluate(STACKED_COLUMNS)) <= {16}
    assert tab.evaluate(HIDDEN_OPEN_TABS) == []  # an open tab (opened from the link) shown whole in its row
    if view not in FIELD_ROWS:
        return
    for viewport, below, between in ((PHONE, True, 16), (DESK, False, 64)):
        tab.set_viewport_size(viewport)
        wait_for_layout(tab)
        pairs = tab.evaluate(STACKED_FIELDS)
        assert pairs, f"no fields side by side on /{view}"
        assert [(p["below"], p["between"]) for p in pairs] == [(below, between)] * len(pairs), (viewport, pairs)


def test_every_view_with_fields_side_by_side_is_checked_on_a_phone_in_every_run():
    assert set(FIELD_ROWS) <= set(load.VIEWS) - set(load.STEPS)
    every_run = {p for p in PHONE_VIEWS if isinstance(p, str)}
    assert set(FIELD_ROWS) <= every_run


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
