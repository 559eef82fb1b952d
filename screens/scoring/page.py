"""Screen 3: the additive scorer and what removing tanh does (article section 5).

The scorer, its expansion and its parts at the state come first; below them three tabs,
only the open one drawn (the link keeps which one): the nonlinearity removed (the figure of
states A and B, and why), Softmax's shared shift, and Luong's scores. The state slider
scrubs, in the browser, every chart that reads the state: the scorer's parts, the two
charts of Softmax's shift and the Luong scores. The nonlinearity's choice reruns the
sections of what it changes (the score's header and expansion, the parts, the figure of A
and B; Softmax's shift or the Luong chart, when open); the shift and the Luong inputs rerun
their own sections. Editing the scorer's table changes everything on the screen: it reruns
the screen.
"""

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.example import STATES
from core.expression import score_expression
from core.reading import attend, read, shift_change
from core.scorers import (
    NONLINEARITIES,
    additive_parts_at,
    dot_scores,
    general_scores,
    linear_decomposition,
    nonlinearity,
)
from ui import charts, kept, layout, state, widgets
from ui.charts import Rows, Spec
from ui.format import num, plain, position_rows, scientific, state_groups
from ui.palette import position_labels
from ui.sections import section
from ui.settings import scoring as settings
from ui.text import t


def parts_rows(m: state.Model, f: str, over: np.ndarray) -> Rows:
    """Each hidden unit's contribution v_k f(...)_k to each source's score, and the score, at every state of
    ``over`` (N,)."""
    parts = additive_parts_at(m.H, over[:, None], m.params, f)  # contribution (N, T, d_a), scores (N, T)
    labels = position_labels(m.tokens)
    unit, contribution = t("score.unit"), t("score.field.contribution")
    return [
        {"s": float(v), "position": labels[j], unit: f"k = {k + 1}", contribution: float(parts.contribution[n, j, k])}
        for n, v in enumerate(over)
        for j in range(len(labels))
        for k in range(m.params.d_a)
    ] + [
        {"s": float(v), "position": labels[j], unit: "eⱼ", contribution: float(parts.scores[n, j])}
        for n, v in enumerate(over)
        for j in range(len(labels))
    ]


WITH_F = {"shift": "score.shift", "luong": "score.luong"}  # the tabs whose sections score with the nonlinearity


def with_f() -> tuple[str, ...]:
    """The sections drawn now that score with the nonlinearity: its own, and the open tab's if it does."""
    tab = WITH_F.get(state.get(settings.SCORE_TAB))
    return ("score.f",) if tab is None else ("score.f", tab)


@section("score.f")
def nonlinearity_section(
    choice: DeltaGenerator, header: DeltaGenerator, expansion: DeltaGenerator, removed: DeltaGenerator | None
) -> None:
    """The nonlinearity f, and what it changes here: the score's header, its expansion and the scorer's parts at
    the state, and in ``removed`` (the open tab of the nonlinearity removed, or None) the figure of states A and
    B with f and without it (a change reruns the open tab's section too, where it scores with f)."""
    m = state.model()
    with choice:
        f = widgets.bound(
            settings.F,
            st.radio,
            t("score.f"),
            list(NONLINEARITIES),
            horizontal=True,
            help=t("score.f_help"),
            format_func=lambda name: t(f"score.f.{name}"),
            reruns=with_f(),
        ).value
    header.latex(rf"e_{{tj}} = v^\top {nonlinearity(f).latex}\!\left(W h_j + U s_{{t-1}} + b\right)")
    labels = position_labels(m.tokens)
    with expansion:
        st.subheader(t("score.expanded"))
        st.latex(score_expression(m.params, f, multiline=True))
        unit, contribution = t("score.unit"), t("score.field.contribution")
        st.markdown(f"**{t('score.parts')}**")
        widgets.state_rows_chart(
            "scorer_parts",
            t("score.parts_caption"),
            m,
            lambda over: parts_rows(m, f, over),
            lambda rows, scrub: charts.heatmap(
                rows,
                unit,
                "position",
                contribution,
                t("score.parts_axis"),  # the last column is no unit but the score they add up to
                None,
                height=36 * len(labels),  # the plot's: a row of 36 px a source position
                y_sort=labels,
                domain=None,
                scrub=scrub,
            ),
        )

    chosen = t(f"score.short.{f}")

    def figure() -> tuple[Spec, Rows]:
        group, weight = t("score.group"), t("score.field.weight")
        rows = []
        for name, s in STATES.items():
            for fn in dict.fromkeys((f, "identity")):  # the chosen f, then f removed (once if the same)
                weights = attend(m.H, [s], m.params, fn).weights
                tag = chosen if fn == f else t("score.removed", f=chosen)
                rows += [{group: f"{name} · {tag}", **row} for row in position_rows(m.tokens, **{weight: weights})]
        return charts.grouped_bars(rows, weight, group, t("weight"), m.tokens), rows

    if removed is None:
        return
    with removed:
        st.subheader(t("score.figure_none") if f == "identity" else t("score.figure", f=chosen))
        layout.kept_chart(  # states A and B are fixed: the figure depends on the model and f alone, not on s
            "states_with_and_without_f",
            t("score.figure_caption_none") if f == "identity" else t("score.figure_caption", f=chosen),
            figure,
            lambda rows: rows,
            scrubbed=False,
            free=(state.S_KEY,),
            depends=f,
        )


def why() -> None:
    """Why the state's influence vanishes without the nonlinearity: the algebra, with the scorer's numbers."""
    m = state.model()
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
    position_terms = zip(position_labels(m.tokens), d.position_terms(m.H), strict=True)
    terms = ", ".join(t("score.why_term", token=plain(lab), value=num(x)) for lab, x in position_terms)
    numbers = {"p1": num(d.position[0]), "p2": num(d.position[1]), "vu": num(d.state[0]), "vb": num(d.constant)}
    st.markdown(t("score.why_numbers", terms=terms, **numbers))
    if np.allclose(d.position, 0.0):
        st.info(t("score.why_uniform"), icon=":material/info:")


@section("score.shift")
def shift_section() -> None:
    """Softmax ignores a constant added to every score: the scores and the weights with it and without, at the
    state the slider sets, and the largest change of any weight over every state it can set."""
    m = state.model()
    st.subheader(t("score.shift"))
    st.markdown(t("score.shift_text"))
    shift = widgets.bound(settings.SHIFT, st.slider, t("score.shift_slider"), *settings.SHIFT_RANGE, step=0.5).value
    f = state.get(settings.F)
    left, right = st.columns(2, gap="large")
    version, score, weight = t("score.field.version"), t("score.field.score"), t("score.field.weight")

    def scored(over: np.ndarray) -> np.ndarray:
        return attend(m.H, over[:, None], m.params, f).scores  # (N, T)

    with left:
        widgets.state_rows_chart(
            "shift_scores",
            t("score.shift_scores_caption"),
            m,
            lambda over: state_groups(
                m.tokens,
                over,
                version,
                [("eⱼ", {score: scored(over)}), (f"eⱼ + {shift:g}", {score: scored(over) + shift})],
            ),
            lambda rows, scrub: charts.grouped_bars(
                rows, score, version, t("score"), m.tokens, domain=None, scrub=scrub
            ),
        )
    with right:
        widgets.state_rows_chart(
            "shift_weights",
            t("score.shift_caption"),
            m,
            lambda over: state_groups(
                m.tokens,
                over,
                version,
                [
                    ("Softmax(e)", {weight: read(m.H, scored(over)).weights}),
                    (f"Softmax(e + {shift:g})", {weight: read(m.H, scored(over) + shift).weights}),
                ],
            ),
            lambda rows, scrub: charts.grouped_bars(rows, weight, version, t("weight"), m.tokens, scrub=scrub),
        )
        change = kept.value(  # over the slider's grid: a function of the link's settings alone
            ("score.shift_change", state.link_key()),
            lambda: shift_change(m.H, widgets.state_grid(m.s)[:, None], m.params, shift, f),
        )
        st.markdown(t("score.shift_result", diff=scientific(change)))


@section("score.luong")
def luong_section() -> None:
    """Luong et al.'s dot and general scores beside the additive one, each read at the state the slider sets."""
    m = state.model()
    st.subheader(t("score.luong"))
    st.markdown(t("score.luong_text"))
    inputs = st.columns(4)
    values = []
    for col, b in zip(inputs, settings.LUONG, strict=True):
        with col:
            # No bounds given to Streamlit, which would put a value past them back to its default in silence; the
            # entry is checked here and a value refused is named (see widgets.bound).
            label = t(f"score.{b.key}")
            field = widgets.bound(b, st.number_input, label, step=0.5, check=settings.luong_entry, field=label)
            values.append(field.value)
    q, W_a = np.array(values[:2]), np.array([values[2:]])
    f, group, weight = state.get(settings.F), t("score.group"), t("score.field.weight")

    def luong_rows(over: np.ndarray) -> Rows:
        dot = read(m.H, dot_scores(m.H, q)).weights  # (T,): the dot score does not read the state
        readings = {
            "additive": attend(m.H, over[:, None], m.params, f).weights,  # (N, T)
            "dot": np.repeat(dot[None], len(over), axis=0),
            "general": read(m.H, general_scores(m.H, over[:, None], W_a)).weights,
        }
        return state_groups(
            m.tokens, over, group, [(t(f"score.kind.{kind}"), {weight: w}) for kind, w in readings.items()]
        )

    widgets.state_rows_chart(
        "luong_scores",
        t("score.luong_caption"),
        m,
        luong_rows,
        lambda rows, scrub: charts.grouped_bars(rows, weight, group, t("weight"), m.tokens, scrub=scrub),
    )


def tab_label(name: str) -> str:
    return t(f"score.tab_{name}")


st.title(t("nav.scoring"))
st.markdown(t("score.lead"))
header = st.empty()  # the score with the nonlinearity chosen below
st.latex(r"W \in \mathbb{R}^{d_a \times d_h},\; U \in \mathbb{R}^{d_a \times d_s},\; v, b \in \mathbb{R}^{d_a}")
widgets.state_control()
edit_col, expr_col = st.columns([1, 1], gap="large")
with edit_col:
    st.markdown(f"**{t('score.params')}**", help=t("score.params_help"))
    widgets.scorer_editor(state.model())
    choice = st.container()
panes = dict(
    zip(settings.SCORE_TABS, widgets.bound_tabs(settings.SCORE_TAB, settings.SCORE_TABS, tab_label), strict=True)
)
removed = panes["removed"] if panes["removed"].open else None
nonlinearity_section(choice, header, expr_col, removed)
if removed is not None:
    with removed:
        why()
for name, draw in (("shift", shift_section), ("luong", luong_section)):
    if panes[name].open:
        with panes[name]:
            draw()
