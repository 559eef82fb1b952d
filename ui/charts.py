"""Vega-Lite chart builders shared by the screens.

Each builder returns a plain Vega-Lite dict with its data inline, ready for
``st.vega_lite_chart``; building the dict directly keeps a rerun cheap (no
schema validation on every run). Source positions are coloured through
:func:`ui.palette.position_scale` on every screen; tooltips give exact values.
Rows are lists of dicts, one dict a data point.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ui.palette import CONTEXT, NEUTRAL, position_scale

Spec = dict[str, Any]
Rows = list[dict[str, Any]]

FONT = {"labelFontSize": 13, "titleFontSize": 14}
CONFIG = {"axis": FONT, "legend": FONT | {"symbolSize": 120}, "header": FONT, "view": {"stroke": None}}


def _spec(rows: Rows, height: int, **body: Any) -> Spec:
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "data": {"values": rows},
        "height": height,
        "config": CONFIG,
        **body,
    }


def _color(tokens: Sequence[str], field: str = "position", legend: bool = True) -> Spec:
    return {
        "field": field,
        "type": "nominal",
        "scale": position_scale(tokens),
        "legend": {"orient": "bottom", "title": None} if legend else None,
    }


def _tooltip(*fields: tuple[str, str]) -> list[Spec]:
    """Tooltips; numbers to 4 decimals: fields are (name, 'n' or 'q')."""
    return [
        {"field": f, "type": "quantitative", "format": ".4f"} if kind == "q" else {"field": f, "type": "nominal"}
        for f, kind in fields
    ]


def bars_by_position(
    rows: Rows,
    value: str,
    title: str,
    tokens: Sequence[str],
    domain: Sequence[float] | None = None,
    height: int = 220,
    labels: bool = True,
) -> Spec:
    """One bar a source position; rows need 'position' and ``value``."""
    y: Spec = {"field": value, "type": "quantitative", "title": title}
    if domain is not None:
        y["scale"] = {"domain": list(domain)}
    layers: list[Spec] = [
        {
            "mark": {"type": "bar", "cornerRadiusEnd": 3},
            "encoding": {
                "x": {"field": "position", "type": "nominal", "sort": None, "title": None, "axis": {"labelAngle": 0}},
                "y": y,
                "color": _color(tokens, legend=False),
                "tooltip": _tooltip(("position", "n"), (value, "q")),
            },
        }
    ]
    if labels:
        layers.append(
            {
                "mark": {"type": "text", "dy": -8, "fontSize": 13},
                "encoding": {
                    "x": {"field": "position", "type": "nominal", "sort": None},
                    "y": {"field": value, "type": "quantitative"},
                    "text": {"field": value, "type": "quantitative", "format": ".3f"},
                },
            }
        )
    return _spec(rows, height, layer=layers)


def grouped_bars(rows: Rows, value: str, group: str, title: str, tokens: Sequence[str], height: int = 240) -> Spec:
    """Bars per position within each group (e.g. state A with tanh); rows need 'position', ``group``, ``value``."""
    return _spec(
        rows,
        height,
        mark={"type": "bar", "cornerRadiusEnd": 3},
        encoding={
            "x": {"field": group, "type": "nominal", "sort": None, "title": None, "axis": {"labelAngle": 0}},
            "xOffset": {"field": "position", "type": "nominal", "sort": None},
            "y": {"field": value, "type": "quantitative", "title": title, "scale": {"domain": [0, 1]}},
            "color": _color(tokens),
            "tooltip": _tooltip((group, "n"), ("position", "n"), (value, "q")),
        },
    )


def curves(
    rows: Rows,
    x: str,
    x_title: str,
    value: str,
    title: str,
    tokens: Sequence[str],
    marks: Sequence[tuple[float, str]] = (),
    dashed: Rows | None = None,
    height: int = 300,
    domain: Sequence[float] | None = None,
) -> Spec:
    """One line a source position over ``x``; optional vertical marks and a dashed overlay."""
    y: Spec = {"field": value, "type": "quantitative", "title": title}
    if domain is not None:
        y["scale"] = {"domain": list(domain)}
    enc = {
        "x": {"field": x, "type": "quantitative", "title": x_title},
        "y": y,
        "color": _color(tokens),
        "tooltip": _tooltip((x, "q"), ("position", "n"), (value, "q")),
    }
    layers: list[Spec] = [{"mark": {"type": "line", "strokeWidth": 3}, "encoding": enc}]
    if dashed:
        layers.append(
            {
                "data": {"values": dashed},
                "mark": {"type": "line", "strokeDash": [6, 4], "strokeWidth": 2},
                "encoding": enc | {"detail": {"field": "position"}},
            }
        )
    for at, label in marks:
        layers.append(
            {
                "data": {"values": [{x: at, "label": label}]},
                "layer": [
                    {
                        "mark": {"type": "rule", "color": NEUTRAL, "strokeDash": [2, 2]},
                        "encoding": {"x": {"field": x, "type": "quantitative"}},
                    },
                    {
                        "mark": {"type": "text", "color": NEUTRAL, "dy": -6, "fontSize": 13, "fontWeight": "bold"},
                        "encoding": {
                            "x": {"field": x, "type": "quantitative"},
                            "y": {"value": 0},
                            "text": {"field": "label"},
                        },
                    },
                ],
            }
        )
    return _spec(rows, height, layer=layers)


def source_plane(
    sources: Rows,
    tokens: Sequence[str],
    points: Rows = (),
    path: Rows = (),
    height: int = 360,
) -> Spec:
    """The 2-D sources h_j with their convex hull, context point(s) and a context path.

    sources: rows with 'position', 'h1', 'h2' (in position order); points: rows
    with 'label', 'c1', 'c2' (drawn as crosses); path: rows with 's', 'c1', 'c2'.
    """
    hull = convex_hull_rows(sources)
    xy = {
        "x": {"field": "h1", "type": "quantitative", "title": "coordinate 1"},
        "y": {"field": "h2", "type": "quantitative", "title": "coordinate 2"},
    }
    layers: list[Spec] = [
        {
            "data": {"values": hull},
            "mark": {"type": "line", "color": NEUTRAL, "strokeDash": [4, 3]},
            "encoding": xy | {"order": {"field": "order", "type": "quantitative"}},
        },
        {
            "mark": {"type": "circle", "size": 260, "opacity": 1},
            "encoding": xy
            | {"color": _color(tokens), "tooltip": _tooltip(("position", "n"), ("h1", "q"), ("h2", "q"))},
        },
        {
            "mark": {"type": "text", "dx": 14, "dy": -12, "fontSize": 15, "fontWeight": "bold"},
            "encoding": xy | {"text": {"field": "position"}},
        },
    ]
    cxy = {"x": {"field": "c1", "type": "quantitative"}, "y": {"field": "c2", "type": "quantitative"}}
    if path:
        layers.append(
            {
                "data": {"values": list(path)},
                "mark": {"type": "line", "color": CONTEXT, "strokeWidth": 2, "opacity": 0.7},
                "encoding": cxy
                | {
                    "order": {"field": "s", "type": "quantitative"},
                    "tooltip": _tooltip(("s", "q"), ("c1", "q"), ("c2", "q")),
                },
            }
        )
    if points:
        layers += [
            {
                "data": {"values": list(points)},
                "mark": {"type": "point", "shape": "cross", "size": 380, "filled": True, "color": CONTEXT},
                "encoding": cxy | {"tooltip": _tooltip(("label", "n"), ("c1", "q"), ("c2", "q"))},
            },
            {
                "data": {"values": list(points)},
                "mark": {"type": "text", "dx": 14, "dy": 14, "fontSize": 14, "color": CONTEXT, "fontWeight": "bold"},
                "encoding": cxy | {"text": {"field": "label"}},
            },
        ]
    return _spec(sources, height, layer=layers, width="container")


def convex_hull_rows(sources: Rows) -> Rows:
    """The hull of the 2-D sources as a closed polyline (monotone chain), rows 'h1', 'h2', 'order'."""
    pts = sorted({(r["h1"], r["h2"]) for r in sources})
    if len(pts) < 3:
        chain = pts
    else:

        def half(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
            out: list[tuple[float, float]] = []
            for p in points:
                while (
                    len(out) >= 2
                    and (
                        (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                        - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])
                    )
                    <= 0
                ):
                    out.pop()
                out.append(p)
            return out

        lower, upper = half(pts), half(pts[::-1])
        chain = lower[:-1] + upper[:-1]
    closed = chain + chain[:1]
    return [{"h1": x, "h2": y, "order": i} for i, (x, y) in enumerate(closed)]


def heatmap(
    rows: Rows,
    x: str,
    y: str,
    value: str,
    x_title: str,
    y_title: str,
    height: int = 240,
    x_sort: Sequence[str] | None = None,
    y_sort: Sequence[str] | None = None,
    domain: Sequence[float] = (0, 1),
) -> Spec:
    """A matrix of values (e.g. weights: target step x source position) with the value written in each cell."""
    enc = {
        "x": {
            "field": x,
            "type": "nominal",
            "sort": list(x_sort) if x_sort else None,
            "title": x_title,
            "axis": {"labelAngle": 0},
        },
        "y": {"field": y, "type": "nominal", "sort": list(y_sort) if y_sort else None, "title": y_title},
    }
    return _spec(
        rows,
        height,
        layer=[
            {
                "mark": "rect",
                "encoding": enc
                | {
                    "color": {
                        "field": value,
                        "type": "quantitative",
                        "title": value,
                        "scale": {"scheme": "greys", "domain": list(domain)},
                    },
                    "tooltip": _tooltip((y, "n"), (x, "n"), (value, "q")),
                },
            },
            {
                "mark": {"type": "text", "fontSize": 13},
                "encoding": enc
                | {
                    "text": {"field": value, "type": "quantitative", "format": ".2f"},
                    "color": {"condition": {"test": f"datum['{value}'] > 0.5", "value": "white"}, "value": "black"},
                },
            },
        ],
        width="container",
    )


def series(
    rows: Rows,
    x: str,
    x_title: str,
    value: str,
    title: str,
    color: str,
    color_title: str | None = None,
    height: int = 260,
    facet: str | None = None,
    x_type: str = "quantitative",
    palette: Sequence[str] | None = None,
    point: bool = True,
) -> Spec:
    """Lines of ``value`` over ``x``, one a ``color`` group, optionally in columns by ``facet``."""
    enc: Spec = {
        "x": {
            "field": x,
            "type": x_type,
            "title": x_title,
            "sort": None,
            **({"axis": {"labelAngle": 0}} if x_type != "quantitative" else {}),
        },
        "y": {"field": value, "type": "quantitative", "title": title},
        "color": {
            "field": color,
            "type": "nominal",
            "title": color_title,
            "legend": {"orient": "bottom"},
            **({"scale": {"range": list(palette)}} if palette else {}),
        },
        "tooltip": _tooltip((facet, "n"), (x, "n"), (color, "n"), (value, "q"))
        if facet
        else _tooltip((x, "n"), (color, "n"), (value, "q")),
    }
    body: Spec = {"mark": {"type": "line", "point": point, "strokeWidth": 2.5}, "encoding": enc}
    if facet:
        spec = _spec(
            rows,
            height,
            facet={"column": {"field": facet, "type": "nominal", "title": None, "sort": None}},
            spec={"height": height, "width": 320, **body},
        )
        del spec["height"]  # a faceted chart sizes each panel instead
        return spec
    return _spec(rows, height, **body)


def steps(
    rows: Rows,
    x: str,
    x_title: str,
    value: str,
    title: str,
    color: str,
    height: int = 260,
    palette: Sequence[str] = (CONTEXT, NEUTRAL),
) -> Spec:
    """Soft against hard: a smooth line and a step line of ``value`` over ``x``."""
    return _spec(
        rows,
        height,
        mark={"type": "line", "interpolate": "linear", "strokeWidth": 3},
        encoding={
            "x": {"field": x, "type": "quantitative", "title": x_title},
            "y": {"field": value, "type": "quantitative", "title": title},
            "color": {
                "field": color,
                "type": "nominal",
                "title": None,
                "legend": {"orient": "bottom"},
                "scale": {"range": list(palette)},
            },
            "strokeDash": {"field": color, "type": "nominal", "legend": None},
            "tooltip": _tooltip((x, "q"), (color, "n"), (value, "q")),
        },
    )
