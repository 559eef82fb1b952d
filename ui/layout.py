"""Charts on the page: each with its caption, described for a screen reader, enlarged for a projector, kept for
the link's settings where it is built from them alone, and listed for the take-home (:mod:`ui.take_home`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

import streamlit as st

from ui import kept, present, state, text
from ui.charts import Rows, Spec
from ui.described import column_names, describe, spec_rows
from ui.format import reading_length
from ui.handout import Figure, LaterRows, plain_math, stacked
from ui.sections import keep_figure, keep_later
from ui.text import t

X = TypeVar("X")


def chart(spec: Spec, name: str, caption: str, rows: Rows | None = None, scrubbed: bool = False) -> None:
    """A chart and its caption; its numbers go to the screen's "numbers behind the charts" list.

    ``rows`` are the numbers behind the chart (by default the spec's first data
    values); they are written as CSV only when a reader asks for them. A screen
    reader gets the caption and the numbers as the chart's description; a chart
    a slider ``scrubbed`` (:mod:`ui.scrub`) is described by its caption only, the
    same whatever the slider shows, and each of its marks carries its own numbers
    (Vega-Lite writes them into the marks' ARIA labels), which follow the slider.
    """
    data = rows if rows is not None else spec_rows(spec)
    names = column_names(data, spec)
    presenting = present.on()
    kept.draw_spec(as_drawn(spec, caption, data, names, scrubbed, presenting))
    under_chart(name, caption, presenting)
    keep_figure(Figure(name, caption, spec, data, names))


def as_drawn(spec: Spec, caption: str, data: Rows, names: dict[str, str], scrubbed: bool, presenting: bool) -> Spec:
    """The spec as sent: described for a screen reader (see :func:`chart`), enlarged for a projector."""
    description = plain_math(caption) + " " + t("chart.scrubbed") if scrubbed else describe(caption, data, names)
    described = spec | {"description": description}
    return present.projected(described) if presenting else described


LONG_CAPTION = 60  # words: a longer caption is folded under its chart, opened on purpose


def under_chart(name: str, caption: str, presenting: bool) -> None:
    """A chart's caption; folded away on a projector, and where it is long (a screen reader gets it either way, as
    the chart's description). The fold names its chart (``figure.<name>``: every chart has a name a reader reads),
    so that two folds of a view are told apart."""
    label = t("present.caption", chart=t(f"figure.{name}"))  # a KeyError for a chart without one, wherever drawn
    if presenting or reading_length(caption) > LONG_CAPTION:
        with st.expander(label):
            st.caption(caption)
    else:
        st.caption(caption)


def kept_chart(
    name: str,
    caption: str,
    build: Callable[[], tuple[Spec, X]],
    rows: Callable[[X], Rows],
    *,
    scrubbed: bool = True,
    free: Iterable[str] = (),
    depends: Hashable = (),
) -> None:
    """:func:`chart` for a chart built from the link's settings and ``depends`` alone, kept for them
    (:mod:`ui.kept`): ``build`` returns the spec and what ``rows`` picks the chart's numbers from (its rows at
    every value of the slider, say); it runs only the first time these inputs are seen, in any session.

    ``free`` names the link's settings the chart does not depend on (``"s"`` for one that follows the state
    slider and shows every state: its numbers, picked by ``rows`` at the current state, are not kept).
    """
    presenting = present.on()

    def drawn() -> tuple[Spec, tuple[X, dict[str, str], Spec]]:
        spec, extra = build()
        data = rows(extra)
        names = column_names(data, spec)
        return as_drawn(spec, caption, data, names, scrubbed, presenting), (extra, names, spec)

    found = kept.kept(_kept_key(name, caption, free, depends), drawn)
    under_chart(name, caption, presenting)

    def figure() -> Figure:
        extra, names, spec = found.extra
        return Figure(name, caption, spec, LaterRows(lambda: rows(extra)), names)

    keep_later(name, figure)


def _kept_key(name: str, caption: str, free: Iterable[str], depends: Hashable) -> Hashable:
    """What a kept chart of this page is kept for: its name and caption, the language, the link's settings but
    ``free``, and ``depends``."""
    return (st.session_state.get("_page"), name, caption, text.language(), state.link_key(free), depends)


def panels(specs: list[Spec], name: str, caption: str, rows: Rows, side_by_side: bool = True) -> None:
    """Charts under one caption, their numbers listed as one.

    Side by side in columns, which stack on a narrow screen; else one under another.
    """
    places = st.columns(len(specs), gap="medium") if side_by_side else [st.container() for _ in specs]
    presenting = present.on()
    for place, spec in zip(places, specs, strict=True):
        with place:
            kept.draw_spec(_described_panel(spec, caption, presenting))
    under_chart(name, caption, presenting)
    keep_figure(Figure(name, caption, stacked(specs), rows, column_names(rows, *specs)))


def kept_panels(
    name: str,
    caption: str,
    build: Callable[[], tuple[list[Spec], Rows]],
    side_by_side: bool = True,
    depends: Hashable = (),
) -> None:
    """:func:`panels` for charts built from the link's settings and ``depends`` alone, kept for them (as
    :func:`kept_chart`): ``build`` returns the panels' specs and their numbers, and runs only the first time these
    inputs are seen, in any session."""
    presenting = present.on()

    def drawn() -> tuple[list[Spec], tuple[Rows, list[Spec]]]:
        specs, rows = build()
        shown = [_described_panel(spec, caption, presenting) for spec in specs]
        return shown, (rows, specs)

    found = kept.kept_all(_kept_key(name, caption, (), depends), drawn)
    messages = found.message
    places = st.columns(len(messages), gap="medium") if side_by_side else [st.container() for _ in messages]
    shown = list(found.spec) if kept.through_streamlit() else [None] * len(messages)
    for place, spec, message in zip(places, shown, messages, strict=True):
        with place:
            if spec is not None:
                st.vega_lite_chart(spec, width="stretch")
            else:
                kept.draw(message)
    under_chart(name, caption, presenting)

    def figure() -> Figure:
        rows, specs = found.extra
        return Figure(name, caption, stacked(specs), rows, column_names(rows, *specs))

    keep_later(name, figure)


def _described_panel(spec: Spec, caption: str, presenting: bool) -> Spec:
    """A panel as sent: described by its title, the panels' caption and its own numbers; enlarged for a projector."""
    drawn = spec_rows(spec)
    description = describe(f"{spec.get('title', '')}. {caption}", drawn, column_names(drawn, spec))
    shown = spec | {"description": description}
    return present.projected(shown, fills=False) if presenting else shown
