"""Line charts: series by group, losses, one line a model (curves over the state s: :mod:`ui.charts.sweeps`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ui.charts.spec import Rows, Spec, _first_seen, _spec, _tooltip
from ui.palette import CONTEXT, NEUTRAL

DASHES = ([1, 0], [6, 4], [2, 2])  # solid, dashed, dotted
LINE_LEGEND = {"orient": "bottom", "title": None, "symbolType": "stroke", "symbolSize": 600, "symbolStrokeWidth": 3}


def _solid_and_dashed(field: str, order: Sequence[str], palette: Sequence[str]) -> Spec:
    """Colour and dash encodings for up to three groups: solid, dashed, dotted, coloured from ``palette``.

    One legend shows both, each group as a short line in its colour and dash.
    """
    return {
        "color": {
            "field": field,
            "type": "nominal",
            "title": None,
            "legend": LINE_LEGEND,
            "scale": {"domain": list(order), "range": list(palette)},
        },
        "strokeDash": {
            "field": field,
            "type": "nominal",
            "title": None,
            "legend": LINE_LEGEND,
            "scale": {"domain": list(order), "range": list(DASHES[: len(order)])},
        },
    }


def series(
    rows: Rows,
    x: str,
    x_title: str,
    value: str,
    title: str,
    color: str,
    color_title: str | None = None,
    height: int = 260,
    x_type: str = "quantitative",
    palette: Sequence[str] | None = None,
    point: bool = True,
    domain: Sequence[float] | None = None,
    legend: bool = True,
    extra: Sequence[tuple[str, str]] = (),
) -> Spec:
    """Lines of ``value`` over ``x``, one a ``color`` group; ``extra`` adds tooltip fields (name, 'n' or 'q')."""
    y: Spec = {"field": value, "type": "quantitative", "title": title}
    if domain is not None:
        y["scale"] = {"domain": list(domain)}
    enc: Spec = {
        "x": {
            "field": x,
            "type": x_type,
            "title": x_title,
            "sort": None,
            **({"axis": {"labelAngle": 0}} if x_type != "quantitative" else {}),
        },
        "y": y,
        "color": {
            "field": color,
            "type": "nominal",
            "title": color_title,
            "legend": {"orient": "bottom", "columns": 2} if legend else None,  # two fit a half-width column
            **({"scale": {"range": list(palette)}} if palette else {}),
        },
        "tooltip": _tooltip(*extra, (x, "n"), (color, "n"), (value, "q")),
    }
    return _spec(rows, height, mark={"type": "line", "point": point, "strokeWidth": 2.5}, encoding=enc)


def series_panels(rows: Rows, panel: str, value: str, **kwargs) -> list[Spec]:
    """:func:`series` in panels, one chart a value of ``panel`` (in order of first appearance), titled with it.

    The panels share one value axis (from the rows of all) so that they compare at a
    glance, and can stack on a narrow screen; the last carries the legend.
    """
    values = [r[value] for r in rows]
    domain = kwargs.pop("domain", None) or ([min(values), max(values)] if values else None)
    panels = _first_seen(rows, panel)
    specs = []
    for k, name in enumerate(panels):
        spec = series(
            [r for r in rows if r[panel] == name],
            value=value,
            domain=domain,
            legend=k == len(panels) - 1,
            extra=((panel, "n"),),
            **kwargs,
        )
        # the plots keep their height whether or not a legend sits below them, so the panels line up
        specs.append(spec | {"title": name, "width": "container", "autosize": {"type": "fit-x", "contains": "padding"}})
    return specs


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
    tips: Mapping[str, str] | None = None,
) -> Spec:
    """One line a model over ``x`` (e.g. exact match by source length, or training loss by step).

    ``order`` names the ``color`` groups: the first is drawn solid in ``palette[0]``,
    the second dashed in ``palette[1]``. ``extra`` adds tooltip fields (name, 'n' or
    'q'); ``log`` puts ``value`` on a log scale; ``band`` = (from, to, label) shades
    that range of ``x`` and writes the label at its top; ``tips`` titles tooltip fields
    (field -> title; a field without one shows its name).
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
                            "align": "left",
                            "baseline": "middle",
                            "dx": 4,
                            "fontSize": 14,
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
                "tooltip": [
                    tip | ({"title": tips[tip["field"]]} if tips and tip["field"] in tips else {})
                    for tip in _tooltip((x, "n"), (color, "n"), (value, "q"), *extra)
                ],
            },
        }
    )
    return _spec(rows, height, layer=layers)
