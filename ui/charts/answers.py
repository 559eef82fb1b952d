"""A class's answers to a question: bars for a choice or a pick, ticks for a number, one colour a round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import altair as alt
import numpy as np

from ui.charts import plane as plane_labels
from ui.charts.spec import PLOT_HEIGHT, Rows, Spec, rows_of, tooltips
from ui.charts.template import family

ROUNDS = ("#4c78a8", "#f58518", "#54a24b", "#b279a2")  # round 1, 2, ...: the round's colour, not a position's
# A point pick's right answer, the reader's other one, the others: none of them a source position's colour (the
# step's own chart beside it colours the words), the answer green as "Right." is.
RIGHT = "#2e7d32"  # the right answer, on a strip as on a plane
POINT_ROLES = (RIGHT, "#7b1fa2", "#8a8a8a")
GREY = POINT_ROLES[2]  # the sources and their triangle, as the points offered and not chosen
PLANE_HEIGHT = 260  # px: a point pick's plot


def answer_bars(rows: Rows, answer: str, count: str, round_name: str, options: Sequence[str]) -> Spec:
    """Students per answer, the rounds side by side within each answer; rows need ``answer``, ``count``,
    ``round_name``, "right" (the right answer's rows, once revealed, are outlined and named in the tooltip) and
    "faded" (a wrong answer's, once revealed, drawn pale). An
    answer may be written on several lines, split by "\\n" (a long one in a narrow column left no room for bars)."""
    rounds = tuple(dict.fromkeys(str(r[round_name]) for r in rows))
    lines = max((str(o).count("\n") + 1 for o in options), default=1)
    return _answer_bars(answer, count, round_name, tuple(options), rounds, lines).fill({}, rows=rows)


def round_colours(round_name: str, rounds: tuple[str, ...]) -> alt.Color:
    """A round's colour, named in a legend above the chart, a round a line (a narrow column cut a row)."""
    return alt.Color(
        field=round_name,
        type="nominal",
        sort=list(rounds),
        title=None,
        scale=alt.Scale(domain=list(rounds), range=list(ROUNDS[: len(rounds)])),
        legend=alt.Legend(orient="top", direction="vertical"),
    )


# The right answer's label, ticked "✓ " once revealed (the catalog's class.right_label): bold, its bars outlined in
# the right answer's green, seen from the back of a room (a small tick and a thin outline were missed; its colour
# stays the theme's, light or dark)
RIGHT_LABEL = "indexof(datum.value, '✓') == 0"
FADED = 0.3  # a wrong answer's bars once revealed
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
                    axis=alt.Axis(labelLimit=420, labelExpr="split(datum.label, '\\n')", labelOverlap=False,
                                  labelFontWeight={"condition": {"test": RIGHT_LABEL, "value": "bold"},
                                                   "value": "normal"})),
            yOffset=alt.YOffset(field=round_name, type="nominal", sort=list(rounds)),
            x=alt.X(field=count, type="quantitative", title=count, axis=alt.Axis(tickMinStep=1, format="d")),
            color=round_colours(round_name, rounds),
            # once revealed, the wrong answers pale and the right one's bars keep their colour, outlined in green:
            # from the back of a room a thin outline alone was missed
            opacity=alt.condition("datum.faded", alt.value(FADED), alt.value(1.0)),
            stroke=alt.condition("datum.right", alt.value(RIGHT), alt.value(None)),  # the right answer's green
            strokeWidth=alt.condition("datum.right", alt.value(3), alt.value(0)),
            tooltip=tooltips((round_name, "n"), (answer, "n"), (count, "q")),
        )
        .properties(height=alt.Step(ANSWER_ROW + ANSWER_LINE_PX * lines), autosize=PLOT_HEIGHT)  # a row its lines
    )  # fmt: skip


SHARE_ROOM = 1.25  # a share's axis runs to this, its ticks to 1: a full bar's "20 of 20" beside it


def right_shares(rows: Rows, asked: str, share: str, round_name: str, order: Sequence[str]) -> Spec:
    """How a class did, question by question: the share of each round's answers that was right, the rounds side by
    side within each question (in ``order``, the order asked), with "right of answered" at each bar's end. Rows need
    ``asked`` (split on lines by "\\n"), ``share`` (0 to 1), ``round_name`` and "said" (the bar's words)."""
    rounds = tuple(dict.fromkeys(str(r[round_name]) for r in rows))
    lines = max((str(o).count("\n") + 1 for o in order), default=1)
    return _right_shares(asked, share, round_name, tuple(order), rounds, lines).fill({}, rows=rows)


@family(late=("order", "rounds"))
def _right_shares(
    asked: str, share: str, round_name: str, order: tuple[str, ...], rounds: tuple[str, ...], lines: int
) -> alt.TopLevelMixin:
    y = alt.Y(
        field=asked,
        type="nominal",
        sort=list(order),
        title=None,
        axis=alt.Axis(labelLimit=420, labelExpr="split(datum.label, '\\n')", labelOverlap=False),
    )
    x = alt.X(
        field=share,
        type="quantitative",
        title=share,
        scale=alt.Scale(domain=[0, SHARE_ROOM]),  # past 100 %: room for a full bar's words
        axis=alt.Axis(format="%", values=[0, 0.25, 0.5, 0.75, 1]),
    )
    offset = alt.YOffset(field=round_name, type="nominal", sort=list(rounds))
    bars = (
        alt.Chart(rows_of())
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            y=y,
            yOffset=offset,
            x=x,
            color=round_colours(round_name, rounds),
            tooltip=tooltips((asked, "n"), (round_name, "n"), ("said", "n", share)),
        )
    )
    said = (  # the counts at the bar's end, read from the back of a room where a share alone hides a small round
        alt.Chart(rows_of())
        .mark_text(align="left", dx=4, fontSize=14, aria=False)
        .encode(y=y, yOffset=offset, x=x, text=alt.Text(field="said"))
    )
    return alt.layer(bars, said).properties(height=alt.Step(ANSWER_ROW + ANSWER_LINE_PX * lines), autosize=PLOT_HEIGHT)


COUNT = "count"  # an answer strip's field: how many gave the value (the tick's "×n" where more than one)


def answer_strip(
    rows: Rows, value: str, round_name: str, domain: tuple[float, float], right: float | None, tolerance: float
) -> Spec:
    """Each number given as a tick on the question's range, a row a round, with "×n" over it where n gave that
    value (one tick over another read as one answer on a projector); once revealed (``right`` given), the right
    value as a rule and the band within the tolerance shaded. Rows: one a number given."""
    rounds = tuple(dict.fromkeys(str(r[round_name]) for r in rows))
    counted = Counter((str(r[round_name]), float(r[value])) for r in rows)  # (round, value) -> how many gave it
    ticks = [{round_name: k[0], value: k[1], COUNT: n, "many": f"×{n}" if n > 1 else ""} for k, n in counted.items()]
    marks = [] if right is None else [{"low": right - tolerance, "high": right + tolerance, "right": right}]
    return _answer_strip(value, round_name, domain, rounds).fill({}, rows=ticks, marks=marks)


@family(late=("rounds",))
def _answer_strip(
    value: str, round_name: str, domain: tuple[float, float], rounds: tuple[str, ...]
) -> alt.TopLevelMixin:
    x = alt.X(field=value, type="quantitative", title=value, scale=alt.Scale(domain=list(domain)))
    y = alt.Y(field=round_name, type="nominal", sort=list(rounds), title=None)
    ticks = (
        alt.Chart(rows_of())
        .mark_tick(thickness=5, size=34, opacity=0.85)  # seen from the back of a room
        .encode(
            x=x,
            y=y,
            color=alt.Color(
                field=round_name, type="nominal", sort=list(rounds), legend=None,
                scale=alt.Scale(domain=list(rounds), range=list(ROUNDS[: len(rounds)])),
            ),
            tooltip=tooltips((round_name, "n"), (value, "q")),  # how many: the "×n" over the tick
        )
    )  # fmt: skip
    many = (
        alt.Chart(rows_of())
        .mark_text(fontSize=16, fontWeight="bold", baseline="bottom", dy=-18, aria=False)  # over its tick
        .encode(x=x, y=y, text=alt.Text(field="many"))
    )
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
    return alt.layer(band, rule, ticks, many).properties(
        height=alt.Step(56), autosize=PLOT_HEIGHT
    )  # ticks over the line


def answer_points(
    options: Rows, plane: Sequence[tuple[float, float]], words: Sequence[str], x: str, y: str, roles: Sequence[str]
) -> Spec:
    """A point pick on its plane: the sources ``plane`` (grey, each named by its word in ``words``, written off its
    corner, outside the triangle) and the triangle they span, dashed; the points offered, each labelled beside it
    (the label names the answer's and the reader's role: no legend to read, none cut short), coloured by its role
    (``roles``: the right answer's, the reader's other one's, the others'). ``options`` rows need ``x``, ``y``,
    "label" and "role"."""
    H = np.array(plane, dtype=float)  # (T, 2): the sources h_j
    corners = [*range(len(H)), 0]  # the outline closes on the first source
    # every label where the step's planes put theirs (ui.charts.plane.placed): a source's word off its corner,
    # outside the triangle, a point's beside it where it meets no other label, marker or line (beside its point
    # on one side or the other by where it lay, "P2 · the answer" ran over the source "I" and its word)
    where = plane_labels.placed(
        [{"position": w, "h1": float(h[0]), "h2": float(h[1])} for w, h in zip(words, H, strict=True)],
        [{"label": str(r["label"]), "c1": float(r[x]), "c2": float(r[y])} for r in options],
        height=PLANE_HEIGHT + plane_labels.AROUND,
    )
    sources = [
        {x: float(H[j, 0]), y: float(H[j, 1]), "k": k, "word": words[j]}
        | {"wx": where.sources[j]["x"], "wy": where.sources[j]["y"], "align": where.sources[j]["align"]}
        for k, j in enumerate(corners)
    ]
    rows = [{**r, "lx": p["x"], "ly": p["y"], "align": p["align"]} for r, p in zip(options, where.points, strict=True)]
    return _answer_points(x, y, tuple(roles)).fill({}, rows=rows, marks=sources, extent=where.extent)


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
        .mark_text(fontSize=15, color=GREY, align=alt.ExprRef(expr="datum.align"), baseline="middle")
        .encode(x=axis(alt.X, "wx", x), y=axis(alt.Y, "wy", y), text=alt.Text(field="word"))
    )  # each word outside the triangle, off its corner
    offered = (
        alt.Chart(rows_of())
        .mark_point(size=150, strokeWidth=2.5, filled=False)  # within the marker placed() keeps labels off
        .encode(x=X, y=Y, color=role, tooltip=tooltips(("label", "n"), ("role", "n"), (x, "q"), (y, "q")))
    )

    labels = (
        alt.Chart(rows_of())
        .mark_text(fontSize=15, align=alt.ExprRef(expr="datum.align"), baseline="middle")
        .encode(x=axis(alt.X, "lx", x), y=axis(alt.Y, "ly", y), text=alt.Text(field="label"), color=role)
    )  # each point's name where ui.charts.plane.placed put it
    held = (
        alt.Chart(rows_of("extent"))
        .mark_point(opacity=0, aria=False)
        .encode(x=axis(alt.X, "c1", x), y=axis(alt.Y, "c2", y))
    )  # the labels' extent, drawn invisibly: the axes hold every label whole
    return alt.layer(outline, sources, words, offered, labels, held).properties(
        height=PLANE_HEIGHT, autosize=PLOT_HEIGHT
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
