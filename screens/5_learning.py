"""Screen 5: learning where to look from the prediction loss alone (article section 7).

The screen's parts, one a tab, each in its own module of ``screens/learning/``: the gradient check, the
training loop, the derivation and the sequence loss. The toy translator is screen 6. Only the open tab is
drawn (the link keeps which one). The tabs follow the state slider: a release draws the open one again, so
what the gradient check and the training show at s (finite differences, a run trained from s) is computed
again, while the chart of dL/de follows the thumb in the browser. The check and the training are sections of
their own: their controls rerun them alone.
"""

from collections.abc import Callable

import streamlit as st

from screens.learning import derivation, gradient_check, sequence_loss, settings, training
from ui import sections, widgets
from ui.text import t


def check() -> None:
    st.header(t("learn.check_header"))
    st.markdown(t("learn.check_lead"))
    gradient_check.draw()


def train() -> None:
    st.header(t("learn.train_header"))
    st.markdown(t("learn.train_lead"))
    training.draw()


PARTS: dict[str, Callable[[], None]] = {
    "check": check,
    "train": train,
    "derivation": derivation.draw,
    "sequence": sequence_loss.draw,
}


def parts() -> None:
    """The screen's parts as tabs; only the open one is drawn."""
    widgets.open_tab(settings.LEARN_TAB, PARTS, lambda name: t(f"learn.tab_{name}"))


st.title(t("nav.learning"))
st.markdown(t("learn.lead"))
widgets.state_control()
sections.follows(widgets.STATE_KEY, "learn.parts", parts)
