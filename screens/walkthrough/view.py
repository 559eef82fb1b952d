"""The walkthrough's frame on the home page: heading and point, the control beside the chart, Back and Next."""

from __future__ import annotations

import streamlit as st

from screens.walkthrough import asking, recap
from screens.walkthrough.steps import STEPS
from ui import classroom, clicker, frame, present, sections, state, streamlit_private, to_top, walkthrough
from ui.sections import section
from ui.settings.walkthrough import STEP
from ui.text import t

STEP_SECTION = "step"  # the key of the section that draws the current step
CONTROLS_KEY = "walk_controls"  # the step's controls' column: its working sized to its width (frame.css)
CHART_KEY = "walk_chart"  # the step's chart column: it stays in sight while the reader scrolls to the step's slider


def go(k: int) -> None:
    """Back's, Next's and Start's callback: enter step ``k`` with its own values. From a step only the step's section
    and the sidebar's caption of the shared state are drawn again; from the home page itself, the whole page."""
    was = state.get(STEP)
    walkthrough.enter(k, STEPS[k - 1])
    roams = classroom.moved(k, was)  # a teacher's class goes there too; a student leaving the teacher's step roams
    if sections.drawn(STEP_SECTION) and not roams:  # a student who begins to roam: the banner says so (whole page)
        sections.unpin_all()  # the new step's charts start where its sliders start
        streamlit_private.rerun_sections([STEP_SECTION, frame.SHARED_SECTION])
    else:
        to_top.next_run()  # from the home page, scrolled down to Start: the step opens at its title
        st.rerun()


def away() -> None:
    """Leave's callback: back to the home page itself, redrawn whole."""
    walkthrough.leave()
    classroom.moved(0)
    to_top.next_run()
    st.rerun()


def lead(k: int) -> None:
    """Onto the class's step ``k`` with its values (0 or a step the walkthrough has not: the home page itself): where
    a following student's page goes when the teacher moves, at its top (the step's title under the class's banner)."""
    to_top.next_run()
    if 1 <= k <= len(STEPS):
        walkthrough.enter(k, STEPS[k - 1])
    else:
        walkthrough.leave()


classroom.leads_with(lead)  # the look that sees the teacher move enters their step at once


def current() -> int:
    """The step the link names, entered with its values on arrival; 0 for the home page itself.

    A step number outside the walkthrough gets a notice and the home page.
    """
    k = state.get(STEP)
    led = classroom.led_step(k)  # a student following the class goes to the teacher's step
    if led is not None:  # a page that ran before its look saw the move (a process's first run of the walkthrough)
        lead(led)
        st.rerun()
    if k and not 1 <= k <= len(STEPS):
        st.warning(t("walk.bad_step", value=k, n=len(STEPS)), icon=":material/warning:")
        walkthrough.leave()
        return 0
    if k and st.session_state.get(walkthrough.ENTERED) != k:
        walkthrough.enter(k, STEPS[k - 1], keep=set(st.query_params))  # opened from a link: its values stay
        if classroom.teaching():
            classroom.moved(k)
        st.rerun()  # the sidebar, drawn before this, says the step's shared state
    return k


def draw() -> None:
    """The step the link names, in a section of its own: its control, Back and Next rerun the step, not the page."""
    step_section()


@section(STEP_SECTION)
def step_section() -> None:
    """The way on first, at the same place on every step (Back and Next draw this section again, for the other
    step), then the step's heading and point, its control beside its chart. On a projector the point heads the
    column beside the chart, above the step's question and controls: the chart is as tall as the room
    (:func:`ui.present.fill`), and the room reads the point beside it."""
    k = state.get(STEP)
    step = STEPS[k - 1]
    way = st.container(horizontal=True, vertical_alignment="center")  # each button as wide as its label
    if classroom.teaching():
        classroom.teacher_bar(k)
    st.title(t("walk.heading", k=k, n=len(STEPS), title=t(f"walk.{step.name}.title")))
    above = None if present.on() else st.container()  # the point's place on a screen
    # on a projector the chart takes two thirds of the width the room sees; its controls and point the rest
    control, beside = st.columns([1, 2] if present.on() else [2, 3], gap="large")
    control = control.container(key=CONTROLS_KEY)
    chart = beside.container(key=CHART_KEY)  # kept in sight while the column beside it scrolls (ui/assets/frame.css)
    with way:
        if not classroom.paced():  # a student the teacher leads has no Back and Next of their own: a phone's Next
            # during a question showed the next step's answer, the class's next question (they may still open the
            # step's screen, and roam until they follow again)
            way_buttons(k)
        # in the row of the way, not under the point, where a long point (step 11's, in French) pushed it off
        # a projector's screen; not on a led student's device while the step's question waits for its reveal:
        # one tap left the class for the step's screen, its chart and controls live beside the open question
        if not classroom.paced() or classroom.step_revealed(k, step.name):
            st.page_link(frame.link_to(step.screen), label=t("walk.open"), icon=":material/open_in_new:")
    with control:
        # on a projector the point heads the column beside the chart, where the room reads it once the question is
        # answered (it is drawn only then): under the question and the controls it fell below the screen's foot
        point = above if above is not None else st.container()
        asking_box = st.container()  # the step's question, before what would give its answer away
        own = st.container()
    present.fill(present.STEP_HEIGHT)  # its charts, drawn now or by a control's section alone, fill the room
    if not asking.asked_first(k, step, asking_box, chart):
        asking.held_back(chart, k)
        return
    said = step.draw(own, chart, point)
    if said is not None:
        point.markdown(f"**{said}**")
    if k == len(STEPS):
        recap.draw()


def way_buttons(k: int) -> None:
    """Back, Next (Finish on the last step) and, but for a class's student, Leave."""
    st.button(
        t("walk.back"),
        key=clicker.BACK,
        on_click=go,
        args=(k - 1,),
        disabled=k == 1,
        icon=":material/arrow_back:",
        shortcut=clicker.BACK_KEY,
    )
    last = k == len(STEPS)  # the last step's Next finishes: the home page, with the route through the screens
    st.button(
        t("walk.finish") if last else t("walk.next"),
        key=clicker.NEXT,
        on_click=away if last else go,
        args=() if last else (k + 1,),
        help=t("walk.finish_help") if last else None,
        icon=":material/done_all:" if last else ":material/arrow_forward:",
        shortcut=clicker.NEXT_KEY,
    )
    if not classroom.attending():  # a class's student leaves by the banner's "Leave the class": two Leaves, a tap
        # apart on a phone, one leaving the class and the other only the steps
        st.button(t("walk.leave"), key="walk_leave", on_click=away, icon=":material/close:")


def start() -> None:
    """The home page's invitation: a button for step 1 and the steps' titles."""
    st.subheader(t("walk.start_heading"))
    st.button(t("walk.start"), key="walk_start", on_click=go, args=(1,), icon=":material/play_arrow:")
    st.markdown("\n".join(f"{k}. {t(f'walk.{s.name}.title')}" for k, s in enumerate(STEPS, start=1)))
    st.caption(t("walk.links", n=len(STEPS)))
