"""Walkthrough step on screen 1: one fixed summary for every decoder step."""

from __future__ import annotations

from streamlit.delta_generator import DeltaGenerator

from core.recurrent import largest_step_change
from screens.fixed_summary.settings import FIX_SOURCE, FIX_TARGET
from ui import state, widgets
from ui.fixed_summary import contexts_panels, decoded, encoded
from ui.format import num
from ui.text import t


def fixed_summary(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The source sentence; the contexts c_t across target steps, fixed summary against reading anew."""
    b = FIX_SOURCE
    with control:
        source = widgets.text_field(b, t("fix.source"), t("fix.source_field"))
    target = state.get(FIX_TARGET)
    ann = encoded(source)
    fixed = decoded(ann, target, attention=False)
    soft = decoded(ann, target, attention=True)
    d = ann.forward.shape[1]
    steps = [f"{i} · {tok}" for i, tok in enumerate(target, start=1)]
    with chart:
        contexts_panels(fixed, soft, steps, d, (tuple(source), tuple(target)))
    return t(
        "walk.fixed.point",
        U=len(target),
        fixed=num(largest_step_change(fixed.contexts), 3),
        soft=num(largest_step_change(soft.contexts), 3),
    )
