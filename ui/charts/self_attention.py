"""Charts of section 8: visibility grids, self-attention's weight grid, and keys and values in the plane."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import altair as alt

from ui.charts.plane import AROUND, EDGE_ROOM, convex_hull_rows, cross_layers, extent_layer, label_layer, placed, said
from ui.charts.spec import PLOT_HEIGHT, Rows, Spec, color, layered, rows_of, tooltips
from ui.charts.template import family
from ui.palette import NEUTRAL
from ui.scrub import Channel, Scrub

VISIBLE = "#2F4B7C"  # a visible cell: a dark blue that no source position uses
HIDDEN = "#F1F1F1"
MASKED = "#F6DADA"  # a masked pair in a weight grid: pale red, apart from the grey weights


def visibility_grid(
    rows: Rows,
    x_title: str,
    y_title: str,
    states: tuple[str, str],
    y_sort: Sequence[str],
    divider: str | None = None,
    titles: Mapping[str, str] | None = None,
) -> Spec:
    """Which column each row may use: a filled cell with a tick where it may, a pale cell with a cross where not.

    Rows need 'row', 'column' (unique labels), 'order' (the column's place) and
    'state', one of ``states`` = (visible label, hidden label); any other field
    shows in the tooltip, under its title in ``titles`` ('row' and 'column' under
    the axes' titles). With ``divider`` (a column's label) a vertical line is
    drawn before that column, e.g. between the source words and the target tokens.
    The chart takes its container's width; the ticks are written only where the cells have room.
    """
    n_columns = len({r["column"] for r in rows})
    slanted = n_columns > 10 or max((len(str(r["column"])) for r in rows), default=0) > 5
    extra = tuple(k for k in (rows[0] if rows else {}) if k not in ("row", "column", "order", "state"))
    names = {**(titles or {}), "row": y_title, "column": x_title}
    shown = tuple((f, names[f]) for f in (*extra, "state") if f in names)  # the titles the chart writes
    shape = (x_title, y_title, tuple(states), tuple(y_sort), shown, extra, slanted, n_columns <= 14)
    if divider is None:
        return _visibility_grid(*shape, False).fill(rows=rows)
    at = next(r for r in rows if r["column"] == divider)
    return _visibility_grid(*shape, True).fill(rows=rows, divider=[{"column": divider, "order": at["order"]}])


@family(late=("y_sort",))
def _visibility_grid(
    x_title: str,
    y_title: str,
    states: tuple[str, str],
    y_sort: tuple[str, ...],
    titles: tuple[tuple[str, str], ...],
    extra: tuple[str, ...],
    slanted: bool,
    ticks: bool,
    divider: bool,
) -> alt.TopLevelMixin:
    """:func:`visibility_grid`'s chart: ``titles`` names the tooltip's ``extra`` fields and 'state' (field, title);
    ``ticks`` writes a tick or a cross in each cell; the divider's row ('column', 'order') is its data ``divider``."""
    visible, hidden = states
    names = {**dict(titles), "row": y_title, "column": x_title}
    column = {
        "field": "column",
        "type": "nominal",
        "sort": alt.EncodingSortField(field="order"),
        "title": x_title,
        "axis": alt.Axis(labelAngle=-45 if slanted else 0, labelLimit=90, labelOverlap=False),
    }
    x = alt.X(**column)
    y = alt.Y(field="row", type="nominal", sort=list(y_sort), title=y_title)
    cells = (
        alt.Chart(rows_of())
        .mark_rect(stroke="#BBBBBB", strokeWidth=0.5)
        .encode(
            x=x,
            y=y,
            color=alt.Color(
                field="state",
                type="nominal",
                title=names.get("state", "state"),
                scale=alt.Scale(domain=[visible, hidden], range=[VISIBLE, HIDDEN]),
                legend=alt.Legend(orient="bottom", title=None),
            ),
            tooltip=tooltips(*((f, "n", names.get(f, f)) for f in (*extra, "row", "column", "state"))),
        )
    )
    layers = [cells]
    if ticks:
        is_visible = f"datum.state === {json.dumps(visible)}"
        layers.append(
            alt.Chart(rows_of())
            .mark_text(fontSize=13)
            .encode(
                x=x,
                y=y,
                text=alt.condition(is_visible, alt.value("✓"), alt.value("×")),
                color=alt.condition(is_visible, alt.value("white"), alt.value(NEUTRAL)),
            )
        )
    if divider:
        layers.append(
            alt.Chart(rows_of("divider"))
            .mark_rule(color="#222222", strokeWidth=3)
            .encode(x=alt.X(**column, bandPosition=0))  # at the column's left edge
        )
    # rows 26 px each, together at least GRID_LEAST px: three rows were a strip of 78 px beside a longer y title
    height = max(GRID_LEAST, 26 * len(y_sort))
    return alt.layer(*layers).properties(width="container", height=height, autosize=PLOT_HEIGHT)


def weight_grid(
    rows: Rows,
    labels: Sequence[str],
    x_title: str,
    y_title: str,
    weight_title: str,
    states: tuple[str, str],
    mask_title: str,
) -> Spec:
    """Self-attention's weights alpha_ij: the asking position i down y, the position read j along x.

    Rows need 'asks' and 'reads' (position labels, in the order of ``labels``),
    'alpha' in [0, 1] and 'visible' (bool). Visible cells shade from white (0)
    to black (1) with the weight written in; a masked pair is pale red with a
    cross and the masked label of ``states`` = (visible label, masked label), which
    the tooltip shows under ``mask_title``. Position labels along x are bold, in the text colour.
    """
    shape = (tuple(labels), x_title, y_title, weight_title, tuple(states), mask_title)
    return _weight_grid(*shape).fill(rows=rows)


@family(late=("labels",))
def _weight_grid(
    labels: tuple[str, ...],
    x_title: str,
    y_title: str,
    weight_title: str,
    states: tuple[str, str],
    mask_title: str,
) -> alt.TopLevelMixin:
    visible_label, masked_label = states
    mask_text = f"datum.visible ? {json.dumps(visible_label)} : {json.dumps(masked_label)}"
    base = alt.Chart(rows_of()).encode(
        x=alt.X(
            field="reads",
            type="nominal",
            sort=list(labels),
            title=x_title,
            axis=alt.Axis(orient="top", labelAngle=0, labelFontWeight="bold"),  # text colour: colour is for marks
        ),
        y=alt.Y(field="asks", type="nominal", sort=list(labels), title=y_title),
    )
    tooltip = tooltips(
        ("asks", "n", y_title), ("reads", "n", x_title), ("alpha", "q", weight_title), ("mask", "n", mask_title)
    )
    shown, masked = "datum.visible", "!datum.visible"
    weights = (
        base.transform_calculate(mask=mask_text)
        .transform_filter(shown)
        .mark_rect(stroke="#BBBBBB", strokeWidth=0.5)
        .encode(
            color=alt.Color(
                field="alpha",
                type="quantitative",
                title=weight_title,
                scale=alt.Scale(scheme="greys", domain=[0, 1]),
                legend=alt.Legend(orient="bottom", direction="horizontal", gradientLength=160),
            ),
            tooltip=tooltip,
        )
    )
    # empty without a mask; its cells are in the chart's description, so screen readers skip the layer
    masks = (
        base.transform_calculate(mask=mask_text)
        .transform_filter(masked)
        .mark_rect(color=MASKED, stroke="#BBBBBB", strokeWidth=0.5, aria=False)
        .encode(tooltip=tooltip)
    )
    values = (
        base.transform_filter(shown)
        .mark_text(fontSize=13)
        .encode(
            text=alt.Text(field="alpha", type="quantitative", format=".3f"),
            color=alt.condition("datum.alpha > 0.5", alt.value("white"), alt.value("black")),
        )
    )
    crosses = (
        base.transform_filter(masked)
        .mark_text(fontSize=12, color="#A03030", aria=False)
        .encode(text=alt.value(f"× {masked_label}"))
    )
    height = alt.Step(50 if len(labels) <= 3 else 40 if len(labels) <= 6 else 28)  # 3 rows: room for the y title
    return alt.layer(weights, masks, values, crosses).properties(width="container", height=height)


SHAPES = ("circle", "square", "triangle-up")  # h_j, k_j, v_j


GRID_LEAST = 150  # px: the least height of a visibility grid's rows together (a y title's room, in French too)
LEGEND = 50  # px: what the shapes' legend above a plane takes of its height
ABOVE = 14  # px above a plane with no legend there, for its y axis's top label (Vega may keep none; half of 24 px type)


def key_value_plane(
    points: Rows,
    kinds: Sequence[str],
    tokens: Sequence[str],
    contexts: Rows,
    titles: Mapping[str, str],
    height: int = 340,
    scrub: Scrub | None = None,
) -> Spec:
    """Sources, keys and values of every position in the plane, the values' hull, and context points.

    points: rows 'position', 'kind' (one of ``kinds``, drawn as circle, square,
    triangle in that order, named in a legend when there are several), 'x1', 'x2'; colours follow the
    positions, and each point is labelled with its position. The
    dashed line is the convex hull of the last kind's points (the values, among
    which every context lies). contexts: rows 'label', 'c1', 'c2', drawn as crosses;
    with ``scrub``, for every value of its slider (tagged in its field), of which the
    chart shows those of the slider's value. The labels are placed as the source plane's
    (:func:`ui.charts.plane.placed`). ``titles`` names 'position', 'kind',
    'label' and the two coordinates 'x1', 'x2' (the axes' titles, and the tooltips'
    for a context's 'c1', 'c2').
    """
    values = [{"h1": r["x1"], "h2": r["x2"]} for r in points if r["kind"] == kinds[-1]]
    # each position named once at each place it is drawn (a value v_j where h_j is, say)
    named = {(r["position"], r["x1"], r["x2"]): r for r in points}
    sources = [{"position": r["position"], "h1": r["x1"], "h2": r["x2"]} for r in named.values()]
    names = tuple(sorted(titles.items()))
    shape = (tuple(kinds), tuple(tokens), names, bool(contexts), height, scrub.channel if scrub else None)
    tag = scrub.channel.field if scrub else None
    around = AROUND + (LEGEND if len(kinds) > 1 else ABOVE)
    still, moving = ((), contexts) if scrub else (contexts, ())
    where = placed(sources, still, moving, tag, height, among=values, around=around)
    data = {
        "hull": convex_hull_rows(values),
        "rows": points,
        "labels": where.sources,
        "contexts": list(contexts),
        "context_labels": said(where.moving, moving) if scrub else where.points,
        "extent": where.extent,
    }
    return _key_value_plane(*shape).fill(scrub.params() if scrub else None, **data)


@family(late=("tokens", "kinds"))
def _key_value_plane(
    kinds: tuple[str, ...],
    tokens: tuple[str, ...],
    titles: tuple[tuple[str, str], ...],
    with_contexts: bool,
    height: int,
    channel: Channel | None,
) -> alt.TopLevelMixin:
    names = dict(titles)
    hull = (
        alt.Chart(rows_of("hull"))
        .mark_line(color=NEUTRAL, strokeDash=[4, 3], aria=False)  # an outline drawn for the eye; the keys are read
        .encode(
            x=alt.X(field="h1", type="quantitative"),
            y=alt.Y(field="h2", type="quantitative"),
            order=alt.Order(field="order", type="quantitative"),
        )
    )
    shape = alt.Shape(
        field="kind",
        type="nominal",
        title=names["kind"],
        scale=alt.Scale(domain=list(kinds), range=list(SHAPES[: len(kinds)])),
        # apart from the positions' legend: both fit a phone; with one kind, nothing to tell apart
        legend=alt.Legend(orient="top", title=None) if len(kinds) > 1 else None,
    )
    dots = (
        alt.Chart(rows_of())
        .mark_point(size=200, filled=True, opacity=0.9)
        .encode(
            x=alt.X(field="x1", type="quantitative", title=names["x1"]),
            y=alt.Y(field="x2", type="quantitative", title=names["x2"]),
            color=color(tokens),
            shape=shape,
            tooltip=named_tips(("position", "n"), ("kind", "n"), ("x1", "q"), ("x2", "q"), titles=names),
        )
    )
    layers = [hull, dots, label_layer("labels", "position")]
    if with_contexts:
        layers += cross_layers("contexts", "context_labels", names["label"], channel, (names["x1"], names["x2"]))
    layers.append(extent_layer())
    # room right of the plot for the x axis's last label (see ui.charts.plane.EDGE_ROOM) and, with no legend above,
    # above it for the y axis's top label; the other sides keep Streamlit's padding, none
    room = {"right": EDGE_ROOM} | ({"top": ABOVE} if len(kinds) == 1 else {})
    return layered(*layers, channel=channel, height=height, width="container", padding=room)


def named_tips(*fields: tuple[str, str], titles: Mapping[str, str]) -> list[alt.Tooltip]:
    """Tooltips (name, 'n' or 'q'), each under its title in ``titles``."""
    return tooltips(*((f, kind, titles[f]) for f, kind in fields))


def _titled(tooltip: list[Spec], titles: Mapping[str, str]) -> list[Spec]:
    """Each tooltip field under its title in ``titles``."""
    return [tip | {"title": titles[tip["field"]]} for tip in tooltip]
