"""Screen 5: learning where to look from the prediction loss alone (article section 7).

The screen's parts, one a tab, each in its own module of ``screens/learning/``: the training loop, the derivation
of the gradient through one read, the sequence loss and, last, the gradient check. The toy translator is
screen 6. Only the open tab is drawn (the link keeps which one). The state slider is drawn in the two tabs that
read at the state, the training and the check; their sections follow it, so a release computes again what they
show at s (a run trained from s, finite differences), while the chart of dL/de follows the thumb in the browser.
Their controls rerun them alone.
"""

from collections.abc import Callable

import streamlit as st

from screens.learning import derivation, gradient_check, sequence_loss, training
from ui import sections, widgets
from ui.settings import learning as settings
from ui.text import t


def check() -> None:
    st.header(t("learn.check_header"))
    st.markdown(t("learn.check_lead"))
    widgets.state_control()
    sections.follows(widgets.STATE_KEY, "learn.check_at_s", gradient_check.draw)


def train() -> None:
    st.header(t("learn.train_header"))  # its lead is written over the loss it follows, under the charts
    widgets.state_control()
    sections.follows(widgets.STATE_KEY, "learn.train_at_s", training.draw)


PARTS: dict[str, Callable[[], None]] = {  # in settings.LEARN_TABS's order: the check, for the curious, last
    "train": train,  # first: the scorer learns where to look, drawn as it trains
    "derivation": derivation.draw,
    "sequence": sequence_loss.draw,
    "check": check,
}


st.title(t("nav.learning"))
st.markdown(t("learn.lead"))
widgets.open_tab(settings.LEARN_TAB, PARTS, lambda name: t(f"learn.tab_{name}"))
