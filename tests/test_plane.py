"""The planes' labels, as drawn in a plot of a phone's size: none runs over another, none past the axes."""

from __future__ import annotations

import math
import unicodedata

import numpy as np
import pytest

from core.example import worked_example
from core.reading import attend
from core.self_attention import key_value_read
from core.sweep import slider_states
from tests.chart_meaning import transformed
from ui import charts
from ui.charts.self_attention import key_value_plane
from ui.format import source_rows
from ui.scrub import Scrub
from ui.widgets import STATE

EX = worked_example()
SOURCES = source_rows(EX.tokens, EX.H)
STATES = slider_states(-5.0, 5.0, 0.05)  # every state the slider can set
WIDTH = 274.0  # px: a plane's plot on a phone (295 beside another chart at 1280 px)
AROUND = 138.0  # px: what the axes and the legend below take of a plane's height
ROOM = 1.0  # px: the least room between two labels


def nice(lo: float, hi: float, count: int = 10) -> tuple[float, float]:
    """Vega's ``nice`` of a linear domain (d3's ``linear.nice``, ten ticks)."""

    def increment(a: float, b: float) -> float:
        step = (b - a) / count
        power = math.floor(math.log10(step))
        error = step / 10**power
        factor = 10 if error >= math.sqrt(50) else 5 if error >= math.sqrt(10) else 2 if error >= math.sqrt(2) else 1
        return factor * 10**power if power >= 0 else -(10**-power) / factor

    before = None
    for _ in range(10):
        step = increment(lo, hi)
        if step == before:
            break
        if step > 0:
            lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
        else:
            lo, hi = math.ceil(lo * step) / step, math.floor(hi * step) / step
        before = step
    return lo, hi


def drawn(spec: dict, value: float | None = None, height: float | None = None) -> tuple[list[tuple], np.ndarray]:
    """The labels a plane draws at the slider's ``value`` (text, x0, x1, y0, y1 in px of a phone's plot, y up;
    the plot ``height`` px tall, by default the chart's but for its axes and legend) and the plot's size (2,)."""
    params = {p["name"]: (value if value is not None else p.get("value")) for p in spec.get("params", [])}
    layers = [
        (layer, transformed(layer["data"]["values"], layer.get("transform", []), params)) for layer in spec["layer"]
    ]
    spans = []
    for axis in ("x", "y"):
        values = [0.0]  # Vega-Lite's domain of a quantitative position holds 0
        for layer, rows in layers:
            field = layer["encoding"].get(axis, {}).get("field")
            values += [r[field] for r in rows if field and r.get(field) is not None]
        spans.append(nice(min(values), max(values)))
    (x_lo, x_hi), (y_lo, y_hi) = spans
    plot = np.array([WIDTH, height or spec["height"] - AROUND])
    labels = []
    for layer, rows in layers:
        mark = layer["mark"]
        if not isinstance(mark, dict) or mark.get("type") != "text":
            continue
        size, field = mark.get("fontSize", 11), layer["encoding"]["text"]["field"]
        x_field, y_field = layer["encoding"]["x"]["field"], layer["encoding"]["y"]["field"]
        for r in rows:
            text = str(r[field])
            width = sum(size if unicodedata.east_asian_width(ch) in "WF" else 0.5 * size for ch in text)
            x = (r[x_field] - x_lo) / (x_hi - x_lo) * plot[0] + mark.get("dx", 0)
            y = (r[y_field] - y_lo) / (y_hi - y_lo) * plot[1] - mark.get("dy", 0)
            align = mark.get("align", "center")
            if isinstance(align, dict):  # an expression: the row's own alignment
                assert align == {"expr": "datum.align"}
                align = r["align"]
            x0 = {"left": x, "center": x - width / 2, "right": x - width}[align]
            labels.append((text, x0, x0 + width, y - size / 2, y + size / 2))
    return labels, plot


def overlapping(labels: list[tuple]) -> list[tuple[str, str]]:
    """Pairs of labels less than :data:`ROOM` apart."""
    found = []
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            if a[1] < b[2] + ROOM and b[1] < a[2] + ROOM and a[3] < b[4] + ROOM and b[3] < a[4] + ROOM:
                found.append((a[0], b[0]))
    return found


def outside(labels: list[tuple], plot: np.ndarray) -> list[str]:
    """Labels that run past the plot's edge (over the axes' ticks)."""
    return [a[0] for a in labels if a[1] < 0 or a[2] > plot[0] or a[3] < 0 or a[4] > plot[1]]


def contexts(label: str, C: np.ndarray) -> list[dict]:
    return [
        {"s": float(v), "label": label, "c1": float(c[0]), "c2": float(c[1])} for v, c in zip(STATES, C, strict=True)
    ]


def test_two_crosses_close_together_get_labels_apart():
    near = [{"label": "identical sources", "c1": -1.0, "c2": 0.0}, {"label": "real sources", "c1": -0.65, "c2": -0.05}]
    labels, plot = drawn(charts.source_plane(SOURCES, EX.tokens, points=near, height=300))
    assert len(labels) == 5
    assert not overlapping(labels)
    assert not outside(labels, plot)


def test_a_moving_cross_keeps_its_label_off_a_still_ones_at_every_state():
    """Screen 2's identical sources: the read of h_1 stays on h_1, the real sources' read moves with s."""
    real = contexts("real sources", attend(EX.H, STATES[:, None], EX.params).context)
    still = [{"label": "identical sources", "c1": -1.0, "c2": 0.0}]
    spec = charts.source_plane(SOURCES, EX.tokens, points=still, height=300, moving=real, scrub=Scrub(STATE, 0.0))
    for s in STATES:
        labels, plot = drawn(spec, s)
        assert len(labels) == 5
        assert not overlapping(labels), s
        assert not outside(labels, plot), s


def test_labels_beside_crosses_near_the_axes_end_inside_them():
    """Screen 2's raw scores as weights: the raw read leaves the triangle, as far as the plot's edge."""
    R = attend(EX.H, STATES[:, None], EX.params)
    moving = contexts("soft", R.context) + contexts("raw", R.scores @ EX.H)
    spec = charts.source_plane(SOURCES, EX.tokens, height=300, moving=moving, scrub=Scrub(STATE, 0.0))
    for s in STATES:
        labels, plot = drawn(spec, s)
        assert not outside(labels, plot), s
        assert not overlapping(labels), s


def test_labels_of_a_static_plane_end_inside_its_axes():
    labels, plot = drawn(charts.source_plane(SOURCES, EX.tokens, points=[{"label": "c", "c1": 0.0, "c2": 0.0}]))
    assert not outside(labels, plot)


def kv_plane(separate: bool) -> dict:
    """Screen 8's plane of keys and values: the same (one kind, h), or apart with its projections, k = -h and
    v = h, and the reads of both."""
    kinds = {"h": EX.H} | ({"k": -EX.H, "v": EX.H} if separate else {})
    points = [
        {"position": token, "kind": kind, "x1": float(X[j, 0]), "x2": float(X[j, 1])}
        for kind, X in kinds.items()
        for j, token in enumerate(EX.tokens)
    ]
    moving = contexts("c (additive)", attend(EX.H, STATES[:, None], EX.params).context)
    if separate:
        read = key_value_read(EX.H, STATES[:, None], EX.params, -np.eye(2), np.eye(2))
        moving += contexts("c (values)", read.context)
    titles = {"position": "position", "kind": "kind", "label": "label", "x1": "x1", "x2": "x2"}
    return key_value_plane(points, list(kinds), EX.tokens, moving, titles, scrub=Scrub(STATE, 1.0))


@pytest.mark.parametrize("separate", [False, True])
def test_the_key_value_plane_names_its_points_and_keeps_its_labels_apart_and_inside(separate):
    spec = kv_plane(separate)
    plot_height = spec["height"] - AROUND - (50 if separate else 0)  # the shapes' legend above the plot
    # each place named once: a value v_j = h_j where h_j is
    named = [*EX.tokens * (2 if separate else 1), "c (additive)", *(["c (values)"] if separate else [])]
    for s in STATES:
        labels, plot = drawn(spec, s, plot_height)
        assert sorted(a[0] for a in labels) == sorted(named)
        assert not overlapping(labels), s
        assert not outside(labels, plot), s


def test_the_key_value_plane_shows_the_shapes_legend_only_for_more_than_one_kind():
    def legend(spec: dict) -> list:
        return [
            layer["encoding"]["shape"].get("legend", {})
            for layer in spec["layer"]
            if "shape" in layer.get("encoding", {})
        ]

    assert legend(kv_plane(separate=False)) == [None]
    assert all(legend(kv_plane(separate=True)))


def test_no_label_covers_the_point_it_names():
    """A label that moves off a place taken goes beside its point (left of it ending there, say), not over it."""
    from ui.charts.plane import placed  # the labels' places, as the planes draw them

    read = key_value_read(EX.H, STATES[:, None], EX.params, -np.eye(2), np.eye(2))
    moving = contexts("c (additive)", attend(EX.H, STATES[:, None], EX.params).context)
    moving += contexts("c (values)", read.context)
    sources = [{"position": t, "h1": x, "h2": y} for X in (EX.H, -EX.H) for t, (x, y) in zip(EX.tokens, X, strict=True)]
    where = placed(sources, moving=moving, tag="s", height=340, among=SOURCES)
    corners = np.array([[r["c1"], r["c2"]] for r in where.extent])
    span = np.array([nice(*corners[:, k]) for k in (0, 1)])  # (2, 2)
    scale = np.array([WIDTH, 340 - AROUND - 50]) / (span[:, 1] - span[:, 0])  # px a unit of data
    for point, label in [*zip(sources, where.sources, strict=True), *zip(moving, where.moving, strict=True)]:
        at = np.array([point.get("c1", point.get("h1")), point.get("c2", point.get("h2"))])
        text = label.get("label", label.get("position"))
        width = 0.5 * 15 * len(text) / scale[0]
        x0 = {"left": label["x"], "center": label["x"] - width / 2, "right": label["x"] - width}[label["align"]]
        half = 7.5 / scale[1]
        assert not (x0 < at[0] < x0 + width and label["y"] - half < at[1] < label["y"] + half), (point, label)


def test_a_still_points_label_keeps_off_the_hull_and_the_path():
    """Screen 4's crosses A and B (s = -1 and 1) beside the sources' dashed hull and the context's path over the
    sweep: neither label has a line running through it (an "A" written over the hull's edge, say)."""
    from core.geometry import convex_hull
    from ui.charts.plane import placed

    states = np.linspace(-3.0, 3.0, 121)
    path = [{"c1": c[0], "c2": c[1]} for c in attend(EX.H, states[:, None], EX.params).context.tolist()]
    marked = attend(EX.H, [[-1.0], [1.0]], EX.params).context
    points = [{"label": name, "c1": c[0], "c2": c[1]} for name, c in zip("AB", marked.tolist(), strict=True)]
    where = placed(SOURCES, points, height=360, path=path)
    corners = np.array([[r["c1"], r["c2"]] for r in where.extent])
    span = np.array([nice(*corners[:, k]) for k in (0, 1)])  # (2, 2)
    scale = np.array([WIDTH, 360 - AROUND]) / (span[:, 1] - span[:, 0])  # px a unit of data
    hull = convex_hull(EX.H)
    lines = [np.concatenate([hull, hull[:1]]), np.array([[p["c1"], p["c2"]] for p in path])]
    along = np.linspace(0.0, 1.0, 40)[:, None]
    ink = np.concatenate([a + along * (b - a) for line in lines for a, b in zip(line[:-1], line[1:], strict=True)])
    for label in where.points:
        width = 0.55 * 15 * len(label["label"]) / scale[0]
        x0 = {"left": label["x"], "center": label["x"] - width / 2, "right": label["x"] - width}[label["align"]]
        half = 7.5 / scale[1]
        inside = (x0 < ink[:, 0]) & (ink[:, 0] < x0 + width) & (abs(ink[:, 1] - label["y"]) < half)
        assert not inside.any(), label


def test_a_plane_drawn_again_has_its_labels_where_a_first_placing_puts_them():
    """Placing a plane's labels is kept for the same rows: what comes back is what placing them anew gives, for
    another label text too (a wider label in another language), and each call's rows are its own to change."""
    from ui.charts import plane

    moving = contexts("c", attend(EX.H, STATES[:, None], EX.params).context)
    points = [{"label": "A", "c1": 0.2, "c2": 0.1}]
    for label in ("c", "上下文 c", "c"):
        rows = [r | {"label": label} for r in moving]
        kept = plane.placed(SOURCES, points, rows, tag="s", height=340)
        plane._places.cache_clear()
        anew = plane.placed(SOURCES, points, rows, tag="s", height=340)
        assert kept == anew
        kept.moving[0]["x"] = math.inf  # the caller's to change: the next call's rows are not these
        assert plane.placed(SOURCES, points, rows, tag="s", height=340) == anew
    wide = plane.placed(SOURCES, points, [r | {"label": "上下文 c"} for r in moving], tag="s", height=340)
    narrow = plane.placed(SOURCES, points, [r | {"label": "c"} for r in moving], tag="s", height=340)
    assert [r["x"] for r in wide.moving] != [r["x"] for r in narrow.moving]  # the wider labels placed for their width
    assert plane.placed(SOURCES, points, [r | {"note": [1]} for r in moving], tag="s").moving  # a list in a row


def test_the_ink_of_a_drawn_line_is_every_segment_sampled_at_most_a_step_apart() -> None:
    """The points a label keeps off: along each segment a, b of each line, a + (k / n)(b - a) for k < n, n the fewest
    steps of at most ``step`` (np.linspace's points, bit for bit), then each line's last point."""
    from ui.charts.plane import _ink

    rng = np.random.default_rng(3)
    lines = [rng.normal(size=(5, 2)), rng.normal(size=(1, 2)), np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]])]
    step = 0.1
    expected = []
    for line in lines:
        for a, b in zip(line[:-1], line[1:], strict=True):
            n = max(1, math.ceil(float(np.hypot(*(b - a))) / step))
            expected.append(a + np.linspace(0.0, 1.0, n, endpoint=False)[:, None] * (b - a))
        expected.append(line[-1:])
    p = np.concatenate(expected)
    assert np.array_equal(_ink(lines, step), np.stack([p[:, 0], p[:, 0], p[:, 1], p[:, 1]], axis=1))
