"""Walkthrough step on screen 1: one fixed summary for every decoder step."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.recurrent import decode, encode, largest_step_change, schematic_model
from ui import charts, layout, links, state, widgets
from ui.format import num
from ui.palette import COMPONENTS
from ui.text import t


@st.cache_resource
def model():
    return schematic_model()


def fixed_summary(control: DeltaGenerator, chart: DeltaGenerator) -> str:
    """The source sentence; the contexts c_t across target steps, fixed summary against reading anew."""
    b = links.FIX_SOURCE
    with control:
        source = widgets.bound(
            b, st.text_input, t("fix.source"), check=b.parse, shown=b.encode, field=t("fix.source_field")
        ).value
    target = state.get(links.FIX_TARGET)
    ann = encode(model(), source)
    fixed = decode(model(), ann, target, attention=False)
    soft = decode(model(), ann, target, attention=True)
    d = ann.forward.shape[1]
    steps = [f"{i} · {tok}" for i, tok in enumerate(target, start=1)]
    names = [f"{k + 1} (→)" for k in range(d)] + [f"{d + k + 1} (←)" for k in range(d)]
    rows = [
        {t("fix.mode"): t(mode), t("fix.step_axis"): step, t("fix.context_component"): name, "cₜ": float(x)}
        for mode, trace in (("fix.mode.fixed", fixed), ("fix.mode.attention", soft))
        for step, c in zip(steps, trace.contexts, strict=True)
        for name, x in zip(names, c, strict=True)
    ]
    with chart:
        layout.panels(
            charts.series_panels(
                rows,
                panel=t("fix.mode"),
                value="cₜ",
                x=t("fix.step_axis"),
                x_title=t("fix.step_axis"),
                title=t("fix.context_value"),
                color=t("fix.context_component"),
                color_title=t("fix.context_component"),
                x_type="nominal",
                palette=COMPONENTS,
            ),
            "contexts_across_steps",
            t("fix.contexts_caption"),
            rows=rows,
        )
    return t(
        "walk.fixed.point",
        U=len(target),
        fixed=num(largest_step_change(fixed.contexts), 3),
        soft=num(largest_step_change(soft.contexts), 3),
    )
