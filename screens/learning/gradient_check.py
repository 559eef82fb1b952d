"""Screen 5, the gradient check tab: every entry of dL/de, dL/d(W, U, v, b) and dL/ds against finite differences.

The probe loss is L = g^T c_t for a gradient g the reader sets (in the link);
the table, the chart of dL/de, how the read moves with s (dc/ds, dL/ds) and the
state gradients with tanh removed follow the shared sources, scorer and state s.
The section's inputs for g rerun it alone; it is drawn by the screen's tabs, which
follow the state slider, so that a release recomputes the check at the new state, while the chart of
dL/de (computed at every state the slider can set) follows the thumb.
"""

from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.gradients import GradientCheck, attention_backward, context_state_jacobian, linear_loss, state_gradients
from core.labels import entry_label
from core.learning import scorer_gradient_checks
from core.reading import attend
from core.scorers import AdditiveParams
from ui import charts, links, state, widgets
from ui.format import num, position_rows, state_rows
from ui.sections import section
from ui.state import Model
from ui.text import t

TOLERANCE = 1e-6


def entry_name(key: str, index: tuple[int, ...], size: int = 0) -> str:
    """'dL_dW', (0, 1) -> '∂L/∂W[1,2]'; the scores' entries read '∂L/∂e_1', a scalar state's '∂L/∂s'."""
    symbol = key.removeprefix("dL_d")
    if symbol == "e":
        return f"∂L/∂e_{index[0] + 1}"
    if symbol == "s" and size == 1:
        return "∂L/∂s"
    return "∂L/∂" + entry_label(symbol, index)


def check_rows(checks: dict[str, GradientCheck]) -> list[dict[str, object]]:
    """One row an entry: name, analytic, finite difference, relative error, within tolerance."""
    return [
        {
            "entry": entry_name(key, idx, chk.analytic.size),
            "analytic": float(chk.analytic[idx]),
            "numeric": float(chk.numeric[idx]),
            "rel_error": float(chk.rel_error[idx]),
            "passed": bool(chk.rel_error[idx] <= TOLERANCE),
        }
        for key, chk in checks.items()
        for idx in np.ndindex(chk.analytic.shape)
    ]


@dataclass(frozen=True)
class Checked:
    """What the section draws: the table's rows, dL/de (T,), dL/ds (1,), dc/ds (d_h, 1), and the largest
    |entry| of dL/dU, dL/db, dL/ds with tanh removed."""

    rows: list[dict[str, object]]
    dL_de: np.ndarray
    dL_ds: np.ndarray
    dc_ds: np.ndarray
    without_tanh: float


@st.cache_data(max_entries=256, show_spinner=False)
def checked_gradients(
    H: np.ndarray, s: float, W: np.ndarray, U: np.ndarray, v: np.ndarray, b: np.ndarray, g: np.ndarray
) -> Checked:
    """The gradient check and what goes with it; cached: the finite differences take four reads an entry."""
    params = AdditiveParams(W, U, v, b)
    checks = scorer_gradient_checks(H, [s], params, g)
    linear = state_gradients(H, [s], params, g, f="identity")
    return Checked(
        rows=check_rows(checks),
        dL_de=checks["dL_de"].analytic,
        dL_ds=checks["dL_ds"].analytic,
        dc_ds=context_state_jacobian(H, [s], params),
        without_tanh=max(float(np.abs(x).max()) for x in linear.values()),
    )


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
        column_config={  # widths in pixels: every column, the marker too, fits beside the chart at 1280 px
            "entry": st.column_config.TextColumn(t("learn.col_entry"), width=86, help=t("learn.col_entry_help")),
            "analytic": st.column_config.NumberColumn(t("learn.col_analytic"), width=106, format="%+.10f"),
            "numeric": st.column_config.NumberColumn(t("learn.col_numeric"), width=106, format="%+.10f"),
            "rel_error": st.column_config.NumberColumn(
                t("learn.col_rel"), width=84, format="%.1e", help=t("learn.col_rel_help")
            ),
            "passed": st.column_config.CheckboxColumn(t("learn.col_pass"), width=54, help=t("learn.col_pass_help")),
            "largest": st.column_config.TextColumn("", width=28, help=t("learn.largest_help")),
        },
    )
    bad = sum(not row["passed"] for row in rows)
    fields = {"n": len(rows), "worst": f"{rows[worst]['rel_error']:.1e}", "entry": rows[worst]["entry"]}
    if not bad:
        st.success(t("learn.check_passed", **fields), icon=":material/check_circle:")
    else:
        st.warning(t("learn.check_failed", bad=bad, **fields), icon=":material/warning:")


def score_gradients(m: Model, over: np.ndarray, g: np.ndarray) -> np.ndarray:
    """dL/de of the probe L = g^T c at every state of ``over`` (N,): (N, T), one batch."""
    _, grads = attention_backward(m.H, over[:, None], m.params, np.broadcast_to(g, (len(over), len(g))))
    return grads.scores


@section("learn.check")
def draw() -> None:
    """The probe gradient g and the check at the state s; drawn by the screen's tabs, which follow the state
    slider, so a release reruns it too. The chart of dL/de follows the slider in the browser."""
    m = state.model()
    g, value_col = probe_gradient()
    p = m.params
    checked = checked_gradients(m.H, m.s, p.W, p.U, p.v, p.b, g)
    c = attend(m.H, [m.s], m.params).context
    L, _ = linear_loss(c, g)
    with value_col:
        st.markdown(t("learn.probe_value", s=f"{m.s:g}", c1=num(c[0]), c2=num(c[1]), L=num(L)))

    table_col, chart_col = st.columns([5, 3], gap="medium")
    with table_col:
        check_table(checked.rows)
    with chart_col:
        widgets.state_chart(
            "score_gradients",
            t("learn.de_caption"),
            m,
            lambda over, scrub: (
                charts.bars_by_position(
                    state_rows(m.tokens, over, dL_de=(de := score_gradients(m, over, g))),
                    "dL_de",
                    t("learn.de_title"),
                    m.tokens,
                    domain=charts.spanning(de),
                    scrub=scrub,
                ),
                None,
            ),
            lambda _: position_rows(m.tokens, dL_de=checked.dL_de),
        )
        total = float(checked.dL_de.sum())
        st.markdown(t("learn.sum_scores", total=num(total), exact=f"{total:.1e}"))
    dc = checked.dc_ds[:, 0]
    st.markdown(t("learn.state_moves_read", dc1=num(dc[0]), dc2=num(dc[1]), ds=num(checked.dL_ds[0])))
    st.markdown(t("learn.no_tanh_state", worst=f"{checked.without_tanh:.1e}"))
