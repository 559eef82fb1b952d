"""A walkthrough step asks before it shows, in Chromium: answered right, answered wrong, on a laptop and a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import core.questions as qb
from screens.walkthrough.steps import STEPS
from tests.browser import DESK, PHONE, PROJECTOR, open_screen, wait_for_app, wait_for_layout, wait_for_run
from tests.test_accessibility import CUT_TEXT, INK_LINES
from ui import questions, text
from ui.format import num
from ui.text import t

pytestmark = pytest.mark.browser

K = 4  # step 4, what tanh does: its first question is a choice
QUESTION = qb.ask(qb.for_step(STEPS[K - 1].name)[0].id)


def answer(tab, option: str) -> None:
    label = questions.option_label(QUESTION, option)
    tab.locator(f".st-key-q_step{K}").get_by_text(label, exact=True).click()
    tab.locator(f".st-key-q_step{K}_check button").click()


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
def test_a_step_asks_then_reveals_the_readers_answer_beside_the_right_one_and_its_chart(server, tab, viewport, right):
    assert QUESTION.kind == "choice"
    open_screen(tab, f"{server}/?step={K}", viewport)
    wait_for_app(tab, charts=0)
    expect(tab.get_by_text(t("q.held_back"))).to_be_visible()
    assert tab.locator('[data-testid="stVegaLiteChart"]').count() == 0  # nothing gives the answer away
    last = tab.locator(f".st-key-q_step{K}").get_by_text(questions.option_label(QUESTION, QUESTION.options[-1]))
    check = tab.locator(f".st-key-q_step{K}_check button").bounding_box()
    assert last.bounding_box()["y"] + last.bounding_box()["height"] <= viewport["height"]  # the first screenful
    assert check is not None and check["y"] + check["height"] <= viewport["height"]
    given = QUESTION.answer if right else next(o for o in QUESTION.options if o != QUESTION.answer)
    answer(tab, given)
    verdict = t("q.right") if right else t("q.wrong")
    expect(tab.get_by_text(verdict, exact=True)).to_be_visible()
    expect(tab.get_by_text(t("q.yours", given=questions.answer_label(QUESTION, given)))).to_be_visible()
    expect(tab.locator('[data-testid="stVegaLiteChart"]').first).to_be_visible()
    expect(tab.get_by_text(t("q.held_back"))).to_have_count(0)


def test_a_point_picked_wrong_is_drawn_where_it_lies_beside_the_right_one_on_a_phone(server, tab):
    """Step 3 asks which point a read can be: answered wrong, the reveal draws the points on the sources' plane, the
    reader's and the right one in their colours, within the question's box (a phone's width)."""
    k = 3
    q = qb.ask(qb.for_step(STEPS[k - 1].name)[0].id)
    assert q.points and q.plane
    wrong = q.options[2]  # P3: its reveal drew "P2 · the answer" over the source "I"
    assert wrong != q.answer
    open_screen(tab, f"{server}/?step={k}", PHONE)
    wait_for_app(tab, charts=0)
    box = tab.locator(f".st-key-q_step{k}")
    # each option a thumb's target on a phone (44 px, the whole row): they were 22 px tall and as narrow as their label
    options = box.locator('[data-testid="stRadio"] label:has(input[type="radio"])')
    expect(options).to_have_count(len(q.options))
    heights = [b["height"] for b in options.evaluate_all("ls => ls.map(l => l.getBoundingClientRect().toJSON())")]
    assert min(heights) >= 44, heights
    box.get_by_text(questions.option_label(q, wrong), exact=True).click()
    tab.locator(f".st-key-q_step{k}_check button").click()
    expect(tab.get_by_text(t("q.wrong"), exact=True)).to_be_visible()
    plane = box.locator('[data-testid="stVegaLiteChart"]')
    expect(plane.locator("svg, canvas").first).to_be_visible()
    drawn = plane.bounding_box()
    assert drawn["width"] <= PHONE["width"] and drawn["height"] > 150
    yours = t("q.plane_label", k=q.options.index(wrong) + 1, role=t("q.plane_yours"))
    expect(plane.get_by_text(yours, exact=True).first).to_be_attached()  # the reader's point, named beside it
    wait_for_layout(tab)
    assert tab.evaluate(CUT_TEXT) == []  # its label on the side with room: at the plane's right edge it ran out
    # no label over another or over a point: "P2 · the answer", written left of its point, ran over the source "I"
    crossing = plane.evaluate(CROSSING_TEXT)
    assert crossing == [], crossing


# A chart's labels (its text marks, not its axes) whose ink (tests.test_accessibility.INK_LINES) comes within 2 px of
# another label's or of a drawn point other than its own (the one nearest the place the label is written from).
CROSSING_TEXT = """(chart) => {
    const svg = chart.querySelector('svg'), inkLines = INK_LINES, room = 2;
    const elements = [...svg.querySelectorAll('text')];
    const texts = inkLines(svg).filter(line => elements[line.k].closest('g.mark-text.role-mark'));
    const points = [...svg.querySelectorAll('g.mark-symbol.role-mark path')]
        .filter(e => +getComputedStyle(e).opacity > 0 && e.getAttribute('opacity') !== '0')
        .map(e => e.getBoundingClientRect());
    const near = (p, q) => p.left < q.right + room && q.left < p.right + room && p.top < q.bottom + room
        && q.top < p.bottom + room;
    const out = [];
    texts.forEach((p, i) => {
        texts.slice(i + 1).forEach(q => {
            if (q.words !== p.words && near(p, q)) out.push(`${p.words} by ${q.words}`);
        });
        const m = elements[p.k].getScreenCTM();  // the place the label is written from
        const from = q => Math.hypot(q.x + q.width / 2 - m.e, q.y + q.height / 2 - m.f);
        const own = points.reduce((a, q) => (a === null || from(q) < from(a) ? q : a), null);
        points.forEach((q, j) => { if (q !== own && near(p, q)) out.push(`${p.words} by point ${j}`); });
    });
    return out;
}""".replace("INK_LINES", INK_LINES)


def test_a_number_answered_is_drawn_on_its_range_with_room_above_for_the_charts_toolbar_on_a_phone(server, chrome):
    """Step 2's weight, answered on a touch phone: the reveal writes the reader's answer and the right one, then draws
    them on the question's range. The chart's toolbar (download, copy, full screen), which a tap slides in above the
    chart, covered the end of the line "The answer: 0.791 (within ±0.05 counts as right)"."""
    k = 2
    q = qb.ask(qb.for_step(STEPS[k - 1].name)[0].id)
    assert q.kind == "number" and q.tolerance > 0
    context = chrome.new_context(viewport=PHONE, has_touch=True, is_mobile=True, color_scheme="light")
    try:
        phone = context.new_page()
        phone.goto(f"{server}/?step={k}")
        wait_for_app(phone, charts=0)
        box = phone.locator(f".st-key-q_step{k}")
        field = box.locator("input[type='number']")
        field.fill(f"{q.low:.2f}")
        field.press("Enter")
        check = phone.locator(f".st-key-q_step{k}_check button")
        expect(check).to_be_enabled()
        check.tap()
        strip = box.locator('[data-testid="stVegaLiteChart"]')
        expect(strip.locator("svg, canvas").first).to_be_visible()
        strip.scroll_into_view_if_needed()
        strip.tap()
        toolbar = box.locator('[data-testid="stElementToolbar"]')
        expect(toolbar).to_be_visible()
        toolbar.evaluate("t => Promise.all(t.getAnimations({subtree: true}).map(a => a.finished))")  # slid in
        lines = box.get_by_text(t("q.yours", given=questions.answer_label(q, q.low))).bounding_box()  # both lines
        assert toolbar.bounding_box()["y"] >= lines["y"] + lines["height"] - 0.5, (toolbar.bounding_box(), lines)
    finally:
        context.close()


def test_another_question_then_its_answer_brings_the_steps_controls_back_at_the_steps_state(server, tab):
    """Step 2, its first question skipped, then "Ask me another" and that one skipped too: the step's slider came back
    at -5 (its lowest value) while the step's state was -1, and the written numbers beside it stayed greyed out as
    stale. It comes back at the step's state, and nothing on the page is left stale."""
    k = 2
    open_screen(tab, f"{server}/?step={k}", DESK)
    wait_for_app(tab, charts=0)
    tab.locator(f".st-key-q_step{k}_skip button").click()
    another = tab.locator(f".st-key-walk_another_{k} button")
    expect(another).to_be_visible()
    another.click()
    skip = tab.locator(f".st-key-q_step{k}_skip button")
    expect(skip).to_be_visible()
    skip.click()
    expect(skip).to_have_count(0)
    wait_for_app(tab)
    expect(tab.locator('[data-testid="stSliderThumbValue"]').first).to_have_text(
        re.compile(r"^[-−]1\.00$")
    )  # the step's s
    expect(tab.locator('[data-stale="true"]')).to_have_count(0)


def test_once_answered_the_steps_chart_stays_in_sight_beside_its_slider_on_a_laptop(server, tab):
    """Step 6 answered: the reveal stands above the step's slider, and scrolling down to the slider took the chart it
    moves out of the window (where a drag does not move it). The chart's column stays in sight beside it."""
    k = 6
    q = qb.ask(qb.for_step(STEPS[k - 1].name)[0].id)
    assert q.kind == "number"
    open_screen(tab, f"{server}/?step={k}", DESK)
    wait_for_app(tab, charts=0)
    field = tab.locator(f".st-key-q_step{k} input[type='number']")
    field.fill(str(int(q.answer) + 1))
    field.press("Enter")
    check = tab.locator(f".st-key-q_step{k}_check button")
    expect(check).to_be_enabled()
    check.click()
    expect(tab.get_by_text(t("q.wrong"), exact=True)).to_be_visible()
    wait_for_app(tab)
    slider = tab.locator('[data-testid="stSlider"]').first
    slider.scroll_into_view_if_needed()
    tab.wait_for_timeout(300)  # the page settles where it scrolled
    top, bottom = tab.evaluate(
        """() => { const b = document.querySelector('.st-key-walk_chart [data-testid="stVegaLiteChart"]')
                     .getBoundingClientRect(); return [b.top, b.bottom]; }"""
    )
    assert slider.bounding_box()["y"] < DESK["height"]
    assert top >= 0 and bottom <= DESK["height"], (top, bottom)  # the whole chart in the window


@pytest.mark.parametrize(
    ("lang", "kind", "before", "typed"), [("fr", "typed", "abc", "0,79"), ("en", "answer", "0.3", "0.5")]
)
def test_a_number_typed_then_checked_at_once_is_the_one_the_field_shows_once_revealed(
    server, tab, lang, kind, before, typed
):
    """Step 2's number: a first value sent (Enter), another typed and Check pressed at once. The reveal judges the
    second; the field, drawn disabled, showed the first beside it ("0.30" beside "Your answer: 0.50"). In French the
    field takes a decimal comma."""
    open_screen(tab, f"{server}/?step=2&lang={lang}", DESK)
    wait_for_app(tab, charts=0)
    field = tab.locator(f".st-key-q_step2_{kind} input")
    field.fill(before)
    # Streamlit's hint under a field, in the reader's language (ui/chrome_words.py)
    hint = tab.locator(f'.st-key-q_step2_{kind} [data-testid="InputInstructions"]')
    with text.speaking(lang):
        expect(hint).to_have_text(t("chrome.apply", keys=t("chrome.key_enter")))  # the key as named in the language
    expect(hint).to_be_visible()
    if kind == "typed":  # a number typed as text opens a phone's number keys, not its letters'
        expect(field).to_have_attribute("inputmode", "decimal")
    field.press("Enter")
    wait_for_app(tab, charts=0)
    field.fill(typed)
    tab.locator(".st-key-q_step2_check button").click()
    with text.speaking(lang):
        yours = t("q.yours", given=num(float(typed.replace(",", ".")), 2))
    expect(tab.get_by_text(yours)).to_be_visible()
    expect(field).to_be_disabled()
    assert float(field.input_value().replace(",", ".")) == float(typed.replace(",", "."))


# Counts the calls a page's scripts make to bring a question's verdict into sight (Playwright's own scrolling, to
# reach what it clicks, goes through the browser, not this method).
SPY = """(verdict) => {
    window.verdictsBrought = 0;
    const into = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (...how) {
        if (String(this.className).includes(verdict)) window.verdictsBrought += 1;
        return into.apply(this, how);
    };
}"""


def checked_wrong(tab, url: str, k: int, viewport: dict[str, int], anchored: bool = True):
    """Open step ``k`` at ``url`` and ``viewport``, pick a wrong option of its question and press Check; the line
    that gives the reader's answer, once it is there and the page has settled, and how many times the page's scripts
    scrolled the verdict into sight. Not ``anchored``: the browser does not hold the page where it stands when the
    reveal draws above it (scroll anchoring), as it may or may not, by when the drawing lands."""
    q = qb.ask(qb.for_step(STEPS[k - 1].name)[0].id)
    wrong = next(o for o in q.options if o != q.answer)
    open_screen(tab, url, viewport)
    wait_for_app(tab, charts=0)
    if not anchored:
        tab.add_style_tag(content="* { overflow-anchor: none !important; }")
    tab.evaluate(SPY, questions.VERDICT)
    tab.locator(f".st-key-q_step{k}").get_by_text(questions.option_label(q, wrong), exact=True).click()
    check = tab.locator(f".st-key-q_step{k}_check button")
    check.evaluate("b => b.scrollIntoView({block: 'end'})")  # a thumb's reach: Check at the screen's foot, as
    # a reader scrolls to it (where the page happened to stand, the verdict could already be in sight)
    check.click()
    yours = tab.get_by_text(t("q.yours", given=questions.answer_label(q, wrong)))
    expect(yours).to_have_count(1)
    wait_for_layout(tab)
    return yours, tab.evaluate("() => window.verdictsBrought")


@pytest.mark.parametrize("k", [10, 4])
def test_on_a_phone_the_verdict_comes_into_sight_once_checked(server, tab, k):
    """What the reveal draws above the question (step 10's lead, its chart) pushed the verdict below a phone's
    screen, leaving the reader their greyed-out choice to look at."""
    yours, brought = checked_wrong(tab, f"{server}/?step={k}", k, PHONE, anchored=k != 4)
    for shown in (tab.get_by_text(t("q.wrong"), exact=True), yours):
        box = shown.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], (k, box)
    if k == 4:  # the page's script brought it, the browser not holding the page where it stood (the count the
        # projector's test reads is one that moves; a full run saw it 0 where the browser held the page); at step 10,
        # whose eight options are a thumb's height each, reaching Check scrolls the page as far as the verdict needs
        assert brought >= 1


def test_on_a_phone_the_verdict_is_not_left_under_the_docked_state_slider(server, tab):
    """On a phone, a chart above screen 2's question in sight, the state slider is docked at the window's foot. The
    verdict came in sight above it, but the reader's answer and the right one lay under the docked slider."""
    q = qb.at_state(qb.for_screen("revisitable")[0].id, -1.0)
    assert q.kind == "number"
    open_screen(tab, f"{server}/revisitable_source", PHONE)
    wait_for_app(tab)
    tab.get_by_text(t("q.check_yourself")).click()
    box = tab.locator(".st-key-q_screen_revisitable")
    expect(box).to_contain_text(questions.prompt(q).split("$")[0])
    box.evaluate("b => b.scrollIntoView({block: 'start'})")  # the question's top below the chart above it
    tab.mouse.wheel(0, -240)  # the chart's foot in sight, as a reader scrolls down from it
    wait_for_layout(tab)
    field = box.locator("input")
    field.fill(num(q.high, questions.digits(q)))  # the range's end: wrong
    field.press("Enter")
    check = tab.locator(".st-key-q_screen_revisitable_check button")
    expect(check).to_be_enabled()
    docked = tab.locator('[data-scrub-docked] > [data-testid="stSlider"]')
    expect(docked).to_have_count(1)  # the case asked about: a chart in sight, the slider docked
    check.click()
    lines = [tab.get_by_text(t("q.wrong"), exact=True), box.get_by_text(t("q.yours", given=num(q.high, 2)))]
    for line in lines:
        expect(line).to_be_visible()
    wait_for_layout(tab)
    foot = tab.evaluate(
        """() => Math.min(innerHeight, ...[...document.querySelectorAll(
            '[data-scrub-docked] > [data-testid="stSlider"]')].map(s => s.getBoundingClientRect().top))"""
    )
    for line in lines:
        found = line.bounding_box()
        assert found is not None and 0 <= found["y"] and found["y"] + found["height"] <= foot, (found, foot)


def test_on_a_projector_checking_leaves_the_step_where_it_is(server, tab):
    """A room reads a step from its top, Back and Next where they were: presenter mode brings no verdict into sight.
    (Counted at the page's scripts: where the step's top lies after Check also depends on where the click had to
    scroll to reach the button.)"""
    _, brought = checked_wrong(tab, f"{server}/?step=10&present=1", 10, PROJECTOR)
    assert brought == 0


def test_a_screens_question_follows_the_state_slider_and_takes_an_answer_typed_after_a_move(server, tab):
    """Screen 2's "Check yourself" follows the reader's state until it is answered (a word's weight, which the bars
    write at s, asked at -s). Once the slider moved, it still quoted the state it was drawn at, until the next whole
    run, which the answer typed into it started: that run asked the question at the new state in its place, and the
    typed number was left in a field whose Check stayed off."""
    family = qb.for_screen("revisitable")[0]
    before, after = qb.at_state(family.id, -1.0), qb.at_state(family.id, -0.6)
    assert before.setting.s == 1.0 and after.setting.s == 0.6 and after.kind == "number"
    open_screen(tab, f"{server}/revisitable_source", DESK)
    wait_for_app(tab)
    tab.get_by_text(t("q.check_yourself")).click()
    box = tab.locator(".st-key-q_screen_revisitable")
    expect(box).to_contain_text(questions.prompt(before).split("$")[0])
    slider = tab.locator(".st-key-w_s").get_by_role("slider")
    for _ in range(8):  # -1 to -0.6, 0.05 a step
        slider.press("ArrowRight")
    expect(box).to_contain_text(questions.prompt(after).split("$")[0])
    field = box.locator("input")
    field.fill(num(after.answer, questions.digits(after)))
    field.press("Enter")
    check = tab.locator(".st-key-q_screen_revisitable_check button")
    expect(check).to_be_enabled()
    check.click()
    expect(box.get_by_text(t("q.right"), exact=True)).to_be_visible()
    expect(box).to_contain_text(questions.prompt(after).split("$")[0])

    # answered, the slider moved (to check the answer on the chart, as the verdict invites): the question and its
    # verdict stay until "Ask me another" (they followed the slider, and the verdict was gone as the reader checked)
    for _ in range(2):
        slider.press("ArrowRight")
    tab.wait_for_function("() => new URLSearchParams(location.search).get('s') === '-0.5'")  # the move's run wrote it
    wait_for_run(tab)
    expect(box.get_by_text(t("q.right"), exact=True)).to_be_visible()
    expect(box).to_contain_text(questions.prompt(after).split("$")[0])

    # the next question, a pick among points: picked, the slider moved, then skipped, sends nothing the page calls
    # a value from outside it (the pick was left in the browser, an option the new question no longer offered)
    tab.locator(".st-key-q_screen_revisitable_another button").click()
    pick = qb.at_state(qb.for_screen("revisitable")[1].id, -0.5)
    expect(box).to_contain_text(questions.prompt(pick).split("$")[0])
    box.get_by_text(questions.option_label(pick, pick.options[1]), exact=True).click()  # a point that moves with s
    wait_for_layout(tab)
    for _ in range(2):
        slider.press("ArrowRight")
    expect(box).to_contain_text(questions.prompt(qb.at_state(pick.id, -0.4)).split("$")[0])
    tab.locator(".st-key-q_screen_revisitable_skip button").click()
    expect(box.get_by_text(t("q.skipped"), exact=True)).to_be_visible()
    expect(tab.get_by_text(t("widget.forged"))).to_have_count(0)
