"""Presenter mode for a projector (``?present=1``): larger type in prose and charts, the sidebar collapsed.

One place decides what changes: the frame (:func:`ui.frame.run`) asks :func:`on` before
setting the page up and adds :data:`CSS` to the page's style element;
:func:`ui.layout.chart` passes every chart through :func:`projected` and folds
its caption away.
"""

from __future__ import annotations

import streamlit as st

from ui import state
from ui.charts import Spec
from ui.links import PRESENT
from ui.text import t

CHART_FONT = {"labelFontSize": 20, "titleFontSize": 22}  # px: axis labels and ticks, legends, facet headers
CHART_PARTS = ("axis", "legend", "header")
TOGGLE = "present_toggle"  # the sidebar switch's widget key
TALLER = 1.5  # a chart's height on a projector, against its height on a screen

# Streamlit sizes its text in rem: a larger root size enlarges prose, headings and widgets together.
CSS = """
html { font-size: 24px; }
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; max-width: 100%; }
"""


def on() -> bool:
    """Whether this session presents (the link's ``present`` setting)."""
    return state.get(PRESENT)


def projected(spec: Spec) -> Spec:
    """The chart taller, with larger axis, legend and header type; the rest of its configuration kept."""
    config = dict(spec.get("config") or {})
    for part in CHART_PARTS:
        config[part] = {**(config.get(part) or {}), **CHART_FONT}
    out = {**spec, "config": config}
    if isinstance(out.get("spec"), dict):
        out["spec"] = dict(out["spec"])  # copied: the caller's spec stays as it was
    for body in (out, out.get("spec")):  # a faceted chart sizes each panel in its inner spec
        if isinstance(body, dict) and isinstance(body.get("height"), int | float):
            body["height"] = round(body["height"] * TALLER)
    return out


def toggle() -> None:
    """The sidebar's switch; its callback stores the choice before the next run sets the page up.

    Its key is not a ``w_`` key: entering a walkthrough step forgets the screens' widgets, not this one.
    """
    key = TOGGLE
    state.seed(key, on())
    st.toggle(
        t("present.toggle"),
        key=key,
        on_change=lambda: state.put(PRESENT, bool(st.session_state.get(key))),
        help=t("present.toggle_help"),
    )
