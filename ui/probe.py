"""The probe L = g^T c_t that screen 5's gradient check and the walkthrough's step on it share: the inputs for g
(in the link), every entry of dL/de, dL/d(W, U, v, b) and dL/ds against finite differences (cached), and dL/de at
every state the slider can set."""

from dataclasses import dataclass

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.gradients import GradientCheck, attention_backward, context_state_jacobian, state_gradients
from core.labels import entry_label
from core.learning import scorer_gradient_checks
from core.scorers import AdditiveParams
from ui import widgets
from ui.format import indexed
from ui.settings.learning import LEARN_G, check_g
from ui.state import Model
from ui.text import t

TOLERANCE = 1e-6


def entry_name(key: str, index: tuple[int, ...], size: int = 0) -> str:
    """'dL_dW', (0, 1) -> '∂L/∂W[1,2]'; the scores' entries read '∂L/∂e₁' (a table draws no TeX), a scalar
    state's '∂L/∂s'."""
    symbol = key.removeprefix("dL_d")
    if symbol == "e":
        return "∂L/∂" + indexed("e", index[0] + 1)
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


def probe_gradient(value_column: bool = True) -> tuple[np.ndarray, DeltaGenerator]:
    """The two inputs for g (in the link) and the column beside them for the probe's value (without
    ``value_column``, a place under them: a narrow column, a walkthrough step's, gives the inputs its whole width,
    one under the other: side by side in its 296 px at 1280 px each showed "-0.50" of "-0.5000").

    A refused entry is named below the row of inputs, where the message has room.
    """
    if value_column:
        g_col1, g_col2, value_col = st.columns([1, 1, 2], vertical_alignment="bottom")
    else:
        (g_col1, g_col2), value_col = (st.container(), st.container()), st.container()
    errors = st.container()
    g_values = []
    for k, (col, b) in enumerate(zip((g_col1, g_col2), LEARN_G, strict=True), start=1):
        with col:
            g_values.append(
                widgets.bound(
                    b,
                    st.number_input,
                    t(f"learn.g{k}"),
                    check=check_g,
                    field=t(f"learn.field_g{k}"),
                    errors=errors,
                    step=0.1,
                    format="%.4f",
                    help=t("learn.g_help"),
                ).value
            )
    return np.array(g_values), value_col


def score_gradients(m: Model, over: np.ndarray, g: np.ndarray) -> np.ndarray:
    """dL/de of the probe L = g^T c at every state of ``over`` (N,): (N, T), one batch."""
    _, grads = attention_backward(m.H, over[:, None], m.params, np.broadcast_to(g, (len(over), len(g))))
    return grads.scores
