"""The source plane: the 2-D sources h_j, their convex hull, and contexts drawn among them."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.geometry import convex_hull
from ui.charts.spec import Rows, Spec, _color, _spec, _tooltip
from ui.palette import CONTEXT, NEUTRAL


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
    ]
    # each source's name beside it, away from the middle of the sources (so off the outline), in the text colour
    labels = label_rows(sources, [(p["c1"], p["c2"]) for p in points])
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
                "encoding": cxy | {"tooltip": _tooltip(("label", "n"), ("c1", "q"), ("c2", "q"))},
            },
            {
                "data": {"values": list(points)},
                "mark": {"type": "text", "dx": 14, "dy": 14, "fontSize": 15, "fontWeight": "bold"},
                "encoding": cxy | {"text": {"field": "label"}},
            },
        ]
    return _spec(sources, height, layer=layers, width="container")


def label_rows(sources: Rows, others: Sequence[tuple[float, float]] = ()) -> Rows:
    """Where each source's label goes: rows 'position', 'x', 'y', 'align'.

    Each label sits a step away from its source h_j, on the far side from the centre of
    the sources, so it stays off the hull's edges (which run from h_j towards the others).
    The step is a fraction of the drawn extent (sources and ``others``) along each axis;
    labels to the right start at their point ('left'), labels to the left end there.
    """
    if not sources:
        return []
    xy = np.array([[r["h1"], r["h2"]] for r in sources])  # (T, 2)
    extent = np.concatenate([xy, np.asarray(others, dtype=float).reshape(-1, 2)])
    span = np.ptp(extent, axis=0)
    span = np.where(span > 0, span, 1.0)  # (2,)
    centre = xy.mean(axis=0)
    rows = []
    for r, point in zip(sources, xy, strict=True):
        away = (point - centre) / span
        norm = float(np.hypot(*away))
        direction = away / norm if norm > 1e-9 else np.array([0.0, 1.0])
        x, y = point + direction * span * np.array([0.05, 0.09])
        align = "left" if direction[0] > 0.35 else "right" if direction[0] < -0.35 else "center"
        rows.append({"position": r["position"], "x": float(x), "y": float(y), "align": align})
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
