"""Charts over the decoder state s: a curve a source position, and soft reading against hard selection."""

from __future__ import annotations

import json
from collections.abc import Sequence

import altair as alt

from ui.charts.lines import LINE_LEGEND, line_styles
from ui.charts.spec import PLOT_HEIGHT, Rows, Spec, color, label_room, layered, rows_of, ticks_by_width, tooltips
from ui.charts.template import family
from ui.palette import CONTEXT, NEUTRAL, position_labels
from ui.scrub import Channel, Scrub

DASH = 7  # px: a dash of the lines with tanh removed, which take turns where they coincide
STYLE = "line style"  # the field naming a line's style (a constant of its layer) in the legend of styles


def curves(
    rows: Rows,
    x: str,
    x_title: str,
    value: str,
    title: str,
    tokens: Sequence[str],
    marks: Sequence[tuple[float, str]] = (),
    dashed: Rows | None = None,
    styles: tuple[str, str] = ("", ""),
    height: int = 300,
    domain: Sequence[float] | None = None,
    current: tuple[float, str] | Rows | None = None,
    scrub: Scrub | None = None,
) -> Spec:
    """One line a source position over ``x``; optional vertical marks and a dashed overlay.

    ``marks`` are dotted rules with a label above; ``current`` = (x, label) is one solid
    rule (the reader's current setting), labelled unless the label is empty. With
    ``scrub``, ``current`` is rows (``x``, 'label') for every value of its slider, tagged
    in its field, and the rule stands at the slider's value. ``styles`` names the solid
    lines and the dashed overlay in a legend of line styles (e.g. the scorer as set,
    and with tanh removed).
    """
    if isinstance(current, tuple):
        current = [{x: current[0], "label": current[1]}]
    labels = position_labels(tokens)
    shape = (
        x,
        x_title,
        value,
        title,
        tuple(tokens),
        bool(marks),
        dashed is not None and len(dashed) > 0,
        tuple(styles),
        height,
        tuple(domain) if domain is not None else None,
        current is not None,
        scrub.channel if scrub is not None and current is not None else None,
    )
    data = {
        "rows": rows,
        "marks": [{x: at, "label": label} for at, label in marks],
        "current": list(current or []),
        "labelled": [r for r in current or [] if r["label"]],
        **{f"dashed_{j}": [r for r in dashed or [] if r["position"] == lab] for j, lab in enumerate(labels)},
        "dashed_labels": _dashed_labels(dashed or [], x, value, labels),
    }
    template = _curves(*shape)
    params = scrub.params() if shape[-1] else None
    return template.fill(params, **data)


def _dashed_labels(dashed: Rows, x: str, value: str, labels: Sequence[str]) -> Rows:
    """One label at the dashed lines' right end for each height they end at, naming the positions there: lines
    that coincide (with tanh removed they often do) are told as one, 'I = like = cats', not as one striped line."""
    if not dashed:
        return []
    end = max(r[x] for r in dashed)
    at_end: dict[float, list[str]] = {}
    for r in dashed:
        if r[x] == end:
            at_end.setdefault(round(float(r[value]), 6), []).append(r["position"])
    order = {lab: j for j, lab in enumerate(labels)}
    return [
        {x: end, value: v, "label": " = ".join(sorted(names, key=order.get))} for v, names in sorted(at_end.items())
    ]


@family(late=("tokens",))
def _curves(
    x: str,
    x_title: str,
    value: str,
    title: str,
    tokens: tuple[str, ...],
    with_marks: bool,
    with_dashed: bool,
    styles: tuple[str, str],
    height: int,
    domain: tuple[float, ...] | None,
    with_current: bool,
    channel: Channel | None,
) -> alt.TopLevelMixin:
    scale = alt.Scale(domain=list(domain)) if domain is not None else alt.Undefined
    enc = {
        # the domain is the rows' (the curves end at the plot's edges), its ticks on round values, 0 among them
        "x": alt.X(
            field=x,
            type="quantitative",
            title=x_title,
            scale=alt.Scale(nice=False),
            axis=alt.Axis(tickCount=ticks_by_width()),
        ),
        "y": alt.Y(field=value, type="quantitative", title=title, scale=scale),
        "color": color(tokens),
        "tooltip": tooltips((x, "q"), ("position", "n"), (value, "q")),
    }
    # Dashed lines that coincide (with tanh removed they often do) take turns: each position draws
    # one dash in T, shifted by its index, so every colour stays in sight along a shared line.
    dashes = [[1, 0], [DASH, DASH * max(len(tokens) - 1, 1)]]

    def styled(chart: alt.Chart, k: int) -> alt.Chart:
        """The lines drawn in style ``k`` of ``styles``, named in a legend of line styles."""
        # the legend of styles on its own row: beside the positions' legend it overflows a phone
        legend = alt.Legend(**(LINE_LEGEND | {"orient": "top"}))
        dash = alt.StrokeDash(
            field=STYLE, type="nominal", title=None, scale=alt.Scale(domain=list(styles), range=dashes), legend=legend
        )
        return chart.transform_calculate(**{STYLE: json.dumps(styles[k])}).encode(**enc, strokeDash=dash)

    solid = alt.Chart(rows_of()).mark_line(strokeWidth=3)
    layers = [styled(solid, 0) if with_dashed else solid.encode(**enc)]
    if with_dashed:
        for j in range(len(tokens)):
            line = alt.Chart(rows_of(f"dashed_{j}")).mark_line(strokeWidth=2.5, strokeDashOffset=DASH * j)
            layers.append(styled(line, 1))
        named = alt.Chart(rows_of("dashed_labels")).mark_text(align="right", dy=-10, fontSize=13)
        layers.append(
            named.encode(
                x=alt.X(field=x, type="quantitative"),
                y=alt.Y(field=value, type="quantitative", scale=scale),
                text=alt.Text(field="label"),
            )
        )
    at = alt.X(field=x, type="quantitative")
    if with_marks:
        marks = alt.Chart(rows_of("marks"))
        layers += [
            marks.mark_rule(color=NEUTRAL, strokeDash=[2, 2]).encode(x=at),
            marks.mark_text(dy=-6, fontSize=14, fontWeight="bold").encode(
                x=at, y=alt.YValue(0), text=alt.Text(field="label")
            ),
        ]
    if with_current:
        # a rule layer with no rule (the state outside the interval) would be an unnamed image to a screen
        # reader: the rule that follows a slider is hidden from it; its label names the state
        rule = alt.Chart(rows_of("current")).mark_rule(color=NEUTRAL, strokeWidth=2, aria=channel is None)
        text = alt.Chart(rows_of("labelled")).mark_text(color=NEUTRAL, dy=-6, fontSize=13, fontWeight="bold")
        if channel is not None:
            rule, text = rule.transform_filter(channel.test()), text.transform_filter(channel.test())
        layers += [rule.encode(x=at), text.encode(x=at, y=alt.YValue(0), text=alt.Text(field="label"))]
    # the plot keeps its height: fitted as a whole, the legends above and below squeezed it to a third
    fit = alt.AutoSizeParams(type="fit-x", contains="padding")
    return layered(*layers, params=[label_room()], channel=channel, height=height, autosize=fit)


def steps(
    rows: Rows,
    x: str,
    x_title: str,
    value: str,
    title: str,
    color_field: str,
    order: Sequence[str],
    height: int = 180,
    palette: Sequence[str] = (CONTEXT, NEUTRAL),
) -> Spec:
    """Soft against hard: one solid and one dashed line of ``value`` over ``x``, the plot ``height`` px tall.

    ``order`` names the two ``color_field`` groups: the first is drawn solid in
    ``palette[0]``, the second dashed in ``palette[1]``.
    """
    return _steps(x, x_title, value, title, color_field, tuple(order), height, tuple(palette)).fill(rows=rows)


@family(late=("order",))
def _steps(
    x: str,
    x_title: str,
    value: str,
    title: str,
    color_field: str,
    order: tuple[str, ...],
    height: int,
    palette: tuple[str, ...],
) -> alt.TopLevelMixin:
    return (
        alt.Chart(rows_of())
        .mark_line(interpolate="linear", strokeWidth=3)
        .encode(
            x=alt.X(field=x, type="quantitative", title=x_title),
            y=alt.Y(field=value, type="quantitative", title=title),
            **line_styles(color_field, order, palette),
            tooltip=tooltips((x, "q"), (color_field, "n"), (value, "q")),
        )
        .properties(height=height, autosize=PLOT_HEIGHT)
    )
