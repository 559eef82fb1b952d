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
