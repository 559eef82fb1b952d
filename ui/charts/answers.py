"""A class's answers to a question: bars for a choice or a pick, ticks for a number, one colour a round."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import numpy as np

from ui.charts.spec import PLOT_HEIGHT, Rows, Spec, rows_of, tooltips
from ui.charts.template import family

ROUNDS = ("#4c78a8", "#f58518", "#54a24b", "#b279a2")  # round 1, 2, ...: the round's colour, not a position's
# A point pick's right answer, the reader's other one, the others: none of them a source position's colour (the
# step's own chart beside it colours the words), the answer green as "Right." is.
RIGHT = "#2e7d32"  # the right answer, on a strip as on a plane
POINT_ROLES = (RIGHT, "#7b1fa2", "#8a8a8a")
GREY = POINT_ROLES[2]  # the sources and their triangle, as the points offered and not chosen
WORD_OFF = 0.3  # how far beyond its corner a source's word is written, in the plane's units


def answer_bars(rows: Rows, answer: str, count: str, round_name: str, options: Sequence[str]) -> Spec:
    """Students per answer, the rounds side by side within each answer; rows need ``answer``, ``count``,
    ``round_name`` and "right" (the right answer's rows, once revealed, are outlined and named in the tooltip). An
    answer may be written on several lines, split by "\\n" (a long one in a narrow column left no room for bars)."""
    rounds = tuple(dict.fromkeys(str(r[round_name]) for r in rows))
    lines = max((str(o).count("\n") + 1 for o in options), default=1)
    return _answer_bars(answer, count, round_name, tuple(options), rounds, lines).fill({}, rows=rows)


ANSWER_ROW, ANSWER_LINE_PX = 14, 16  # px: an answer's row, and as much again for each line of its label


@family(late=("options", "rounds"))
def _answer_bars(
    answer: str, count: str, round_name: str, options: tuple[str, ...], rounds: tuple[str, ...], lines: int
) -> alt.TopLevelMixin:
    return (
        alt.Chart(rows_of())
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            y=alt.Y(field=answer, type="nominal", sort=list(options), title=None,
                    axis=alt.Axis(labelLimit=420, labelExpr="split(datum.label, '\\n')", labelOverlap=False)),
            yOffset=alt.YOffset(field=round_name, type="nominal", sort=list(rounds)),
            x=alt.X(field=count, type="quantitative", title=count, axis=alt.Axis(tickMinStep=1, format="d")),
            color=alt.Color(
                field=round_name, type="nominal", sort=list(rounds), title=None,
                scale=alt.Scale(domain=list(rounds), range=list(ROUNDS[: len(rounds)])),
                legend=alt.Legend(orient="top", direction="vertical"),  # a round a line: a narrow column cut a row
            ),
            stroke=alt.condition("datum.right", alt.value("currentColor"), alt.value(None)),
            strokeWidth=alt.condition("datum.right", alt.value(3), alt.value(0)),
            tooltip=tooltips((round_name, "n"), (answer, "n"), (count, "q")),
        )
        .properties(height=alt.Step(ANSWER_ROW + ANSWER_LINE_PX * lines), autosize=PLOT_HEIGHT)  # a row its lines
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
        .mark_tick(thickness=5, size=34, opacity=0.85)  # seen from the back of a room
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
    band = (
        alt.Chart(rows_of("marks"))
        .mark_rect(opacity=0.15, color="#54a24b")
        .encode(
            x=alt.X(field="low", type="quantitative", scale=alt.Scale(domain=list(domain))), x2=alt.X2(field="high")
        )
    )
    rule = (
        alt.Chart(rows_of("marks"))
        .mark_rule(strokeWidth=2, strokeDash=[6, 4], color=RIGHT)  # dashed: a tick at the answer shows through
        .encode(x=alt.X(field="right", type="quantitative", scale=alt.Scale(domain=list(domain))))
    )
    return alt.layer(band, rule, ticks).properties(height=alt.Step(40), autosize=PLOT_HEIGHT)  # a tick over the line


def answer_points(
    options: Rows, plane: Sequence[tuple[float, float]], words: Sequence[str], x: str, y: str, roles: Sequence[str]
) -> Spec:
    """A point pick on its plane: the sources ``plane`` (grey, each named by its word in ``words``, written off its
    corner, outside the triangle) and the triangle they span, dashed; the points offered, each labelled beside it
    (the label names the answer's and the reader's role: no legend to read, none cut short), coloured by its role
    (``roles``: the right answer's, the reader's other one's, the others'). ``options`` rows need ``x``, ``y``,
    "label" and "role"."""
    H = np.array(plane, dtype=float)  # (T, 2): the sources h_j
    away = H - H.mean(axis=0)  # (T, 2): from the triangle's centre out through each corner
    at = H + WORD_OFF * away / np.maximum(np.linalg.norm(away, axis=1, keepdims=True), 1e-9)  # (T, 2)
    corners = [*range(len(H)), 0]  # the outline closes on the first source
    sources = [
        {x: float(H[j, 0]), y: float(H[j, 1]), "wx": float(at[j, 0]), "wy": float(at[j, 1]), "word": words[j], "k": k}
        for k, j in enumerate(corners)
    ]
    # a label beside its point on the side with room: the plane's right part's to its left (one at the right edge
    # ran out of the chart on a phone)
    xs = [float(r[x]) for r in options] + [float(v) for v in H[:, 0]]
    middle = (min(xs) + max(xs)) / 2
    rows = [{**r, "side": "left" if float(r[x]) > middle else "right"} for r in options]
    return _answer_points(x, y, tuple(roles)).fill({}, rows=rows, marks=sources)


@family(late=("roles",))
def _answer_points(x: str, y: str, roles: tuple[str, ...]) -> alt.TopLevelMixin:
    def axis(channel: type, field: str, title: str) -> alt.X | alt.Y:
        return channel(field=field, type="quantitative", title=title, scale=alt.Scale(zero=False, nice=True))

    X, Y = axis(alt.X, x, x), axis(alt.Y, y, y)
    role = alt.Color(
        field="role", type="nominal", title=None, sort=list(roles),
        scale=alt.Scale(domain=list(roles), range=list(POINT_ROLES[: len(roles)])), legend=None,
    )  # fmt: skip
    outline = (
        alt.Chart(rows_of("marks"))
        .mark_line(strokeDash=[4, 4], color=GREY)
        .encode(x=X, y=Y, order=alt.Order(field="k", type="quantitative"))
    )
    sources = alt.Chart(rows_of("marks")).mark_point(filled=True, size=70, color=GREY).encode(x=X, y=Y)
    words = (
        alt.Chart(rows_of("marks"))
        .mark_text(fontSize=15, color=GREY)
        .encode(x=axis(alt.X, "wx", x), y=axis(alt.Y, "wy", y), text=alt.Text(field="word"))
    )  # each word outside the triangle, off its corner
    offered = (
        alt.Chart(rows_of())
        .mark_point(size=220, strokeWidth=3, filled=False)
        .encode(x=X, y=Y, color=role, tooltip=tooltips(("label", "n"), ("role", "n"), (x, "q"), (y, "q")))
    )

    def labels(side: str) -> alt.Chart:  # the labels written on ``side`` of their points
        return (
            alt.Chart(rows_of())
            .transform_filter(alt.datum.side == side)
            .mark_text(dx=16 if side == "right" else -16, align="left" if side == "right" else "right", fontSize=15)
            .encode(x=X, y=Y, text=alt.Text(field="label"), color=role)
        )

    return alt.layer(outline, sources, words, offered, labels("right"), labels("left")).properties(
        height=260, autosize=PLOT_HEIGHT
    )


def answer_words(rows: Rows, word: str, weight: str | None, roles: Sequence[str]) -> Spec:
    """A word pick's words, a row each in the order offered (``word``: each named as the options are, with its role
    where it is the answer or the reader's: no legend to read), coloured by role (``roles``: the right answer's, the
    reader's other one's, the others'); with ``weight`` (the field of the weight each gets, None for a pick not read
    from weights), each word's weight as a bar on 0..1, else a dot. Rows need ``word``, "role", and ``weight``."""
    words = tuple(str(r[word]) for r in rows)
    return _answer_words(word, weight, tuple(roles), words).fill({}, rows=rows)


@family(late=("roles", "words"))
def _answer_words(word: str, weight: str | None, roles: tuple[str, ...], words: tuple[str, ...]) -> alt.TopLevelMixin:
    y = alt.Y(field=word, type="nominal", sort=list(words), title=None, axis=alt.Axis(labelLimit=320))
    role = alt.Color(
        field="role", type="nominal", title=None, sort=list(roles),
        scale=alt.Scale(domain=list(roles), range=list(POINT_ROLES[: len(roles)])), legend=None,
    )  # fmt: skip
    if weight is None:  # the words alone: a dot each, in its role's colour
        return (
            alt.Chart(rows_of())
            .mark_point(filled=True, size=220)
            .encode(y=y, x=alt.X(datum=0, type="quantitative", axis=None), color=role,
                    tooltip=tooltips((word, "n"), ("role", "n")))
            .properties(height=alt.Step(34), autosize=PLOT_HEIGHT)
        )  # fmt: skip
    x = alt.X(field=weight, type="quantitative", title=weight, scale=alt.Scale(domain=[0, 1]))
    return (
        alt.Chart(rows_of())
        .mark_bar(cornerRadiusEnd=3)
        .encode(y=y, x=x, color=role, tooltip=tooltips((word, "n"), ("role", "n"), (weight, "q")))
        .properties(height=alt.Step(34), autosize=PLOT_HEIGHT)
    )
