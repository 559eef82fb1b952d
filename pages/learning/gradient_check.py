"""Screen 5, second section: every entry of dL/de and dL/d(W, U, v, b) against finite differences.

The probe loss is L = g^T c_t for a gradient g the reader sets (in the link);
the table and the chart of dL/de follow the shared sources, scorer and state s.
"""

import numpy as np
import pyarrow as pa
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.gradients import GradientCheck, linear_loss
from core.labels import entry_label
from core.learning import scorer_gradient_checks
from core.reading import attend
from core.scorers import AdditiveParams
from ui import charts, layout, links, widgets
from ui.format import num, position_rows
from ui.state import Model
from ui.text import t

TOLERANCE = 1e-6


def entry_name(key: str, index: tuple[int, ...]) -> str:
    """'dL_dW', (0, 1) -> '∂L/∂W[1,2]'; the scores' entries read '∂L/∂e_1'."""
    symbol = key.removeprefix("dL_d")
    if symbol == "e":
        return f"∂L/∂e_{index[0] + 1}"
    return "∂L/∂" + entry_label(symbol, index)


def check_rows(checks: dict[str, GradientCheck]) -> list[dict[str, object]]:
    """One row an entry: name, analytic, finite difference, relative error, within tolerance."""
    return [
        {
            "entry": entry_name(key, idx),
            "analytic": float(chk.analytic[idx]),
            "numeric": float(chk.numeric[idx]),
            "rel_error": float(chk.rel_error[idx]),
            "passed": bool(chk.rel_error[idx] <= TOLERANCE),
        }
        for key, chk in checks.items()
        for idx in np.ndindex(chk.analytic.shape)
    ]


@st.cache_data(max_entries=256, show_spinner=False)
def checked_gradients(
    H: np.ndarray, s: float, W: np.ndarray, U: np.ndarray, v: np.ndarray, b: np.ndarray, g: np.ndarray
) -> tuple[list[dict[str, object]], np.ndarray]:
    """The gradient check's table rows and dL/de (T,); cached: the finite differences take four reads an entry."""
    checks = scorer_gradient_checks(H, [s], AdditiveParams(W, U, v, b), g)
    return check_rows(checks), checks["dL_de"].analytic


def probe_gradient() -> tuple[np.ndarray, DeltaGenerator]:
    """The two inputs for g (in the link) and the column beside them for the probe's value.

    A refused entry is named below the row of inputs, where the message has room.
    """
    g_col1, g_col2, value_col = st.columns([1, 1, 2], vertical_alignment="bottom")
    errors = st.container()
    g_values = []
    for k, (col, b) in enumerate(zip((g_col1, g_col2), links.LEARN_G, strict=True), start=1):
        with col:
            g_values.append(
                widgets.bound(
                    b,
                    st.number_input,
                    t(f"learn.g{k}"),
                    check=links.check_g,
                    field=t(f"learn.field_g{k}"),
                    errors=errors,
                    step=0.1,
                    format="%.4f",
                    help=t("learn.g_help"),
                ).value
            )
    return np.array(g_values), value_col


def check_table(rows: list[dict[str, object]]) -> None:
    """The entries with the largest relative error marked, and a verdict under them."""
    worst = max(range(len(rows)), key=lambda i: rows[i]["rel_error"])
    for i, row in enumerate(rows):
        row["largest"] = t("learn.largest_mark") if i == worst else ""
    st.dataframe(
        pa.Table.from_pylist(rows),
        hide_index=True,
        width="stretch",
        height=min(38 + 35 * len(rows), 600),
        column_config={
            "entry": st.column_config.TextColumn(t("learn.col_entry"), help=t("learn.col_entry_help")),
            "analytic": st.column_config.NumberColumn(t("learn.col_analytic"), format="%+.10f"),
            "numeric": st.column_config.NumberColumn(t("learn.col_numeric"), format="%+.10f"),
            "rel_error": st.column_config.NumberColumn(t("learn.col_rel"), format="%.1e", help=t("learn.col_rel_help")),
            "passed": st.column_config.CheckboxColumn(t("learn.col_pass"), help=t("learn.col_pass_help")),
            "largest": st.column_config.TextColumn("", help=t("learn.largest_help")),
        },
    )
    bad = sum(not row["passed"] for row in rows)
    fields = {"n": len(rows), "worst": f"{rows[worst]['rel_error']:.1e}", "entry": rows[worst]["entry"]}
    if not bad:
        st.success(t("learn.check_passed", **fields), icon=":material/check_circle:")
    else:
        st.warning(t("learn.check_failed", bad=bad, **fields), icon=":material/warning:")


def draw(m: Model) -> None:
    st.header(t("learn.check_header"))
    st.markdown(t("learn.check_lead"))
    g, value_col = probe_gradient()
    p = m.params
    rows, dL_de = checked_gradients(m.H, m.s, p.W, p.U, p.v, p.b, g)
    c = attend(m.H, [m.s], m.params).context
    L, _ = linear_loss(c, g)
    with value_col:
        st.markdown(t("learn.probe_value", s=f"{m.s:g}", c1=num(c[0]), c2=num(c[1]), L=num(L)))

    table_col, chart_col = st.columns([3, 2], gap="large")
    with table_col:
        check_table(rows)
    with chart_col:
        layout.chart(
            charts.bars_by_position(position_rows(m.tokens, dL_de=dL_de), "dL_de", t("learn.de_title"), m.tokens),
            "score_gradients",
            t("learn.de_caption"),
        )
        total = float(dL_de.sum())
        st.markdown(t("learn.sum_scores", total=num(total), exact=f"{total:.1e}"))
