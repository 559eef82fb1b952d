"""Screen 5: learning where to look from the prediction loss alone (article section 7).

One section a header: the derivation, the gradient check, the training loop
(drawn by :mod:`ui.learning`), then the toy translator (:mod:`ui.translator_view`).
"""

import streamlit as st

from ui import layout, learning, state, translator_view, widgets
from ui.text import t

with layout.page("nav.learning"):
    st.title(t("nav.learning"))
    st.markdown(t("learn.lead"))
    model = widgets.state_slider(state.model())
    learning.derivation()
    learning.gradient_check(model)
    learning.training(model)
    translator_view.section()
