"""Every screen ends in a "Check yourself" fold that asks one of its questions at the reader's state; AppTest."""

from __future__ import annotations

import pytest

import core.questions as qb
from app import SCREENS
from tests.apptest import no_exception, run_page
from ui import questions
from ui.text import t

CHECKED = [(s.script, s.title.removeprefix("nav.")) for s in SCREENS[1:]]  # every screen but the home page
SHOWN = (-3.0, 3.0)  # the interval of s screen 4's chart shows, unless a link sets another


def first_asked(id: str) -> qb.Question:
    """Question ``id`` as a screen opened on our example asks it first: inside the interval screen 4's chart shows,
    or at the state s = -1."""
    return qb.within(id, *SHOWN) if qb.takes_interval(id) else qb.at_state(id, -1.0)


@pytest.mark.parametrize(("path", "screen"), CHECKED)
def test_every_screen_asks_one_of_its_questions(path, screen):
    at = run_page(path)
    no_exception(at)
    folds = [e for e in at.expander if e.label == t("q.check_yourself")]
    assert len(folds) == 1
    asked = {str(m.value) for m in folds[0].markdown}
    assert questions.prompt(first_asked(qb.for_screen(screen)[0].id)) in asked


def test_the_question_follows_the_state_the_link_sets():
    at = run_page("screens/revisitable_source/page.py", {"s": "2"})
    fold = next(e for e in at.expander if e.label == t("q.check_yourself"))
    q = qb.at_state("compare.weight", 2.0)
    assert q.setting.s == -2.0 and q != qb.ask("compare.weight")
    assert questions.prompt(q) in {str(m.value) for m in fold.markdown}


def test_a_weight_the_screen_writes_on_its_bar_is_asked_at_another_state():
    """Screen 2's weights bars write each word's weight at the reader's state: its question on a word's weight,
    asked there, was read off the bar. It asks at the mirrored state, which the reader predicts and then checks."""
    from core.example import worked_example
    from core.reading import attend

    ex = worked_example()
    at = run_page("screens/revisitable_source/page.py")
    q = qb.at_state("compare.weight", -1.0)
    assert q.setting.s == 1.0
    assert questions.prompt(q) in asked(at)
    shown = attend(ex.H, [-1.0], ex.params).weights[q.setting.word]  # on the bar at the reader's state
    assert abs(q.answer - shown) > 0.5
    assert qb.at_state("compare.weight", 0.0).setting.s == -1.0  # at s = 0, whose mirror is itself: the default's
    assert qb.at_state("states.identical", 2.0).setting.s == 2.0  # a family whose answer is not written: at s


def test_a_question_answered_stays_with_its_verdict_as_the_slider_moves_until_another_is_asked():
    """The verdict invites the reader to set the slider where the question asked and see the answer on the chart:
    moving it asked a new question in its place, and the verdict was gone."""
    at = run_page("screens/revisitable_source/page.py")
    first = qb.at_state("compare.weight", -1.0)
    at.button(key="q_screen_revisitable_skip").click().run()
    at.slider(key="w_s").set_value(first.setting.s).run()  # to the state the question asked about
    no_exception(at)
    assert questions.prompt(first) in asked(at) and [e for e in at.info if str(e.value) == t("q.skipped")]
    at.button(key="q_screen_revisitable_another").click().run()
    second = qb.at_state(qb.for_screen("revisitable")[1].id, first.setting.s)  # at the state the reader moved to
    assert questions.prompt(second) in asked(at)


def test_skipping_reveals_the_answer_and_offers_another():
    at = run_page("screens/state_sweep/page.py")
    at.button(key="q_screen_sweep_skip").click().run()
    no_exception(at)
    assert [str(e.value) for e in at.info if str(e.value) == t("q.skipped")]
    at.button(key="q_screen_sweep_another").click().run()
    assert at.session_state[questions.asked_on_screen("sweep")] == 1
    second = first_asked(qb.for_screen("sweep")[1].id)
    assert questions.prompt(second) in {str(m.value) for m in at.markdown}


def asked(at) -> set[str]:
    fold = next(e for e in at.expander if e.label == t("q.check_yourself"))
    return {str(m.value) for m in fold.markdown}


def test_the_sweeps_question_is_asked_inside_the_interval_its_chart_shows():
    """Screen 4's questions on the lead asked "Move s from -2 to 2" while the chart showed another interval (0.5 to
    2: the question could not be read from it, and the fold under the chart said the lead never changes there)."""
    switches, crossing, jump = (f.id for f in qb.for_screen("sweep")[:3])
    at = run_page("screens/state_sweep/page.py", {"sweep": "0.5,2"})
    no_exception(at)
    q = qb.within(switches, 0.5, 2.0)
    assert (q.setting.low, q.setting.high) == (0.5, 2.0) and q.answer == 0.0
    assert questions.prompt(q) in asked(at)
    # no interval inside holds the one switch the next question asks about: the one after it is asked instead,
    # drawn (its own turn, next, asks at the reader's state)
    assert qb.within(crossing, 0.5, 2.0) is None and qb.varied(jump, 1) != qb.at_state(jump, -1.0)
    at.button(key="q_screen_sweep_skip").click().run()
    at.button(key="q_screen_sweep_another").click().run()
    assert questions.prompt(qb.varied(jump, 1)) in asked(at)
    at.button(key="q_screen_sweep_skip").click().run()
    at.button(key="q_screen_sweep_another").click().run()
    assert questions.prompt(qb.at_state(jump, -1.0)) in asked(at)
    # "Ask me another", past the first round: drawn inside the interval too
    at.button(key="q_screen_sweep_skip").click().run()
    at.button(key="q_screen_sweep_another").click().run()
    assert at.session_state[questions.asked_on_screen("sweep")] == 3
    at.button(key="q_screen_sweep_skip").click().run()
    at.button(key="q_screen_sweep_another").click().run()
    assert questions.prompt(qb.varied_within(switches, 4, 0.5, 2.0)) in asked(at)
    # the interval moved: the question moves with it, in the same run as the chart
    at = run_page("screens/state_sweep/page.py", {"sweep": "0.5,2"})
    at.slider(key="w_sweep").set_value((-1.0, 1.0)).run()
    no_exception(at)
    q = qb.within(switches, -1.0, 1.0)
    assert (q.setting.low, q.setting.high) == (-1.0, 1.0) and q.answer == 2.0
    assert questions.prompt(q) in asked(at)
