"""Line charts: series by group, losses, one line a model (curves over the state s: :mod:`ui.charts.sweeps`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import altair as alt

from ui.charts.spec import PLOT_HEIGHT, TITLE_ROOM, Rows, Spec, rows_of, tooltips
from ui.charts.template import family
from ui.palette import CONTEXT, NEUTRAL

DASHES = ([1, 0], [6, 4], [2, 2], [8, 3, 2, 3], [12, 4])  # solid, dashed, dotted, dash-dot, long dashes
END_LABEL_ROOM = 6  # px right of a model-lines chart, for its last x label (see _model_lines)
LINE_LEGEND = {  # one entry a line: side by side, two long names outran a phone's chart by a pixel
    "orient": "bottom",
    "direction": "vertical",
    "title": None,
    "symbolType": "stroke",
    "symbolSize": 600,
    "symbolStrokeWidth": 3,
    "labelLimit": 300,  # a model's whole name ("Bahdanau (additive)"): Vega's 160 px cut it on a projector
}


def line_styles(field: str, order: Sequence[str], palette: Sequence[str]) -> dict[str, alt.Color | alt.StrokeDash]:
    """Colour and dash encodings for up to five groups (:data:`DASHES`: solid, dashed, dotted, dash-dot, long
    dashes), coloured from ``palette``.

    One legend shows both, each group as a short line in its colour and dash.
    """
    return {
        "color": alt.Color(
            field=field,
            type="nominal",
            title=None,
            legend=alt.Legend(**LINE_LEGEND),
            scale=alt.Scale(domain=list(order), range=list(palette)),
        ),
        "strokeDash": alt.StrokeDash(
            field=field,
            type="nominal",
            title=None,
            legend=alt.Legend(**LINE_LEGEND),
            scale=alt.Scale(domain=list(order), range=[list(d) for d in DASHES[: len(order)]]),
        ),
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
    shape = _series_shape(x, x_title, value, title, color, color_title, height, x_type, palette, point, domain, extra)
    return _series(*shape, legend, None).fill(rows=rows)


def _series_shape(
    x: str,
    x_title: str,
    value: str,
    title: str,
    color: str,
    color_title: str | None,
    height: int,
    x_type: str,
    palette: Sequence[str] | None,
    point: bool,
    domain: Sequence[float] | None,
    extra: Sequence[tuple[str, str]],
) -> tuple:
    """:func:`series`' options as a template's shape (sequences as tuples)."""
    return (
        x,
        x_title,
        value,
        title,
        color,
        color_title,
        height,
        x_type,
        tuple(palette) if palette else None,
        point,
        tuple(domain) if domain is not None else None,
        tuple(tuple(e) for e in extra),
    )


@family(late=("domain",))
def _series(
    x: str,
    x_title: str,
    value: str,
    title: str,
    color: str,
    color_title: str | None,
    height: int,
    x_type: str,
    palette: tuple[str, ...] | None,
    point: bool,
    domain: tuple[float, ...] | None,
    extra: tuple[tuple[str, str], ...],
    legend: bool,
    panel: str | None,
) -> alt.TopLevelMixin:
    """:func:`series`' chart; with ``panel`` one of :func:`series_panels`, titled with it, as wide as its place."""
    line = (
        alt.Chart(rows_of())
        .mark_line(point=point, strokeWidth=2.5)
        .encode(
            x=alt.X(
                field=x,
                type=x_type,
                title=x_title,
                sort=None,
                axis=alt.Axis(labelAngle=0) if x_type != "quantitative" else alt.Undefined,
            ),
            y=alt.Y(
                field=value,
                type="quantitative",
                title=title,
                scale=alt.Scale(domain=list(domain)) if domain is not None else alt.Undefined,
            ),
            color=alt.Color(
                field=color,
                type="nominal",
                title=color_title,
                legend=alt.Legend(orient="bottom", columns=2) if legend else None,  # two fit a half-width column
                scale=alt.Scale(range=list(palette)) if palette else alt.Undefined,
            ),
            tooltip=tooltips(*extra, (x, "n"), (color, "n"), (value, "q")),
        )
    )
    chart = alt.layer(line).properties(height=height)
    if panel is None:
        return chart
    # the plots keep their height whether or not a legend sits below them, so the panels line up
    return chart.properties(title=panel, width="container", autosize=PLOT_HEIGHT, padding=TITLE_ROOM)


def series_panels(rows: Rows, panel: str, value: str, **kwargs) -> list[Spec]:
    """:func:`series` in panels, one chart a value of ``panel`` (in order of first appearance), titled with it.

    The panels share one value axis (from the rows of all) so that they compare at a
    glance, and can stack on a narrow screen; the last carries the legend. ``kwargs``
    are :func:`series`' options.
    """
    values = [r[value] for r in rows]
    options = {
        "color_title": None,
        "height": 260,
        "x_type": "quantitative",
        "palette": None,
        "point": True,
        **kwargs,
        "domain": kwargs.get("domain") or ((min(values), max(values)) if values else None),
        "extra": ((panel, "n"),),
    }
    shape = _series_shape(value=value, **options)
    panels = list(dict.fromkeys(r[panel] for r in rows))
    return [
        _series(*shape, k == len(panels) - 1, name).fill(rows=[r for r in rows if r[panel] == name])
        for k, name in enumerate(panels)
    ]


def loss_curve(rows: Rows, x: str, x_title: str, value: str, title: str, height: int = 200) -> Spec:
    """A loss over whole-numbered steps (rows need ``x`` and ``value``; None for a value not to draw), the plot
    ``height`` px tall.

    Points mark each step while there are few; the step axis shows whole numbers
    and the loss axis starts at 0.
    """
    return _loss_curve(x, x_title, value, title, height, len(rows) <= 60).fill(rows=rows)


@family
def _loss_curve(x: str, x_title: str, value: str, title: str, height: int, points: bool) -> alt.TopLevelMixin:
    line = (
        alt.Chart(rows_of())
        .mark_line(color=CONTEXT, strokeWidth=2.5, point=points)
        .encode(
            x=alt.X(
                field=x,
                type="quantitative",
                title=x_title,
                axis=alt.Axis(format="d", tickMinStep=1),
                scale=alt.Scale(domainMin=0, nice=False),
            ),
            y=alt.Y(field=value, type="quantitative", title=title, scale=alt.Scale(zero=True)),
            tooltip=tooltips((x, "n"), (value, "q")),
        )
    )
    return alt.layer(line).properties(height=height, autosize=PLOT_HEIGHT)  # the plot's height


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
    height: int = 200,
    palette: Sequence[str] = (CONTEXT, NEUTRAL),
    tips: Mapping[str, str] | None = None,
) -> Spec:
    """One line a model over ``x`` (e.g. exact match by source length, or training loss by step), the plot
    ``height`` px tall.

    ``order`` names the ``color`` groups: the first is drawn solid in ``palette[0]``,
    the second dashed in ``palette[1]``. ``extra`` adds tooltip fields (name, 'n' or
    'q'); ``log`` puts ``value`` on a log scale; ``band`` = (from, to, label) shades
    that range of ``x`` and writes the label at its top; ``tips`` titles tooltip fields
    (field -> title; a field without one shows its name).
    """
    decades = None
    if log:
        positive = [r[value] for r in rows if r[value] is not None and r[value] > 0]
        if positive:
            decades = (math.floor(math.log10(min(positive))), math.ceil(math.log10(max(positive))))
    shape = (
        x,
        x_title,
        value,
        title,
        tuple(order),
        color,
        tuple(tuple(e) for e in extra),
        log,
        decades,
        points,
        band is not None,
        tuple(x_domain) if x_domain is not None else None,
        tuple(y_domain) if y_domain is not None else None,
        height,
        tuple(palette),
        tuple(tips.items()) if tips else (),
    )
    if band is None:
        return _model_lines(*shape).fill(rows=rows)
    lo, hi, label = band
    return _model_lines(*shape).fill(rows=rows, band=[{"from": lo, "to": hi, "label": label}])


@family(late=("order",))
def _model_lines(
    x: str,
    x_title: str,
    value: str,
    title: str,
    order: tuple[str, ...],
    color: str,
    extra: tuple[tuple[str, str], ...],
    log: bool,
    decades: tuple[int, int] | None,
    points: bool,
    band: bool,
    x_domain: tuple[float, ...] | None,
    y_domain: tuple[float, ...] | None,
    height: int,
    palette: tuple[str, ...],
    tips: tuple[tuple[str, str], ...],
) -> alt.TopLevelMixin:
    """:func:`model_lines`' chart: the band's rows (from, to, label) are its data ``band``; ``decades`` (the
    lowest and highest power of ten of the positive values) place a log axis's ticks."""
    x_scale = alt.Scale(domain=list(x_domain), nice=False) if x_domain is not None else alt.Undefined
    if log:
        y_scale = alt.Scale(type="log")
    elif y_domain is not None:
        y_scale = alt.Scale(domain=list(y_domain))
    else:
        y_scale = alt.Undefined
    # one tick and grid line a decade, not one a minor tick
    y_axis = (
        alt.Axis(values=[10.0**k for k in range(decades[0], decades[1] + 1)], format="~g")
        if log and decades is not None
        else alt.Undefined
    )
    titles = dict(tips)
    fields = [(x, "n"), (color, "n"), (value, "q"), *extra]
    line = (
        alt.Chart(rows_of())
        .mark_line(point=points, strokeWidth=2.5)
        .encode(
            x=alt.X(
                field=x, type="quantitative", title=x_title, axis=alt.Axis(tickMinStep=1, format="d"), scale=x_scale
            ),
            y=alt.Y(field=value, type="quantitative", title=title, scale=y_scale, axis=y_axis),
            **line_styles(color, order, palette),
            tooltip=tooltips(*((f, kind, titles[f]) if f in titles else (f, kind) for f, kind in fields)),
        )
    )
    # the last x label is centred on the axis's end: Vega sizes the chart by its own measure of it, which can fall a
    # pixel short of the browser's, its last digit cut on a phone; a few px on the right keep it whole
    edge = {"right": END_LABEL_ROOM}
    if not band:
        return alt.layer(line).properties(height=height, padding=edge, autosize=PLOT_HEIGHT)
    band_x = alt.X(
        field="from", type="quantitative", title=x_title, scale=x_scale if x_domain is not None else alt.Scale()
    )
    # the band is named in a legend of its own above the plot (the lines' legend is below it): a label inside the
    # band ran past it in French and lay on the curves that cross it
    shade = (
        alt.Chart()
        .mark_rect(opacity=0.16)
        .encode(
            x=band_x,
            x2=alt.X2(field="to"),
            fill=alt.Fill(
                field="label",
                type="nominal",
                title=None,
                scale=alt.Scale(range=[NEUTRAL]),
                legend=alt.Legend(orient="top", title=None, symbolType="square", symbolOpacity=0.3, labelLimit=400),
            ),
        )
    )
    layers = alt.layer(alt.layer(shade, data=rows_of("band")), line)
    return layers.properties(height=height, padding=edge, autosize=PLOT_HEIGHT)
