"""Line charts: curves a source position, series by group, soft against hard, losses, one line a model."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ui.charts.spec import Rows, Spec, _color, _first_seen, _spec, _tooltip
from ui.palette import CONTEXT, NEUTRAL


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
    current: tuple[float, str] | None = None,
) -> Spec:
    """One line a source position over ``x``; optional vertical marks and a dashed overlay.

    ``marks`` are dotted rules with a label above; ``current`` = (x, label) is one solid
    rule (the reader's current setting), labelled unless the label is empty.
    """
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
    if current is not None:
        at, label = current
        rule: Spec = {
            "mark": {"type": "rule", "color": NEUTRAL, "strokeWidth": 2},
            "encoding": {"x": {"field": x, "type": "quantitative"}},
        }
        text: Spec = {
            "mark": {"type": "text", "color": NEUTRAL, "dy": -6, "fontSize": 13, "fontWeight": "bold"},
            "encoding": {"x": {"field": x, "type": "quantitative"}, "y": {"value": 0}, "text": {"field": "label"}},
        }
        layers.append({"data": {"values": [{x: at, "label": label}]}, "layer": [rule, text] if label else [rule]})
    return _spec(rows, height, layer=layers)


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
