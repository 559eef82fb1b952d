"""Vega-Lite chart builders shared by the screens.

Each builder returns a plain Vega-Lite dict with its data inline, ready for
``st.vega_lite_chart``; building the dict directly keeps a rerun cheap (no
schema validation on every run). Source positions are coloured through
:func:`ui.palette.position_scale` on every screen; tooltips give exact values.
Rows are lists of dicts, one dict a data point.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from core.geometry import convex_hull
from ui.palette import CONTEXT, NEUTRAL, position_scale

Spec = dict[str, Any]
Rows = list[dict[str, Any]]

FONT = {"labelFontSize": 13, "titleFontSize": 14}
CONFIG = {"axis": FONT, "legend": FONT | {"symbolSize": 120}, "header": FONT, "view": {"stroke": None}}


def _spec(rows: Rows, height: int, **body: Any) -> Spec:
    """A complete spec; the rows go inline into every layer that brings no data of its own.

    Streamlit converts a spec's top-level data to an Arrow table on every rerun
    (a few milliseconds a chart), while data inside a layer travels as plain
    JSON; for the small tables of these screens JSON is far cheaper. Faceted
    specs need top-level data and keep it.
    """
    spec: Spec = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "height": height, "config": CONFIG}
    if "facet" in body:
        return spec | {"data": {"values": rows}} | body
    if "layer" not in body:
        body = {"layer": [{k: body.pop(k) for k in ("mark", "encoding") if k in body}], **body}
    body["layer"] = [layer if "data" in layer else {"data": {"values": rows}, **layer} for layer in body["layer"]]
    return spec | body


def _solid_and_dashed(field: str, order: Sequence[str], palette: Sequence[str]) -> Spec:
    """Colour and dash encodings for up to three groups: solid, dashed, dotted, coloured from ``palette``."""
    return {
        "color": {
            "field": field,
            "type": "nominal",
            "title": None,
            "legend": {"orient": "bottom"},
            "scale": {"domain": list(order), "range": list(palette)},
        },
        "strokeDash": {
            "field": field,
            "type": "nominal",
            "legend": None,
            "scale": {"domain": list(order), "range": [[1, 0], [6, 4], [2, 2]][: len(order)]},
        },
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
                    "color": _color(tokens, legend=False),  # readable on light and dark themes
                },
            }
        )
    return _spec(rows, height, layer=layers)


def grouped_bars(
    rows: Rows,
    value: str,
    group: str,
    title: str,
    tokens: Sequence[str],
    height: int = 240,
    domain: Sequence[float] | None = (0, 1),
) -> Spec:
    """Bars per position within each group (e.g. state A with tanh); rows need 'position', ``group``, ``value``."""
    return _spec(
        rows,
        height,
        mark={"type": "bar", "cornerRadiusEnd": 3},
        encoding={
            "x": {"field": group, "type": "nominal", "sort": None, "title": None, "axis": {"labelAngle": 0}},
            "xOffset": {"field": "position", "type": "nominal", "sort": None},
            "y": {
                "field": value,
                "type": "quantitative",
                "title": title,
                **({"scale": {"domain": list(domain)}} if domain is not None else {}),
            },
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
            "encoding": xy | {"text": {"field": "position"}, "color": _color(tokens, legend=False)},
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
    """The hull of the 2-D sources as a closed polyline, rows 'h1', 'h2', 'order'.

    The vertices of :func:`core.geometry.convex_hull` (counter-clockwise from the
    lowest-left source), the first repeated at the end to close the line.
    """
    if not sources:
        return []
    hull = convex_hull([[r["h1"], r["h2"]] for r in sources])  # (V, 2)
    closed = np.concatenate([hull, hull[:1]])  # (V + 1, 2)
    return [{"h1": float(x), "h2": float(y), "order": i} for i, (x, y) in enumerate(closed)]


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
    domain: Sequence[float] | None = (0, 1),
) -> Spec:
    """A matrix of values (e.g. weights: target step x source position) with the value written in each cell.

    With a ``domain`` the cells shade from white to black over it (weights in [0, 1]); with
    ``domain=None`` they shade on a diverging blue-red scale centred on 0 (signed values).
    """
    if domain is None:
        top = max((abs(r[value]) for r in rows), default=1.0) or 1.0
        scale: Spec = {"scheme": "blueorange", "domainMid": 0, "domain": [-top, top]}
        dark = f"abs(datum['{value}']) > {0.6 * top}"
    else:
        scale = {"scheme": "greys", "domain": list(domain)}
        dark = f"datum['{value}'] > {domain[0] + 0.5 * (domain[1] - domain[0])}"
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
    layers = _cells(enc, value, {"scale": scale}, _tooltip((y, "n"), (x, "n"), (value, "q")), dark, 13)
    return _spec(rows, height, layer=layers, width="container")


def _cells(enc: Spec, value: str, color: Spec, tooltip: list[Spec], dark: str, font_size: int) -> list[Spec]:
    """A heatmap's two layers: shaded cells, and each cell's value written in white where ``dark`` holds."""
    return [
        {
            "mark": "rect",
            "encoding": enc
            | {"color": {"field": value, "type": "quantitative", "title": value} | color, "tooltip": tooltip},
        },
        {
            "mark": {"type": "text", "fontSize": font_size},
            "encoding": enc
            | {
                "text": {"field": value, "type": "quantitative", "format": ".2f"},
                "color": {"condition": {"test": dark, "value": "white"}, "value": "black"},
            },
        },
    ]


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
            facet={"column": {"field": facet, "type": "nominal", "title": None, "sort": _first_seen(rows, facet)}},
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
    order: Sequence[str],
    height: int = 260,
    palette: Sequence[str] = (CONTEXT, NEUTRAL),
) -> Spec:
    """Soft against hard: one solid and one dashed line of ``value`` over ``x``.

    ``order`` names the two ``color`` groups: the first is drawn solid in
    ``palette[0]``, the second dashed in ``palette[1]``.
    """
    return _spec(
        rows,
        height,
        mark={"type": "line", "interpolate": "linear", "strokeWidth": 3},
        encoding={
            "x": {"field": x, "type": "quantitative", "title": x_title},
            "y": {"field": value, "type": "quantitative", "title": title},
            **_solid_and_dashed(color, order, palette),
            "tooltip": _tooltip((x, "q"), (color, "n"), (value, "q")),
        },
    )


def split_heatmap(
    rows: Rows,
    x: str,
    y: str,
    value: str,
    column: str,
    x_title: str,
    y_title: str,
    y_sort: Sequence[str] | None = None,
    domain: Sequence[float] = (-1, 1),
    cell: tuple[int, int] = (48, 30),
) -> Spec:
    """Signed values in columns of panels (e.g. forward and backward halves of h_j), value written in each cell.

    Rows need ``x`` (component), ``y`` (row label), ``column`` (panel) and ``value``.
    Cells shade on a diverging scale fixed to ``domain`` (tanh states: [-1, 1]), so
    two inputs shade alike for equal values; ``cell`` is (width, height) in pixels.
    """
    enc = {
        "x": {"field": x, "type": "nominal", "sort": None, "title": x_title, "axis": {"labelAngle": 0}},
        "y": {"field": y, "type": "nominal", "sort": list(y_sort) if y_sort else None, "title": y_title},
    }
    lo, hi = domain
    body: Spec = {
        "width": {"step": cell[0]},
        "height": {"step": cell[1]},
        "layer": _cells(
            enc,
            value,
            {
                "scale": {"scheme": "blueorange", "domain": [lo, hi], "domainMid": 0},
                "legend": {"orient": "bottom", "direction": "horizontal", "gradientLength": 160},
            },
            _tooltip((column, "n"), (y, "n"), (x, "n"), (value, "q")),
            f"abs(datum['{value}']) > {0.6 * max(abs(lo), abs(hi))}",
            12,
        ),
    }
    spec = _spec(
        rows,
        0,
        facet={"column": {"field": column, "type": "nominal", "title": None, "sort": _first_seen(rows, column)}},
        spec=body,
    )
    del spec["height"]  # each panel sizes itself by its cells
    return spec


def target_bars(
    rows: Rows,
    value: str,
    title: str,
    vocabulary: Sequence[str],
    domain: Sequence[float] = (0, 1),
    height: int = 220,
) -> Spec:
    """One bar a target token (rows need 'token' and ``value``), e.g. p(y | c) over the vocabulary.

    Token k takes source position k's colour: for an output layer tied to the
    sources (one target token a source position) the colour says which h_k it is tied to.
    """
    slanted = max((len(k) for k in vocabulary), default=0) > 6  # long names ('translation of a') would collide
    axis = {"labelAngle": -45, "labelOverlap": False, "labelLimit": 130} if slanted else {"labelAngle": 0}
    x = {"field": "token", "type": "nominal", "sort": None, "title": None, "axis": axis}
    y = {"field": value, "type": "quantitative", "title": title, "scale": {"domain": list(domain)}}
    layers: list[Spec] = [
        {
            "mark": {"type": "bar", "cornerRadiusEnd": 3},
            "encoding": {
                "x": x,
                "y": y,
                "color": _color(vocabulary, field="token", legend=False),
                "tooltip": _tooltip(("token", "n"), (value, "q")),
            },
        },
    ]
    if len(vocabulary) <= 6:  # more value labels would collide; the tooltips keep the exact values
        layers.append(
            {
                "mark": {"type": "text", "dy": -8, "fontSize": 13},
                "encoding": {
                    "x": x,
                    "y": y,
                    "text": {"field": value, "type": "quantitative", "format": ".3f"},
                    "color": _color(vocabulary, field="token", legend=False),
                },
            }
        )
    return _spec(rows, height, layer=layers)


def _first_seen(rows: Rows, field: str) -> list[Any]:
    """The values of ``field`` in the order they first appear (Vega-Lite sorts facets alphabetically otherwise)."""
    return list(dict.fromkeys(r[field] for r in rows))


def loss_curve(rows: Rows, x: str, x_title: str, value: str, title: str, height: int = 220) -> Spec:
    """A loss over whole-numbered steps (rows need ``x`` and ``value``; None for a value not to draw).

    Points mark each step while there are few; the step axis shows whole numbers
    and the loss axis starts at 0.
    """
    enc = {
        "x": {
            "field": x,
            "type": "quantitative",
            "title": x_title,
            "axis": {"format": "d", "tickMinStep": 1},
            "scale": {"domainMin": 0, "nice": False},
        },
        "y": {"field": value, "type": "quantitative", "title": title, "scale": {"zero": True}},
        "tooltip": _tooltip((x, "n"), (value, "q")),
    }
    mark = {"type": "line", "color": CONTEXT, "strokeWidth": 2.5, "point": len(rows) <= 60}
    return _spec(rows, height, mark=mark, encoding=enc)


def _label_colors(labels: Sequence[str]) -> Spec:
    """An axis ``labelColor`` that gives each position label its palette colour (a Vega expression)."""
    import json

    scale = position_scale(labels)
    return {"expr": f"{json.dumps(scale['range'])}[indexof({json.dumps(scale['domain'])}, datum.value)]"}


def alignment_heatmap(
    rows: Rows,
    sources: Sequence[str],
    targets: Sequence[str],
    x_title: str,
    y_title: str,
    titles: dict[str, str],
    outline: Rows | None = None,
    cell: int = 24,
) -> Spec:
    """Weights alpha_tj in Bahdanau et al.'s Figure 3 orientation: source words along x, target tokens down y.

    Rows need 'target' and 'source' (unique labels, in the order of ``targets`` and
    ``sources``), 'alpha' in [0, 1] and 'true' (whether target token t translates
    source word j, for the tooltip). Cells shade from white (0) to black (1); the
    cells of ``outline`` (e.g. the true correspondence) are drawn outlined. Source
    labels take their positions' colours; ``titles`` names the fields in the tooltips.
    """
    slanted = len(sources) > 8 or max((len(s) for s in sources), default=0) > 7
    upright = len(sources) > 16  # many narrow columns: vertical labels, as in the paper's Figure 3
    x = {
        "field": "source",
        "type": "nominal",
        "sort": list(sources),
        "title": x_title,
        "axis": {
            "orient": "top",
            "labelAngle": -90 if upright else -50 if slanted else 0,
            "labelAlign": "left" if slanted else "center",
            "labelBaseline": "middle" if upright else "alphabetic",
            "labelColor": _label_colors(sources),
            "labelFontWeight": "bold",
            "labelOverlap": False,
        },
    }
    y = {"field": "target", "type": "nominal", "sort": list(targets), "title": y_title, "axis": {"labelOverlap": False}}
    tooltip = [
        {"field": "target", "type": "nominal", "title": titles.get("target", "target")},
        {"field": "source", "type": "nominal", "title": titles.get("source", "source")},
        {"field": "alpha", "type": "quantitative", "format": ".4f", "title": titles.get("alpha", "alpha")},
        {"field": "true", "type": "nominal", "title": titles.get("true", "true")},
    ]
    layers: list[Spec] = [
        {
            "mark": {"type": "rect", "stroke": "#bbbbbb", "strokeWidth": 0.3},
            "encoding": {
                "x": x,
                "y": y,
                "color": {
                    "field": "alpha",
                    "type": "quantitative",
                    "title": titles.get("alpha", "alpha"),
                    "scale": {"scheme": "greys", "domain": [0, 1]},
                    "legend": {"orient": "bottom", "direction": "horizontal", "gradientLength": 160},
                },
                "tooltip": tooltip,
            },
        }
    ]
    if outline:
        layers.append(
            {
                "data": {"values": list(outline)},
                "mark": {"type": "rect", "filled": False, "stroke": CONTEXT, "strokeWidth": 2.5},
                "encoding": {"x": x, "y": y, "tooltip": tooltip},
            }
        )
    spec = _spec(rows, 0, layer=layers)
    spec["height"] = {"step": cell}
    return spec


def model_lines(
    rows: Rows,
    x: str,
    x_title: str,
    value: str,
    title: str,
    order: Sequence[str],
    color: str = "model",
    extra: Sequence[tuple[str, str]] = (),
    log: bool = False,
    points: bool = True,
    band: tuple[float, float, str] | None = None,
    x_domain: Sequence[float] | None = None,
    y_domain: Sequence[float] | None = None,
    height: int = 280,
    palette: Sequence[str] = (CONTEXT, NEUTRAL),
) -> Spec:
    """One line a model over ``x`` (e.g. exact match by source length, or training loss by step).

    ``order`` names the ``color`` groups: the first is drawn solid in ``palette[0]``,
    the second dashed in ``palette[1]``. ``extra`` adds tooltip fields (name, 'n' or
    'q'); ``log`` puts ``value`` on a log scale; ``band`` = (from, to, label) shades
    that range of ``x`` and writes the label at its top.
    """
    x_enc: Spec = {"field": x, "type": "quantitative", "title": x_title, "axis": {"tickMinStep": 1, "format": "d"}}
    if x_domain is not None:
        x_enc["scale"] = {"domain": list(x_domain), "nice": False}
    y_enc: Spec = {"field": value, "type": "quantitative", "title": title}
    if log:
        y_enc["scale"] = {"type": "log"}
        positive = [r[value] for r in rows if r[value] is not None and r[value] > 0]
        if positive:  # one tick and grid line a decade, not one a minor tick
            lo_exp, hi_exp = math.floor(math.log10(min(positive))), math.ceil(math.log10(max(positive)))
            y_enc["axis"] = {"values": [10.0**k for k in range(lo_exp, hi_exp + 1)], "format": "~g"}
    elif y_domain is not None:
        y_enc["scale"] = {"domain": list(y_domain)}
    layers: list[Spec] = []
    if band is not None:
        lo, hi, label = band
        band_x = {"field": "from", "type": "quantitative", "title": x_title, "scale": x_enc.get("scale", {})}
        # the label sits halfway up a fixed value axis (where curves near 0 and 1 leave room), else at the top
        band_y = {"datum": sum(y_domain) / 2} if y_domain is not None and not log else {"value": 12}
        layers.append(
            {
                "data": {"values": [{"from": lo, "to": hi, "label": label}]},
                "layer": [
                    {
                        "mark": {"type": "rect", "color": NEUTRAL, "opacity": 0.16},
                        "encoding": {"x": band_x, "x2": {"field": "to"}},
                    },
                    {
                        "mark": {
                            "type": "text",
                            "color": NEUTRAL,
                            "align": "left",
                            "baseline": "middle",
                            "dx": 4,
                            "fontSize": 12,
                            "fontWeight": "bold",
                            "lineBreak": "\n",
                        },
                        "encoding": {"x": band_x, "y": band_y, "text": {"field": "label"}},
                    },
                ],
            }
        )
    layers.append(
        {
            "mark": {"type": "line", "point": points, "strokeWidth": 2.5},
            "encoding": {
                "x": x_enc,
                "y": y_enc,
                **_solid_and_dashed(color, order, palette),
                "tooltip": _tooltip((x, "n"), (color, "n"), (value, "q"), *extra),
            },
        }
    )
    return _spec(rows, height, layer=layers)
