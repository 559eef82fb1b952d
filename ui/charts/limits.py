"""Charts of what attention is not: phrases read for a goal, soft against hard, and the scoring work."""

from __future__ import annotations

from collections.abc import Sequence

from ui.charts.spec import Rows, Spec, _spec
from ui.charts.sweeps import steps
from ui.palette import CONTEXT, NEUTRAL, OKABE_ITO


def _tip(field: str, title: str, quantity: bool = False) -> Spec:
    """A tooltip entry with its title in the reader's language (numbers to 4 decimals)."""
    tip = {"field": field, "type": "quantitative" if quantity else "nominal", "title": title}
    return tip | {"format": ".4f"} if quantity else tip


def phrase_bars(
    rows: Rows, value: str, title: str, order: Sequence[str], phrase_title: str, height: int | None = None
) -> Spec:
    """Horizontal bars, one a phrase (rows need 'phrase' and ``value``), in ``order``, values written at the end.

    ``phrase_title`` names the phrases in the tooltip (the axis shows no title).
    """
    y = {
        "field": "phrase",
        "type": "nominal",
        "sort": list(order),
        "title": None,
        "axis": {"labelLimit": 220, "labelOverlap": False},
    }
    x = {"field": value, "type": "quantitative", "title": title, "scale": {"domain": [0, 1]}}
    return _spec(
        rows,
        height or 30 * len(order) + 50,
        layer=[
            {
                "mark": {"type": "bar", "color": CONTEXT, "cornerRadiusEnd": 3},
                "encoding": {"y": y, "x": x, "tooltip": [_tip("phrase", phrase_title), _tip(value, title, True)]},
            },
            {
                "mark": {"type": "text", "align": "left", "dx": 4, "fontSize": 13},
                "encoding": {
                    "y": y,
                    "x": x,
                    "text": {"field": value, "type": "quantitative", "format": ".4f", "title": title},
                },
            },
        ],
        width="container",
    )


def feature_bars(
    rows: Rows, value: str, title: str, features: Sequence[str], groups: Sequence[str], tips: tuple[str, str]
) -> Spec:
    """Grouped horizontal bars: one group a feature, one bar a sentence (rows need 'feature', 'sentence', ``value``).

    ``tips`` titles the feature and the sentence in the tooltip.
    """
    y = {"field": "feature", "type": "nominal", "sort": list(features), "title": None, "axis": {"labelOverlap": False}}
    return _spec(
        rows,
        34 * len(features) + 60,
        mark={"type": "bar", "cornerRadiusEnd": 3},
        encoding={
            "y": y,
            "yOffset": {"field": "sentence", "type": "nominal", "sort": list(groups), "title": tips[1]},
            "x": {"field": value, "type": "quantitative", "title": title, "scale": {"domain": [0, 1]}},
            "color": {
                "field": "sentence",
                "type": "nominal",
                "title": None,
                "legend": {"orient": "bottom", "direction": "vertical", "labelLimit": 400},
                "scale": {"domain": list(groups), "range": [OKABE_ITO[5], OKABE_ITO[3]]},
            },
            "tooltip": [_tip("feature", tips[0]), _tip("sentence", tips[1]), _tip(value, title, True)],
        },
        width="container",
    )


def soft_and_hard(
    rows: Rows, x: str, x_title: str, value: str, title: str, order: Sequence[str], at: float, label: str, read: str
) -> Spec:
    """Soft (solid) against hard (dashed) over ``x``, with a dotted rule marking the current ``x = at``.

    Rows need ``x``, ``value`` and 'read' (one of ``order``); ``read`` titles it in the tooltip.
    """
    spec = steps(rows, x, x_title, value, title, "read", order=order)
    titles = {x: x_title, "read": read, value: title}
    for tip in spec["layer"][0]["encoding"]["tooltip"]:
        tip["title"] = titles[tip["field"]]
    spec["layer"].append(
        {
            "data": {"values": [{x: at, "label": label}]},
            "layer": [
                {
                    "mark": {"type": "rule", "color": NEUTRAL, "strokeDash": [2, 2]},
                    "encoding": {"x": {"field": x, "type": "quantitative"}},
                },
                {
                    "mark": {"type": "text", "color": NEUTRAL, "dy": -6, "fontSize": 13, "align": "left", "dx": 4},
                    "encoding": {
                        "x": {"field": x, "type": "quantitative"},
                        "y": {"value": 0},
                        "text": {"field": "label"},
                    },
                },
            ],
        }
    )
    return spec


def work_lines(rows: Rows, x_title: str, title: str, order: Sequence[str], at: int, label: str, reading: str) -> Spec:
    """Scores per sentence pair over the source length (rows need 'T', 'reading', 'scores'), the reader's T marked.

    ``reading`` titles the reading in the tooltip.
    """
    x = {"field": "T", "type": "quantitative", "title": x_title, "axis": {"format": "d", "tickMinStep": 1}}
    return _spec(
        rows,
        360,  # the legend and the axes take their room from this height; the y title needs ~200 px
        layer=[
            {
                "mark": {"type": "line", "strokeWidth": 3},
                "encoding": {
                    "x": x,
                    "y": {"field": "scores", "type": "quantitative", "title": title},
                    "color": {
                        "field": "reading",
                        "type": "nominal",
                        "title": None,
                        "legend": {"orient": "bottom", "direction": "vertical", "labelLimit": 400},
                        "scale": {"domain": list(order), "range": [CONTEXT, NEUTRAL]},
                    },
                    "strokeDash": {
                        "field": "reading",
                        "type": "nominal",
                        "legend": None,
                        "scale": {"domain": list(order), "range": [[1, 0], [6, 4]]},
                    },
                    "tooltip": [_tip("T", x_title), _tip("reading", reading), _tip("scores", title)],
                },
            },
            {
                "data": {"values": [{"T": at, "label": label}]},
                "layer": [
                    {"mark": {"type": "rule", "color": NEUTRAL, "strokeDash": [2, 2]}, "encoding": {"x": x}},
                    {
                        "mark": {"type": "text", "color": NEUTRAL, "dy": -6, "dx": 4, "align": "left", "fontSize": 13},
                        "encoding": {"x": x, "y": {"value": 0}, "text": {"field": "label"}},
                    },
                ],
            },
        ],
    )


def scored_grid(
    rows: Rows, x_title: str, y_title: str, order: Sequence[str], scored_by: str, height: int = 300
) -> Spec:
    """One cell a pair (target step t, source position j), coloured by which reading scores it.

    Rows need 't', 'j' and 'scored_by' (one of ``order``: scored by both readings,
    then by global attention only); ``scored_by`` titles it in the tooltip.
    """
    axis = {"format": "d", "labelOverlap": "parity"}
    return _spec(
        rows,
        height,
        mark={"type": "rect", "stroke": "white", "strokeWidth": 0.5},
        encoding={
            "x": {"field": "j", "type": "ordinal", "title": x_title, "axis": axis | {"labelAngle": 0}},
            "y": {"field": "t", "type": "ordinal", "title": y_title, "axis": axis},
            "color": {
                "field": "scored_by",
                "type": "nominal",
                "title": None,
                "legend": {"orient": "bottom", "direction": "vertical", "labelLimit": 400},
                "scale": {"domain": list(order), "range": [CONTEXT, "#F4B6C8"]},
            },
            "tooltip": [_tip("t", y_title), _tip("j", x_title), _tip("scored_by", scored_by)],
        },
        width="container",
    )
