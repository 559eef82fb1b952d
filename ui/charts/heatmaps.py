"""Heatmaps: a matrix of values, signed values in panels, and the alignment alpha_tj of a translation."""

from __future__ import annotations

import json
from collections.abc import Sequence

import altair as alt

from ui.charts.spec import PLOT_HEIGHT, TITLE_ROOM, Rows, Spec, layered, rows_of, tooltips
from ui.charts.template import family
from ui.palette import CONTEXT, OKABE_ITO
from ui.scrub import Channel, Scrub

ROW = 24  # the least height of a heatmap row, in pixels: room for its 15 px label


def heatmap(
    rows: Rows,
    x: str,
    y: str,
    value: str,
    x_title: str,
    y_title: str,
    height: int = 240,
    x_sort: Sequence[str] | None = None,
    y_sort: Sequence[str] | None = None,
    domain: Sequence[float] | None = (0, 1),
    scrub: Scrub | None = None,
) -> Spec:
    """A matrix of values (e.g. weights: target step x source position) with the value written in each cell, the
    plot ``height`` px tall (at least :data:`ROW` px a row), the axes and the legend around it.

    With a ``domain`` the cells shade from white to black over it (weights in [0, 1]); with
    ``domain=None`` they shade on a diverging blue-red scale centred on 0 (signed values),
    from minus to plus the largest size among the rows. With ``scrub`` the rows hold the
    matrix at every value of its slider (tagged in its field), the chart shows the
    matrix at the slider's value, and the shading's scale is the same at every value.
    """
    top = max((abs(r[value]) for r in rows), default=1.0) or 1.0
    n_rows = len({r[y] for r in rows})
    shape = (
        x,
        y,
        value,
        x_title,
        y_title,
        max(height, ROW * n_rows),
        tuple(x_sort) if x_sort else None,
        tuple(y_sort) if y_sort else None,
        tuple(domain) if domain is not None else None,
        scrub.channel if scrub else None,
    )
    params = {"top": top} | (scrub.params() if scrub else {})
    return _heatmap(*shape).fill(params, rows=rows)


@family(late=("x_sort", "y_sort"))
def _heatmap(
    x: str,
    y: str,
    value: str,
    x_title: str,
    y_title: str,
    height: int,
    x_sort: tuple[str, ...] | None,
    y_sort: tuple[str, ...] | None,
    domain: tuple[float, ...] | None,
    channel: Channel | None,
) -> alt.TopLevelMixin:
    cell = f"datum[{json.dumps(value)}]"
    if domain is None:
        scale = alt.Scale(scheme="blueorange", domainMid=0, domain=[alt.ExprRef("-top"), alt.ExprRef("top")])
        dark = f"abs({cell}) > 0.6 * top"
    else:
        scale = alt.Scale(scheme="greys", domain=list(domain))
        dark = f"{cell} > {domain[0] + 0.5 * (domain[1] - domain[0])}"
    base = alt.Chart(rows_of()).encode(
        x=alt.X(
            field=x,
            type="nominal",
            sort=list(x_sort) if x_sort else None,
            title=x_title,
            axis=alt.Axis(labelAngle=0, labelOverlap=False),
        ),
        y=alt.Y(
            field=y,
            type="nominal",
            sort=list(y_sort) if y_sort else None,
            title=y_title,
            axis=alt.Axis(labelOverlap=False),  # every row named, however many
        ),
    )
    cells = base.mark_rect().encode(
        color=alt.Color(field=value, type="quantitative", title=value, scale=scale),
        tooltip=tooltips((y, "n"), (x, "n"), (value, "q")),
    )
    text = base.mark_text(fontSize=13).encode(
        text=alt.Text(field=value, type="quantitative", format=".2f"),
        color=alt.condition(dark, alt.value("white"), alt.value("black")),
    )
    top = alt.param(name="top", value=1.0)
    chart = layered(cells, text, params=[top], channel=channel, height=height, width="container", autosize=PLOT_HEIGHT)
    return chart.transform_filter(channel.test()) if channel else chart


def _cells(enc: Spec, value: str, color: Spec, tooltip: list[Spec], dark: str, font_size: int) -> list[Spec]:
    """A heatmap's two layers: shaded cells, and each cell's value written in white where ``dark`` holds."""
    return [
        {
            "mark": "rect",
            "encoding": enc
            | {"color": {"field": value, "type": "quantitative", "title": value} | color, "tooltip": tooltip},
        },
        {
            "mark": {"type": "text", "fontSize": font_size},
            "encoding": enc
            | {
                "text": {"field": value, "type": "quantitative", "format": ".2f"},
                "color": {"condition": {"test": dark, "value": "white"}, "value": "black"},
            },
        },
    ]


def split_heatmap(
    rows: Rows,
    x: str,
    y: str,
    value: str,
    column: str,
    x_title: str,
    y_title: str,
    y_sort: Sequence[str] | None = None,
    domain: Sequence[float] = (-1, 1),
    row_height: int = 30,
) -> list[Spec]:
    """Signed values in panels (e.g. forward and backward halves of h_j), value written in each cell.

    One chart a panel (a value of ``column``, in order of first appearance), titled
    with it, so that panels set side by side can stack on a narrow screen; the last
    carries the colour legend. Rows need ``x`` (component), ``y`` (row label),
    ``column`` and ``value``. Cells shade on a diverging scale fixed to ``domain``
    (tanh states: [-1, 1]), so panels and inputs shade alike for equal values; each
    panel is as wide as its place and ``row_height`` pixels a row.
    """
    panels = list(dict.fromkeys(r[column] for r in rows))
    shape = (x, y, value, column, x_title, y_title, tuple(y_sort) if y_sort else None, tuple(domain), row_height)
    return [
        _split_panel(*shape, panel, k == len(panels) - 1).fill(rows=[r for r in rows if r[column] == panel])
        for k, panel in enumerate(panels)
    ]


@family(late=("y_sort",))
def _split_panel(
    x: str,
    y: str,
    value: str,
    column: str,
    x_title: str,
    y_title: str,
    y_sort: tuple[str, ...] | None,
    domain: tuple[float, float],
    row_height: int,
    panel: str,
    legend: bool,
) -> alt.TopLevelMixin:
    """One panel of :func:`split_heatmap`: shaded cells and their values, the colour legend below if ``legend``."""
    lo, hi = domain
    base = alt.Chart(rows_of()).encode(
        x=alt.X(field=x, type="nominal", sort=None, title=x_title, axis=alt.Axis(labelAngle=0)),
        y=alt.Y(
            field=y,
            type="nominal",
            sort=list(y_sort) if y_sort else None,
            title=y_title,
            axis=alt.Axis(labelOverlap=False, labelLimit=180),
        ),
    )
    cells = base.mark_rect().encode(
        color=alt.Color(
            field=value,
            type="quantitative",
            title=value,
            scale=alt.Scale(scheme="blueorange", domain=[lo, hi], domainMid=0),
            legend=alt.Legend(orient="bottom", direction="horizontal", gradientLength=160) if legend else None,
        ),
        tooltip=tooltips((column, "n"), (y, "n"), (x, "n"), (value, "q")),
    )
    dark = f"abs(datum[{json.dumps(value)}]) > {0.6 * max(abs(lo), abs(hi))}"
    values = base.mark_text(fontSize=13).encode(
        text=alt.Text(field=value, type="quantitative", format=".2f"),
        color=alt.condition(dark, alt.value("white"), alt.value("black")),
    )
    return alt.layer(cells, values).properties(
        title=panel,
        width="container",
        height=alt.Step(row_height),
        autosize=PLOT_HEIGHT,  # rows keep their height
        padding=TITLE_ROOM,
    )


WINDOW = "window"  # a cell's field: 1 where it lies in the step's window of Luong's local model, else 0
WINDOW_AT = "window_at"  # with a scrub: the same at every index of the slider, as a list


def alignment_heatmap(
    rows: Rows,
    sources: Sequence[str],
    targets: Sequence[str],
    x_title: str,
    y_title: str,
    titles: dict[str, str],
    outline: Rows | None = None,
    cell: int = 24,
    scrub: Scrub | None = None,
    window: bool = False,
) -> Spec:
    """Weights alpha_tj in Bahdanau et al.'s Figure 3 orientation: source words along x, target tokens down y.

    Rows need 'target' and 'source' (unique labels, in the order of ``targets`` and
    ``sources``), 'alpha' in [0, 1] and 'true' (whether target token t translates
    source word j, for the tooltip). Cells shade from white (0) to black (1); the
    cells of ``outline`` (e.g. the true correspondence) are drawn outlined. Labels are
    in the text colour; ``titles`` names the fields in the tooltips. With ``scrub`` (a slider
    whose value is an index, such as the select slider over training snapshots) each row
    holds, instead of 'alpha', its weight at every index of the slider in a list under the
    scrub's field, and the chart draws the weight at the slider's index (cells and outlines
    alike): one row a cell, whatever the number of snapshots. With ``window`` the cells whose
    :data:`WINDOW` (with a scrub, :data:`WINDOW_AT` at the slider's index) is 1 are tinted: the
    window Luong's local model reads at that step, outside of which its weights are 0.
    """
    names = tuple(titles.get(k, k) for k in ("target", "source", "alpha", "true"))
    # the words, their order and their number are the rows' and the chart's parameters, not the chart's own: one
    # template for every sentence (each new length or set of word lengths cost a full Altair build)
    where = {"source": {w: j for j, w in enumerate(sources)}, "target": {w: i for i, w in enumerate(targets)}}

    def placed(cells: Rows) -> Rows:
        return [r | {ORDER[k]: where[k][r[k]] for k in ORDER} for r in cells]

    channel = scrub.channel if scrub else None
    template = _alignment_heatmap(x_title, y_title, names, bool(outline), cell, channel, window)
    params = {
        "heat_columns": max(len(sources), 1),
        HEAT_FLAT: 9 * max((len(w) for w in sources), default=1),  # 9 px a character of bold 15 px text
    }
    data = {"rows": placed(rows), "outline": placed(list(outline or []))}
    return template.fill(params | (scrub.params() if scrub else {}), **data)


ORDER = {"source": "source_order", "target": "target_order"}  # the fields that order each axis's words
HEAT_FLAT = "heat_flat"  # px: the least column width whose labels lie flat (grown with their type on a projector)
WINDOW_TINT = OKABE_ITO[5]  # the local window's tint: a blue apart from the greys of the weights and the outline


@family
def _alignment_heatmap(
    x_title: str,
    y_title: str,
    names: tuple[str, str, str, str],
    with_outline: bool,
    cell: int,
    channel: Channel | None,
    window: bool,
) -> alt.TopLevelMixin:
    # Labels lie flat where a column is wide enough for its longest label, slant where not, and stand
    # upright where the columns are narrow (many words, or a phone): the chart's drawn width decides.
    column = "(width / heat_columns)"  # the parameters alignment_heatmap sets for the sentence
    upright, flat = f"{column} < 30", f"{column} >= {HEAT_FLAT}"
    x = alt.X(
        field="source",
        type="nominal",
        sort=alt.EncodingSortField(field=ORDER["source"], op="min"),
        title=x_title,
        axis=alt.Axis(
            orient="top",
            labelAngle={"expr": f"{upright} ? -90 : {flat} ? 0 : -50"},
            labelAlign={"expr": f"{flat} && !({upright}) ? 'center' : 'left'"},
            labelBaseline={"expr": f"{upright} ? 'middle' : 'alphabetic'"},
            labelFontWeight="bold",
            labelOverlap=False,
        ),
    )
    y = alt.Y(
        field="target",
        type="nominal",
        sort=alt.EncodingSortField(field=ORDER["target"], op="min"),
        title=y_title,
        axis=alt.Axis(labelOverlap=False),
    )
    target, source, alpha, true = names
    tooltip = [
        alt.Tooltip(field="target", type="nominal", title=target),
        alt.Tooltip(field="source", type="nominal", title=source),
        alt.Tooltip(field="alpha", type="quantitative", format=".4f", title=alpha),
        alt.Tooltip(field="true", type="nominal", title=true),
    ]
    cells = _picked(alt.Chart(rows_of()).mark_rect(stroke="#bbbbbb", strokeWidth=0.3), channel)
    legend = alt.Legend(orient="bottom", direction="horizontal", gradientLength=160)
    scale = alt.Scale(scheme="greys", domain=[0, 1])
    layers = [
        cells.encode(
            x=x,
            y=y,
            color=alt.Color(field="alpha", type="quantitative", title=alpha, scale=scale, legend=legend),
            tooltip=tooltip,
        )
    ]
    if window:  # a tint over the window's cells (the cells' tooltips on it, as it lies over them)
        tint = _picked(alt.Chart(rows_of()).mark_rect(color=WINDOW_TINT, opacity=0.22), channel)
        if channel is not None:  # the cell's membership at the slider's index
            tint = tint.transform_calculate(**{WINDOW: Channel(channel.key, WINDOW_AT).pick()})
        layers.append(tint.transform_filter(f"datum.{WINDOW}").encode(x=x, y=y, tooltip=tooltip))
    if with_outline:
        outlined = _picked(
            alt.Chart(rows_of("outline")).mark_rect(filled=False, stroke=CONTEXT, strokeWidth=2.5), channel
        )
        layers.append(outlined.encode(x=x, y=y, tooltip=tooltip))
    params = [alt.param(name="heat_columns", value=1), alt.param(name=HEAT_FLAT, value=1)]
    return layered(*layers, params=params, channel=channel, height=alt.Step(cell))


def _picked(chart: alt.Chart, channel: Channel | None) -> alt.Chart:
    """The layer's 'alpha' picked from each row's weights at every index of the slider (see :mod:`ui.scrub`)."""
    return chart if channel is None else chart.transform_calculate(alpha=channel.pick())
