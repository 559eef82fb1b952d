"""A class's answers to a question: bars for a choice or a pick, ticks for a number, one colour a round."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt

from ui.charts.spec import PLOT_HEIGHT, Rows, Spec, rows_of, tooltips
from ui.charts.template import family

ROUNDS = ("#4c78a8", "#f58518", "#54a24b", "#b279a2")  # round 1, 2, ...: the round's colour, not a position's


def answer_bars(rows: Rows, answer: str, count: str, round_name: str, options: Sequence[str]) -> Spec:
    """Students per answer, the rounds side by side within each answer; rows need ``answer``, ``count``,
    ``round_name`` and "right" (the right answer's rows, once revealed, are outlined and named in the tooltip)."""
    rounds = tuple(dict.fromkeys(str(r[round_name]) for r in rows))
    return _answer_bars(answer, count, round_name, tuple(options), rounds).fill({}, rows=rows)


@family(late=("options", "rounds"))
def _answer_bars(
    answer: str, count: str, round_name: str, options: tuple[str, ...], rounds: tuple[str, ...]
) -> alt.TopLevelMixin:
    return (
        alt.Chart(rows_of())
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            y=alt.Y(field=answer, type="nominal", sort=list(options), title=None, axis=alt.Axis(labelLimit=420)),
            yOffset=alt.YOffset(field=round_name, type="nominal", sort=list(rounds)),
            x=alt.X(field=count, type="quantitative", title=count, axis=alt.Axis(tickMinStep=1, format="d")),
            color=alt.Color(
                field=round_name, type="nominal", sort=list(rounds), title=None,
                scale=alt.Scale(domain=list(rounds), range=list(ROUNDS[: len(rounds)])),
                legend=alt.Legend(orient="top"),
            ),
            stroke=alt.condition("datum.right", alt.value("currentColor"), alt.value(None)),
            strokeWidth=alt.condition("datum.right", alt.value(3), alt.value(0)),
            tooltip=tooltips((round_name, "n"), (answer, "n"), (count, "q")),
        )
        .properties(height=alt.Step(28), autosize=PLOT_HEIGHT)
    )  # fmt: skip


def answer_strip(
    rows: Rows, value: str, round_name: str, domain: tuple[float, float], right: float | None, tolerance: float
) -> Spec:
    """Each number given as a tick on the question's range, a row a round; once revealed (``right`` given), the
    right value as a rule and the band within the tolerance shaded."""
    rounds = tuple(dict.fromkeys(str(r[round_name]) for r in rows))
    marks = [] if right is None else [{"low": right - tolerance, "high": right + tolerance, "right": right}]
    return _answer_strip(value, round_name, domain, rounds).fill({}, rows=rows, marks=marks)


@family(late=("rounds",))
def _answer_strip(
    value: str, round_name: str, domain: tuple[float, float], rounds: tuple[str, ...]
) -> alt.TopLevelMixin:
    x = alt.X(field=value, type="quantitative", title=value, scale=alt.Scale(domain=list(domain)))
    ticks = (
        alt.Chart(rows_of())
        .mark_tick(thickness=3, size=26, opacity=0.7)
        .encode(
            x=x,
            y=alt.Y(field=round_name, type="nominal", sort=list(rounds), title=None),
            color=alt.Color(
                field=round_name, type="nominal", sort=list(rounds), legend=None,
                scale=alt.Scale(domain=list(rounds), range=list(ROUNDS[: len(rounds)])),
            ),
            tooltip=tooltips((round_name, "n"), (value, "q")),
        )
    )  # fmt: skip
    band = alt.Chart(rows_of("marks")).mark_rect(opacity=0.15, color="#54a24b").encode(
        x=alt.X(field="low", type="quantitative", scale=alt.Scale(domain=list(domain))), x2=alt.X2(field="high")
    )
    rule = alt.Chart(rows_of("marks")).mark_rule(strokeWidth=3, color="#2e7d32").encode(
        x=alt.X(field="right", type="quantitative", scale=alt.Scale(domain=list(domain)))
    )
    return alt.layer(band, ticks, rule).properties(height=alt.Step(40), autosize=PLOT_HEIGHT)
