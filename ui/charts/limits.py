"""Charts of what attention is not: phrases read for a goal, soft against hard, and the scoring work."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt

from ui.charts.lines import line_styles
from ui.charts.spec import PLOT_HEIGHT, TITLE_ROOM, Rows, Spec, label_room, layered, rows_of, ticks_by_width, tooltips
from ui.charts.template import family
from ui.palette import CONTEXT, NEUTRAL, OKABE_ITO
from ui.scrub import Channel, Scrub

WIDE_LEGEND = {"orient": "bottom", "direction": "vertical", "labelLimit": 400}  # one long label a line
# A phrase longer than WRAP characters written on two lines, broken at the last space before its middle and a few
# characters past it: four phrases of up to 29 characters left a phone's chart 127 px for its bars.
WRAP = 21
_BREAK = "lastindexof(substring(datum.label, 0, ceil(length(datum.label) / 2) + 4), ' ')"
TWO_LINES = (
    f"length(datum.label) > {WRAP} && {_BREAK} > 0"
    f" ? [substring(datum.label, 0, {_BREAK}), substring(datum.label, {_BREAK} + 1)] : datum.label"
)
WORK_HEIGHT = 260  # px: the plots of screen 7's work tab, side by side
VALUE_ROOM = 6  # px between a value written at a bar's end and the chart's right edge (see _phrase_bars)


def _unit_x(value: str, title: str) -> alt.X:
    """A weight's x axis over [0, 1], its ticks as many as the chart's width has room for (the chart adds
    :func:`ui.charts.spec.label_room`): by default 21 labels 0.05 apart crowded a wide chart."""
    return alt.X(
        field=value,
        type="quantitative",
        title=title,
        scale=alt.Scale(domain=[0, 1]),
        axis=alt.Axis(tickCount=ticks_by_width()),
    )


def _scrubbed(chart: alt.TopLevelMixin, channel: Channel | None) -> alt.TopLevelMixin:
    """The chart showing only the rows of its slider's value (see :mod:`ui.scrub`), or as it is."""
    if channel is None:
        return chart
    return chart.add_params(channel.param()).transform_filter(channel.test())


def phrase_bars(
    rows: Rows,
    value: str,
    title: str,
    order: Sequence[str],
    phrase_title: str,
    height: int | None = None,
    scrub: Scrub | None = None,
) -> Spec:
    """Horizontal bars, one a phrase (rows need 'phrase' and ``value``), in ``order``, values written at the end.

    ``phrase_title`` names the phrases in the tooltip (the axis shows no title). With ``scrub`` the rows hold
    every value of its slider (tagged in its field) and the chart shows those of the slider's value.
    """
    row = 46 if any(len(phrase) > WRAP for phrase in order) else 36  # px a phrase: room for a name on two lines
    shape = (value, title, tuple(order), phrase_title, height or max(120, row * len(order)))
    template = _phrase_bars(*shape, scrub.channel if scrub is not None else None)
    return template.fill(scrub.params() if scrub is not None else None, rows=rows)


@family(late=("order",))
def _phrase_bars(
    value: str, title: str, order: tuple[str, ...], phrase_title: str, height: int, channel: Channel | None
) -> alt.TopLevelMixin:
    base = alt.Chart(rows_of()).encode(
        y=alt.Y(
            field="phrase",
            type="nominal",
            sort=list(order),
            title=None,
            axis=alt.Axis(labelLimit=220, labelOverlap=False, labelExpr=TWO_LINES),
        ),
        x=_unit_x(value, title),
    )
    bars = base.mark_bar(color=CONTEXT, cornerRadiusEnd=3).encode(
        tooltip=tooltips(("phrase", "n", phrase_title), (value, "q", title))
    )
    values = base.mark_text(align="left", dx=4, fontSize=13).encode(
        text=alt.Text(field=value, type="quantitative", format=".4f", title=title)
    )
    # The chart fits its container with the values written past the bars' ends, measured by Vega up to a pixel
    # narrower than the browser draws them: a weight near 1 ended at the chart's very edge, its last digit cut on a
    # phone. VALUE_ROOM px on the right keep it inside (the other sides keep Streamlit's padding, none).
    chart = layered(
        bars,
        values,
        params=[label_room()],
        height=height,
        width="container",
        padding={"right": VALUE_ROOM},
        autosize=PLOT_HEIGHT,
    )
    return _scrubbed(chart, channel)


def feature_bars(
    rows: Rows,
    value: str,
    title: str,
    features: Sequence[str],
    groups: Sequence[str],
    tips: tuple[str, str],
    scrub: Scrub | None = None,
) -> Spec:
    """Grouped horizontal bars: one group a feature, one bar a sentence (rows need 'feature', 'sentence', ``value``).

    ``tips`` titles the feature and the sentence in the tooltip. With ``scrub`` the rows hold every value of its
    slider (tagged in its field) and the chart shows those of the slider's value.
    """
    channel = scrub.channel if scrub is not None else None
    template = _feature_bars(value, title, tuple(features), tuple(groups), tuple(tips), channel)
    return template.fill(scrub.params() if scrub is not None else None, rows=rows)


@family(late=("features", "groups"))
def _feature_bars(
    value: str,
    title: str,
    features: tuple[str, ...],
    groups: tuple[str, ...],
    tips: tuple[str, str],
    channel: Channel | None,
) -> alt.TopLevelMixin:
    bars = (
        alt.Chart(rows_of())
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            y=alt.Y(
                field="feature", type="nominal", sort=list(features), title=None, axis=alt.Axis(labelOverlap=False)
            ),
            yOffset=alt.YOffset(field="sentence", type="nominal", sort=list(groups), title=tips[1]),
            x=_unit_x(value, title),
            color=alt.Color(
                field="sentence",
                type="nominal",
                title=None,
                legend=alt.Legend(**WIDE_LEGEND),
                scale=alt.Scale(domain=list(groups), range=[OKABE_ITO[5], OKABE_ITO[3]]),
            ),
            tooltip=tooltips(("feature", "n", tips[0]), ("sentence", "n", tips[1]), (value, "q", title)),
        )
    )
    chart = alt.layer(bars).properties(height=36 * len(features), width="container", autosize=PLOT_HEIGHT)
    return _scrubbed(chart.add_params(label_room()), channel)


def soft_and_hard(
    rows: Rows,
    x: str,
    x_title: str,
    value: str,
    title: str,
    order: Sequence[str],
    at: float | Rows,
    label: str,
    read: str,
    scrub: Scrub | None = None,
) -> Spec:
    """Soft (solid) against hard (dashed) over ``x``, with a dotted rule marking the current ``x = at``.

    Rows need ``x``, ``value`` and 'read' (one of ``order``); ``read`` titles it in the tooltip. With ``scrub``,
    ``at`` is the rule's place at every value of its slider (rows with ``x`` and the scrub's field) and the rule
    stands at the slider's value (see :mod:`ui.scrub`).
    """
    marks = [{x: at, "label": label}] if scrub is None else [r | {"label": label} for r in at]
    channel = scrub.channel if scrub is not None else None
    template = _soft_and_hard(x, x_title, value, title, tuple(order), read, channel)
    return template.fill(scrub.params() if scrub is not None else None, rows=rows, at=marks)


@family
def _soft_and_hard(
    x: str, x_title: str, value: str, title: str, order: tuple[str, str], read: str, channel: Channel | None
) -> alt.TopLevelMixin:
    """:func:`soft_and_hard`'s chart; the rule's rows (``x``, 'label', and the channel's field) are its data ``at``.

    The x axis ends where the curves do: the swept values are the score plus an interval, not round numbers, and a
    domain widened to round ones left an empty strip past the curves' end."""
    lines = (
        alt.Chart(rows_of())
        .mark_line(interpolate="linear", strokeWidth=3)
        .encode(
            x=alt.X(field=x, type="quantitative", title=x_title, scale=alt.Scale(nice=False)),
            y=alt.Y(field=value, type="quantitative", title=title),
            **line_styles("read", order, (CONTEXT, NEUTRAL)),
            tooltip=tooltips((x, "q", x_title), ("read", "n", read), (value, "q", title)),
        )
    )
    rule = alt.Chart().mark_rule(color=NEUTRAL, strokeDash=[2, 2]).encode(x=alt.X(field=x, type="quantitative"))
    now = (
        alt.Chart()
        .mark_text(color=NEUTRAL, dy=-6, fontSize=13, align="left", dx=4)
        .encode(x=alt.X(field=x, type="quantitative"), y=alt.value(0), text=alt.Text(field="label"))
    )
    marked = alt.layer(rule, now, data=rows_of("at"))
    if channel is not None:
        marked = marked.transform_filter(channel.test())
    return layered(lines, marked, channel=channel, height=180, autosize=PLOT_HEIGHT, padding=TITLE_ROOM)  # "now" on top


def work_lines(rows: Rows, x_title: str, title: str, order: Sequence[str], at: int, label: str, reading: str) -> Spec:
    """Scores per sentence pair over the source length (rows need 'T', 'reading', 'scores'), the reader's T marked.

    ``reading`` titles the reading in the tooltip.
    """
    return _work_lines(x_title, title, tuple(order), reading).fill(rows=rows, at=[{"T": at, "label": label}])


@family
def _work_lines(x_title: str, title: str, order: tuple[str, str], reading: str) -> alt.TopLevelMixin:
    """:func:`work_lines`' chart; the rule's row ('T', 'label') is its data ``at``."""
    x = alt.X(field="T", type="quantitative", title=x_title, axis=alt.Axis(format="d", tickMinStep=1))
    lines = (
        alt.Chart(rows_of())
        .mark_line(strokeWidth=3)
        .encode(
            x=x,
            y=alt.Y(field="scores", type="quantitative", title=title),
            color=alt.Color(
                field="reading",
                type="nominal",
                title=None,
                legend=alt.Legend(**WIDE_LEGEND),
                scale=alt.Scale(domain=list(order), range=[CONTEXT, NEUTRAL]),
            ),
            strokeDash=alt.StrokeDash(
                field="reading",
                type="nominal",
                legend=None,
                scale=alt.Scale(domain=list(order), range=[[1, 0], [6, 4]]),
            ),
            tooltip=tooltips(("T", "n", x_title), ("reading", "n", reading), ("scores", "n", title)),
        )
    )
    rule = alt.Chart().mark_rule(color=NEUTRAL, strokeDash=[2, 2]).encode(x=x)
    now = (
        alt.Chart()
        .mark_text(color=NEUTRAL, dy=-6, dx=4, align="left", fontSize=13)
        .encode(x=x, y=alt.value(0), text=alt.Text(field="label"))
    )
    # the plot's height, the legend and the axes around it (its y title needs ~200 px); the same as the grid's beside it
    return alt.layer(lines, alt.layer(rule, now, data=rows_of("at"))).properties(
        height=WORK_HEIGHT, autosize=PLOT_HEIGHT, padding=TITLE_ROOM
    )


def scored_grid(
    rows: Rows, x_title: str, y_title: str, order: Sequence[str], scored_by: str, height: int = WORK_HEIGHT
) -> Spec:
    """One cell a pair (target step t, source position j), coloured by which reading scores it.

    Rows need 't', 'j' and 'scored_by' (one of ``order``: scored by both readings,
    then by global attention only); ``scored_by`` titles it in the tooltip.
    """
    return _scored_grid(x_title, y_title, tuple(order), scored_by, height).fill(rows=rows)


@family
def _scored_grid(x_title: str, y_title: str, order: tuple[str, str], scored_by: str, height: int) -> alt.TopLevelMixin:
    cells = (
        alt.Chart(rows_of())
        .mark_rect(stroke="white", strokeWidth=0.5)
        .encode(
            x=alt.X(
                field="j",
                type="ordinal",
                title=x_title,
                axis=alt.Axis(format="d", labelOverlap="parity", labelAngle=0),
            ),
            y=alt.Y(field="t", type="ordinal", title=y_title, axis=alt.Axis(format="d", labelOverlap="parity")),
            color=alt.Color(
                field="scored_by",
                type="nominal",
                title=None,
                legend=alt.Legend(**WIDE_LEGEND),
                scale=alt.Scale(domain=list(order), range=[CONTEXT, "#F4B6C8"]),
            ),
            tooltip=tooltips(("t", "n", y_title), ("j", "n", x_title), ("scored_by", "n", scored_by)),
        )
    )
    # the plot's height (Streamlit would fit the axes and the legend into it: 20 rows in 125 px)
    return alt.layer(cells).properties(height=height, width="container", autosize=PLOT_HEIGHT)
