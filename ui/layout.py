"""What every screen draws around its own content: page set-up, sidebar, notices, chart frames."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import streamlit as st

from ui import state
from ui.charts import Rows, Spec
from ui.text import t

CHARTS = "_charts"  # the charts drawn in this run: name -> (caption, rows)
ICON = str(Path(__file__).resolve().parents[1] / "assets" / "icon.png")
PAGES = (
    ("app.py", "nav.home", ":material/home:"),
    ("pages/1_fixed_summary.py", "nav.fixed_summary", ":material/inventory_2:"),
    ("pages/2_revisitable_source.py", "nav.revisitable", ":material/replay:"),
    ("pages/3_scoring.py", "nav.scoring", ":material/calculate:"),
    ("pages/4_state_sweep.py", "nav.sweep", ":material/tune:"),
    ("pages/5_learning.py", "nav.learning", ":material/school:"),
    ("pages/6_translator.py", "nav.translator", ":material/translate:"),
)
# Once a run, before the screen draws. Captions are the text colour at 80 % (Streamlit's 60 % reads at 3.9:1
# on white, below WCAG's 4.5:1), in either theme. Display equations break after a relation or an operator
# where a line is too narrow, and are set a little smaller in a column (KaTeX keeps them on one line and
# scrolls, and a scroll box out of reach of the keyboard fails WCAG 2.1.1).
STYLE = """
[data-testid="stCaptionContainer"] { color: inherit; opacity: 0.8; }
.katex-display { padding: 0 3px; }  /* room for the 2 px KaTeX sets past a sub- or superscript */
.katex-display > .katex { white-space: normal; }
[data-testid="stColumn"] .katex-display > .katex { font-size: 1.1em; }
"""


@contextmanager
def page(title_key: str) -> Iterator[None]:
    """Set up a screen, run its body, then show URL notices and write the URL.

    Use as ``with layout.page("nav.scoring"): ...``; a notice about the link is
    shown at the top of the page whatever the body read.
    """
    st.set_page_config(page_title=t(title_key) + " · " + t("app.title"), page_icon=ICON, layout="wide")
    if st.session_state.get("_page") != title_key:
        # A new visit to this screen: widgets are seeded afresh from the shared values
        # (a widget state left over from another screen is not carried to this one).
        forget_widgets()
        st.session_state["_page"] = title_key
    st.html(f"<style>{STYLE}</style>")
    notice_box = st.container()
    _sidebar()
    st.session_state[CHARTS] = {}
    yield
    for message in state.notices():
        notice_box.warning(message, icon=":material/warning:")
    state.sync_url()
    m = state.model()
    st.sidebar.caption(t("nav.current", s=f"{m.s:g}", T=len(m.tokens), d_a=m.params.d_a) + "\n\n" + t("nav.share"))
    numbers_button()


def _sidebar() -> None:
    with st.sidebar:
        for path, key, icon in PAGES:
            st.page_link(path, label=t(key), icon=icon)
        if st.button(t("nav.reset"), help=t("nav.reset_help"), key="nav_reset"):
            state.reset_model()
            forget_widgets()


def forget_widgets() -> None:
    """Drop the widgets seeded from the shared values (keys ``w_…``) so they are seeded again."""
    for key in [k for k in st.session_state if str(k).startswith("w_")]:
        del st.session_state[key]


def to_csv(rows: Rows) -> str:
    buffer = io.StringIO()
    if rows:
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return buffer.getvalue()


def chart(spec: Spec, name: str, caption: str, rows: Rows | None = None) -> None:
    """A chart and its caption; its numbers go to the screen's "numbers behind the charts" list.

    ``rows`` are the numbers behind the chart (by default the spec's first data
    values); they are written as CSV only when a reader asks for them. A screen
    reader gets the caption and the numbers as the chart's description.
    """
    data = rows if rows is not None else spec_rows(spec)
    st.vega_lite_chart(spec | {"description": describe(caption, data)}, width="stretch")
    st.caption(caption)
    st.session_state.setdefault(CHARTS, {})[name] = (caption, data)


def panels(specs: list[Spec], name: str, caption: str, rows: Rows, side_by_side: bool = True) -> None:
    """Charts under one caption, their numbers listed as one.

    Side by side in columns, which stack on a narrow screen; else one under another.
    """
    places = st.columns(len(specs), gap="medium") if side_by_side else [st.container() for _ in specs]
    for place, spec in zip(places, specs, strict=True):
        with place:
            description = describe(f"{spec.get('title', '')}. {caption}", spec_rows(spec))
            st.vega_lite_chart(spec | {"description": description}, width="stretch")
    st.caption(caption)
    st.session_state.setdefault(CHARTS, {})[name] = (caption, rows)


def spec_rows(spec: Spec) -> Rows:
    return (spec.get("data") or spec["layer"][0]["data"])["values"]


def describe(caption: str, rows: Rows, limit: int = 1500) -> str:
    """A chart's text alternative: its caption, then its numbers row by row (cut at ``limit`` characters)."""

    def cell(v: object) -> str:
        return f"{v:.4g}" if isinstance(v, float) else str(v)

    plain = caption.replace("$", "").replace("\\", "")
    lines = ["; ".join(f"{k} {cell(v)}" for k, v in row.items()) for row in rows]
    text = plain + " " + t("chart.description", n=len(rows)) + " " + ". ".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def numbers_button() -> None:
    """One button a screen, in the sidebar, for the CSV of every chart drawn in this run."""
    drawn = st.session_state.get(CHARTS) or {}
    if drawn and st.sidebar.button(
        t("chart.numbers"), key="numbers", icon=":material/download:", help=t("chart.numbers_help")
    ):
        st.dialog(t("chart.numbers_title"), width="large")(numbers_list)(dict(drawn))


def numbers_list(drawn: dict[str, tuple[str, Rows]]) -> None:
    """Each chart's numbers as a CSV file, named after the chart, with its caption (the dialog's body)."""
    for name, (caption, rows) in drawn.items():
        st.download_button(
            f"{name}.csv",
            lambda rows=rows: to_csv(rows),  # written only when the reader asks for it
            file_name=f"{name}.csv",
            mime="text/csv",
            key=f"csv_{name}",
            icon=":material/download:",
            on_click="ignore",
        )
        st.caption(caption)


def field_error(field: str, problem: str) -> None:
    st.error(t("field.error", field=field, problem=problem), icon=":material/error:")
