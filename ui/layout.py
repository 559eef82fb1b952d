"""What every screen draws around its own content: page set-up, sidebar, notices, chart frames."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

import streamlit as st

from core import example
from ui import links, present, state, text
from ui.charts import Rows, Spec
from ui.charts.spec import field_titles
from ui.format import plain
from ui.handout import Figure, handout, plain_math, stacked
from ui.text import t

CHARTS = "_charts"  # the charts drawn in this run: name -> Figure (caption, spec, rows)
ICON = str(Path(__file__).resolve().parents[1] / "assets" / "icon.png")
PAGES = (
    ("app.py", "nav.home", ":material/home:"),
    ("pages/1_fixed_summary.py", "nav.fixed_summary", ":material/inventory_2:"),
    ("pages/2_revisitable_source.py", "nav.revisitable", ":material/replay:"),
    ("pages/3_scoring.py", "nav.scoring", ":material/calculate:"),
    ("pages/4_state_sweep.py", "nav.sweep", ":material/tune:"),
    ("pages/5_learning.py", "nav.learning", ":material/school:"),
    ("pages/6_translator.py", "nav.translator", ":material/translate:"),
    ("pages/7_limits.py", "nav.limits", ":material/block:"),
    ("pages/8_self_attention.py", "nav.self_attention", ":material/hub:"),
)
# Once a run, before the screen draws, in one style element with presenter mode's (present.CSS): the browser
# draws an element once its component's script has loaded, so two style elements could take effect apart (a
# moment of presenter-size type with Streamlit's captions). Captions are the text colour at 80 % (Streamlit's
# 60 % reads at 3.9:1 on white, below WCAG's 4.5:1), in either theme. Display equations break after a relation
# or an operator where a line is too narrow, and are set a little smaller in a column (KaTeX keeps them on one
# line and scrolls, and a scroll box out of reach of the keyboard fails WCAG 2.1.1).
STYLE = """
[data-testid="stCaptionContainer"] { color: inherit; opacity: 0.8; }
[data-testid="stMarkdownContainer"] blockquote { opacity: 0.8; }  /* Streamlit sets 0.6: 3.9:1, below 4.5:1 */
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
    speak_the_readers_language()
    presenting = present.on()
    st.set_page_config(
        page_title=t(title_key) + " · " + t("app.title"),
        page_icon=ICON,
        layout="wide",
        initial_sidebar_state="collapsed" if presenting else "auto",
    )
    st.html(f"<style>{STYLE}{present.CSS if presenting else ''}</style>")  # our own constant style, no reader text
    if st.session_state.get("_page") != title_key:
        # A new visit to this screen: widgets are seeded afresh from the shared values
        # (a widget state left over from another screen is not carried to this one).
        forget_widgets()
        st.session_state["_page"] = title_key
    # The page's declared language, for screen readers' voices and the browser's offer to translate;
    # the code is one of LANGUAGES' keys, never the link's text.
    declared = f"<script>document.documentElement.lang = {json.dumps(text.language())};</script>"
    st.html(declared, unsafe_allow_javascript=True)
    notice_box = st.container()
    _sidebar()
    st.session_state[CHARTS] = {}
    yield
    for message in state.notices():
        notice_box.warning(plain(message), icon=":material/warning:")  # it may repeat what the link says
    state.sync_url()
    m = state.model()
    st.sidebar.caption(t("nav.current", s=f"{m.s:g}", T=len(m.tokens), d_a=m.params.d_a) + "\n\n" + t("nav.share"))
    if not presenting:
        numbers_button()


SPOKEN = "spoken"  # the language this session's widgets were last drawn in


def speak_the_readers_language() -> None:
    """Set this run's language from the link, or from the switch the reader just moved."""
    chosen = st.session_state.get(links.LANG.widget_key)
    if chosen in text.available_languages():
        state.put(links.LANG, chosen)
    code = state.get(links.LANG)
    text.use(code)
    if links.LANG.widget_key in st.session_state and chosen != code:
        st.session_state[links.LANG.widget_key] = code  # the switch shows the language the link chose
    if st.session_state.get(SPOKEN, code) != code:
        forget_widgets()  # seeded again: the example's sentences in the new reading, tabs and options relabelled
    st.session_state[SPOKEN] = code


def _sidebar() -> None:
    with st.sidebar:
        if len(text.available_languages()) > 1:
            state.seed(links.LANG.widget_key, text.language())
            st.radio(  # a radio: a segmented control writes the chosen language in the accent colour, below 4.5:1
                t("nav.language"),
                options=text.available_languages(),
                format_func=text.LANGUAGES.get,
                key=links.LANG.widget_key,
                horizontal=True,
                label_visibility="collapsed",
            )
        for path, key, icon in PAGES:
            st.page_link(path, label=t(key), icon=icon)
        if st.button(t("nav.reset"), help=t("nav.reset_help"), key="nav_reset"):
            state.reset_model()
            forget_widgets()
        present.toggle()


def forget_widgets() -> None:
    """Drop the widgets seeded from the shared values (keys ``w_…``) so they are seeded again; the language stays."""
    for key in [k for k in st.session_state if str(k).startswith("w_") and k != links.LANG.widget_key]:
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
    names = column_names(data, spec)
    described = spec | {"description": describe(caption, data, names)}
    if present.on():  # for a projector: larger type, the caption folded away
        st.vega_lite_chart(present.projected(described), width="stretch")
        with st.expander(t("present.caption")):
            st.caption(caption)
    else:
        st.vega_lite_chart(described, width="stretch")
        st.caption(caption)
    st.session_state.setdefault(CHARTS, {})[name] = Figure(name, caption, spec, data, names)


def panels(specs: list[Spec], name: str, caption: str, rows: Rows, side_by_side: bool = True) -> None:
    """Charts under one caption, their numbers listed as one.

    Side by side in columns, which stack on a narrow screen; else one under another.
    """
    places = st.columns(len(specs), gap="medium") if side_by_side else [st.container() for _ in specs]
    presenting = present.on()
    for place, spec in zip(places, specs, strict=True):
        with place:
            drawn = spec_rows(spec)
            description = describe(f"{spec.get('title', '')}. {caption}", drawn, column_names(drawn, spec))
            shown = spec | {"description": description}
            st.vega_lite_chart(present.projected(shown) if presenting else shown, width="stretch")
    if presenting:
        with st.expander(t("present.caption")):
            st.caption(caption)
    else:
        st.caption(caption)
    figure = Figure(name, caption, stacked(specs), rows, column_names(rows, *specs))
    st.session_state.setdefault(CHARTS, {})[name] = figure


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


def numbers_button() -> None:
    """One button a screen, in the sidebar: the numbers of every chart, the worked example and a handout."""
    if st.sidebar.button(t("chart.numbers"), key="numbers", icon=":material/download:", help=t("chart.numbers_help")):
        figures = list((st.session_state.get(CHARTS) or {}).values())
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
