"""Screen 5, the derivation tab: the gradient through one read, derived in LaTeX (article section 7)."""

import streamlit as st

from ui.text import t


def draw() -> None:
    st.header(t("learn.derivation_header"))
    st.markdown(t("learn.derivation_lead"))
    st.latex(
        r"\begin{aligned}"
        r"g &= \frac{\partial L}{\partial c_t} \in \mathbb{R}^{d_h} \\"
        r"c_t &= \sum_{k=1}^{T} \alpha_{tk}\, h_k \\"
        r"\alpha_{tk} &= \frac{\exp(e_{tk})}{\sum_{l=1}^{T} \exp(e_{tl})} \\[10pt]"
        r"\frac{\partial \alpha_{tk}}{\partial e_{tj}} &= \alpha_{tk}\,(\delta_{kj} - \alpha_{tj}) \\[6pt]"
        r"\frac{\partial c_t}{\partial e_{tj}} &= \sum_{k=1}^{T} \alpha_{tk}\,(\delta_{kj} - \alpha_{tj})\, h_k \\"
        r"&= \alpha_{tj}\,(h_j - c_t)"
        r"\end{aligned}"
    )
    st.markdown(t("learn.derivation_chain"))
    st.latex(
        r"\begin{aligned}"
        r"\frac{\partial L}{\partial e_{tj}} &= g^\top \frac{\partial c_t}{\partial e_{tj}}"
        r" = \alpha_{tj}\; g^\top (h_j - c_t) \\[6pt]"
        r"\sum_{j=1}^{T} \frac{\partial L}{\partial e_{tj}}"
        r" &= g^\top \Big(\sum_{j=1}^{T} \alpha_{tj} h_j - c_t \sum_{j=1}^{T} \alpha_{tj}\Big) \\"
        r" &= g^\top (c_t - c_t) = 0"
        r"\end{aligned}"
    )
    st.markdown(t("learn.derivation_sum"))
    st.markdown(t("learn.derivation_onward"))
    st.latex(
        r"\begin{aligned}"
        r"\frac{\partial L}{\partial a_{tj}} &= \frac{\partial L}{\partial e_{tj}}\;"
        r" v \odot \big(1 - \tanh^2(a_{tj})\big) \\[6pt]"
        r"\frac{\partial L}{\partial W} &= \sum_{j=1}^{T} \frac{\partial L}{\partial a_{tj}}\, h_j^\top \\[6pt]"
        r"\frac{\partial L}{\partial U} &= \sum_{j=1}^{T} \frac{\partial L}{\partial a_{tj}}\, s_{t-1}^\top \\[6pt]"
        r"\frac{\partial L}{\partial b} &= \sum_{j=1}^{T} \frac{\partial L}{\partial a_{tj}} \\[6pt]"
        r"\frac{\partial L}{\partial v} &= \sum_{j=1}^{T} \frac{\partial L}{\partial e_{tj}}\, \tanh(a_{tj})"
        r" \\[6pt]"
        r"\frac{\partial L}{\partial s_{t-1}} &= U^\top \sum_{j=1}^{T} \frac{\partial L}{\partial a_{tj}}"
        r"\end{aligned}"
    )
    st.markdown(t("learn.derivation_no_tanh"))
    st.latex(
        r"\frac{\partial L}{\partial a_{tj}} = \frac{\partial L}{\partial e_{tj}}\, v"
        r"\quad\Longrightarrow\quad"
        r"\sum_{j=1}^{T} \frac{\partial L}{\partial a_{tj}}"
        r" = \Big(\sum_{j=1}^{T} \frac{\partial L}{\partial e_{tj}}\Big)\, v = 0"
        r"\quad\Longrightarrow\quad"
        r"\frac{\partial L}{\partial U} = \frac{\partial L}{\partial b} = \frac{\partial L}{\partial s_{t-1}} = 0"
    )
    st.caption(t("learn.derivation_scope"))
