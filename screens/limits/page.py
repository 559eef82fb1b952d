"""Screen 7: what attention is not (article sections 1 and 4).

The screen's parts, one a tab, each in its own module of ``screens/limits/``: selecting is
not understanding, what hard selection costs, and what global soft attention costs. Only
the open tab is drawn (the link keeps which one). Nothing on the screen is scrubbed by the
state slider: hard selection's part, whose curves depend on s through every score, is
drawn by the slider's own section (again on a release); the sentence on the weights at s
quotes the state the reader set here or on another screen.
"""

from collections.abc import Callable

import streamlit as st

from screens.limits import costs, selecting
from ui import widgets
from ui.settings import limits as settings
from ui.text import t


def hard() -> None:
    st.subheader(t("lim.hard"))
    slider = st.container()
    hard_box = st.container()

    def hard_with_the_state() -> None:
        with hard_box.container():  # a block of this run's own: the shift slider's section is declared inside it
            costs.hard_selection()

    widgets.state_section(slider, then=hard_with_the_state)


def work() -> None:
    st.subheader(t("lim.work"))
    costs.not_sparse()
    costs.work_section()


PARTS: dict[str, Callable[[], None]] = {"select": selecting.draw, "hard": hard, "work": work}


st.title(t("nav.limits"))
st.markdown(t("lim.lead"))
widgets.open_tab(settings.LIM_TAB, PARTS, lambda name: t(f"lim.tab_{name}"))
