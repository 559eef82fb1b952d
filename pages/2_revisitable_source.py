"""Screen 2: compare, normalise, read (article section 4)."""

import numpy as np
import streamlit as st

from core.reading import attend, hard_read, raw_weighted_sum
from ui import charts, layout, links, state, widgets
from ui.format import latex_weighted_sum, num, plain, position_rows, source_rows
from ui.text import t

with layout.page("nav.revisitable"):
    st.title(t("nav.revisitable"))
    st.markdown(t("rev.lead"))
    st.latex(
        r"e_{tj} = a_\varphi(s_{t-1}, h_j) \;\longrightarrow\; "
        r"\alpha_{tj} = \frac{\exp(e_{tj})}{\sum_{k=1}^{T}\exp(e_{tk})} \;\longrightarrow\; "
        r"c_t = \sum_{j=1}^{T} \alpha_{tj}\, h_j"
    )
    m = widgets.state_slider(state.model())
    plane_col, edit_col = st.columns([3, 2], gap="large")
    with edit_col:
        st.markdown(f"**{t('rev.edit')}**", help=t("rev.edit_help"))
        m = widgets.sources_editor(m)
    r = attend(m.H, [m.s], m.params)
    compare, normalise, read_ = st.columns(3, gap="medium")
    with compare:
        st.subheader(t("rev.compare"))
        rows = position_rows(m.tokens, score=r.scores)
        layout.chart(charts.bars_by_position(rows, "score", t("score"), m.tokens), "scores", t("rev.scores_caption"))
    with normalise:
        st.subheader(t("rev.normalise"))
        rows = position_rows(m.tokens, weight=r.weights)
        layout.chart(
            charts.bars_by_position(rows, "weight", t("weight"), m.tokens, domain=(0, 1)),
            "weights",
            t("rev.weights_caption"),
        )
        st.markdown(t("rev.sum", total=num(r.weights.sum(), 4)))
    with read_:
        st.subheader(t("rev.read"))
        st.latex(latex_weighted_sum(r.weights, r.context))
        st.caption(t("rev.read_caption"))
    with plane_col:
        st.subheader(t("rev.plane"))
        point = [{"label": f"c (s = {m.s:g})", "c1": float(r.context[0]), "c2": float(r.context[1])}]
        layout.chart(
            charts.source_plane(source_rows(m.tokens, m.H), m.tokens, points=point),
            "sources_and_context",
            t("rev.plane_caption"),
            rows=source_rows(m.tokens, m.H) + point,
        )

    st.subheader(t("rev.panels"))
    panels = widgets.bound_tabs(links.REV_TAB, links.REV_TABS, lambda name: t(f"rev.tab_{name}"))
    raw_tab, hard_tab, vocab_tab, same_tab = panels
    with raw_tab:
        st.markdown(t("rev.raw_text"))
        raw = raw_weighted_sum(m.H, r.scores)
        left, right = st.columns(2, gap="large")
        with left:
            layout.chart(
                charts.bars_by_position(
                    position_rows(m.tokens, raw_weight=raw.weights), "raw_weight", t("rev.tab_raw"), m.tokens
                ),
                "raw_weights",
                t("rev.raw_caption"),
            )
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
                charts.source_plane(source_rows(m.tokens, m.H), m.tokens, points=points, height=300),
                "raw_read_plane",
                t("rev.plane_raw_caption"),
                rows=points,
            )
    with hard_tab:
        st.markdown(t("rev.hard_text"))
        hard = hard_read(m.H, r.scores)
        winner = int(np.argmax(hard.weights))
        layout.chart(
            charts.bars_by_position(
                position_rows(m.tokens, hard_weight=hard.weights), "hard_weight", t("weight"), m.tokens, domain=(0, 1)
            ),
            "hard_weights",
            t("rev.hard_caption"),
        )
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
        st.markdown(t("rev.same_text"))
        same = np.repeat(m.H[:1], len(m.tokens), axis=0)
        now = attend(same, [m.s], m.params)
        at_a, at_b = attend(same, [[-1.0], [1.0]], m.params).context
        layout.chart(
            charts.bars_by_position(
                position_rows(m.tokens, weight=now.weights), "weight", t("weight"), m.tokens, domain=(0, 1)
            ),
            "identical_sources_weights",
            t("rev.same_caption"),
        )
        st.markdown(
            t(
                "rev.same_contexts",
                s=f"{m.s:g}",
                c1=num(now.context[0], 4),
                c2=num(now.context[1], 4),
                a1=num(at_a[0], 4),
                a2=num(at_a[1], 4),
                b1=num(at_b[0], 4),
                b2=num(at_b[1], 4),
            )
        )
