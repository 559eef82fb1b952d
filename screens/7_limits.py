"""Screen 7: what attention is not (article sections 1 and 4).

The screen's sections, each in its own module of ``screens/limits/``: selecting is
not understanding, what hard selection costs, and what global soft attention costs.
"""

import streamlit as st

from screens.limits import costs, selecting
from ui import state, widgets
from ui.text import t

st.title(t("nav.limits"))
st.markdown(t("lim.lead"))
selecting.draw()
st.subheader(t("lim.hard"))
model = widgets.state_slider(state.model())
costs.draw_hard(model)
costs.draw_work(model)
