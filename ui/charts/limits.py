"""Charts of what attention is not: phrases read for a goal, soft against hard, and the scoring work."""

from __future__ import annotations

from collections.abc import Sequence

from ui.charts.lines import steps
from ui.charts.spec import Rows, Spec, _spec, _tooltip
from ui.palette import CONTEXT, NEUTRAL, OKABE_ITO


def phrase_bars(rows: Rows, value: str, title: str, order: Sequence[str], height: int | None = None) -> Spec:
    """Horizontal bars, one a phrase (rows need 'phrase' and ``value``), in ``order``, values written at the end."""
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
                "encoding": {"y": y, "x": x, "tooltip": _tooltip(("phrase", "n"), (value, "q"))},
            },
            {
                "mark": {"type": "text", "align": "left", "dx": 4, "fontSize": 13},
                "encoding": {"y": y, "x": x, "text": {"field": value, "type": "quantitative", "format": ".4f"}},
            },
        ],
        width="container",
    )


def feature_bars(rows: Rows, value: str, title: str, features: Sequence[str], groups: Sequence[str]) -> Spec:
    """Grouped horizontal bars: one group a feature, one bar a sentence (rows need 'feature', 'sentence', ``value``)."""
    y = {"field": "feature", "type": "nominal", "sort": list(features), "title": None, "axis": {"labelOverlap": False}}
    return _spec(
        rows,
        34 * len(features) + 60,
        mark={"type": "bar", "cornerRadiusEnd": 3},
        encoding={
            "y": y,
            "yOffset": {"field": "sentence", "type": "nominal", "sort": list(groups)},
            "x": {"field": value, "type": "quantitative", "title": title, "scale": {"domain": [0, 1]}},
            "color": {
                "field": "sentence",
                "type": "nominal",
                "title": None,
                "legend": {"orient": "bottom", "direction": "vertical", "labelLimit": 400},
                "scale": {"domain": list(groups), "range": [OKABE_ITO[5], OKABE_ITO[3]]},
            },
            "tooltip": _tooltip(("feature", "n"), ("sentence", "n"), (value, "q")),
        },
        width="container",
    )


def soft_and_hard(
    rows: Rows, x: str, x_title: str, value: str, title: str, order: Sequence[str], at: float, label: str
) -> Spec:
    """Soft (solid) against hard (dashed) over ``x``, with a dotted rule marking the current ``x = at``."""
    spec = steps(rows, x, x_title, value, title, "read", order=order)
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


def work_lines(rows: Rows, x_title: str, title: str, order: Sequence[str], at: int, label: str) -> Spec:
    """Scores per sentence pair over the source length (rows need 'T', 'reading', 'scores'), the reader's T marked."""
    x = {"field": "T", "type": "quantitative", "title": x_title, "axis": {"format": "d", "tickMinStep": 1}}
    return _spec(
        rows,
        280,
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
                    "tooltip": _tooltip(("T", "n"), ("reading", "n"), ("scores", "n")),
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


def scored_grid(rows: Rows, x_title: str, y_title: str, order: Sequence[str], height: int = 300) -> Spec:
    """One cell a pair (target step t, source position j), coloured by which reading scores it.

    Rows need 't', 'j' and 'scored_by' (one of ``order``: scored by both readings,
    then by global attention only).
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
            "tooltip": _tooltip(("t", "n"), ("j", "n"), ("scored_by", "n")),
        },
        width="container",
    )
