"""A step asks before it shows: its question first, its chart and point once the reader answered or skipped.

Each step asks the questions of its place in the bank (:func:`core.questions.for_step`), the first under the step's
own view; "Ask me another" asks the next, and past the last one each again, each under a setting drawn from a new
seed: the step's own view, shown with the first answer, would give the next one away (step 11's point states the
fixed summary's 0 % that its second question asked for), and a second try is not a memorised answer. What the
reader answered is kept for the visit only: a shared link opens the step on its question, never on its answer.

In a class the step's view is the class's (:mod:`ui.classroom`): the teacher's projector asks the class and
reveals, and a student's device shows the step once the teacher has.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.questions import Question, ask, for_step, varied
from ui import classroom, questions
from ui.text import t
from ui.walkthrough import Step

ASKED = "walk_asked_{k}"  # session: how many questions step k has asked this visit, after its first


def question(k: int, step: Step) -> Question | None:
    """The question step ``k`` asks now: its place's families in turn, the first under the step's view, every later
    one under a drawn setting."""
    families = for_step(step.name)
    if not families:
        return None
    n = st.session_state.get(ASKED.format(k=k), 0)
    family = families[n % len(families)]
    return ask(family.id) if n == 0 else varied(family.id, seed=n)


def another(k: int) -> None:
    """Ask me another's callback: the step's next question, on the whole page. The step's controls are held back
    while it waits, and a run of the step's section alone that left the slider out dropped the slider's value in the
    browser: answered, the slider came back at its lowest value beside numbers of the step's state, left stale."""
    key = ASKED.format(k=k)
    st.session_state[key] = st.session_state.get(key, 0) + 1
    st.rerun()


def asked_first(k: int, step: Step, box: DeltaGenerator, wide: DeltaGenerator) -> bool:
    """Draw step ``k``'s question in ``box``; whether the step may show what gives its answer away. On a class's
    projector the class's answers go first in ``wide`` (the step's chart column), read from the back of the room."""
    q = question(k, step)
    if q is None:
        return True
    with box:
        if classroom.teaching() and classroom.on_class_step(k):
            return classroom.teacher_question(q, k, lambda: another(k), wide)
        if classroom.attending() and classroom.on_class_step(k):
            return classroom.step_revealed(k, step.name)
        status = questions.ask(q, key=f"step{k}")
        if status == questions.UNANSWERED:
            return False
        st.button(t("q.another"), key=f"walk_another_{k}", on_click=another, args=(k,), icon=":material/redo:")
    return True


def held_back(chart: DeltaGenerator, k: int) -> None:
    """What the chart's place shows while step ``k``'s question waits: on the class's step, on the projector and the
    students' devices alike, for the teacher's reveal; elsewhere for the reader's answer."""
    on_class = classroom.on_class_step(k)  # the projector is told what it waits for, not a student's note
    said = ("class.held_back_teacher" if classroom.teaching() else "class.held_back") if on_class else "q.held_back"
    chart.info(t(said), icon=":material/visibility_off:")
