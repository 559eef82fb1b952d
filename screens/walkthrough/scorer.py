"""The additive scorer as the walkthrough writes it from step 2 on: the score with the scorer's numbers, and at the
state s the numbers of each source plugged in, the weights and the context, with the numpy that computes them.

The score with the scorer's numbers depends on the scorer alone; what is written at s follows the state slider (a
release writes it again), and is marked as settling while the thumb moves (:func:`ui.sections.settling`).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from core.expression import numpy_code, plugged_score, score_lines
from core.reading import attend
from core.scorers import additive_parts
from ui import sections, state, widgets
from ui.format import num
from ui.state import Model
from ui.text import t

WRITTEN = 4  # sources whose score is written out with its numbers; the rest are in the vector e


def scorer(m: Model, f: str = "tanh") -> None:
    """e_j = v^T f(W h_j + U s + b), and the same with the scorer's numbers: a function of h_j and s."""
    st.latex(r"\begin{aligned}" + score_lines(m.params, f) + r"\end{aligned}")


def vector(x: np.ndarray) -> str:
    """(0.791,\\ 0.147,\\ 0.062) in LaTeX, to 3 decimals as the charts' labels write them."""
    return r"\left(" + r",\ ".join(num(v, 3) for v in x) + r"\right)"


def at_state_latex(m: Model, f: str = "tanh") -> str:
    """The read at the state ``m.s``: each source's score with its numbers plugged in (the first :data:`WRITTEN`),
    the weights and the context, as a LaTeX aligned block."""
    r = attend(m.H, [m.s], m.params, f)
    parts = additive_parts(m.H, [m.s], m.params, f)
    lines = [rf"s &= {m.s:g}"] + [
        rf"e_{{{j + 1}}} &= {plugged_score(m.params.v, a, f)} = {num(e, 3)}"
        for j, (a, e) in enumerate(zip(parts.preactivation[:WRITTEN], r.scores[:WRITTEN], strict=True))
    ]
    if len(r.scores) > WRITTEN:  # the rest in the vector
        lines += [r"&\;\;\vdots", rf"e &= {vector(r.scores)}"]
    lines += [
        rf"\alpha &= \operatorname{{Softmax}}(e) = {vector(r.weights)}",
        rf"c &= \textstyle\sum_j \alpha_j h_j = {vector(r.context)}",
    ]
    return r"\begin{aligned}" + r" \\ ".join(lines) + r"\end{aligned}"


def at_state(f: str = "tanh") -> None:
    """What :func:`at_state_latex` writes, and the numpy that computes it."""
    m = state.model()
    st.latex(at_state_latex(m, f))
    code(m, f)


def code(m: Model, f: str = "tanh") -> None:
    """The numpy lines that compute the read at ``m.s``, folded: text to copy, its numbers the screen's."""
    with st.expander(t("walk.code"), icon=":material/code:"):
        st.code(numpy_code(m.H, np.array([m.s]), m.params, f), language="python")
        st.caption(t("walk.code_caption"))


AT_STATE = "walk.at_state"  # the section that writes the read at the state s


def written(m: Model, f: str = "tanh") -> None:
    """The scorer with its numbers, then the read at s (:func:`read_at_s`)."""
    scorer(m, f)
    read_at_s(f)


def read_at_s(f: str = "tanh") -> None:
    """The read at s in a section that follows the state slider and is marked as settling while its thumb moves."""
    sections.follows(widgets.STATE_KEY, AT_STATE, lambda: at_state(f), settles=lambda: state.model().s)
