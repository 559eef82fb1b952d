"""The alignment picture: source words in one row, target tokens in another, a line for every weight alpha_tj.

The figure Alammar's and Distill's explanations of attention are remembered for:
a line from each target token to each source word, as opaque and as wide as its
weight, in the colour of the source position. The same numbers as the heatmap,
drawn as links rather than cells.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import altair as alt

from ui.charts.spec import Rows, Spec, layered, rows_of
from ui.charts.template import family
from ui.palette import NEUTRAL, position_color
from ui.scrub import Channel, Scrub

FAINT = 0.08  # the opacity of a line of weight 0: drawn faint, never left out
FADED = 0.02  # the opacity of the other words' lines while a word is hovered
WIDEST = 5.0  # the stroke width of a line of weight 1, in pixels (weight 0: THINNEST)
THINNEST = 0.5
SPAN = 170  # the height between the two rows of words, in pixels
FONT_SIZE = 14  # the words' largest size; crowded, they shrink to SMALLEST
SMALLEST = 9
CHAR = 0.58  # a character's width in a word, as a share of its font size


def alignment_lines(
    rows: Rows,
    sources: Sequence[str],
    targets: Sequence[str],
    source_title: str,
    target_title: str,
    titles: Mapping[str, str],
    scrub: Scrub | None = None,
) -> Spec:
    """Weights alpha_tj as lines: source words along the top row, target tokens along the bottom row.

    Rows need 'target' and 'source' (unique labels, in the order of ``targets`` and
    ``sources``) and 'alpha' in [0, 1], one row a (target, source) pair. Each row is
    drawn as a line from its target token to its source word, its opacity and width
    growing with alpha_tj from faint and thin at 0 (never hidden) to solid at 1, in
    its source position's colour. Hovering a word lights its lines and fades the
    others; a line's tooltip names its two words and its weight (3 decimals), under
    the titles in ``titles`` ('target', 'source', 'alpha'), then any other field
    ``titles`` names (e.g. whether the pair is the true correspondence).
    ``source_title`` and ``target_title`` name the two rows at the left.

    Each row of words is spread over the chart's width. Where a row's words are too
    many for its width they stand upright and shrink; where even that leaves them
    less than SMALLEST + 1 pixels apart, every second word is written (each word
    keeps its dot, and every line its tooltip). With ``scrub`` (a slider whose value is an
    index) each row holds its weight at every index in a list under the scrub's
    field, and the chart draws the weights at the slider's index.
    """
    where_source = {s: (j + 0.5) / len(sources) for j, s in enumerate(sources)}
    where_target = {w: (i + 0.5) / len(targets) for i, w in enumerate(targets)}
    colour = {s: position_color(j) for j, s in enumerate(sources)}  # the heatmap's colour of each source position
    lines = [
        r | {"x_source": where_source[r["source"]], "x_target": where_target[r["target"]], COLOUR: colour[r["source"]]}
        for r in rows
    ]
    words = {
        "sources": [{"source": s, "j": j + 1, "x": where_source[s], COLOUR: colour[s]} for j, s in enumerate(sources)],
        "targets": [{"target": w, "t": i + 1, "x": where_target[w]} for i, w in enumerate(targets)],
    }
    names = tuple((k, titles.get(k, k)) for k in ("target", "source", "alpha")) + tuple(
        (k, title) for k, title in titles.items() if k not in ("target", "source", "alpha")
    )
    longest = {side: max((len(w) for w in row), default=1) for side, row in (("source", sources), ("target", targets))}
    # the words, their number and the room their longest take are the data's, the parameters' and the frame's, put
    # in late: one template for every sentence
    shape = (frame(longest["source"], longest["target"]), source_title, target_title, names)
    params = {f"{side}_flat": flat_width(n) for side, n in longest.items()} | {
        "source_count": len(sources),
        "target_count": len(targets),
    }
    channel = scrub.channel if scrub else None
    return _alignment_lines(*shape, channel).fill(params | (scrub.params() if scrub else {}), rows=lines, **words)


COLOUR = "colour"  # the field of a line's (and a source word's) colour, its source position's


def frame(longest_source: int, longest_target: int) -> tuple[float, float, int]:
    """The y scale's domain and the chart's height for rows whose longest words have these lengths: the lines span
    y = 0 to 1 (SPAN pixels) with room beyond each row for its words standing upright (:func:`room`). Three numbers
    that always differ (below 0, above 1, at least SPAN), so that they can be put in late."""
    below, above = room(longest_target), room(longest_source)
    return -below / SPAN, 1 + above / SPAN, SPAN + below + above


def room(longest: int) -> int:
    """The height a row of upright words takes, in pixels: its longest word at the largest size, and a gap."""
    return round(CHAR * FONT_SIZE * longest) + 12


def flat_width(longest: int) -> float:
    """The room along its row (pixels) from which a word stands flat: the longest word at the largest size."""
    return CHAR * FONT_SIZE * longest + 6


@family(late=("frame",))
def _alignment_lines(
    frame: tuple[float, float, int],
    source_title: str,
    target_title: str,
    names: tuple[tuple[str, str], ...],
    channel: Channel | None,
) -> alt.TopLevelMixin:
    x_scale = alt.Scale(domain=[0, 1], nice=False, zero=False)
    x = alt.X(field="x", type="quantitative", scale=x_scale, axis=None)
    rows_axis = alt.Axis(
        values=[0, 1],
        labelExpr=f"datum.value === 1 ? {json.dumps(source_title)} : {json.dumps(target_title)}",
        labelAngle=-90,
        labelAlign="center",
        labelBaseline="bottom",
        labelPadding=6,
        labelLimit=SPAN,  # a row's name stands along the chart's side: as long as the lines' span
        domain=False,
        ticks=False,
        grid=False,
        title=None,
    )
    # the rows of words at y = 1 and 0, with room beyond each for its words standing upright (see frame)
    y_min, y_max, height = frame
    y_scale = alt.Scale(domain=[y_min, y_max], nice=False, zero=False)
    lit, lit_target = _hovered("source"), _hovered("target")
    positions = alt.Color(field=COLOUR, type="nominal", scale=None, legend=None)  # each row's own colour
    weight = alt.Scale(domain=[0, 1], range=[FAINT, 1])
    lines = alt.Chart(rows_of()).mark_rule(strokeCap="round")
    if channel is not None:
        lines = lines.transform_calculate(alpha=channel.pick())
    lines = lines.encode(
        x=alt.X(field="x_source", type="quantitative", scale=x_scale, axis=None),
        x2=alt.X2(field="x_target", title=None),  # the axis of x is hidden: no title
        y=alt.Y(datum=1, type="quantitative", scale=y_scale, axis=rows_axis),
        y2=alt.Y2(datum=0),
        color=positions,
        opacity=alt.condition(
            lit & lit_target,
            alt.Opacity(field="alpha", type="quantitative", scale=weight, legend=None),
            alt.value(FADED),
        ),
        strokeWidth=alt.StrokeWidth(
            field="alpha", type="quantitative", scale=alt.Scale(domain=[0, 1], range=[THINNEST, WIDEST]), legend=None
        ),
        tooltip=[
            alt.Tooltip(field=k, type="quantitative", format=".3f", title=title)
            if k == "alpha"
            else alt.Tooltip(field=k, type="nominal", title=title)
            for k, title in names
        ],
    )
    words = (x, y_scale)
    source_words = _words("source", source_title, positions, lit, *words)
    target_words = _words("target", target_title, alt.value(NEUTRAL), lit_target, *words)
    # each row's number of words and its threshold for flat words, from its own longest (set when it is filled)
    params = [alt.param(name=f"{side}_{what}", value=1) for side in ("source", "target") for what in ("flat", "count")]
    return layered(
        lines, *source_words, *target_words, params=params, channel=channel, width="container", height=height
    )


def _hovered(field: str) -> alt.Parameter:
    """The word of one row (``field``: 'source' or 'target') the pointer is over, by its word or its dot; none when
    it is over neither (the lines carry both fields, so a pointer over a line or the other row selects nothing)."""
    over = ", ".join(f"@{field}_{part}_marks:pointerover" for part in ("dots", "words"))
    return alt.selection_point(name=f"hover_{field}", fields=[field], on=over, clear="pointerout")


def _words(
    field: str,
    title: str,
    colour: alt.Color | dict,
    hover: alt.Parameter,
    x: alt.X,
    y_scale: alt.Scale,
) -> list[alt.Chart]:
    """A row of words, the source words ('source', at y = 1, above their dots) or the target tokens ('target', at
    y = 0, below theirs): a dot of ``colour`` at each line's end, and the word beyond it, flat where the row has
    room, else upright, smaller, and every second word where it is crowded. Hovering a word selects it."""
    top = field == "source"
    side, at = ("sources", 1) if top else ("targets", 0)
    apart = f"(width / {field}_count)"  # the room each word has along the row, in pixels (the count a parameter)
    crowded = f"{apart} < {SMALLEST + 1}"
    size = f"clamp(({crowded} ? 2 : 1) * {apart} - 3, {SMALLEST}, {FONT_SIZE})"
    flat = f"{apart} >= {field}_flat"  # the parameter flat_width sets
    position = "j" if top else "t"
    y = alt.Y(datum=at, type="quantitative", scale=y_scale)
    tip = alt.Tooltip(field=field, type="nominal", title=title)
    dots = (
        alt.Chart(rows_of(side), name=f"{field}_dots")
        .mark_point(filled=True, size=30, opacity=1)
        .encode(x=x, y=y, color=colour, tooltip=tip)
    )
    label = (
        alt.Chart(rows_of(side), name=f"{field}_words")
        .mark_text(
            fontSize={"expr": size},
            fontWeight="bold" if top else "normal",
            angle={"expr": f"{flat} ? 0 : 270"},
            align={"expr": f"{flat} ? 'center' : '{'left' if top else 'right'}'"},
            baseline={"expr": f"{flat} ? '{'bottom' if top else 'top'}' : 'middle'"},
            yOffset=-8 if top else 8,
        )
        .encode(
            x=x,
            y=y,
            text=alt.Text(field=field, type="nominal"),
            opacity=alt.condition(f"{crowded} && datum.{position} % 2 === 0", alt.value(0), alt.value(1)),
            tooltip=tip,
        )
        .add_params(hover)
    )
    return [dots, label]
