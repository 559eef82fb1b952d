"""Screen 5: learning where to look from the prediction loss alone (article section 7).

The screen's sections, one a header, each in its own module of ``screens/learning/``:
the derivation, the gradient check, the training loop and the sequence loss. The toy translator is screen 6.
"""

import streamlit as st

from screens.learning import derivation, gradient_check, sequence_loss, training
from ui import state, widgets
from ui.text import t

st.title(t("nav.learning"))
st.markdown(t("learn.lead"))
model = widgets.state_slider(state.model())
derivation.draw()
gradient_check.draw(model)
training.draw(model)
sequence_loss.draw()
