"""Screen 2: compare, normalise, read (article section 4)."""

import numpy as np
import streamlit as st

from core.reading import attend, hard_read, identical_sources, normalised, raw_weighted_sum, read_with
from ui import charts, layout, links, state, widgets
from ui.charts import Rows, Spec
from ui.format import latex_weighted_sum, num, plain, position_rows, source_rows
from ui.palette import position_labels
from ui.state import Model
from ui.text import t


def named(rows: Rows, **names: str) -> Rows:
    """``rows`` with fields renamed for the reader: a chart's numbers as its description and CSV give them."""
    return [{names.get(k, k): v for k, v in row.items()} for row in rows]


def position_bars(
    tokens: tuple[str, ...], field: str, values: np.ndarray, title: str, domain: tuple[float, float] | None = None
) -> tuple[Spec, Rows]:
    """One bar a source position (``values`` as ``field`` in the chart's data), and its numbers named for the reader."""
    rows = position_rows(tokens, **{field: values})
    spec = charts.bars_by_position(rows, field, title, tokens, domain=domain, position_title=t("rev.position"))
    return spec, named(rows, position=t("rev.position"), **{field: title})


def plane(tokens: tuple[str, ...], H: np.ndarray, points: Rows, height: int = 360) -> Spec:
    """The sources and the context points (rows 'label', 'c1', 'c2') in the plane, titled in the reader's language."""
    titles = {"h1": t("rev.coordinate", i=1), "h2": t("rev.coordinate", i=2)}
    titles |= {"position": t("rev.position"), "label": t("rev.point")}
    return charts.source_plane(source_rows(tokens, H), tokens, points=points, height=height, titles=titles)


def hand_weights(tokens: tuple[str, ...]) -> np.ndarray | None:
    """Weights the reader sets, one slider a position, normalised to sum to one; None if all are zero."""
    labels = position_labels(tokens)
    stored = state.get(links.SAME_HAND)
    cols = st.columns(min(len(labels), 4))
    raw = []
    for j, label in enumerate(labels):
        key = links.HAND_WIDGET.format(j=j)
        state.seed(key, stored[j] if j < len(stored) else 1.0)
        raw.append(cols[j % len(cols)].slider(t("rev.same_slider", token=label), 0.0, 1.0, step=0.05, key=key))
    state.put(links.SAME_HAND, () if all(w == 1.0 for w in raw) else tuple(raw))
    try:
        return normalised(raw)
    except ValueError:
        st.warning(t("rev.same_zero"), icon=":material/warning:")
        return None


def identical_sources_panel(m: Model, weights: np.ndarray) -> None:
    """Read T copies of h_1 with weights from the real sources at s, or set by hand: the context stays put."""
    st.markdown(t("rev.same_text", h1=num(m.H[0, 0], 2), h2=num(m.H[0, 1], 2)))
    origin = widgets.bound(
        links.SAME_FROM,
        st.radio,
        t("rev.same_from"),
        links.SAME_FROMS,
        horizontal=True,
        format_func=lambda k: t(f"rev.same_from.{k}"),
    ).value
    if origin == "hand":
        weights = hand_weights(m.tokens)
        if weights is None:
            return
    same = identical_sources(m.H)
    on_real, on_same = read_with(m.H, weights), read_with(same, weights)
    left, right = st.columns(2, gap="large")
    with left:
        spec, rows = position_bars(m.tokens, "weight", weights, t("weight"), domain=(0, 1))
        layout.chart(spec, "identical_sources_weights", t("rev.same_caption"), rows=rows)
    with right:
        points = [
            {"label": t(f"rev.same_point.{name}"), "c1": float(c[0]), "c2": float(c[1])}
            for name, c in (("real", on_real.context), ("same", on_same.context))
        ]
        layout.chart(
            plane(m.tokens, m.H, points, height=300),
            "identical_sources_plane",
            t("rev.same_plane_caption"),
            rows=named(points, label=t("rev.point")),
        )
    at_a, at_b = read_with(same, attend(m.H, [[-1.0], [1.0]], m.params).weights).context
    st.markdown(
        t(
            "rev.same_contexts",
            weights=", ".join(num(w, 3) for w in weights),
            r1=num(on_real.context[0]),
            r2=num(on_real.context[1]),
            c1=num(on_same.context[0]),
            c2=num(on_same.context[1]),
            a1=num(at_a[0]),
            a2=num(at_a[1]),
            b1=num(at_b[0]),
            b2=num(at_b[1]),
        )
    )


st.title(t("nav.revisitable"))
st.markdown(t("rev.lead"))
st.latex(
    r"\begin{aligned}"
    r"e_{tj} &= a_\varphi(s_{t-1}, h_j) && "
    rf"\text{{{t('rev.eq_compare')}}} \\"
    r"\alpha_{tj} &= \frac{\exp(e_{tj})}{\sum_{k=1}^{T}\exp(e_{tk})} && "
    rf"\text{{{t('rev.eq_normalise')}}} \\"
    r"c_t &= \textstyle\sum_{j=1}^{T} \alpha_{tj}\, h_j && "
    rf"\text{{{t('rev.eq_read')}}}"
    r"\end{aligned}"
)
m = widgets.state_slider(state.model())
stages = st.container()  # drawn here, just below the slider that drives them; filled once the sources are read
plane_col, edit_col = st.columns([3, 2], gap="large")
with edit_col:
    st.markdown(f"**{t('rev.edit')}**", help=t("rev.edit_help"))
    m = widgets.sources_editor(m)
r = attend(m.H, [m.s], m.params)
with stages:
    compare, normalise, read_ = st.columns(3, gap="medium")
with compare:
    st.subheader(t("rev.compare"))
    spec, rows = position_bars(m.tokens, "score", r.scores, t("score"))
    layout.chart(spec, "scores", t("rev.scores_caption"), rows=rows)
with normalise:
    st.subheader(t("rev.normalise"))
    spec, rows = position_bars(m.tokens, "weight", r.weights, t("weight"), domain=(0, 1))
    layout.chart(spec, "weights", t("rev.weights_caption"), rows=rows)
    st.markdown(t("rev.sum", total=num(r.weights.sum(), 4)))
with read_:
    st.subheader(t("rev.read"))
    st.latex(latex_weighted_sum(r.weights, r.context))
    st.caption(t("rev.read_caption"))
with plane_col:
    st.subheader(t("rev.plane"))
    point = [{"label": f"c (s = {m.s:g})", "c1": float(r.context[0]), "c2": float(r.context[1])}]
    layout.chart(
        plane(m.tokens, m.H, point),
        "sources_and_context",
        t("rev.plane_caption"),
        rows=named(source_rows(m.tokens, m.H) + point, position=t("rev.position"), label=t("rev.point")),
    )

st.subheader(t("rev.panels"))
panels = widgets.bound_tabs(links.REV_TAB, links.REV_TABS, lambda name: t(f"rev.tab_{name}"))
raw_tab, hard_tab, vocab_tab, same_tab = panels
with raw_tab:
    st.markdown(t("rev.raw_text"))
    raw = raw_weighted_sum(m.H, r.scores)
    left, right = st.columns(2, gap="large")
    with left:
        spec, rows = position_bars(m.tokens, "raw_weight", raw.weights, t("rev.tab_raw"))
        layout.chart(spec, "raw_weights", t("rev.raw_caption"), rows=rows)
        st.markdown(
            t(
                "rev.raw_total",
                total=num(raw.weights.sum(), 4),
                c1=num(raw.context[0], 4),
                c2=num(raw.context[1], 4),
            )
        )
    with right:
        points = [
            {"label": t("rev.soft"), "c1": float(r.context[0]), "c2": float(r.context[1])},
            {"label": t("rev.raw"), "c1": float(raw.context[0]), "c2": float(raw.context[1])},
        ]
        layout.chart(
            plane(m.tokens, m.H, points, height=300),
            "raw_read_plane",
            t("rev.plane_raw_caption"),
            rows=named(points, label=t("rev.point")),
        )
with hard_tab:
    st.markdown(t("rev.hard_text"))
    hard = hard_read(m.H, r.scores)
    winner = int(np.argmax(hard.weights))
    spec, rows = position_bars(m.tokens, "hard_weight", hard.weights, t("weight"), domain=(0, 1))
    layout.chart(spec, "hard_weights", t("rev.hard_caption"), rows=rows)
    st.markdown(
        t(
            "rev.hard_read",
            token=plain(m.tokens[winner]),
            c1=num(hard.context[0], 4),
            c2=num(hard.context[1], 4),
            s1=num(r.context[0], 4),
            s2=num(r.context[1], 4),
        )
    )
with vocab_tab:
    st.markdown(t("rev.vocab_text"))
    st.markdown(t("rev.vocab_numbers", wsum=num(r.weights.sum(), 4), T=len(m.tokens), csum=num(r.context.sum(), 4)))
with same_tab:
    identical_sources_panel(m, r.weights)
