"""Bar charts: one bar a source position or a target token, and bars grouped by a field."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

import altair as alt
import numpy as np

from ui.charts.spec import PLOT_HEIGHT, Rows, Spec, color, rows_of, tooltips
from ui.charts.state_rows import column
from ui.charts.template import family
from ui.scrub import TOLERANCE, Channel, Scrub
from ui.text import field_title

VALUE_LABEL = {"dy": -9, "fontSize": 14}  # a bar's value above it, in the text colour: position colours are too pale


def outside_the_end(value: str) -> dict[str, Any]:
    """A bar's value written past the bar's end, in the text colour: above a bar that rises, below one that falls
    (written above, a negative bar's value sat inside it), 3 px from the end at any size of type."""
    negative = f"datum[{json.dumps(value)}] < 0"
    return {
        "fontSize": VALUE_LABEL["fontSize"],
        "baseline": alt.ExprRef(expr=f"{negative} ? 'top' : 'bottom'"),
        "dy": alt.ExprRef(expr=f"{negative} ? 3 : -3"),
    }


def spanning(values: np.ndarray) -> tuple[float, float] | None:
    """A value axis from 0 or below to 0 or above, over every one of ``values`` (a chart's values at every state
    of its slider's grid): given as a bar chart's ``domain``, it holds still while the slider moves, so that a
    bar's height changes only with its value (and the browser redraws the bars alone). None where every value is
    0 (the axis is then left to the data)."""
    lo, hi = min(0.0, float(np.min(values))), max(0.0, float(np.max(values)))
    return (lo, hi) if hi > lo else None


def _scale(domain: Sequence[float] | None) -> alt.Scale | None:
    # nice, as Vega-Lite makes a domain it reads from the data (a written one it would leave as written)
    return alt.Scale(domain=list(domain), nice=True) if domain is not None else alt.Undefined


def _scrubbed(chart: alt.TopLevelMixin, channel: Channel | None) -> alt.TopLevelMixin:
    """The chart showing only the rows of its slider's value (see :mod:`ui.scrub`), or as it is."""
    if channel is None:
        return chart
    return chart.add_params(channel.param()).transform_filter(channel.test())


def bars_by_position(
    rows: Rows,
    value: str,
    title: str,
    tokens: Sequence[str],
    domain: Sequence[float] | None = None,
    height: int = 220,
    labels: bool = True,
    position_title: str | None = None,
    scrub: Scrub | None = None,
    upright: bool = False,
) -> Spec:
    """One bar a source position; rows need 'position' and ``value`` (titled ``position_title``, by default the
    field's own title in the reader's language, and ``title``).

    With ``scrub`` the rows hold every value of its slider (tagged in its field) and the chart shows those of
    the slider's current value. ``upright`` sets the positions' names upright, every one of them (a long sentence
    on a phone: flat, Vega drops every other name that would touch its neighbour).
    """
    shape = (value, title, tuple(tokens), tuple(domain) if domain is not None else None, height, labels)
    named = field_title("position") if position_title is None else position_title
    template = _bars_by_position(*shape, named, scrub.channel if scrub else None, upright)
    return template.fill(scrub.params() if scrub else None, rows=rows)


@family(late=("tokens", "domain"))
def _bars_by_position(
    value: str,
    title: str,
    tokens: tuple[str, ...],
    domain: tuple[float, ...] | None,
    height: int,
    labels: bool,
    position_title: str,
    channel: Channel | None,
    upright: bool = False,
) -> alt.TopLevelMixin:
    axis = alt.Axis(labelAngle=-90, labelOverlap=False, labelLimit=120) if upright else alt.Axis(labelAngle=0)
    base = alt.Chart(rows_of()).encode(
        x=alt.X(field="position", type="nominal", sort=None, title=None, axis=axis),
        y=alt.Y(field=value, type="quantitative", title=title, scale=_scale(domain)),
    )
    bars = base.mark_bar(cornerRadiusEnd=3).encode(
        color=color(tokens, legend=False),
        tooltip=tooltips(("position", "n", position_title), (value, "q", title)),
    )
    text = base.mark_text(**outside_the_end(value)).encode(
        text=alt.Text(field=value, type="quantitative", format=".3f", title=title)
    )
    chart = alt.layer(bars, text) if labels else alt.layer(bars)
    return _scrubbed(chart.properties(height=height), channel)


def grouped_bars(
    rows: Rows,
    value: str,
    group: str,
    title: str,
    tokens: Sequence[str],
    height: int = 240,
    domain: Sequence[float] | None = (0, 1),
    scrub: Scrub | None = None,
) -> Spec:
    """Bars per position within each group (e.g. state A with tanh); rows need 'position', ``group``, ``value``.

    With ``scrub`` the rows hold every value of its slider and the chart shows those of its current value.
    """
    groups = tuple(dict.fromkeys(str(v) for v in column(rows, group)))
    # measured here (the family puts the labels in late), a line at a time: a label breaks after its state's ' · '
    widest = max((_columns(line) for g in groups for line in label_lines(g)), default=1)
    shown = _shown_groups(rows, group, scrub) or groups
    shape = (value, group, title, tuple(tokens), height, tuple(domain) if domain is not None else None, shown)
    params = {WIDEST: widest} | (scrub.params() if scrub else {})
    return _grouped_bars(*shape, scrub.channel if scrub else None).fill(params, rows=rows)


@family(late=("tokens", "groups"))
def _grouped_bars(
    value: str,
    group: str,
    title: str,
    tokens: tuple[str, ...],
    height: int,
    domain: tuple[float, ...] | None,
    groups: tuple[str, ...],
    channel: Channel | None,
) -> alt.TopLevelMixin:
    chart = (
        alt.Chart(rows_of())
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            x=alt.X(field=group, type="nominal", sort=None, title=None, axis=_group_axis(len(groups))),
            xOffset=alt.XOffset(field="position", type="nominal", sort=None),
            y=alt.Y(field=value, type="quantitative", title=title, scale=_scale(domain)),
            color=color(tokens),
            tooltip=tooltips((group, "n"), ("position", "n"), (value, "q")),
        )
        .properties(height=height, autosize=PLOT_HEIGHT)  # the plot's own
        .add_params(alt.param(name=WIDEST, value=1))
    )
    return _scrubbed(chart, channel)


def _shown_groups(rows: Rows, group: str, scrub: Scrub | None) -> tuple[str, ...]:
    """The groups drawn at once: with ``scrub``, those of the rows at its slider's value (the rows hold every value,
    each with its own groups, and a group's band is as wide as the groups at one value leave it)."""
    if scrub is None:
        return ()
    field = scrub.channel.field
    at = [r for r in rows if isinstance(r.get(field), int | float) and abs(r[field] - scrub.value) < TOLERANCE]
    return tuple(dict.fromkeys(str(r[group]) for r in at))


WIDEST = "widest"  # the parameter holding the widest group label's width in columns (:func:`_columns`)


def _group_axis(groups: int) -> alt.Axis:
    """Labels of ``groups`` groups flat where each group's band is wide enough for the widest label (the
    parameter :data:`WIDEST`, filled per run so that a label of a new width costs no build), else slanted (a phone)."""
    flat = f"width / {max(groups, 1)} >= 8 * {WIDEST}"
    return alt.Axis(
        labelAngle={"expr": f"{flat} ? 0 : -35"},
        labelAlign={"expr": f"{flat} ? 'center' : 'right'"},
        labelOverlap=False,
        labelLimit=200,
        labelExpr=f"split(replace(datum.label, /{BREAK.pattern}/g, '\\n'), '\\n')",  # 'A (s = -1) · tanh': 2 lines
    )


BREAK = re.compile(r"\s*·\s*")  # where a group's label breaks: 'A (s = -1) · tanh', '状态 A（s = -1）· 无非线性'


def label_lines(label: str) -> list[str]:
    """A group's label as drawn: a line before and after each '·' (the state, then the variant)."""
    return BREAK.split(label)


def _columns(label: str) -> int:
    """How many Latin letters' width a label takes: a Chinese character (or full-width mark) takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in label)


def target_bars(
    rows: Rows,
    value: str,
    title: str,
    vocabulary: Sequence[str],
    domain: Sequence[float] = (0, 1),
    height: int = 200,
) -> Spec:
    """One bar a target token (rows need 'token' and ``value``), e.g. p(y | c) over the vocabulary, the plot
    ``height`` px tall.

    Token k takes source position k's colour: for an output layer tied to the
    sources (one target token a source position) the colour says which h_k it is tied to.
    """
    slanted = max((len(k) for k in vocabulary), default=0) > 6  # long names ('translation of a') would collide
    return _target_bars(value, title, tuple(vocabulary), tuple(domain), height, slanted).fill(rows=rows)


@family(late=("vocabulary",))
def _target_bars(
    value: str, title: str, vocabulary: tuple[str, ...], domain: tuple[float, ...], height: int, slanted: bool
) -> alt.TopLevelMixin:
    axis = alt.Axis(labelAngle=-45, labelOverlap=False, labelLimit=130) if slanted else alt.Axis(labelAngle=0)
    base = alt.Chart(rows_of()).encode(
        x=alt.X(field="token", type="nominal", sort=None, title=None, axis=axis),
        y=alt.Y(field=value, type="quantitative", title=title, scale=alt.Scale(domain=list(domain))),
    )
    bars = base.mark_bar(cornerRadiusEnd=3).encode(
        color=color(vocabulary, field="token", legend=False), tooltip=tooltips(("token", "n"), (value, "q"))
    )
    if len(vocabulary) > 6:  # more value labels would collide; the tooltips keep the exact values
        return alt.layer(bars).properties(height=height, autosize=PLOT_HEIGHT)
    text = base.mark_text(**VALUE_LABEL).encode(text=alt.Text(field=value, type="quantitative", format=".3f"))
    return alt.layer(bars, text).properties(height=height, autosize=PLOT_HEIGHT)  # the plot's height
