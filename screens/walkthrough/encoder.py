"""Walkthrough step on screen 1: one fixed summary for every decoder step, or a new reading at each."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.recurrent import largest_step_change
from ui import state, widgets
from ui.fixed_summary import contexts_panels, decoded, encoded
from ui.format import num
from ui.settings.fixed_summary import FIX_SOURCE, FIX_TARGET
from ui.text import t

LOOP = (  # where a score's inputs come from: the encoder once over the source, the decoder once a target word
    r"\begin{aligned}"
    r"x_1, \dots, x_T &\xrightarrow{\textstyle\text{ENCODER}} h_1, \dots, h_T \\"
    r"s_{t-1},\ h_j &\xrightarrow{\textstyle\;a_\varphi\;} e_{tj} \xrightarrow{\textstyle\text{Softmax}} \alpha_{tj} \\"
    r"\alpha_{tj},\ h_j &\xrightarrow{\textstyle\;\sum_j\;} c_t \\"
    r"s_{t-1},\ y_{t-1},\ c_t &\xrightarrow{\textstyle\text{DECODER}} s_t \longrightarrow y_t"
    r"\end{aligned}"
)


def loop() -> None:
    """The encoder–decoder loop as a text figure: where h_j and s_{t-1} come from, and where c_t goes."""
    st.latex(LOOP.replace("ENCODER", t("walk.loop.encoder")).replace("DECODER", t("walk.loop.decoder")))
    st.caption(t("walk.loop.caption"))


def fixed_summary(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The source sentence; the encoder–decoder loop; the contexts c_t across target steps, fixed summary against
    reading anew, and their largest change from step to step folded below."""
    b = FIX_SOURCE
    with control:
        source = widgets.text_field(b, t("fix.source"), "fix.source_field")
    target = state.get(FIX_TARGET)
    ann = encoded(source)
    fixed = decoded(ann, target, attention=False)
    soft = decoded(ann, target, attention=True)
    d = ann.forward.shape[1]
    steps = [f"{i} · {tok}" for i, tok in enumerate(target, start=1)]
    with control:
        loop()
    with chart:
        contexts_panels(fixed, soft, steps, d, (tuple(source), tuple(target)))
        with st.expander(t("walk.numbers"), icon=":material/pin:"):
            said = t(
                "walk.fixed.numbers",
                U=len(target),
                fixed=num(largest_step_change(fixed.contexts), 3),
                soft=num(largest_step_change(soft.contexts), 3),
            )
            st.markdown(said)
    return t("walk.fixed.point")
