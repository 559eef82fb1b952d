"""Screen 3: the additive scorer and what removing tanh does (article section 5)."""

import numpy as np
import streamlit as st

from core.expression import score_expression
from core.reading import attend, read
from core.scorers import (
    NONLINEARITIES,
    additive_parts,
    dot_scores,
    general_scores,
    linear_decomposition,
    nonlinearity,
)
from ui import charts, layout, links, state, widgets
from ui.format import num, plain, position_rows
from ui.palette import position_labels
from ui.text import t

st.title(t("nav.scoring"))
st.markdown(t("score.lead"))
header = st.empty()  # the score with the nonlinearity chosen below
st.latex(r"W \in \mathbb{R}^{d_a \times d_h},\; U \in \mathbb{R}^{d_a \times d_s},\; v, b \in \mathbb{R}^{d_a}")
m = widgets.state_slider(state.model())
edit_col, expr_col = st.columns([1, 1], gap="large")
with edit_col:
    st.markdown(f"**{t('score.params')}**", help=t("score.params_help"))
    m = widgets.scorer_editor(m)
    f = widgets.bound(
        links.F,
        st.radio,
        t("score.f"),
        list(NONLINEARITIES),
        horizontal=True,
        help=t("score.f_help"),
        format_func=lambda name: t(f"score.f.{name}"),
    ).value
header.latex(rf"e_{{tj}} = v^\top {nonlinearity(f).latex}\!\left(W h_j + U s_{{t-1}} + b\right)")
with expr_col:
    st.subheader(t("score.expanded"))
    st.latex(score_expression(m.params, f, multiline=True))
    parts = additive_parts(m.H, [m.s], m.params, f)
    labels = position_labels(m.tokens)
    unit, contribution = t("score.unit"), t("score.field.contribution")
    rows = [
        {"position": labels[j], unit: f"k = {k + 1}", contribution: float(parts.contribution[j, k])}
        for j in range(len(labels))
        for k in range(m.params.d_a)
    ] + [{"position": labels[j], unit: "eⱼ", contribution: float(parts.scores[j])} for j in range(len(labels))]
    st.markdown(f"**{t('score.parts')}**")
    layout.chart(
        charts.heatmap(
            rows,
            unit,
            "position",
            contribution,
            unit,
            None,
            height=40 + 36 * len(labels),
            y_sort=labels,
            domain=None,
        ),
        "scorer_parts",
        t("score.parts_caption"),
    )

chosen = t(f"score.short.{f}")
group, weight = t("score.group"), t("score.field.weight")
st.subheader(t("score.figure_none") if f == "identity" else t("score.figure", f=chosen))
figure_rows = []
for name, s in (("A", -1.0), ("B", 1.0)):
    for fn in dict.fromkeys((f, "identity")):  # the chosen f, then f removed (once if the same)
        weights = attend(m.H, [s], m.params, fn).weights
        tag = chosen if fn == f else t("score.removed", f=chosen)
        label = f"{name} · {tag}"
        figure_rows += [{group: label, **row} for row in position_rows(m.tokens, **{weight: weights})]
layout.chart(
    charts.grouped_bars(figure_rows, weight, group, t("weight"), m.tokens),
    "states_with_and_without_f",
    t("score.figure_caption_none") if f == "identity" else t("score.figure_caption", f=chosen),
)

st.subheader(t("score.why"))
st.markdown(t("score.why_text"))
position, constant, shared = (r"\text{" + t(f"score.term.{k}") + "}" for k in ("position", "constant", "shared"))
st.latex(
    r"\begin{aligned}"
    r"e_{tj} &= v^\top (W h_j + U s_{t-1} + b) \\"
    r"&= \underbrace{(W^\top v)^\top h_j}_{" + position + r"} + \underbrace{v^\top b}_{" + constant + r"} \\"
    r"&\quad + \underbrace{v^\top U s_{t-1}}_{" + shared + r"} \\"
    r"\alpha_{tj} &= \frac{\exp\left((W^\top v)^\top h_j\right)}{\sum_k \exp\left((W^\top v)^\top h_k\right)}"
    r"\end{aligned}"
)
d = linear_decomposition(m.params)
position_terms = zip(labels, d.position_terms(m.H), strict=True)
terms = ", ".join(t("score.why_term", token=plain(lab), value=num(x)) for lab, x in position_terms)
st.markdown(
    t(
        "score.why_numbers",
        p1=num(d.position[0]),
        p2=num(d.position[1]),
        vu=num(d.state[0]),
        vb=num(d.constant),
        terms=terms,
    )
)
if np.allclose(d.position, 0.0):
    st.info(t("score.why_uniform"), icon=":material/info:")

st.subheader(t("score.shift"))
st.markdown(t("score.shift_text"))
shift = widgets.bound(links.SHIFT, st.slider, t("score.shift_slider"), *links.SHIFT_RANGE, step=0.5).value
base, shifted = read(m.H, parts.scores), read(m.H, parts.scores + shift)
left, right = st.columns(2, gap="large")
version, score = t("score.field.version"), t("score.field.score")
with left:
    rows = [
        {"position": lab, version: v, score: float(x)}
        for v, scores in (("eⱼ", parts.scores), (f"eⱼ + {shift:g}", parts.scores + shift))
        for lab, x in zip(labels, scores, strict=True)
    ]
    layout.chart(
        charts.grouped_bars(rows, score, version, t("score"), m.tokens, domain=None),
        "shift_scores",
        t("score.shift_caption"),
    )
with right:
    rows = [
        {"position": lab, version: v, weight: float(x)}
        for v, weights in (("Softmax(e)", base.weights), (f"Softmax(e + {shift:g})", shifted.weights))
        for lab, x in zip(labels, weights, strict=True)
    ]
    layout.chart(
        charts.grouped_bars(rows, weight, version, t("weight"), m.tokens),
        "shift_weights",
        t("score.shift_caption"),
    )
    st.markdown(t("score.shift_result", diff=f"{np.abs(base.weights - shifted.weights).max():.1e}"))

st.subheader(t("score.luong"))
st.markdown(t("score.luong_text"))
inputs = st.columns(4)
values = []
for col, b in zip(inputs, links.LUONG, strict=True):
    with col:
        values.append(widgets.bound(b, st.number_input, t(f"score.{b.key}"), *links.LUONG_RANGE, step=0.5).value)
q, W_a = np.array(values[:2]), np.array([values[2:]])
readings = {
    "additive": attend(m.H, [m.s], m.params, f).weights,
    "dot": read(m.H, dot_scores(m.H, q)).weights,
    "general": read(m.H, general_scores(m.H, [m.s], W_a)).weights,
}
rows = [
    {group: t(f"score.kind.{kind}"), **row}
    for kind, w in readings.items()
    for row in position_rows(m.tokens, **{weight: w})
]
layout.chart(
    charts.grouped_bars(rows, weight, group, t("weight"), m.tokens),
    "luong_scores",
    t("score.luong_caption"),
)
