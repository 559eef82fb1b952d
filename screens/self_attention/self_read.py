"""Screen 8, third section: every position asks its own question of the others (self-attention)."""

import numpy as np
import pyarrow as pa
import streamlit as st

from core.example import worked_example
from core.masks import causal_mask
from core.self_attention import reorder_gap, rows_read_as_states, self_attention
from ui import forged, layout, state, widgets
from ui.charts.self_attention import weight_grid
from ui.format import num, scientific
from ui.palette import position_labels
from ui.sections import section
from ui.settings import self_attention as settings
from ui.text import t


def visible_to(index: str) -> str:
    """The condition under a sum, 'index visible to i', in words of the reader's language around the math."""
    return r"\text{" + t("sa.visible_to", index=index) + "}"


@section("sa.self")
def draw() -> None:
    """Self-attention: every position's query against every key, with or without a causal mask."""
    from screens.self_attention.key_value import projections

    m = state.model()
    W_K, W_V = projections()
    st.subheader(t("sa.self"))
    st.markdown(t("sa.self_text"))
    st.latex(
        r"\begin{gathered} q_i = W_Q h_i \\ e_{ij} = v^\top \tanh\!\left(W k_j + U q_i + b\right) \\ "
        r"\alpha_{ij} = \frac{\exp(e_{ij})}{\sum_{" + visible_to("k") + r"} \exp(e_{ik})} \\ "
        r"c_i = \sum_{" + visible_to("j") + r"} \alpha_{ij}\, v_j \end{gathered}"
    )
    q_col, mask_col = widgets.field_columns("sa_question", [1, 2])
    with q_col:
        forged.text_field(settings.W_Q.widget_key, "sa.w_q_field")
        W_Q = np.array(
            widgets.bound(
                settings.W_Q,
                st.text_input,
                t("sa.w_q"),
                check=settings.W_Q.parse,
                shown=settings.W_Q.encode,
                field=t("sa.w_q_field"),
                help=t("sa.w_q_help"),
            ).value
        )
    with mask_col:
        mask = widgets.bound(
            settings.SA_MASK,
            st.radio,
            t("sa.mask"),
            list(settings.SA_MASKS),
            horizontal=True,
            help=t("sa.mask_help"),
            format_func=lambda name: t(f"sa.mask.{name}"),
        ).value
    T = len(m.tokens)
    visible = causal_mask(T) if mask == "causal" else None
    sa = self_attention(m.H, m.params, W_Q, W_K, W_V, visible)
    labels = position_labels(m.tokens)
    rows = [
        {"asks": labels[i], "reads": labels[j], "alpha": float(sa.weights[i, j]), "visible": bool(sa.visible[i, j])}
        for i in range(T)
        for j in range(T)
    ]
    grid_col, table_col = st.columns([2, 3], gap="large")
    states = (t("sa.visible"), t("sa.masked"))
    numbers = [
        {
            t("sa.field.asks"): r["asks"],
            t("sa.field.reads"): r["reads"],
            t("weight"): r["alpha"],
            t("sa.mask"): states[0] if r["visible"] else states[1],
        }
        for r in rows
    ]
    with grid_col:
        layout.kept_chart(
            "self_attention_weights",
            t("sa.self_caption"),
            lambda: (
                weight_grid(rows, labels, t("sa.reads_axis"), t("sa.asks_axis"), t("weight"), states, t("sa.mask")),
                numbers,
            ),
            lambda numbers: numbers,
            scrubbed=False,
            free=(state.S_KEY, settings.MASK_SOURCE.key, settings.MASK_TARGET.key, settings.MASK_ENCODER.key),
        )
    with table_col:
        states = rows_read_as_states(sa, m.params, worked_example().states)
        table = pa.table(  # Arrow, as Streamlit sends it: each of the two tables below is not converted again
            {
                t("sa.col.position"): labels,
                t("sa.col.query"): [num(q) for q in sa.queries[:, 0]],
                t("sa.col.most"): [labels[int(np.argmax(w))] for w in sa.weights],
                t("sa.col.ci1"): [num(c) for c in sa.contexts[:, 0]],
                t("sa.col.ci2"): [num(c) for c in sa.contexts[:, 1]],
                t("sa.col.state"): states,
            }
        )
        # Its six columns need more than a phone's 358 px: in two tables, side by side where they fit and one above
        # the other where not, each with its rows' position (a table wider than its box scrolls sideways inside it).
        position, *values = table.column_names
        with st.container(horizontal=True, wrap=True, gap="small"):
            for order in ([position, *values[:2]], [position, *values[2:]]):
                st.dataframe(table, hide_index=True, width="content", column_order=order)
        st.caption(t("sa.self_table_caption"))
        gap = reorder_gap(m.H, m.params, W_Q, W_K, W_V, list(range(T))[::-1], visible)
        st.markdown(t("sa.order_same" if gap <= 1e-12 else "sa.order_changes", gap=scientific(gap)))
    st.info(t("sa.qkv_note"), icon=":material/info:")
