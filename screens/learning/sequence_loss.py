"""Screen 5, the sequence loss tab: from the training tab's one-step loss to the sequence loss (article section 7)."""

import streamlit as st

from ui import frame
from ui.text import t


def draw() -> None:
    st.header(t("learn.seq_header"))
    st.markdown(t("learn.seq_lead"))
    st.latex(
        r"\begin{aligned}"
        r"L(\theta) &= -\sum_{t=1}^{U} \log p(y_t \mid y_{<t}, x) \\"
        r"&= \sum_{t=1}^{U} L_t \\"
        r"L_t &= -\log p(y_t \mid y_{<t}, x) \\[6pt]"
        r"\frac{\partial L}{\partial \varphi} &= \sum_{t=1}^{U} \frac{\partial L_t}{\partial \varphi}"
        r"\end{aligned}"
    )
    st.markdown(t("learn.seq_one_term"))
    st.markdown(t("learn.seq_forcing"))
    st.page_link(frame.link_to("translator"), label=t("learn.seq_link"), icon=":material/translate:")
