"""Bar charts: one bar a source position or a target token, and bars grouped by a field."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ui.charts.spec import Rows, Spec, _color, _spec, _tooltip


def bars_by_position(
    rows: Rows,
    value: str,
    title: str,
    tokens: Sequence[str],
    domain: Sequence[float] | None = None,
    height: int = 220,
    labels: bool = True,
    position_title: str = "position",
) -> Spec:
    """One bar a source position; rows need 'position' and ``value`` (titled ``position_title`` and ``title``)."""
    y: Spec = {"field": value, "type": "quantitative", "title": title}
    if domain is not None:
        y["scale"] = {"domain": list(domain)}
    x: Spec = {"field": "position", "type": "nominal", "sort": None, "title": None, "axis": {"labelAngle": 0}}
    layers: list[Spec] = [
        {
            "mark": {"type": "bar", "cornerRadiusEnd": 3},
            "encoding": {
                "x": x,
                "y": y,
                "color": _color(tokens, legend=False),
                "tooltip": _tooltip(("position", "n", position_title), (value, "q", title)),
            },
        }
    ]
    if labels:
        layers.append(
            {
                "mark": {"type": "text", "dy": -9, "fontSize": 14},  # in the text colour: position colours are too pale
                "encoding": {
                    "x": x,
                    "y": y,
                    "text": {"field": value, "type": "quantitative", "format": ".3f", "title": title},
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
            "x": {"field": group, "type": "nominal", "sort": None, "title": None, "axis": _group_axis(rows, group)},
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


def _group_axis(rows: Rows, group: str) -> Spec:
    """Group labels flat where each group's band is wide enough for the longest, else slanted (a phone)."""
    groups = list(dict.fromkeys(str(r[group]) for r in rows))
    flat = f"width / {max(len(groups), 1)} >= {8 * max((_columns(g) for g in groups), default=1)}"
    return {
        "labelAngle": {"expr": f"{flat} ? 0 : -35"},
        "labelAlign": {"expr": f"{flat} ? 'center' : 'right'"},
        "labelOverlap": False,
        "labelLimit": 200,
    }


def _columns(label: str) -> int:
    """How many Latin letters' width a label takes: a Chinese character (or full-width mark) takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in label)


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
                "mark": {"type": "text", "dy": -9, "fontSize": 14},
                "encoding": {"x": x, "y": y, "text": {"field": value, "type": "quantitative", "format": ".3f"}},
            }
        )
    return _spec(rows, height, layer=layers)
