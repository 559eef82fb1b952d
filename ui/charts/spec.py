"""What every chart family shares: the spec and row types, fonts and colours, and Altair encoding helpers.

The family modules import these helpers; screens use the builders only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import altair as alt

from ui.palette import position_scale
from ui.scrub import Channel
from ui.text import GROUPED_BY_SPACES, field_title

Spec = dict[str, Any]
Rows = list[dict[str, Any]]


def layered(
    *layers: alt.TopLevelMixin,
    params: Sequence[alt.Parameter] = (),
    channel: Channel | None = None,
    **properties: Any,
) -> alt.LayerChart:
    """``alt.layer(*layers).properties(**properties).add_params(*params)``, then the parameter of the slider
    ``channel`` follows (if any, :meth:`ui.scrub.Channel.param`): the same spec, its layers combined once.

    Altair's ``LayerChart.add_params`` combines the layers again, copying the whole chart twice at each call (two
    thirds of the alignment lines' build). Here the parameters go on the last layer before the layers are combined,
    which lifts them to the top after the layers' own, in their order, as ``add_params`` did. So they must be
    variable parameters (a value, maybe bound to an input); a selection would belong to the layer it is put on.
    The properties are keywords of the layer, left to the build to check (``.properties`` checks each at once, and
    refuses a label put in late, :func:`ui.charts.template.family`).
    """
    params = [*params, *([channel.param()] if channel is not None else [])]
    selections = [p.name for p in params if p.param_type != "variable"]
    if selections:
        raise ValueError(f"layered: only variable parameters go on the last layer, not the selections {selections}")
    *others, last = layers
    return alt.layer(*others, last.add_params(*params) if params else last, **properties)


# Chart text in the theme's text colour: Streamlit draws charts on a canvas with the theme's background,
# which the expression reads (its grey #808495 reads at 3.7:1 on white; one colour cannot reach 4.5:1 on
# both backgrounds). Labels take it too; source positions are coloured in the marks only.
INK = {"expr": "isString(background) && luminance(background) < 0.5 ? '#edebe8' : '#2f2d2b'"}
FONT = {"labelFontSize": 15, "titleFontSize": 15}
INKED = FONT | {"labelColor": INK, "titleColor": INK}
CONFIG = {
    # a label sits at its tick, a word's at its row's or column's middle: flushed, the first and last slid inwards
    # (a 0.0 read above the zero line, the first row's word half a row low)
    "axis": INKED | {"labelFlush": False},
    "legend": INKED | {"symbolSize": 120},
    "header": INKED,
    "title": {"color": INK, "fontSize": 15},
    "text": {"color": INK},
    "view": {"stroke": None},
}


def config(language: str) -> Spec:
    """Every chart's configuration in ``language``: CONFIG, and numbers written as its sentences write them
    (:func:`ui.text.t`): where a language groups thousands by a narrow non-breaking space (French, which reads
    1,200 as a decimal), so do the charts' axes, labels and tooltips; the decimal point stays a point
    (docs/translations.md)."""
    if language not in GROUPED_BY_SPACES:
        return CONFIG
    return CONFIG | {
        "locale": {"number": {"decimal": ".", "thousands": "\u202f", "grouping": [3], "currency": ["", ""]}}
    }


# A chart whose height is its plot's, its axes and legends added around it (Streamlit otherwise fits the whole chart
# into the height, and an axis and a legend below took 170 of a line chart's 260 px); its width is its container's.
PLOT_HEIGHT = alt.AutoSizeParams(type="fit-x", contains="padding")
# Room above a chart whose title or text reaches its top edge: Vega measures a Chinese title's ink 2 px short, which
# cut it at the chart's edge; the other sides keep Streamlit's padding, none.
TITLE_ROOM = {"top": 3}

# A numeric axis whose ticks the chart's width decides: as many as LABEL_ROOM px a label allows, on round values
# (Vega's ticks: multiples of 1, 2 or 5 times a power of ten, so 0 whenever the domain holds it). With Vega-Lite's
# default (a tick every 40 px) labels of 15 px type overlap on a wide chart, and Vega then hides every other one,
# which can leave 0 and the values a reader looks for without a label. The room is a chart parameter (in px, for
# labels of FONT's size) that presenter mode grows with its type (:func:`ui.present.projected`).
LABEL_ROOM = "label_room"
ROOM = 55  # px: d3 may place ticks as close as 0.63 of width / count, which still fits "−0.25" in 15 px type


def label_room() -> alt.Parameter:
    """The parameter :func:`ticks_by_width` reads, to add to the chart."""
    return alt.param(name=LABEL_ROOM, value=ROOM)


def ticks_by_width() -> dict[str, str]:
    """An axis's ``tickCount``: one tick for each :data:`LABEL_ROOM` px of the chart's width."""
    return {"expr": f"ceil(width / {LABEL_ROOM})"}


def field_titles(spec: Spec) -> dict[str, str]:
    """Each data field's title as the chart writes it on an axis, a legend or a tooltip (the first one given)."""
    titles: dict[str, str] = {}
    stack: list[Any] = [spec]
    while stack:
        node = stack.pop(0)
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            for channel in (node.get("encoding") or {}).values():
                for d in channel if isinstance(channel, list) else [channel]:
                    if isinstance(d, dict) and isinstance(d.get("field"), str) and isinstance(d.get("title"), str):
                        titles.setdefault(d["field"], d["title"])
            skipped = ("encoding", "data", "datasets", "config")  # the rows and settings hold no channel
            stack.extend(v for k, v in node.items() if k not in skipped and isinstance(v, (dict, list)))
    return titles


def color(tokens: Sequence[str], field: str = "position", legend: bool = True) -> alt.Color:
    """One colour per source position (:func:`ui.palette.position_scale`), with or without a legend below."""
    return alt.Color(
        field=field,
        type="nominal",
        scale=alt.Scale(**position_scale(tokens)),
        legend=alt.Legend(orient="bottom", title=None) if legend else None,
    )


def tooltips(*fields: tuple[str, ...]) -> list[alt.Tooltip]:
    """Tooltips: fields are (name, 'n' or 'q'), or (name, kind, title) to title one (else the field's title in
    the reader's language, see :func:`ui.text.field_title`); numbers to 4 decimals."""
    tips = []
    for f, kind, *title in fields:
        name = title[0] if title else field_title(f)
        if kind == "q":
            tips.append(alt.Tooltip(field=f, type="quantitative", format=".4f", title=name))
        else:
            tips.append(alt.Tooltip(field=f, type="nominal", title=name))
    return tips


def rows_of(name: str = "rows") -> alt.NamedData:
    """A chart's data by name, filled in per run (:meth:`ui.charts.template.Template.fill`)."""
    return alt.NamedData(name=name)
