"""The source plane: the 2-D sources h_j, their convex hull, and contexts drawn among them."""

from __future__ import annotations

import functools
import math
import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

import altair as alt
import numpy as np

from core.geometry import convex_hull
from ui.charts.spec import Rows, Spec, color, label_room, layered, rows_of, ticks_by_width, tooltips
from ui.charts.template import family
from ui.palette import CONTEXT, NEUTRAL
from ui.scrub import Channel, Scrub
from ui.text import field_title, t

LABEL = {"baseline": "middle", "fontSize": 15, "fontWeight": "bold"}  # a name beside its point, in the text colour
# as many x ticks as labels have room for: Vega-Lite's default (a tick every 40 px) has Vega hide every other label,
# which may leave 0 unlabelled, and on a phone it may decide which after it has fitted the chart, cutting the last
X_AXIS = alt.Axis(tickCount=ticks_by_width())


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
    moving = moving if shape[-1] is not None else ()  # drawn only as a slider moves them
    where = placed(sources, points, moving, scrub.channel.field if moving else None, height, path=path)
    data = {
        "hull": convex_hull_rows(sources),
        "sources": sources,
        "labels": where.sources,
        "path": list(path),
        "points": list(points),
        "point_labels": where.points,
        "moving": list(moving),
        "moving_labels": said(where.moving, moving),
        "extent": where.extent,
    }
    template = _source_plane(*shape)
    return template.fill(scrub.params() if shape[-1] else None, **data)


def label_layer(name: str, text: str, channel: Channel | None = None) -> alt.Chart:
    """Labels from the data ``name`` (rows 'x', 'y', 'align' and the field ``text``), each aligned as its row says
    (a label to the right of its place starts there: 'left'). Labels that follow a slider say what they label to a
    screen reader (their rows' 'said'): their crosses, which a state may leave out, are hidden from it."""
    # one layer, its rows aligned each their own way (layers of one alignment each would hold some of the
    # slider's values alone, which a layer that follows a slider cannot: see ui.charts.template.looked_up)
    chart = alt.Chart(rows_of(name)).mark_text(align=alt.ExprRef(expr="datum.align"), **LABEL)
    if channel is not None:
        chart = chart.transform_filter(channel.test())
    encoding = {"x": alt.X(field="x", type="quantitative"), "y": alt.Y(field="y", type="quantitative")}
    if channel is not None:
        encoding["description"] = alt.Description(field="said")
    return chart.encode(**encoding, text=alt.Text(field=text))


def said(labels: Rows, points: Rows) -> Rows:
    """Each point's label row with what a screen reader says of it: 'said', the label and the point, c = (c1, c2)."""
    return [
        r | {"said": f"{r['label']}: c = ({_four(p['c1'])}, {_four(p['c2'])})"}
        for r, p in zip(labels, points, strict=True)
    ]


def _four(x: float) -> str:
    text = f"{x:.4f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def cross_layers(
    name: str,
    labels: str,
    label_title: str,
    channel: Channel | None = None,
    coordinates: tuple[str, str] | None = None,
) -> list[alt.Chart]:
    """Context points from the data ``name`` (rows 'label', 'c1', 'c2') drawn as crosses, then their labels (the
    data ``labels``, see :func:`placed`); the tooltips title 'c1' and 'c2' as ``coordinates`` say, if given."""
    # a symbol layer with no symbol (a state whose cross the chart leaves out) would be an unnamed image to a
    # screen reader: a layer that follows a slider is hidden from it, and its labels say where each cross is
    chart = alt.Chart(rows_of(name)).mark_point(
        shape="cross", size=380, filled=True, color=CONTEXT, aria=channel is None
    )
    if channel is not None:
        chart = chart.transform_filter(channel.test())
    titled = [(f, "q", title) for f, title in zip(("c1", "c2"), coordinates, strict=True)] if coordinates else []
    crosses = chart.encode(
        x=alt.X(field="c1", type="quantitative"),
        y=alt.Y(field="c2", type="quantitative"),
        tooltip=tooltips(("label", "n", label_title), *(titled or [("c1", "q"), ("c2", "q")])),
    )
    return [crosses, label_layer(labels, "label", channel)]


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
    x = alt.X(field="h1", type="quantitative", title=title["h1"], axis=X_AXIS)
    y = alt.Y(field="h2", type="quantitative", title=title["h2"])
    hull = (
        alt.Chart(rows_of("hull"))
        .mark_line(color=NEUTRAL, strokeDash=[4, 3], aria=False)  # an outline drawn for the eye; the sources are read
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
    layers = [hull, sources, label_layer("labels", "position")]
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
        layers += cross_layers("points", "point_labels", title["label"])
    if channel is not None:
        layers += cross_layers("moving", "moving_labels", title["label"], channel)
    layers.append(extent_layer())
    # 4 px above the plot and right of it for the axes' last labels, which Vega measured up to half a pixel short (a
    # French plane's "1.5" and "3" cut at its edge); the other sides keep Streamlit's padding, none
    room = {"top": EDGE_ROOM, "right": EDGE_ROOM}
    return layered(*layers, params=[label_room()], channel=channel, height=height, width="container", padding=room)


def extent_layer() -> alt.Chart:
    """The moving crosses' and the labels' extent (the data ``extent``, rows 'c1', 'c2'), drawn invisibly: the
    axes hold still while a slider moves the crosses, and hold every label whole."""
    return (
        alt.Chart(rows_of("extent"))
        .mark_point(opacity=0, aria=False)
        .encode(x=alt.X(field="c1", type="quantitative"), y=alt.Y(field="c2", type="quantitative"))
    )


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
    xy = _xy(sources, "h1", "h2")  # (T, 2)
    drawn = np.concatenate([xy, _xy(points)])
    span = np.ptp(drawn, axis=0)
    return xy, xy.mean(axis=0), np.where(span > 0, span, 1.0)


def _xy(rows: Rows, x: str = "c1", y: str = "c2") -> np.ndarray:
    """The rows' points: (N, 2), (0, 2) for no rows."""
    return np.array([[r[x], r[y]] for r in rows], dtype=float).reshape(-1, 2)


def _inside(among: np.ndarray, at: np.ndarray) -> np.ndarray:
    """Whether each of ``at`` (N, 2) is in the convex hull of ``among`` (T, 2), on its edge included: (N,)."""
    hull = convex_hull(among)  # (V, 2), counter-clockwise
    if len(hull) < 3:
        return np.zeros(len(at), dtype=bool)
    edges = np.roll(hull, -1, axis=0) - hull  # (V, 2)
    rel = at[:, None, :] - hull[None]  # (N, V, 2)
    cross = edges[None, :, 0] * rel[..., 1] - edges[None, :, 1] * rel[..., 0]  # (N, V)
    return np.all(cross >= -1e-12 * float(np.max(np.abs(edges)) ** 2), axis=1)  # a point on an edge (h_j) is in


# Labels are placed in an assumed plot, for their boxes not to meet and the axes to hold them (Vega-Lite cannot
# move a label that meets another, nor widen a domain for a text). Sizes in px of a screen's plot:
EDGE_ROOM = 4  # px above a plane's plot and right of it (see _source_plane)
PLOT_WIDTH = 280  # the narrowest a plane's plot gets (a phone's, 274 px; 295 beside another chart at 1280 px)
AROUND = 140  # what the axes and the legend below the plot take of a plane's height
CHARACTER = 0.55  # a character's width, of the type's size (a bold Latin letter's is 0.45 or so, a CJK one's 1: _ems)
LINE = 1.35  # a label's height, of the type's size (its box as the browser draws it: 20 px for 15 px type)
MARKER = 10.0  # half a marker's width (a cross of size 380 is about 20 px across)
GAP = 2.0  # the least room between a label and another label or a marker
# On a projector (ui.present) type of 24 px is written in a chart 1.5 times as tall, whose axes take about 1.4
# times the room, over a plot more than 600 px wide: a label may take more of its height than on a screen.
PROJECTED_TYPE, PROJECTED_TALLER, PROJECTED_AROUND, PROJECTED_WIDTH = 24, 1.5, 1.4, 600


@functools.lru_cache(maxsize=4096)  # the labels of a slider's values ("c (s = -1.35)") recur on every plane
def _ems(text: str) -> float:
    """A label's width in units of its type's size."""
    return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else CHARACTER for ch in text)


def _px(size: np.ndarray, height: int, around: int) -> np.ndarray:
    """The data a px of a screen spans, along x and y (2,), in a plot of ``size`` (2,) of the data: on a screen or
    on a projector, whichever is more (there type and markers take a px of the screen's type's px)."""
    screen = np.array([PLOT_WIDTH, max(height - around, 60)])
    projected = np.array([PROJECTED_WIDTH, max(PROJECTED_TALLER * height - PROJECTED_AROUND * around, 90)])
    projector = projected * LABEL["fontSize"] / PROJECTED_TYPE  # in px of the screen's type
    return size / np.minimum(screen, projector)


def _nice(lo: float, hi: float, count: int = 10) -> tuple[float, float]:
    """The domain Vega draws for data from ``lo`` to ``hi`` (d3's ``linear.nice`` of ten ticks)."""
    if not hi - lo > 1e-12:
        return lo - 1.0, hi + 1.0
    before = None
    for _ in range(10):
        step = (hi - lo) / count
        power = math.floor(math.log10(step))
        error = step / 10**power
        factor = 10 if error >= math.sqrt(50) else 5 if error >= math.sqrt(10) else 2 if error >= math.sqrt(2) else 1
        if power >= 0:
            increment = factor * 10**power
            if increment == before:
                break
            lo, hi = math.floor(lo / increment) * increment, math.ceil(hi / increment) * increment
        else:
            increment = -(10**-power) / factor
            if increment == before:
                break
            lo, hi = math.ceil(lo * increment) / increment, math.floor(hi * increment) / increment
        before = increment
    return lo, hi


def _domain(corners: np.ndarray) -> np.ndarray:
    """The domain drawn for data whose points and boxes' corners are ``corners`` (N, 2): x0, x1, y0, y1 (4,)
    (Vega-Lite's domain of a quantitative position holds 0)."""
    lo, hi = np.minimum(corners.min(axis=0), 0.0), np.maximum(corners.max(axis=0), 0.0)
    return np.array([v for a, b in zip(lo, hi, strict=True) for v in _nice(float(a), float(b))])


SIDE = {"left": 1, "center": 0, "right": -1}  # where a label's text runs from its place: right, both ways, left
ALIGNED = np.array(["right", "center", "left"])  # by side + 1


def _boxes(at: np.ndarray, side: np.ndarray, width: np.ndarray, height: float) -> np.ndarray:
    """Labels' boxes (..., 4): x0, x1, y0, y1, for places ``at`` (..., 2), sides (...,) and widths (...,)."""
    x0 = at[..., 0] + width * (side - 1) / 2
    return np.stack([x0, x0 + width, at[..., 1] - height / 2, at[..., 1] + height / 2], axis=-1)


def _meets(a: np.ndarray, b: np.ndarray, gap: np.ndarray) -> np.ndarray:
    """Whether boxes ``a`` (..., 4) and ``b`` (..., 4) (broadcast) come within ``gap`` (2,) of each other; a box
    of NaN meets none."""
    return (
        (a[..., 0] < b[..., 1] + gap[0])
        & (b[..., 0] < a[..., 1] + gap[0])
        & (a[..., 2] < b[..., 3] + gap[1])
        & (b[..., 2] < a[..., 3] + gap[1])
    )


NEAR = 10  # the candidates of the first ring (see _candidates)


def _candidates(at: np.ndarray, rule: np.ndarray, side: np.ndarray, reach: np.ndarray) -> tuple:
    """Places to try for labels of points ``at`` (N, 2), in order: the rule's ``rule`` (N, 2) on its ``side``
    (N,), the opposite place, above, below, right, left, then above or below running right or left, each
    ``reach`` (2,) from its point, then those eight twice as far. Returns places (N, C, 2) and sides (N, C)."""
    up, across = np.array([0.0, reach[1]]), np.array([reach[0], 0.0])
    ring = [(up, 0), (-up, 0), (across, 1), (-across, -1), (up, 1), (up, -1), (-up, 1), (-up, -1)]
    steps = ring + [(2 * step, s) for step, s in ring]
    places = np.stack([rule, 2 * at - rule, *(at + step for step, _ in steps)], axis=1)
    ones = np.ones_like(side)
    sides = np.stack([side, -side, *(ones * s for _, s in steps)], axis=1)
    return places, sides


def _chosen(
    boxes: np.ndarray,
    labels: np.ndarray,
    markers: np.ndarray,
    gap: np.ndarray,
    within: np.ndarray,
    passing: np.ndarray | None = None,
    ink: np.ndarray | None = None,
) -> np.ndarray:
    """Which of each label's candidate boxes (G, C, 4) to take: the first that meets the fewest ``labels``
    (G, L, 4) placed before it, then the fewest ``markers`` (G, M, 4), then (but for the rule's, the first) that
    runs least past ``within`` (4,) (the domain drawn without labels, which a label widens, shrinking the plot;
    measured in ``gap``s), then that no drawn line runs through (a point of ``ink`` (I, 4) in it: the hull's
    edges, the context's path), then that is near its point, then that meets the fewest ``passing`` (G, P, 4)
    (moving crosses, for a label that stays while they move). Returns (G,)."""
    met = _meets(boxes[:, :, None], labels[:, None], gap).sum(axis=2)  # (G, C)
    hit = _meets(boxes[:, :, None], markers[:, None], gap).sum(axis=2)  # (G, C)
    past = np.maximum(within[[0, 2]] - boxes[..., [0, 2]], boxes[..., [1, 3]] - within[[1, 3]])  # (G, C, 2)
    out = np.round(np.maximum(past, 0.0) / gap).sum(axis=-1)  # (G, C)
    out[:, 0] = 0  # the rule's place widens the domain if it must
    crossed = 0 if passing is None else _meets(boxes[:, :, None], passing[:, None], gap).sum(axis=2)
    lined = 0 if ink is None or not len(ink) else _meets(boxes[:, :, None], ink[None, None], 0 * gap).any(axis=2)
    far = np.arange(boxes.shape[1]) >= NEAR  # the second ring, further from the point than the first
    keys = np.broadcast_arrays(np.arange(boxes.shape[1]), crossed, far, lined, out, met * (markers.shape[1] + 1) + hit)
    return np.lexsort(keys, axis=-1)[:, 0]


ROUNDS = 4  # the most rounds of placing the labels and widening the domain for them (see placed)
INK_STEPS = 300  # points a drawn line is sampled at over the drawn domain's width, for a label to keep off it


def _ink(lines: Sequence[np.ndarray], step: float) -> np.ndarray:
    """Points at most ``step`` apart along each polyline of ``lines`` (each (K, 2)), as boxes of no size (I, 4):
    x0, x1, y0, y1 (a label's box, some 20 px of a plot of 280, cannot pass between two of them)."""
    points = [np.zeros((0, 2))]
    for line in lines:
        if len(line) > 1:  # every segment's points at once: a + (k / n) (b - a), k < n, as np.linspace writes them
            a, along = line[:-1], line[1:] - line[:-1]  # (K, 2)
            n = np.maximum(1, np.ceil(np.hypot(along[:, 0], along[:, 1]) / step)).astype(int)  # (K,)
            segment = np.repeat(np.arange(len(a)), n)
            k = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n)
            points.append(a[segment] + (k * (1.0 / n[segment]))[:, None] * along[segment])
        points.append(line[-1:])
    p = np.concatenate(points)
    return np.stack([p[:, 0], p[:, 0], p[:, 1], p[:, 1]], axis=1)


class Placed(NamedTuple):
    """Where a plane's labels go, each row 'x', 'y', 'align': the sources' ('position'), the still points'
    ('label') and the moving points' ('label' and the tag), in the order of their points; and ``extent``, the
    lowest and the highest corner (rows 'c1', 'c2') of the moving points and every label, for the axes to hold."""

    sources: Rows
    points: Rows
    moving: Rows
    extent: Rows


PLACEMENTS_KEPT = 64  # planes whose labels' places are kept (:func:`placed`), the least recently used dropped first


def placed(
    sources: Rows,
    points: Rows = (),
    moving: Rows = (),
    tag: str | None = None,
    height: int = 360,
    among: Rows | None = None,
    around: int = AROUND,
    path: Rows = (),
) -> Placed:
    """Where the labels of a plane go (:func:`_places`), worked out once for the same rows and sizes: a plane
    drawn again in another language or in presenter mode, its points and labels the same, has its labels where they
    were. Each label's row is made for this call, from the caller's rows."""
    if not sources:
        return Placed([], [], [], extent_rows(list(moving)))
    kept_among = None if among is None else _frozen(among)
    key = (_frozen(sources), _frozen(points), _frozen(moving), tag, height, kept_among, around, _frozen(path))
    try:
        at, extent = _places(*key)
    except TypeError:  # a row holding what cannot be a key (a list): worked out anew
        at, extent = _places.__wrapped__(*key)
    rows = [{"x": x, "y": y, "align": a} for x, y, a in at]
    n_still = len(sources) + len(points)
    return Placed(
        [{"position": r["position"]} | row for r, row in zip(sources, rows, strict=False)],
        [{"label": p["label"]} | row for p, row in zip(points, rows[len(sources) :], strict=False)],
        [
            {"label": p["label"]} | row | ({tag: p[tag]} if tag else {})
            for p, row in zip(moving, rows[n_still:], strict=True)
        ],
        [{"c1": c1, "c2": c2} for c1, c2 in extent],
    )


Frozen = tuple[tuple[tuple[str, object], ...], ...]
Places = tuple[tuple[tuple[float, float, str], ...], tuple[tuple[float, float], ...]]


def _frozen(rows: Rows) -> Frozen:
    """Rows as a key: each row's fields and values, in order."""
    return tuple(tuple(r.items()) for r in rows)


@functools.lru_cache(maxsize=PLACEMENTS_KEPT)
def _places(
    sources_kept: Frozen,
    points_kept: Frozen,
    moving_kept: Frozen,
    tag: str | None,
    height: int,
    among_kept: Frozen | None,
    around: int,
    path_kept: Frozen,
) -> Places:
    """Where the labels of a plane go: the sources' (rows 'position', 'h1', 'h2'), the still points' and the
    moving points' (rows 'label', 'c1', 'c2'; those of each value of the field ``tag`` drawn together, one value
    at a time, none when ``tag`` is None) in a chart ``height`` px tall of which the axes and legends take
    ``around``.

    Each label has a place by rule (:func:`_beside`: a source's away from the sources' centre; a point's towards
    the centre of ``among``, by default the sources, if it is inside their hull, else away), and goes there unless
    its box would meet a label placed before it (the sources', the still points', then the moving points' of the
    same value) or a marker: then at the first of the places :func:`_candidates` lists that :func:`_chosen` finds
    best (meeting no label, then no marker, then not widening the domain, then for a still point's label off the
    drawn lines (the hull of ``among``, the path), near its point, and for a still point's label off the moving
    crosses; a source's label stays outside the hull by rule, and a moving label keeps off labels and markers
    only, its neighbours' places changing with the slider). The boxes are
    estimated in an assumed plot (:data:`PLOT_WIDTH`, ``height`` less ``around``), over the domain Vega draws for
    the points and the labels' boxes (the labels grow with it; a few rounds settle it); ``extent`` holds them all,
    so that the axes make room for every label at every value.
    ``path`` (rows 'c1', 'c2') is drawn too. Every value's moving labels are placed at once, rank by rank.

    Takes the rows as :func:`_frozen` gives them; returns each label's place, (x, y, alignment), the sources', the
    still points' then the moving points', in the order of their rows; and the extent's lowest and highest corner,
    (c1, c2) each. ``sources`` is not empty.
    """
    sources, points, moving, path = (
        [dict(r) for r in rows] for rows in (sources_kept, points_kept, moving_kept, path_kept)
    )
    among = None if among_kept is None else [dict(r) for r in among_kept]
    xy, centre, span = _extent(sources, [*points, *moving])
    ring = xy if among is None else _xy(among, "h1", "h2")
    hub = ring.mean(axis=0)
    hull = convex_hull(ring) if len(ring) > 1 else ring  # (V, 2), drawn dashed and closed
    still, mover = _xy(points), _xy(moving)  # (P, 2), (M, 2)
    # the rules' places, each set stepping by the span of the sources and its own points (the sources' by all)
    rules = [
        _beside(xy, centre, span, np.zeros(len(xy), dtype=bool)),
        _beside(still, hub, _extent(sources, points)[2], _inside(ring, still)),
        _beside(mover, hub, _extent(sources, moving)[2], _inside(ring, mover)),
    ]
    at = np.concatenate([xy, still, mover])  # (N, 2)
    rule = np.concatenate([np.stack(r[:2], axis=1).reshape(-1, 2) for r in rules])  # (N, 2)
    side = np.array([SIDE[str(a)] for r in rules for a in r[2]], dtype=int)  # (N,)
    texts = [str(r["position"]) for r in sources] + [str(p["label"]) for p in [*points, *moving]]
    em = {x: _ems(x) for x in set(texts)}
    ems = np.array([em[x] for x in texts]) * LABEL["fontSize"]  # (N,) px
    n_still = len(xy) + len(still)
    groups = _groups([p.get(tag) if tag else 0 for p in moving])  # (G, K) moving rows' indices, -1 for none
    drawn = np.concatenate([at, _xy(path)])
    within = domain = _domain(drawn)  # (4,)
    drawn_lines = [np.concatenate([hull, hull[:1]]), _xy(path)]
    ink = _ink(drawn_lines, float(max(domain[1] - domain[0], domain[3] - domain[2])) / INK_STEPS)
    for _ in range(ROUNDS):  # the labels' boxes may widen the domain, which grows the labels
        unit = _px(domain[[1, 3]] - domain[[0, 2]], height, around)  # (2,) data a px
        width, tall, gap = ems * unit[0], LINE * LABEL["fontSize"] * unit[1], GAP * unit
        reach = (MARKER + GAP) * unit + np.array([0.0, tall / 2])
        places, sides = _candidates(at, rule, side, reach)  # (N, C, 2), (N, C)
        boxes = _boxes(places, sides, width[:, None], tall)  # (N, C, 4)
        marks = np.concatenate([at - MARKER * unit, at + MARKER * unit], axis=1)[:, [0, 2, 1, 3]]  # (N, 4)
        pick = np.zeros(len(at), dtype=int)
        for i in range(n_still):  # one by one: the sources' labels, then the still points'
            others = marks[:n_still][np.any(at[:n_still] != at[i], axis=1)]  # not its own, nor one on it
            placed_before = boxes[np.arange(i), pick[:i]][None]
            passing = marks[n_still:][None] if i >= len(xy) else None  # a still point's label keeps off them
            keep_off = ink if i >= len(xy) else None  # a point's label keeps off the lines, a source's stays out
            pick[i] = _chosen(boxes[i : i + 1], placed_before, others[None], gap, within, passing, keep_off)[0]
        fixed = boxes[np.arange(n_still), pick[:n_still]]  # (S, 4)
        if groups.size:  # the moving points' labels, a value's together: every value at once, rank by rank
            index = n_still + groups  # (G, K)
            present = groups >= 0
            own = np.where(present[..., None], marks[np.where(present, index, 0)], np.nan)  # (G, K, 4)
            taken = np.full((*groups.shape, 4), np.nan)  # (G, K, 4) the labels placed so far
            for k in range(groups.shape[1]):
                r = np.where(present[:, k], index[:, k], 0)  # (G,)
                labels = np.concatenate([np.broadcast_to(fixed, (len(r), *fixed.shape)), taken[:, :k]], axis=1)
                markers = np.concatenate(
                    [np.broadcast_to(marks[:n_still], (len(r), n_still, 4)), np.delete(own, k, axis=1)], axis=1
                )
                on = np.all(markers[..., :2] + markers[..., 2:] == (marks[r, :2] + marks[r, 2:])[:, None], axis=-1)
                markers = np.where(on[..., None], np.nan, markers)  # a marker on its point: its own, in effect
                choice = _chosen(boxes[r], labels, markers, gap, within)  # (G,)
                taken[:, k] = np.where(present[:, k, None], boxes[r, choice], np.nan)
                pick[r[present[:, k]]] = choice[present[:, k]]
        final = boxes[np.arange(len(at)), pick]  # (N, 4)
        corners = np.concatenate([final[:, [0, 2]], final[:, [1, 3]]])  # (2N, 2)
        grown = _domain(np.concatenate([drawn, corners]))
        if np.allclose(grown, domain):
            break
        domain = grown
    x, y = places[np.arange(len(at)), pick].T.tolist()
    align = ALIGNED[sides[np.arange(len(at)), pick] + 1].tolist()
    ends = np.concatenate([mover, corners])
    return tuple(zip(x, y, align, strict=True)), (tuple(ends.min(axis=0).tolist()), tuple(ends.max(axis=0).tolist()))


def _groups(values: list) -> np.ndarray:
    """The indices of the rows of each value of ``values`` (M,), in order: (G, K), -1 where a value has fewer."""
    if not values:
        return np.zeros((0, 0), dtype=int)
    _, group = np.unique(np.array(values), return_inverse=True)  # (M,)
    order = np.argsort(group, kind="stable")
    counts = np.bincount(group)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    rank = np.empty(len(values), dtype=int)
    rank[order] = np.arange(len(values)) - starts[group[order]]
    out = np.full((len(counts), counts.max()), -1, dtype=int)
    out[group, rank] = np.arange(len(values))
    return out


def label_rows(sources: Rows, points: Rows = ()) -> Rows:
    """Where each source's label goes: rows 'position', 'x', 'y', 'align'.

    Each label sits beside its source h_j on the far side from the centre of the
    sources, so it stays off the hull's edges (which run from h_j towards the others);
    one that would meet another is moved (see :func:`placed`).
    """
    return placed(sources, points).sources


def point_label_rows(sources: Rows, points: Rows, keep: str | None = None) -> Rows:
    """Where each context point's label goes: rows 'label', 'x', 'y', 'align' (and the field ``keep`` of each point).

    A point inside the hull of the sources (a convex combination always is) is labelled
    towards their centre, one outside it away from the centre: off the hull's edges either way;
    one whose label would meet another is moved (see :func:`placed`). With ``keep``, the points are drawn
    a value of that field at a time.
    """
    if keep is None:
        return placed(sources, points).points
    return placed(sources, moving=points, tag=keep).moving


def extent_rows(points: Rows) -> Rows:
    """The lowest and the highest corner of the points' bounding box (rows 'c1', 'c2'); none for no points.

    Given the moving crosses and their labels' boxes, it keeps the axes still while the slider moves, and
    holds the labels."""
    if not points:
        return []
    at = _xy(points)  # (N, 2)
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
