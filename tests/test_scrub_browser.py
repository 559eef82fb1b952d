"""Charts follow their slider in the browser (``ui/scrub.py``): in Chromium against a served app, a drag sends
nothing to the server while the charts move, the numbers the charts show at each value of the slider are core's
at that value, and a release puts the value in the link and the sentences that quote it."""

from __future__ import annotations

import numpy as np
import pytest
from playwright.sync_api import expect

from core.example import worked_example
from core.reading import attend
from tests.browser import axe_script, wait_for_app, wait_for_layout, wait_for_run
from tests.test_accessibility import serious_violations
from ui.text import t

pytestmark = pytest.mark.browser
EX = worked_example()

# What a bar chart's marks draw, each mark's own row as Vega holds it (its DOM element's item): [position, the row's
# field ``f``], the number whole (a mark's label for a screen reader writes it to four decimals, as its tooltip does;
# none while the chart is not yet on the page: a wait on them then waits instead of failing)
MARKS = """([k, f]) => [...(document.querySelectorAll('[data-testid="stVegaLiteChart"]')[k]
    ?.querySelectorAll('path[aria-label]') ?? [])].map(e => e.__data__ && e.__data__.datum)
    .filter(d => d && 'position' in d && f in d).map(d => [d.position, d[f]])"""
THUMB = '.st-key-w_s [data-testid="stSliderThumbValue"]'


def weights_shown(page, chart: int) -> dict[str, float]:
    """The weights a bar chart's marks draw, by position."""
    return {position: float(weight) for position, weight in page.evaluate(MARKS, [chart, "weight"])}


def expected(s: float) -> np.ndarray:
    """core's weights at the state s: (T,)."""
    return attend(EX.H, [s], EX.params).weights


def expected_weights(s: float) -> dict[str, float]:
    return dict(zip(EX.tokens, expected(s), strict=True))


def settled_on(page, chart: int, s: float) -> None:
    """Wait until the chart's first mark says the weight core gives at the state ``s`` (Vega redraws on a
    later frame)."""
    first = float(expected_weights(s)[EX.tokens[0]])
    page.wait_for_function(
        "([k, w]) => { const marks = (" + MARKS + ")([k, 'weight']);"
        " return marks.length > 0 && Math.abs(marks[0][1] - w) < 1e-9; }",
        arg=[chart, first],
    )


def test_the_weights_the_browser_draws_at_each_state_are_cores(server, chrome):
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/revisitable_source")
    wait_for_app(page)
    slider = page.locator(".st-key-w_s").get_by_role("slider")
    chart = 1  # the Normalise stage's weights
    for s in (-1.0, -0.95, -0.9, -0.85):
        if s != -1.0:
            slider.press("ArrowRight")
        settled_on(page, chart, s)
        shown = weights_shown(page, chart)
        np.testing.assert_allclose([shown[tok] for tok in EX.tokens], expected(s), rtol=1e-11)
    page.wait_for_function("() => location.search.includes('s=-0.85')")
    expect(page.locator(THUMB)).to_have_text("-0.85")
    # the equation that writes out the read says the state's weights and c at s = -0.85, to four decimals
    c = attend(EX.H, [-0.85], EX.params).context  # (d,)
    w = expected(-0.85)
    read = page.locator("annotation").filter(has_text=f"{w[0]:.4f}\\,h_{{1}}").filter(has_text=f"{c[0]:.4f}")
    expect(read.first).to_be_attached()  # the equation's TeX, which KaTeX draws
    page.close()


def test_a_drag_sends_nothing_until_the_thumb_is_let_go(server, chrome):
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: frames.append(f)))  # before the socket opens
    page.goto(f"{server}/revisitable_source")
    wait_for_app(page)
    frames.clear()
    thumb = page.locator(THUMB).locator("..")
    thumb.scroll_into_view_if_needed()
    box = thumb.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = weights_shown(page, 1)
    page.mouse.move(x, y)
    page.mouse.down()
    for k in range(1, 21):  # about a third of the track, in steps a reader's thumb takes
        page.mouse.move(x + 12 * k, y)
        page.wait_for_timeout(20)
    value = float(page.locator(THUMB).inner_text())
    settled_on(page, 1, value)
    during = len(frames)
    moved = weights_shown(page, 1)
    page.mouse.up()
    page.wait_for_function("(v) => location.search.includes('s=' + v)", arg=f"{value:g}")
    assert during == 0, f"{during} frames sent to the server while the thumb moved"
    assert value > -1.0 and moved != before
    np.testing.assert_allclose([moved[tok] for tok in EX.tokens], expected(value), rtol=1e-11)
    assert len(frames) >= 1  # the release
    wait_for_run(page)
    page.close()


def test_a_chart_drawn_after_the_slider_moved_starts_at_the_sliders_value(server, chrome):
    """The identical sources' tab is drawn when opened, after the state moved: its charts start where the slider is."""
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/revisitable_source?s=1")
    wait_for_app(page)
    page.get_by_role("tab", name=t("rev.tab_same")).click()
    page.wait_for_function("() => location.search.includes('rev_tab=same')")
    wait_for_app(page)
    last = page.evaluate("() => document.querySelectorAll('[data-testid=\"stVegaLiteChart\"]').length") - 2
    settled_on(page, last, 1.0)
    shown = weights_shown(page, last)
    np.testing.assert_allclose([shown[tok] for tok in EX.tokens], expected(1.0), rtol=1e-11)
    page.close()


# The raw scores a chart's bars draw, read as weights (their rows' field raw_weight), in the bars' order
BARS = "(k) => (" + MARKS + ")([k, 'raw_weight']).map(([position, x]) => x)"


def test_a_chart_out_of_sight_while_the_thumb_moves_shows_the_sliders_value_once_it_rests(server, chrome):
    """While the thumb moves only the charts in the window follow it (``ui/scrub.py``); one below the window, the
    raw scores read as weights, shows core's scores at the slider's value once the thumb rests, unscrolled."""
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/revisitable_source")
    wait_for_app(page)
    raw = 3  # the raw scores' bars, below the read's plane
    below = "(k) => document.querySelectorAll('[data-testid=\"stVegaLiteChart\"]')[k].getBoundingClientRect().top"
    slider = page.locator(".st-key-w_s").get_by_role("slider")
    slider.focus()
    assert page.evaluate(below, raw) > page.evaluate("() => innerHeight")
    np.testing.assert_allclose(page.evaluate(BARS, raw), attend(EX.H, [-1.0], EX.params).scores, rtol=1e-11)
    for _ in range(3):
        slider.press("ArrowRight")
    scores = attend(EX.H, [-0.85], EX.params).scores  # (T,)
    page.wait_for_function(
        "([k, e]) => { const b = (" + BARS + ")(k); return b.length === e.length"
        " && b.every((x, j) => Math.abs(x - e[j]) < 1e-9); }",
        arg=[raw, scores.tolist()],
    )
    assert page.evaluate(below, raw) > page.evaluate("() => innerHeight")  # never scrolled into the window
    page.close()


def test_on_a_phone_the_slider_comes_to_the_chart_and_a_touch_drag_moves_it(server, chrome):
    """At a phone's width screen 3's columns stack and the scorer's parts lie a screen below the state slider:
    scrolled to the chart, the slider is docked at the window's foot (``ui/scrub.py``), and a drag of its thumb
    by touch moves the chart, sends nothing until the finger lifts, then puts the value in the link; axe finds
    nothing serious in the docked slider."""
    context = chrome.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: frames.append(f)))
    page.goto(f"{server}/scoring")
    wait_for_app(page)
    cells = """() => [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')[0]
        .querySelectorAll('path[aria-label]')].map(e => e.getAttribute('aria-label')).join('|')"""
    thumb = page.locator(THUMB).locator("..")
    # the chart in the middle of the window, again at each look: on a busy machine the page laid out late had moved
    # it out of the window after one scroll, and no slider docks for a chart out of sight
    page.wait_for_function(
        "() => { document.querySelector('[data-testid=\"stVegaLiteChart\"]').scrollIntoView({block: 'center'});"
        " const r = document.querySelector('" + THUMB + "').parentElement.getBoundingClientRect();"
        " return r.top > 0 && r.bottom < innerHeight; }",
        polling=500,
    )
    violations, report = serious_violations(page, str(axe_script()))
    assert violations == [], f"axe-core on /scoring, its slider docked:\n{report}"
    box = thumb.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = page.evaluate(cells)
    frames.clear()
    touch = context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 11):
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + 8 * k, "y": y}]})
        page.wait_for_timeout(30)
    value = float(page.locator(THUMB).inner_text())
    page.wait_for_function(f"(b) => ({cells})() !== b", arg=before)
    during = len(frames)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("(v) => location.search.includes('s=' + v)", arg=f"{value:g}")
    assert during == 0, f"{during} frames sent to the server while the thumb moved"
    assert value > -1.0
    wait_for_run(page)
    page.evaluate("() => document.querySelector('.st-key-w_s').scrollIntoView({block: 'center'})")
    page.wait_for_function("() => !document.querySelector('[data-scrub-docked]')")  # back in its place
    context.close()


def test_on_a_phone_a_slider_whose_thumb_lies_under_the_header_is_docked(server, chrome):
    """Step 3 on a phone, scrolled until its chart is in the middle of the window: the slider's label still shows
    below the app's header but its thumb lies under it, where a finger cannot take it. The slider is docked at the
    window's foot, its thumb whole in the window."""
    page = chrome.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/?step=3")
    skip = page.get_by_role("button", name=t("q.skip"))  # the step's question first (ask before you show)
    skip.click()
    expect(skip).to_have_count(0)
    wait_for_app(page)
    wait_for_layout(page)
    # scrolled so that the thumb's middle lies 4 px under the header's foot (the chart below it, in sight)
    page.evaluate(
        "() => { const thumb = document.querySelector('" + THUMB + "').parentElement.getBoundingClientRect();"
        " const top = document.querySelector('[data-testid=\"stHeader\"]').getBoundingClientRect().bottom;"
        " let box = document.querySelector('.st-key-w_s');"
        " while (box && !(/auto|scroll/.test(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight))"
        " box = box.parentElement;"
        " (box || document.scrollingElement).scrollBy(0, (thumb.top + thumb.bottom) / 2 - (top - 4)); }"
    )
    header = page.evaluate("() => document.querySelector('[data-testid=\"stHeader\"]').getBoundingClientRect().bottom")
    place = page.evaluate("() => document.querySelector('.st-key-w_s').getBoundingClientRect().bottom")
    assert place > header  # the slider's place reaches below the header: in the window by its box
    page.wait_for_function(
        "(top) => { const r = document.querySelector('" + THUMB + "').parentElement.getBoundingClientRect();"
        " return document.querySelector('[data-scrub-docked]') && r.top > top && r.bottom < innerHeight; }",
        arg=header,
    )
    page.close()


def test_on_a_phone_the_slider_leaves_the_foot_once_its_charts_have_scrolled_away(server, chrome):
    """Screen 6 on a phone: with the weights as lines in sight the snapshot slider is docked; scrolled on until 30 px
    of those lines show under the header (the rest above it), it is back in its place, off the page below."""
    page = chrome.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/translator")
    wait_for_app(page)
    wait_for_layout(page)
    last = "[...document.querySelectorAll('[data-testid=\"stVegaLiteChart\"]')].pop()"
    scroll_to = (
        "(at) => { const top = document.querySelector('[data-testid=\"stHeader\"]').getBoundingClientRect().bottom;"
        f" const r = {last}.getBoundingClientRect();"
        " document.querySelector('[data-testid=\"stMain\"]').scrollBy(0, at === 'middle'"
        " ? (r.top + r.bottom - innerHeight) / 2 : r.bottom - top - 30); }"
    )
    page.evaluate(scroll_to, "middle")
    page.wait_for_function("() => document.querySelector('[data-scrub-docked]')")
    page.evaluate(scroll_to, "sliver")
    page.wait_for_function("() => !document.querySelector('[data-scrub-docked]')")
    page.close()
