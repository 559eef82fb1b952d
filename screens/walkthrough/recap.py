"""The end of the walkthrough's last step: what a reader can now write down, and the screens to go further."""

from __future__ import annotations

import streamlit as st

from ui import frame
from ui.text import t

EQUATIONS = (
    r"\begin{aligned}"
    r"e_{tj} &= v^\top \tanh\!\left(W h_j + U s_{t-1} + b\right) && \text{COMPARE} \\"
    r"\alpha_{tj} &= \frac{\exp(e_{tj})}{\sum_{k=1}^{T} \exp(e_{tk})} && \text{NORMALISE} \\"
    r"c_t &= \textstyle\sum_{j=1}^{T} \alpha_{tj}\, h_j && \text{READ}"
    r"\end{aligned}"
)


def draw() -> None:
    """The three equations (scores, Softmax weights, context), why tanh matters, what the weights are not, and a
    link to every screen."""
    st.divider()
    st.subheader(t("walk.recap.heading"))
    st.markdown(t("walk.recap.lead"))
    st.latex(
        EQUATIONS.replace("COMPARE", t("rev.eq_compare"))
        .replace("NORMALISE", t("rev.eq_normalise"))
        .replace("READ", t("rev.eq_read"))
    )
    st.markdown(t("walk.recap.tanh"))
    st.markdown(t("walk.recap.not"))
    st.markdown(t("walk.recap.further"))
    screens = frame.screens()[1:]
    half = (len(screens) + 1) // 2
    for column, part in zip(st.columns(2), (screens[:half], screens[half:]), strict=True):
        with column:
            for screen in part:
                st.page_link(frame.link_to(screen.url_path), label=t(screen.title), icon=screen.icon)
