"""What screen 1 and the walkthrough's first step share: the schematic model, and the contexts c_t across steps."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from core.recurrent import Annotations, DecoderTrace, decode, encode, schematic_model
from ui import charts, layout, readings
from ui.charts import Rows, Spec
from ui.palette import COMPONENTS
from ui.text import t


@st.cache_resource
def model():
    return schematic_model()


def encoded(source: Sequence[str]) -> Annotations:
    """The source sentence encoded by :func:`model`; the example's sentence as links keep it, in whatever reading
    the reader sees it (:mod:`ui.readings`), so its numbers are the same in every language."""
    return encode(model(), readings.stored(source, "source"))


def decoded(annotations: Annotations, target: Sequence[str], attention: bool) -> DecoderTrace:
    """The decoder of :func:`model` fed ``target`` (the example's target as links keep it), with a fixed summary or
    with attention."""
    return decode(model(), annotations, readings.stored(target, "target"), attention=attention)


def contexts_panels(
    fixed: DecoderTrace, soft: DecoderTrace, steps: list[str], d: int, sentences: tuple[tuple[str, ...], ...]
) -> None:
    """Each component of c_t at every target step, the fixed summary's panel above attention's.

    ``steps`` labels the target steps; ``d`` is the width of one direction of the encoder (c_t has 2d components:
    1..d read left to right, d+1..2d right to left). ``sentences`` (the source and target tokens the traces were
    decoded from) key the charts kept for them (:func:`ui.layout.kept_panels`).
    """
    layout.kept_panels(
        "contexts_across_steps",
        t("fix.contexts_caption", d=d, after=d + 1, width=2 * d),
        lambda: _contexts(fixed, soft, steps, d),
        depends=sentences,
    )


def _contexts(fixed: DecoderTrace, soft: DecoderTrace, steps: list[str], d: int) -> tuple[list[Spec], Rows]:
    names = [f"{k + 1} (→)" for k in range(d)] + [f"{d + k + 1} (←)" for k in range(d)]  # legend sorts as text
    rows = [
        {t("fix.mode"): t(mode), t("fix.step_axis"): step, t("fix.context_component"): name, "cₜ": float(x)}
        for mode, trace in (("fix.mode.fixed", fixed), ("fix.mode.attention", soft))
        for step, c in zip(steps, trace.contexts, strict=True)
        for name, x in zip(names, c, strict=True)
    ]
    specs = charts.series_panels(
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
    )
    return specs, rows
