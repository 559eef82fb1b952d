"""The take-home: the dialog that offers the handout, the worked example and the numbers of each chart on the page
now (the page's charts are listed as they are drawn: :func:`ui.sections.page_charts`) as files."""

from __future__ import annotations

import csv
import io
from urllib.parse import urlencode

import streamlit as st

from core import example
from ui import state, text
from ui.charts import Rows
from ui.handout import Figure, handout
from ui.sections import page_charts
from ui.text import t

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet read a cell as a formula (OWASP)


def cell(value: object) -> object:
    """A value as a CSV cell a spreadsheet shows as text: a text that starts like a formula gets a leading ``'``
    (OWASP's advice on CSV injection: a token ``=HYPERLINK(...)`` from a link is never run); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_csv(rows: Rows) -> str:
    """The rows as CSV, a header of their fields first; every text cell neutralised by :func:`cell`."""
    buffer = io.StringIO()
    if rows:
        fields = list(rows[0])
        writer = csv.writer(buffer)
        writer.writerow([cell(f) for f in fields])
        writer.writerows([cell(row.get(f, "")) for f in fields] for row in rows)
    return buffer.getvalue()


BUTTON = "numbers"  # the take-home button's widget key


def numbers_button() -> bool:
    """One button a screen, in the sidebar: the numbers of every chart, the worked example and a handout.

    Whether it was pressed; the dialog opens once the screen has drawn its charts (:func:`open_numbers`).
    """
    return st.button(t("chart.numbers"), key=BUTTON, icon=":material/download:", help=t("chart.numbers_help"))


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
