"""Screen 5, the gradient check tab: every entry of dL/de, dL/d(W, U, v, b) and dL/ds against finite differences.

The probe loss is L = g^T c_t for a gradient g the reader sets (in the link);
the table, the chart of dL/de, how the read moves with s (dc/ds, dL/ds) and the
state gradients with tanh removed follow the shared sources, scorer and state s.
The section's inputs for g rerun it alone; it is drawn by the screen's tabs, which
follow the state slider, so that a release recomputes the check at the new state, while the chart of
dL/de (computed at every state the slider can set) follows the thumb.
"""

import pyarrow as pa
import streamlit as st

from core.gradients import linear_loss
from core.reading import attend
from ui import charts, probe, state, widgets
from ui.format import num, position_rows, scientific, state_rows
from ui.sections import section
from ui.text import t

# The check's columns, in two tables side by side where they fit and one above the other on a phone, each with its
# rows' entry: all six columns need about 420 px for their titles alone, more than a phone's 358 px, and a table
# wider than its box scrolls sideways inside it (the marker out of sight).
VALUES = ("entry", "analytic", "numeric")
ERRORS = ("entry", "rel_error", "passed", "largest")


def check_table(rows: list[dict[str, object]]) -> None:
    """The entries with the largest relative error marked, and a verdict under them."""
    worst = max(range(len(rows)), key=lambda i: rows[i]["rel_error"])
    for i, row in enumerate(rows):
        row["largest"] = t("learn.largest_mark") if i == worst else ""
    table = pa.Table.from_pylist(rows)
    config = {  # widths in pixels: each table fits a phone's 358 px, its titles in English, Chinese and French too
        "entry": st.column_config.TextColumn(t("learn.col_entry"), width=90, help=t("learn.col_entry_help")),
        "analytic": st.column_config.NumberColumn(t("learn.col_analytic"), width=106, format="%+.10f"),
        "numeric": st.column_config.NumberColumn(t("learn.col_numeric"), width=106, format="%+.10f"),
        "rel_error": st.column_config.NumberColumn(
            t("learn.col_rel"), width=100, format="%.1e", help=t("learn.col_rel_help")
        ),
        "passed": st.column_config.CheckboxColumn(t("learn.col_pass"), width=54, help=t("learn.col_pass_help")),
        "largest": st.column_config.TextColumn("", width=28, help=t("learn.largest_help")),
    }
    with st.container(horizontal=True, wrap=True, gap="small"):  # side by side where they fit, else one above the other
        for order in (VALUES, ERRORS):
            st.dataframe(
                table,
                hide_index=True,
                width="content",
                height=min(38 + 35 * len(rows), 600),
                column_order=order,
                column_config={name: config[name] for name in order},
            )
    bad = sum(not row["passed"] for row in rows)
    fields = {"n": len(rows), "worst": scientific(rows[worst]["rel_error"]), "entry": rows[worst]["entry"]}
    if not bad:
        st.success(t("learn.check_passed", **fields), icon=":material/check_circle:")
    else:
        st.warning(t("learn.check_failed", bad=bad, **fields), icon=":material/warning:")


@section("learn.check")
def draw() -> None:
    """The probe gradient g and the check at the state s; drawn by the screen's tabs, which follow the state
    slider, so a release reruns it too. The chart of dL/de follows the slider in the browser."""
    m = state.model()
    g, value_col = probe.probe_gradient()
    p = m.params
    checked = probe.checked_gradients(m.H, m.s, p.W, p.U, p.v, p.b, g)
    c = attend(m.H, [m.s], m.params).context
    L, _ = linear_loss(c, g)
    with value_col:
        st.markdown(t("learn.probe_value", s=f"{m.s:g}", c1=num(c[0]), c2=num(c[1]), L=num(L)))

    # the chart first, in a laptop's first screenful; the check's two tables, side by side there, and its verdict below
    chart_col, text_col = st.columns([3, 5], gap="medium")
    with chart_col:
        widgets.state_chart(
            "score_gradients",
            t("learn.de_caption"),
            m,
            lambda over, scrub: (
                charts.bars_by_position(
                    state_rows(m.tokens, over, dL_de=(de := probe.score_gradients(m, over, g))),
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
    with text_col:
        total = float(checked.dL_de.sum())
        st.markdown(t("learn.sum_scores", total=num(total), exact=scientific(total)))
        dc = checked.dc_ds[:, 0]
        st.markdown(t("learn.state_moves_read", dc1=num(dc[0]), dc2=num(dc[1]), ds=num(checked.dL_ds[0])))
        st.markdown(t("learn.no_tanh_state", worst=scientific(checked.without_tanh)))
    check_table(checked.rows)
