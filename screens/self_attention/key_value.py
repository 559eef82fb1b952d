"""Screen 8, second section: score the keys, read the values, on the shared worked example."""

import numpy as np
import pandas as pd
import streamlit as st

from core.reading import attend
from core.self_attention import key_value_read
from screens.self_attention import named
from ui import charts, forged, links, state, widgets
from ui.charts import Rows
from ui.charts.self_attention import key_value_plane
from ui.format import num, scientific, state_groups
from ui.palette import position_labels
from ui.settings import self_attention as settings
from ui.text import t


def projection_input(b: links.Binding[settings.Matrix], name: str) -> np.ndarray:
    """A text field for a projection matrix ('1,0;0,1'), kept in the link; bad text keeps the last valid one.

    A change reruns this section; self-attention's tab reads the projections when it opens."""
    forged.text_field(b.widget_key, f"sa.{name}_field")
    field = widgets.bound(
        b,
        st.text_input,
        t(f"sa.{name}"),
        check=b.parse,
        shown=b.encode,
        field=t(f"sa.{name}_field"),
        help=t(f"sa.{name}_help"),
    )
    return np.array(field.value)


def plane_rows(tokens: tuple[str, ...], kinds: dict[str, np.ndarray]) -> list[dict[str, object]]:
    """One row a (kind, position): 'position', 'kind', 'x1', 'x2'."""
    labels = position_labels(tokens)
    return [
        {"position": labels[j], "kind": kind, "x1": float(X[j, 0]), "x2": float(X[j, 1])}
        for kind, X in kinds.items()
        for j in range(len(labels))
    ]


def summary_row(name: str, labels: list[str], weights: np.ndarray, context: np.ndarray) -> dict[str, object]:
    top = int(np.argmax(weights))
    return {
        t("sa.col.reading"): name,
        t("sa.col.most"): labels[top],
        t("sa.col.weight"): num(weights[top]),
        t("sa.col.c1"): num(context[0]),
        t("sa.col.c2"): num(context[1]),
    }


def heading() -> None:
    """The section's heading, its text and its equations (the state slider comes below them)."""
    st.subheader(t("sa.kv"))
    st.markdown(t("sa.kv_text"))
    st.latex(
        r"\begin{gathered} k_j = W_K h_j, \qquad v_j = W_V h_j \\ "
        r"e_{tj} = v^\top \tanh\!\left(W k_j + U s_{t-1} + b\right) \\ "
        r"\alpha_{tj} = \frac{\exp(e_{tj})}{\sum_{k=1}^{T}\exp(e_{tk})}, \quad "
        r"c_t = \sum_{j=1}^{T} \alpha_{tj}\, v_j \end{gathered}"
    )


def projections() -> tuple[np.ndarray, np.ndarray]:
    """The projections (W_K, W_V) in force: the link's when keys and values are separate, else the identity."""
    if state.get(settings.KV_SEPARATE):
        return np.array(state.get(settings.W_K)), np.array(state.get(settings.W_V))
    return np.eye(2), np.eye(2)


KEY = "sa.kv"  # the section's key: it follows the state slider


def draw() -> None:
    """Keys and values apart or the same, and the weights and the contexts of both reads at the slider's state
    (the charts scrubbed by it; the table and the sentences quote the state, so the section follows it).
    Self-attention, in a tab of its own, scores the same keys when it opens."""
    m = state.model()
    separate = widgets.bound(
        settings.KV_SEPARATE,
        st.radio,
        t("sa.kv_mode"),
        [False, True],
        horizontal=True,
        help=t("sa.kv_mode_help"),
        format_func=lambda on: t("sa.kv_mode.separate" if on else "sa.kv_mode.same"),
    ).value
    if separate:
        k_col, v_col = st.columns(2, gap="large")
        with k_col:
            projection_input(settings.W_K, "w_k")
        with v_col:
            projection_input(settings.W_V, "w_v")
    else:
        st.caption(t("sa.kv_same_note"))
    W_K, W_V = projections()

    over = widgets.state_grid(m.s)
    plain = attend(m.H, over[:, None], m.params)  # every state the slider can set: (N, T), (N, d_h)
    kv = key_value_read(m.H, over[:, None], m.params, W_K, W_V)
    now = int(np.flatnonzero(over == m.s)[0])  # the current state's row
    labels = position_labels(m.tokens)
    bars_col, plane_col = st.columns([2, 3], gap="large")
    with bars_col:
        weight = t("sa.field.weight")
        widgets.state_rows_chart(
            "key_value_weights",
            t("sa.kv_weights_caption"),
            m,
            lambda over: state_groups(
                m.tokens,
                over,
                t("sa.reading"),
                [
                    (t(f"sa.reading.{name}"), {weight: w})
                    for name, w in (("additive", plain.weights), ("kv", kv.weights))
                ],
            ),
            lambda rows, scrub: charts.grouped_bars(rows, weight, t("sa.reading"), t("weight"), m.tokens, scrub=scrub),
            shown=lambda rows: named(
                rows, {t("sa.reading"): t("sa.reading"), "position": t("sa.field.position"), weight: weight}
            ),
            depends=separate,
        )
    with plane_col:
        # the same representation: keys and values are the h_j, and the two contexts one point
        kinds = {t("sa.kind.h"): m.H} | ({t("sa.kind.k"): kv.keys, t("sa.kind.v"): kv.values} if separate else {})
        points = plane_rows(m.tokens, kinds)
        titles = {
            "position": t("sa.field.position"),
            "kind": t("sa.field.kind"),
            "label": t("sa.field.label"),
            "x1": t("sa.coordinate", i=1),
            "x2": t("sa.coordinate", i=2),
        }

        def moving_rows(over: np.ndarray) -> Rows:
            moving = [
                {"s": float(v), "label": t("sa.context.additive"), "c1": float(c[0]), "c2": float(c[1])}
                for v, c in zip(over, plain.context, strict=True)
            ]
            if separate:
                moving += [
                    {"s": float(v), "label": t("sa.context.kv"), "c1": float(c[0]), "c2": float(c[1])}
                    for v, c in zip(over, kv.context, strict=True)
                ]
            return moving

        widgets.state_rows_chart(
            "keys_values_plane",
            t("sa.kv_plane_caption" if separate else "sa.kv_plane_caption_same"),
            m,
            moving_rows,
            lambda moving, scrub: key_value_plane(points, list(kinds), m.tokens, moving, titles, scrub=scrub),
            shown=lambda contexts: (
                named(points, titles) + named(contexts, titles | {"c1": titles["x1"], "c2": titles["x2"]})
            ),
            depends=separate,
        )
    if separate:
        table = pd.DataFrame(
            [
                summary_row(t("sa.reading.additive"), labels, plain.weights[now], plain.context[now]),
                summary_row(t("sa.reading.kv"), labels, kv.weights[now], kv.context[now]),
            ]
        )
        st.dataframe(table, hide_index=True, width="stretch")
        st.caption(t("sa.kv_table_caption"))
    else:
        dw = np.abs(kv.weights[now] - plain.weights[now]).max()
        dc = np.abs(kv.context[now] - plain.context[now]).max()
        st.markdown(t("sa.kv_equal", dw=scientific(dw), dc=scientific(dc)))
