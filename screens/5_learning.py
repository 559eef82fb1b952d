"""Screen 5: learning where to look from the prediction loss alone (article section 7).

The screen's parts, one a header, each in its own module of ``screens/learning/``:
the derivation, the gradient check, the training loop and the sequence loss. The toy translator is screen 6.
The gradient check and the training run are sections (their controls rerun them alone) drawn by the state
slider's section: what they show at s (finite differences, a run trained from s) is computed again on a
release, while the chart of dL/de follows the thumb in the browser.
"""

import streamlit as st

from screens.learning import derivation, gradient_check, sequence_loss, training
from ui import widgets
from ui.text import t

st.title(t("nav.learning"))
st.markdown(t("learn.lead"))
slider = st.container()
derivation.draw()
st.header(t("learn.check_header"))
st.markdown(t("learn.check_lead"))
check = st.container()
st.header(t("learn.train_header"))
st.markdown(t("learn.train_lead"))
train = st.container()
sequence_loss.draw()


def with_the_state() -> None:
    """The sections that read the state s, each in a block of this run's own (see ui.sections)."""
    with check.container():
        gradient_check.draw()
    with train.container():
        training.draw()


widgets.state_section(slider, then=with_the_state)
