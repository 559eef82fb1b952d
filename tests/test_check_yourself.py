"""Every screen ends in a "Check yourself" fold that asks one of its questions at the reader's state; AppTest."""

from __future__ import annotations

import pytest

import core.questions as qb
from app import SCREENS
from tests.apptest import no_exception, run_page
from ui import questions
from ui.text import t

CHECKED = [(s.script, s.title.removeprefix("nav.")) for s in SCREENS[1:]]  # every screen but the home page


@pytest.mark.parametrize(("path", "screen"), CHECKED)
def test_every_screen_asks_one_of_its_questions(path, screen):
    at = run_page(path)
    no_exception(at)
    folds = [e for e in at.expander if e.label == t("q.check_yourself")]
    assert len(folds) == 1
    asked = {str(m.value) for m in folds[0].markdown}
    first = qb.at_state(qb.for_screen(screen)[0].id, -1.0)
    assert questions.prompt(first) in asked


def test_the_question_is_asked_at_the_state_the_link_sets():
    at = run_page("screens/revisitable_source/page.py", {"s": "2"})
    fold = next(e for e in at.expander if e.label == t("q.check_yourself"))
    q = qb.at_state("compare.weight", 2.0)
    assert q.setting.s == 2.0 and q != qb.ask("compare.weight")
    assert questions.prompt(q) in {str(m.value) for m in fold.markdown}


def test_skipping_reveals_the_answer_and_offers_another():
    at = run_page("screens/state_sweep/page.py")
    at.button(key="q_screen_sweep_skip").click().run()
    no_exception(at)
    assert [str(e.value) for e in at.info if str(e.value) == t("q.skipped")]
    at.button(key="q_screen_sweep_another").click().run()
    assert at.session_state[questions.asked_on_screen("sweep")] == 1
    second = qb.at_state(qb.for_screen("sweep")[1].id, -1.0)
    assert questions.prompt(second) in {str(m.value) for m in at.markdown}
