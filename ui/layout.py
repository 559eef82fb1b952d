"""Charts with their captions and numbers, the take-home dialog, and errors about what a reader entered."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar
from urllib.parse import urlencode

import streamlit as st

from core import example
from ui import kept, present, state, text
from ui.charts import Rows, Spec
from ui.charts.spec import field_titles
from ui.format import plain
from ui.handout import Figure, LaterRows, handout, plain_math, stacked
from ui.text import t

CHARTS = "_charts"  # the charts drawn since the last whole run: name -> Figure (caption, spec, rows)
DRAWN_IN = "_charts_drawn_in"  # those on the page now: name -> the keys of the sections that drew it, outermost first
X = TypeVar("X")


def keep_figure(figure: Figure) -> None:
    """List a chart among the page's (for its numbers and the handout), with the sections that drew it."""
    from ui import sections

    st.session_state.setdefault(CHARTS, {})[figure.name] = figure
    st.session_state.setdefault(DRAWN_IN, {})[figure.name] = sections.running()


def forget_charts_of(key: str) -> None:
    """A section reruns alone: the charts it, or a section inside it, drew are off the page's list until they are
    drawn again, in their place (a closed tab's chart is no longer on the page)."""
    drawn_in = st.session_state.get(DRAWN_IN, {})
    for name in [name for name, keys in drawn_in.items() if key in keys]:
        del drawn_in[name]


def page_charts(session: Mapping | None = None) -> list[Figure]:
    """The charts on the page now, in the order the page first drew them (of ``session``'s state: this run's)."""
    session = st.session_state if session is None else session
    drawn_in = session[DRAWN_IN] if DRAWN_IN in session else {}
    charts = session[CHARTS] if CHARTS in session else {}
    return [figure for name, figure in charts.items() if name in drawn_in]


def to_csv(rows: Rows) -> str:
    buffer = io.StringIO()
    if rows:
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return buffer.getvalue()


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
    st.vega_lite_chart(as_drawn(spec, caption, data, names, scrubbed, presenting), width="stretch")
    under_chart(caption, presenting)
    keep_figure(Figure(name, caption, spec, data, names))


def as_drawn(spec: Spec, caption: str, data: Rows, names: dict[str, str], scrubbed: bool, presenting: bool) -> Spec:
    """The spec as sent: described for a screen reader (see :func:`chart`), enlarged for a projector."""
    description = plain_math(caption) + " " + t("chart.scrubbed") if scrubbed else describe(caption, data, names)
    described = spec | {"description": description}
    return present.projected(described) if presenting else described


def under_chart(caption: str, presenting: bool) -> None:
    """A chart's caption; for a projector folded away."""
    if presenting:
        with st.expander(t("present.caption")):
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
    extra, names, spec = found.extra
    under_chart(caption, presenting)
    keep_figure(Figure(name, caption, spec, LaterRows(lambda: rows(extra)), names))


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
            st.vega_lite_chart(_described_panel(spec, caption, presenting), width="stretch")
    under_chart(caption, presenting)
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

    shown, messages, (rows, specs) = kept.kept_all(_kept_key(name, caption, (), depends), drawn)
    places = st.columns(len(shown), gap="medium") if side_by_side else [st.container() for _ in shown]
    for place, spec, message in zip(places, shown, messages, strict=True):
        with place:
            if kept.through_streamlit():
                st.vega_lite_chart(spec, width="stretch")
            else:
                kept.draw(message)
    under_chart(caption, presenting)
    keep_figure(Figure(name, caption, stacked(specs), rows, column_names(rows, *specs)))


def _described_panel(spec: Spec, caption: str, presenting: bool) -> Spec:
    """A panel as sent: described by its title, the panels' caption and its own numbers; enlarged for a projector."""
    drawn = spec_rows(spec)
    description = describe(f"{spec.get('title', '')}. {caption}", drawn, column_names(drawn, spec))
    shown = spec | {"description": description}
    return present.projected(shown) if presenting else shown


def column_names(rows: Rows, *specs: Spec) -> dict[str, str]:
    """Each column of the rows named as the reader reads it: the chart's title for the field, else the field's
    own title in the reader's language (see :func:`ui.text.field_title`); two columns never take one name."""
    titles: dict[str, str] = {}
    for spec in specs:
        titles = field_titles(spec) | titles
    keys = list(dict.fromkeys(k for row in rows for k in row))
    names = {k: titles.get(k) or text.field_title(k) for k in keys}
    taken = [names[k] for k in keys]
    return {k: name if taken.count(name) == 1 else k for k, name in names.items()}


def spec_rows(spec: Spec) -> Rows:
    return (spec.get("data") or spec["layer"][0]["data"])["values"]


def describe(caption: str, rows: Rows, names: Mapping[str, str] | None = None, limit: int = 1500) -> str:
    """A chart's text alternative: its caption, then its numbers row by row, each column under its name in
    ``names`` (cut at ``limit`` characters: rows past it are not written out at all)."""

    def cell(v: object) -> str:
        return f"{v:.4g}" if isinstance(v, float) else str(v)

    names = names or {}
    plain = plain_math(caption)  # a screen reader reads αⱼ(s), not alpha_j(s)
    said = plain + " " + t("chart.description", n=len(rows)) + " "
    lines: list[str] = []
    for row in rows:
        if len(said) + sum(len(line) + 2 for line in lines) > limit:
            break
        lines.append("; ".join(f"{names.get(k, k)} {cell(v)}" for k, v in row.items()))
    said += ". ".join(lines)
    return said if len(said) <= limit else said[: limit - 1] + "…"


def numbers_button() -> bool:
    """One button a screen, in the sidebar: the numbers of every chart, the worked example and a handout.

    Whether it was pressed; the dialog opens once the screen has drawn its charts (:func:`open_numbers`).
    """
    return st.button(t("chart.numbers"), key="numbers", icon=":material/download:", help=t("chart.numbers_help"))


def open_numbers() -> None:
    """The take-home dialog of this view: the charts the screen drew in this run."""
    figures = page_charts()
    title = t(st.session_state.get("_page", "nav.home"))
    st.dialog(t("chart.numbers_title"), width="large")(take_home)(title, figures, state.model(), page_link())


def page_link() -> str:
    """The address of this view as the reader's address bar shows it (empty where the browser sent none)."""
    base = st.context.url or ""
    query = urlencode(st.query_params.to_dict())
    return f"{base}?{query}" if base and query else base


def take_home(title: str, figures: list[Figure], m: state.Model, link: str) -> None:
    """The dialog's body: the handout, the worked example, then each chart's numbers as CSV.

    Every file is written only when the reader asks for it.
    """
    code = text.language()  # the file is written when asked for, perhaps outside this run's thread

    def sheet() -> str:
        with text.speaking(code):
            return handout_of(title, figures, m, link)

    st.download_button(
        t("export.handout"),
        sheet,
        file_name=f"{slug(title)}-handout.html",
        mime="text/html",
        key="export_handout",
        icon=":material/description:",
        on_click="ignore",
    )
    st.caption(t("export.handout_help"))
    left, right = st.columns(2)
    left.download_button(
        t("export.example_json"),
        lambda: example.as_json(example.report()) + "\n",
        file_name="worked-example.json",
        mime="application/json",
        key="export_json",
        icon=":material/data_object:",
        on_click="ignore",
    )
    right.download_button(
        t("export.example_csv"),
        lambda: example.as_csv(example.report()),
        file_name="worked-example.csv",
        mime="text/csv",
        key="export_csv",
        icon=":material/table:",
        on_click="ignore",
    )
    st.caption(t("export.example_help"))
    if figures:
        st.markdown(f"**{t('export.charts')}**")
    for k, fig in enumerate(figures, start=1):
        st.download_button(
            t("export.chart_csv", k=k),
            lambda fig=fig: to_csv(fig.named_rows()),
            help=fig.caption,
            file_name=f"{fig.name}.csv",
            mime="text/csv",
            key=f"csv_{fig.name}",
            icon=":material/download:",
            on_click="ignore",
        )
        st.caption(fig.caption)


def slug(title: str) -> str:
    kept = "".join(c if c.isalnum() else "-" for c in title.lower())
    return "-".join(part for part in kept.split("-") if part) or "view"


def handout_of(title: str, figures: list[Figure], m: state.Model, link: str) -> str:
    """The handout of this view: the state, the equations, every chart with its numbers."""
    sources = [
        {t("widget.token"): tok} | {t("handout.coordinate", i=i + 1): float(x) for i, x in enumerate(h)}
        for tok, h in zip(m.tokens, m.H, strict=True)
    ]
    p = m.params
    scorer = [
        {t("handout.unit"): i + 1}
        | {f"W ({t('handout.column', i=k + 1)})": float(w) for k, w in enumerate(p.W[i])}
        | {"U": float(p.U[i, 0]), "v": float(p.v[i]), "b": float(p.b[i])}
        for i in range(p.d_a)
    ]
    equations = [
        t("handout.eq_score"),
        t("handout.eq_weights"),
        t("handout.eq_context"),
        t("handout.eq_state", s=f"{m.s:g}"),
    ]
    return handout(title, link, sources, scorer, equations, figures)


def field_error(field: str, problem: str) -> None:
    """The problem with what the reader entered in ``field``, shown as text (it may repeat what they typed)."""
    st.error(plain(t("field.error", field=field, problem=problem)), icon=":material/error:")
