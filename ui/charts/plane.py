"""The source plane: the 2-D sources h_j, their convex hull, and contexts drawn among them."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import numpy as np

from core.geometry import convex_hull
from ui.charts.spec import Rows, Spec, color, rows_of, tooltips
from ui.charts.template import family
from ui.palette import CONTEXT, NEUTRAL
from ui.scrub import Channel, Scrub
from ui.text import field_title, t

ALIGNS = ("left", "center", "right")
LABEL = {"baseline": "middle", "fontSize": 15, "fontWeight": "bold"}  # a name beside its point, in the text colour


def source_plane(
    sources: Rows,
    tokens: Sequence[str],
    points: Rows = (),
    path: Rows = (),
    height: int = 360,
    titles: dict[str, str] | None = None,
    moving: Rows = (),
    scrub: Scrub | None = None,
) -> Spec:
    """The 2-D sources h_j with their convex hull, context point(s) and a context path.

    sources: rows with 'position', 'h1', 'h2' (in position order); points: rows
    with 'label', 'c1', 'c2' (drawn as crosses); path: rows with 's', 'c1', 'c2'.
    ``moving``: crosses like ``points`` for every value of the slider ``scrub``
    follows, each row tagged with its value in the scrub's field; the chart shows
    those of the slider's value, and its axes span all of them, so that they stay
    still while the slider moves. ``titles`` names the axes ('h1', 'h2') and the
    tooltips' 'position' and 'label'.
    """
    title = {
        "h1": t("handout.coordinate", i=1),
        "h2": t("handout.coordinate", i=2),
        "position": field_title("position"),
        "label": field_title("label"),
    } | (titles or {})
    shape = (
        tuple(tokens),
        height,
        tuple(sorted(title.items())),
        bool(points),
        bool(path),
        scrub.channel if scrub is not None and moving else None,
    )
    tag = scrub.channel.field if scrub else None
    moving_labels = said(point_label_rows(sources, moving, keep=tag), moving)
    data = {
        "hull": convex_hull_rows(sources),
        "sources": sources,
        **by_alignment("labels", label_rows(sources, [*points, *moving])),
        "path": list(path),
        "points": list(points),
        **by_alignment("point_labels", point_label_rows(sources, points)),
        "moving": list(moving),
        **by_alignment("moving_labels", moving_labels),
        "extent": extent_rows([*moving, *({"c1": r["x"], "c2": r["y"]} for r in moving_labels)]),
    }
    template = _source_plane(*shape)
    return template.fill(scrub.params() if shape[-1] else None, **data)


def _aligned(name: str, text: str, channel: Channel | None = None) -> list[alt.Chart]:
    """Labels from the data ``name_<alignment>`` (rows 'x', 'y' and the field ``text``), one layer an alignment
    (see :func:`by_alignment`). Labels that follow a slider say what they label to a screen reader (their rows'
    'said'): their crosses, which a state may leave out, are hidden from it."""
    layers = []
    for align in ALIGNS:
        chart = alt.Chart(rows_of(f"{name}_{align}")).mark_text(align=align, **LABEL)
        if channel is not None:
            chart = chart.transform_filter(channel.test())
        encoding = {"x": alt.X(field="x", type="quantitative"), "y": alt.Y(field="y", type="quantitative")}
        if channel is not None:
            encoding["description"] = alt.Description(field="said")
        layers.append(chart.encode(**encoding, text=alt.Text(field=text)))
    return layers


def said(labels: Rows, points: Rows) -> Rows:
    """Each point's label row with what a screen reader says of it: 'said', the label and the point, c = (c1, c2)."""
    return [
        r | {"said": f"{r['label']}: c = ({_four(p['c1'])}, {_four(p['c2'])})"}
        for r, p in zip(labels, points, strict=True)
    ]


def _four(x: float) -> str:
    text = f"{x:.4f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def by_alignment(name: str, rows: Rows) -> dict[str, Rows]:
    """Label rows split by their 'align', one data source ``name_<alignment>`` each (a text mark aligns all its
    labels alike), the 'align' field dropped."""
    return {
        f"{name}_{a}": [{k: v for k, v in r.items() if k != "align"} for r in rows if r["align"] == a] for a in ALIGNS
    }


def _crosses(name: str, labels: str, label_title: str, channel: Channel | None = None) -> list[alt.Chart]:
    """Context points from the data ``name`` (rows 'label', 'c1', 'c2') drawn as crosses, then their labels (the
    data ``labels``)."""
    # a symbol layer with no symbol (a state whose cross the chart leaves out) would be an unnamed image to a
    # screen reader: a layer that follows a slider is hidden from it, and its labels say where each cross is
    chart = alt.Chart(rows_of(name)).mark_point(
        shape="cross", size=380, filled=True, color=CONTEXT, aria=channel is None
    )
    if channel is not None:
        chart = chart.transform_filter(channel.test())
    crosses = chart.encode(
        x=alt.X(field="c1", type="quantitative"),
        y=alt.Y(field="c2", type="quantitative"),
        tooltip=tooltips(("label", "n", label_title), ("c1", "q"), ("c2", "q")),
    )
    return [crosses, *_aligned(labels, "label", channel)]


@family(late=("tokens",))
def _source_plane(
    tokens: tuple[str, ...],
    height: int,
    titles: tuple[tuple[str, str], ...],
    with_points: bool,
    with_path: bool,
    channel: Channel | None,
) -> alt.TopLevelMixin:
    title = dict(titles)
    x = alt.X(field="h1", type="quantitative", title=title["h1"])
    y = alt.Y(field="h2", type="quantitative", title=title["h2"])
    hull = (
        alt.Chart(rows_of("hull"))
        .mark_line(color=NEUTRAL, strokeDash=[4, 3])
        .encode(x=x, y=y, order=alt.Order(field="order", type="quantitative"))
    )
    sources = (
        alt.Chart(rows_of("sources"))
        .mark_circle(size=260, opacity=1)
        .encode(
            x=x,
            y=y,
            color=color(tokens),
            tooltip=tooltips(("position", "n", title["position"]), ("h1", "q"), ("h2", "q")),
        )
    )
    # each source's name beside it, away from the middle of the sources (so off the outline)
    layers = [hull, sources, *_aligned("labels", "position")]
    if with_path:
        layers.append(
            alt.Chart(rows_of("path"))
            .mark_line(color=CONTEXT, strokeWidth=2, opacity=0.7)
            .encode(
                x=alt.X(field="c1", type="quantitative"),
                y=alt.Y(field="c2", type="quantitative"),
                order=alt.Order(field="s", type="quantitative"),
                tooltip=tooltips(("s", "q"), ("c1", "q"), ("c2", "q")),
            )
        )
    if with_points:
        layers += _crosses("points", "point_labels", title["label"])
    if channel is not None:
        layers += _crosses("moving", "moving_labels", title["label"], channel)
        # the moving crosses' extent, drawn invisibly, so the axes hold still while the slider moves
        layers.append(
            alt.Chart(rows_of("extent"))
            .mark_point(opacity=0, aria=False)
            .encode(x=alt.X(field="c1", type="quantitative"), y=alt.Y(field="c2", type="quantitative"))
        )
    chart = alt.layer(*layers).properties(height=height, width="container")
    return chart.add_params(channel.param()) if channel is not None else chart


def _beside(points: np.ndarray, centre: np.ndarray, span: np.ndarray, inward: np.ndarray) -> tuple:
    """Labels' places: a step from each of ``points`` (N, 2) away from ``centre`` (towards it where ``inward``).

    The step is a fraction of ``span``, the drawn extent along each axis; a label to the
    right starts at its place ('left'), one to the left ends there, one above or below is centred.
    Returns x (N,), y (N,) and the alignments (N,).
    """
    away = np.where(inward[:, None], centre - points, points - centre) / span  # (N, 2)
    norm = np.hypot(away[:, 0], away[:, 1])  # (N,)
    direction = np.where(norm[:, None] > 1e-9, away / np.where(norm > 1e-9, norm, 1.0)[:, None], [0.0, 1.0])
    at = points + direction * span * np.array([0.05, 0.09])  # (N, 2)
    align = np.where(direction[:, 0] > 0.35, "left", np.where(direction[:, 0] < -0.35, "right", "center"))
    return at[:, 0], at[:, 1], align


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
    x, y, align = _beside(xy, centre, span, np.zeros(len(xy), dtype=bool))
    return [
        {"position": r["position"], "x": float(a), "y": float(b), "align": str(c)}
        for r, a, b, c in zip(sources, x, y, align, strict=True)
    ]


def point_label_rows(sources: Rows, points: Rows, keep: str | None = None) -> Rows:
    """Where each context point's label goes: rows 'label', 'x', 'y', 'align' (and the field ``keep`` of each point).

    A point inside the hull of the sources (a convex combination always is) is labelled
    towards their centre, one outside it away from the centre: off the hull's edges either way.
    """
    if not sources or not points:
        return []
    xy, centre, span = _extent(sources, points)
    hull = convex_hull(xy)  # (V, 2), counter-clockwise
    edges = np.roll(hull, -1, axis=0) - hull  # (V, 2)
    at = np.array([[p["c1"], p["c2"]] for p in points])  # (N, 2)
    rel = at[:, None, :] - hull[None]  # (N, V, 2)
    cross = edges[None, :, 0] * rel[..., 1] - edges[None, :, 1] * rel[..., 0]  # (N, V)
    on_or_in = cross >= -1e-12 * float(np.max(np.abs(edges)) ** 2)  # a point on an edge (h_j itself) is in
    inside = np.all(on_or_in, axis=1) if len(hull) >= 3 else np.zeros(len(at), dtype=bool)
    x, y, align = _beside(at, centre, span, inside)
    rows = [
        {"label": p["label"], "x": float(a), "y": float(b), "align": str(c)}
        for p, a, b, c in zip(points, x, y, align, strict=True)
    ]
    return rows if keep is None else [r | {keep: p[keep]} for r, p in zip(rows, points, strict=True)]


def extent_rows(points: Rows) -> Rows:
    """The lowest and the highest corner of the points' bounding box (rows 'c1', 'c2'); none for no points.

    Given the moving crosses and their labels' places, it keeps the axes still while the slider moves."""
    if not points:
        return []
    at = np.array([[p["c1"], p["c2"]] for p in points])  # (N, 2)
    return [{"c1": float(x), "c2": float(y)} for x, y in (at.min(axis=0), at.max(axis=0))]


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
