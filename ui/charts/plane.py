"""The source plane: the 2-D sources h_j, their convex hull, and contexts drawn among them."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.geometry import convex_hull
from ui.charts.spec import Rows, Spec, _color, _spec, _tooltip
from ui.palette import CONTEXT, NEUTRAL
from ui.text import field_title, t


def source_plane(
    sources: Rows,
    tokens: Sequence[str],
    points: Rows = (),
    path: Rows = (),
    height: int = 360,
    titles: dict[str, str] | None = None,
) -> Spec:
    """The 2-D sources h_j with their convex hull, context point(s) and a context path.

    sources: rows with 'position', 'h1', 'h2' (in position order); points: rows
    with 'label', 'c1', 'c2' (drawn as crosses); path: rows with 's', 'c1', 'c2'.
    ``titles`` names the axes ('h1', 'h2') and the tooltips' 'position' and 'label'.
    """
    title = {
        "h1": t("handout.coordinate", i=1),
        "h2": t("handout.coordinate", i=2),
        "position": field_title("position"),
        "label": field_title("label"),
    } | (titles or {})
    hull = convex_hull_rows(sources)
    xy = {
        "x": {"field": "h1", "type": "quantitative", "title": title["h1"]},
        "y": {"field": "h2", "type": "quantitative", "title": title["h2"]},
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
            | {
                "color": _color(tokens),
                "tooltip": _tooltip(("position", "n", title["position"]), ("h1", "q"), ("h2", "q")),
            },
        },
    ]
    # each source's name beside it, away from the middle of the sources (so off the outline), in the text colour
    labels = label_rows(sources, points)
    for align in ("left", "center", "right"):
        layers.append(
            {
                "data": {"values": [r for r in labels if r["align"] == align]},
                "mark": {"type": "text", "align": align, "baseline": "middle", "fontSize": 15, "fontWeight": "bold"},
                "encoding": {
                    "x": {"field": "x", "type": "quantitative"},
                    "y": {"field": "y", "type": "quantitative"},
                    "text": {"field": "position"},
                },
            }
        )
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
                "encoding": cxy | {"tooltip": _tooltip(("label", "n", title["label"]), ("c1", "q"), ("c2", "q"))},
            },
        ]
        for align in ("left", "center", "right"):
            layers.append(
                {
                    "data": {"values": [r for r in point_label_rows(sources, points) if r["align"] == align]},
                    "mark": {
                        "type": "text",
                        "align": align,
                        "baseline": "middle",
                        "fontSize": 15,
                        "fontWeight": "bold",
                    },
                    "encoding": {
                        "x": {"field": "x", "type": "quantitative"},
                        "y": {"field": "y", "type": "quantitative"},
                        "text": {"field": "label"},
                    },
                }
            )
    return _spec(sources, height, layer=layers, width="container")


def _beside(point: np.ndarray, centre: np.ndarray, span: np.ndarray, inward: bool = False) -> Spec:
    """A label's place: a step from ``point`` (2,) away from ``centre`` (towards it if ``inward``).

    The step is a fraction of ``span``, the drawn extent along each axis; a label to the
    right starts at its place ('left'), one to the left ends there, one above or below is centred.
    """
    away = (centre - point if inward else point - centre) / span
    norm = float(np.hypot(*away))
    direction = away / norm if norm > 1e-9 else np.array([0.0, 1.0])
    x, y = point + direction * span * np.array([0.05, 0.09])
    align = "left" if direction[0] > 0.35 else "right" if direction[0] < -0.35 else "center"
    return {"x": float(x), "y": float(y), "align": align}


def _extent(sources: Rows, points: Rows) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The sources (T, 2), their centre (2,) and the drawn span of sources and points (2,), never 0."""
    xy = np.array([[r["h1"], r["h2"]] for r in sources])  # (T, 2)
    drawn = np.concatenate([xy, np.array([[p["c1"], p["c2"]] for p in points]).reshape(-1, 2)])
    span = np.ptp(drawn, axis=0)
    return xy, xy.mean(axis=0), np.where(span > 0, span, 1.0)


def label_rows(sources: Rows, points: Rows = ()) -> Rows:
    """Where each source's label goes: rows 'position', 'x', 'y', 'align'.

    Each label sits beside its source h_j on the far side from the centre of the
    sources, so it stays off the hull's edges (which run from h_j towards the others).
    """
    if not sources:
        return []
    xy, centre, span = _extent(sources, points)
    return [{"position": r["position"], **_beside(h, centre, span)} for r, h in zip(sources, xy, strict=True)]


def point_label_rows(sources: Rows, points: Rows) -> Rows:
    """Where each context point's label goes: rows 'label', 'x', 'y', 'align'.

    A point inside the hull of the sources (a convex combination always is) is labelled
    towards their centre, one outside it away from the centre: off the hull's edges either way.
    """
    if not sources:
        return []
    xy, centre, span = _extent(sources, points)
    hull = convex_hull(xy)  # (V, 2), counter-clockwise
    edges = np.roll(hull, -1, axis=0) - hull  # (V, 2)
    rows = []
    for p in points:
        at = np.array([p["c1"], p["c2"]])
        rel = at - hull  # (V, 2)
        inside = len(hull) >= 3 and bool(np.all(edges[:, 0] * rel[:, 1] - edges[:, 1] * rel[:, 0] >= 0))
        rows.append({"label": p["label"], **_beside(at, centre, span, inward=inside)})
    return rows


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
