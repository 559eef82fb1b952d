"""Presenter mode for a projector (``?present=1``): larger type in prose and charts, the sidebar collapsed.

One place decides what changes: the frame (:func:`ui.frame.run`) asks :func:`on` before
setting the page up and adds :data:`CSS` to the page's style element (it also marks the
page as presenting, for the clicker's keys in :mod:`ui.clicker`);
:func:`ui.layout.chart` passes every chart through :func:`projected` and folds
its caption away; on a window shorter than a 1080-line screen's, :data:`SCRIPT` shows a
walkthrough step's chart smaller, to end on the screen.
"""

from __future__ import annotations

import streamlit as st

from ui import page_assets, state
from ui.charts import Spec
from ui.charts.heatmaps import HEAT_FLAT
from ui.charts.spec import FONT, LABEL_ROOM
from ui.clicker import FLAG, NEXT
from ui.links import PRESENT
from ui.text import t

SMALLEST = 24  # px: the smallest text a chart writes on a projector, read from the back of a room at 1920 x 1080
CHART_FONT = {"labelFontSize": SMALLEST, "titleFontSize": SMALLEST + 2}  # axis labels and ticks, legends, headers
CHART_PARTS = ("axis", "legend", "header")
ROW = round(1.5 * SMALLEST)  # px: the least height of a chart's row (a heatmap's) that holds a label of SMALLEST
SIZES = ("fontSize", "labelFontSize", "titleFontSize", "subtitleFontSize")
DATA = ("data", "datasets", "values")  # a spec's rows: no sizes there, and too many to walk each run
TOGGLE = "present_toggle"  # the sidebar switch's widget key
TALLER = 1.5  # a chart's height on a projector, against its height on a screen
STEP_HEIGHT = 580  # px: a walkthrough step's chart on a projector at 1920 x 1080, from under the heading (the point is
# beside it, under the controls) down to the screen's last fifth
AXES_AND_LEGENDS = (
    160  # px: what a chart adds around a plot whose height it keeps, on a projector, with two legend lines
)
LEGEND_LINE = 32  # px: each further line of its legends (an entry of a legend one entry a line, or another legend)
LEGENDS = ("color", "fill", "strokeDash", "shape", "opacity", "size")
FILL = "_present_fill"  # session key: the height this page's charts reach on a projector (see fill)
ROOMS = (LABEL_ROOM, HEAT_FLAT)  # parameters in px of a label's room at the screen's type: grown with it

FIT, ROOM = "data-attention-fit", "--attention-room"  # a chart shrunk to the room under it (SCRIPT), and that room
FULL_TYPE = 900  # px: the least window height whose prose and controls are SMALLEST px: a 1080-line screen's browser
# window, full screen or not (with its tabs and address bar about 950); a shorter one (a 1280 x 720 projector) sets
# them smaller in proportion, and its step shows as the 1080-line screen does, its chart shrunk to the room left
LEAST_TYPE = 16  # px: the type of the shortest window

# Presenter mode's style (ui/assets/present.css: the larger type, a chart shrunk to its room), after the numbers it
# reads, in the page's one style element after frame.css.
_NUMBERS = {"smallest": SMALLEST, "full-type": FULL_TYPE, "least-type": LEAST_TYPE}
CSS = ":root { " + " ".join(f"--attention-{k}: {v};" for k, v in _NUMBERS.items()) + " }\n"
CSS += page_assets.read("present.css")

# The script that keeps a step's chart on a screen shorter than the 1080 lines STEP_HEIGHT is made for: in presenter
# mode, on a walkthrough step, a chart that starts within the window's first screenful and would end below its foot
# is shown smaller, its picture scaled as a whole (its type with it, as the prose's is), to end MARGIN px above the
# foot, and never below LEAST of its size. Vega draws the chart with a viewBox and maps the pointer through the
# picture's transform, so its tooltips stay on their marks. Run again whenever the page changes or the window is
# resized; installed once per page by ui.frame (a second install only runs it).
MARGIN, LEAST = 8, 0.5
# The container of a class's answers in a step's chart column (ui.classroom): a chart under it keeps its size (the
# room reads the answers first, and the teacher scrolls to the step's chart after): shrunk to the room left under
# the answers, the step's own charts were drawn at half size, their type 11 px, right after each reveal.
ANSWERS_FIRST = "class_answers_wide"
SCRIPT = page_assets.read("present.js")
CONFIG = {  # the values the script reads (window.attentionConfig.present)
    "flag": FLAG,
    "fitAttribute": FIT,
    "roomProperty": ROOM,
    "margin": MARGIN,
    "least": LEAST,
    "next": NEXT,
    "answersFirst": ANSWERS_FIRST,
}


def fill(height: int) -> None:
    """The charts of this page reach at least ``height`` px on a projector (a walkthrough step's chart, which has
    the room under the step's sentence to itself), in this run and in its sections' runs alone; the next whole run
    of a page forgets it (:func:`unfilled`)."""
    st.session_state[FILL] = height


def unfilled() -> None:
    """A page's whole run starts with charts at their own heights."""
    st.session_state.pop(FILL, None)


def on() -> bool:
    """Whether this session presents (the link's ``present`` setting)."""
    return state.get(PRESENT)


def enlarged(part: object) -> object:
    """``part`` of a spec with every text size below :data:`SMALLEST` raised to it, a mark's offsets (dx, dy) grown
    with its text; its rows and anything else untouched. Copied where it changes."""
    if isinstance(part, list):
        return [enlarged(x) for x in part]
    if not isinstance(part, dict):
        return part
    out = {k: v if k in DATA else enlarged(v) for k, v in part.items()}
    if isinstance(out.get("labelLimit"), int | float) and out["labelLimit"] > 0:  # room for a label grown with its type
        out["labelLimit"] = round(out["labelLimit"] * SMALLEST / FONT["labelFontSize"])
    for key in SIZES:
        size = out.get(key)
        if isinstance(size, dict) and isinstance(size.get("expr"), str):  # a size the chart works out as drawn
            out[key] = {"expr": f"max({SMALLEST}, {size['expr']})"}
        if isinstance(size, int | float) and size < SMALLEST:
            out[key] = SMALLEST
            if key == "fontSize":
                for offset in ("dx", "dy"):
                    if isinstance(out.get(offset), int | float):
                        out[offset] = out[offset] * SMALLEST / size
    return out


def projected(spec: Spec, fills: bool = True) -> Spec:
    """The chart taller, with every text at least :data:`SMALLEST` px (axes, legends, headers, titles, the text a
    mark writes); the rest of its configuration kept. With ``fills``, at least as tall as :func:`fill` asks; a
    panel beside others (``fills`` false) keeps its own height there, as the panels share the room."""
    config = dict(spec.get("config") or {})
    for part in CHART_PARTS:
        config[part] = {**(config.get(part) or {}), **CHART_FONT}
    config["text"] = {**(config.get("text") or {}), "fontSize": SMALLEST}  # a text mark that sets no size
    config["title"] = {**(config.get("title") or {}), "fontSize": SMALLEST + 4}
    out = enlarged({**spec, "config": config})  # a copy: the caller's spec stays as it was
    if any(p.get("name") in ROOMS for p in out.get("params") or ()):  # a label's room grown with its type
        grown = SMALLEST / FONT["labelFontSize"]
        out["params"] = [
            {**p, "value": round(p["value"] * grown)} if p.get("name") in ROOMS else p for p in out["params"]
        ]
    room = st.session_state.get(FILL, 0)  # a walkthrough step's: its panels keep their height, the step its room
    if room and (out.get("autosize") or {}).get("type") == "fit-x":  # its height is the plot's, not the chart's
        room -= AXES_AND_LEGENDS + LEGEND_LINE * max(0, legend_lines(out) - 2)
    taller = TALLER if fills or not room else 1.0
    for body in (out, out.get("spec")):  # a faceted chart sizes each panel in its inner spec
        if not isinstance(body, dict):
            continue
        height = body.get("height")
        if isinstance(height, int | float):
            body["height"] = max(round(height * taller), room if fills else 0)
        elif isinstance(height, dict) and isinstance(height.get("step"), int | float):  # a height a row
            body["height"] = {**height, "step": round(max(height["step"] * TALLER, ROW))}
    return out


def legend_lines(spec: Spec) -> int:
    """How many lines a chart's legends take: a legend one entry a line (direction vertical, its entries the scale's
    domain) a line an entry, any other a line; the legends of one field are one (a line's colour and dash)."""
    lines: dict[str, int] = {}
    layers = [spec]
    while layers:
        layer = layers.pop()
        layers += [x for x in layer.get("layer") or () if isinstance(x, dict)]
        for channel in LEGENDS:
            enc = (layer.get("encoding") or {}).get(channel)
            if not isinstance(enc, dict) or "field" not in enc or ("legend" in enc and enc["legend"] is None):
                continue
            domain = (enc.get("scale") or {}).get("domain")
            one_a_line = (enc.get("legend") or {}).get("direction") == "vertical" and isinstance(domain, list)
            lines[enc["field"]] = max(lines.get(enc["field"], 0), len(domain) if one_a_line else 1)
    return sum(lines.values())


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
