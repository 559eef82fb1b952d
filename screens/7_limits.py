"""Screen 7: what attention is not (article sections 1 and 4).

The screen's sections, each in its own module of ``screens/limits/``: selecting is
not understanding, what hard selection costs, and what global soft attention costs.
Nothing on the screen is scrubbed by the state slider: hard selection's part, whose
curves depend on s through every score, is drawn by the slider's own section (again
on a release), and the sentence on the weights at s follows the slider.
"""

import streamlit as st

from screens.limits import costs, selecting
from ui import sections, widgets
from ui.text import t

st.title(t("nav.limits"))
st.markdown(t("lim.lead"))
selecting.draw()
st.subheader(t("lim.hard"))
slider = st.container()
hard = st.container()
st.subheader(t("lim.work"))
sections.follows(widgets.STATE_KEY, "lim.not_sparse", costs.not_sparse)
costs.work_section()


def hard_with_the_state() -> None:
    with hard.container():  # a block of this run's own: the shift slider's section is declared inside it
        costs.hard_selection()


widgets.state_section(slider, then=hard_with_the_state)
