"""The sections of screen 5, learning where to look from the prediction loss alone (article section 7).

Each section draws itself under its own ``st.header``: :func:`derivation` (the
gradient through one read, in LaTeX), :func:`gradient_check` (every entry of
dL/de and dL/d(W, U, v, b) against finite differences at the chosen state) and
:func:`training` (gradient descent on the scorer with a toy output layer tied
to the sources). The training run lives in ``st.session_state`` (not the
link); its settings (target, learning rate, N) and the probe gradient g are in
the link. The page itself (``pages/5_learning.py``) only calls the sections,
which keeps its own rerun cheap.
"""

import math
from collections.abc import Callable

import numpy as np
import pyarrow as pa
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.example import TARGET_TOKENS, TOKENS, worked_example
from core.gradients import GradientCheck, linear_loss
from core.learning import PARAMETER_NAMES, scorer_gradient_checks, train_scorer
from core.reading import attend
from core.scorers import AdditiveParams
from core.tied_output import predict, tied_output_layer
from ui import charts, codec, layout, state
from ui.format import num, position_rows
from ui.palette import position_labels
from ui.state import Model
from ui.text import t

TOLERANCE = 1e-6
G_LIMIT = 1000.0  # |g_i| the probe accepts
LR_LIMIT = 10.0
STEPS_LIMIT = 500  # steps one press of Run takes
RUN_LIMIT = 5000  # steps one training run keeps
DEFAULT_TARGET = 2  # 猫: state A reads mostly "I", so training has a visible way to go
RUN = "learn_run"  # the training run in st.session_state
REQUEST = "learn_request"  # "step" or "run", asked by a button, done by the page
APPLIED = "learn_applied"  # the outcome of the last "use on every screen", shown once


# --- Inputs: checked, URL-backed numbers ----------------------------------------------------------


def _checked(x: object, lo: float, hi: float, whole: bool = False, open_low: bool = False) -> float:
    """``x`` if it is a finite number within [lo, hi] ((lo, hi] with ``open_low``); ValueError otherwise."""
    if x is None:
        raise ValueError(t("learn.bad_empty"))
    try:
        value = float(x)
    except (TypeError, ValueError):
        raise ValueError(t("learn.bad_number", value=x)) from None
    if not math.isfinite(value):
        raise ValueError(t("learn.bad_number", value=x))
    if whole and value != int(value):
        raise ValueError(t("learn.bad_whole", lo=f"{lo:g}", hi=f"{hi:g}", value=f"{value:g}"))
    if value > hi or value < lo or (open_low and value == lo):
        key = "learn.bad_whole" if whole else "learn.bad_positive" if open_low else "learn.bad_range"
        raise ValueError(t(key, lo=f"{lo:g}", hi=f"{hi:g}", value=f"{value:g}"))
    return int(value) if whole else value


def number_field(
    view: str,
    default: float,
    label: str,
    field: str,
    check: Callable[[object], float],
    errors: DeltaGenerator,
    **widget: object,
) -> tuple[float, bool]:
    """A number input backed by the link's ``view``; returns the last valid value and whether the input is valid.

    A refused value is named in ``errors`` (a container below a row of inputs, where the message has room).
    """
    value = state.view(view, default, lambda text: check(codec.parse_number(text)), codec.format_number)
    key = f"w_{view}"
    state.widget_value(key, value)
    raw = st.number_input(label, key=key, **widget)
    try:
        checked = check(raw)
    except ValueError as exc:
        with errors:
            layout.field_error(field, str(exc))
        return value, False
    state.set_view(view, codec.format_number(checked))
    return checked, True


def target_field(vocabulary: list[str]) -> int:
    """The correct target token, as an index into ``vocabulary``; the link holds its 1-based number."""

    def parse(text: str) -> int:
        return int(_checked(codec.parse_number(text), 1, state.MAX_POSITIONS, whole=True)) - 1

    target = state.view("learn_target", DEFAULT_TARGET, parse, lambda k: str(k + 1))
    target = min(target, len(vocabulary) - 1)  # the sources may have lost positions since
    state.widget_value("w_learn_target", target)
    if st.session_state["w_learn_target"] >= len(vocabulary):
        st.session_state["w_learn_target"] = target
    target = st.radio(
        t("learn.target"),
        list(range(len(vocabulary))),
        format_func=lambda k: vocabulary[k],
        horizontal=True,
        key="w_learn_target",
        help=t("learn.target_help"),
    )
    state.set_view("learn_target", str(target + 1))
    return target


# --- Section 1: the derivation --------------------------------------------------------------------


def derivation() -> None:
    st.header(t("learn.derivation_header"))
    st.markdown(t("learn.derivation_lead"))
    st.latex(
        r"g = \frac{\partial L}{\partial c_t} \in \mathbb{R}^{d_h}, \qquad "
        r"c_t = \sum_{k=1}^{T} \alpha_{tk}\, h_k, \qquad "
        r"\alpha_{tk} = \frac{\exp(e_{tk})}{\sum_{l=1}^{T} \exp(e_{tl})}"
    )
    st.latex(
        r"\begin{aligned}"
        r"\frac{\partial \alpha_{tk}}{\partial e_{tj}} &= \alpha_{tk}\,(\delta_{kj} - \alpha_{tj}) \\[6pt]"
        r"\frac{\partial c_t}{\partial e_{tj}} &= \sum_{k=1}^{T} \alpha_{tk}\,(\delta_{kj} - \alpha_{tj})\, h_k"
        r" = \alpha_{tj}\,(h_j - c_t)"
        r"\end{aligned}"
    )
    st.markdown(t("learn.derivation_chain"))
    st.latex(
        r"\begin{aligned}"
        r"\frac{\partial L}{\partial e_{tj}} &= g^\top \frac{\partial c_t}{\partial e_{tj}}"
        r" = \alpha_{tj}\; g^\top (h_j - c_t) \\[6pt]"
        r"\sum_{j=1}^{T} \frac{\partial L}{\partial e_{tj}}"
        r" &= g^\top \Big(\sum_{j=1}^{T} \alpha_{tj} h_j - c_t \sum_{j=1}^{T} \alpha_{tj}\Big)"
        r" = g^\top (c_t - c_t) = 0"
        r"\end{aligned}"
    )
    st.markdown(t("learn.derivation_sum"))
    st.markdown(t("learn.derivation_onward"))
    st.latex(
        r"\begin{aligned}"
        r"\frac{\partial L}{\partial a_{tj}} &= \frac{\partial L}{\partial e_{tj}}\;"
        r" v \odot \big(1 - \tanh^2(a_{tj})\big) \in \mathbb{R}^{d_a} \\[6pt]"
        r"\frac{\partial L}{\partial W} &= \sum_{j=1}^{T} \frac{\partial L}{\partial a_{tj}}\, h_j^\top, \qquad "
        r"\frac{\partial L}{\partial U} = \sum_{j=1}^{T} \frac{\partial L}{\partial a_{tj}}\, s_{t-1}^\top \\[6pt]"
        r"\frac{\partial L}{\partial b} &= \sum_{j=1}^{T} \frac{\partial L}{\partial a_{tj}}, \qquad "
        r"\frac{\partial L}{\partial v} = \sum_{j=1}^{T} \frac{\partial L}{\partial e_{tj}}\, \tanh(a_{tj})"
        r"\end{aligned}"
    )
    st.caption(t("learn.derivation_scope"))


# --- Section 2: the gradient check ----------------------------------------------------------------


def entry_name(key: str, index: tuple[int, ...]) -> str:
    """'dL_dW', (0, 1) -> '∂L/∂W[1,2]'; the scores' entries read '∂L/∂e_1'."""
    symbol = key.removeprefix("dL_d")
    if symbol == "e":
        return f"∂L/∂e_{index[0] + 1}"
    return f"∂L/∂{symbol}[" + ",".join(str(i + 1) for i in index) + "]"


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


def gradient_check(m: Model) -> None:
    st.header(t("learn.check_header"))
    st.markdown(t("learn.check_lead"))
    default_g = worked_example().g

    def check_g(x: object) -> float:
        return _checked(x, -G_LIMIT, G_LIMIT)

    g_col1, g_col2, value_col = st.columns([1, 1, 2], vertical_alignment="bottom")
    below = st.container()
    g_values = []
    for k, col in enumerate((g_col1, g_col2), start=1):
        with col:
            value, _ = number_field(
                f"learn_g{k}",
                float(default_g[k - 1]),
                t(f"learn.g{k}"),
                t(f"learn.field_g{k}"),
                check_g,
                below,
                step=0.1,
                format="%.4f",
                help=t("learn.g_help"),
            )
        g_values.append(value)
    g = np.array(g_values)
    p = m.params
    rows, dL_de = checked_gradients(m.H, m.s, p.W, p.U, p.v, p.b, g)
    c = attend(m.H, [m.s], m.params).context
    L, _ = linear_loss(c, g)
    with value_col:
        st.markdown(t("learn.probe_value", s=f"{m.s:g}", c1=num(c[0]), c2=num(c[1]), L=num(L)))

    table_col, chart_col = st.columns([3, 2], gap="large")
    with table_col:
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
                "rel_error": st.column_config.NumberColumn(
                    t("learn.col_rel"), format="%.1e", help=t("learn.col_rel_help")
                ),
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
    with chart_col:
        layout.chart(
            charts.bars_by_position(position_rows(m.tokens, dL_de=dL_de), "dL_de", t("learn.de_title"), m.tokens),
            "score_gradients",
            t("learn.de_caption"),
        )
        total = float(dL_de.sum())
        st.markdown(t("learn.sum_scores", total=num(total), exact=f"{total:.1e}"))


# --- Section 3: training the scorer ---------------------------------------------------------------


def target_vocabulary(tokens: tuple[str, ...]) -> list[str]:
    """我 / 喜欢 / 猫 for the article's sources; otherwise one 'translation of <token>' a position."""
    if tuple(tokens) == TOKENS:
        return list(TARGET_TOKENS)
    return [t("learn.translation_of", token=label) for label in position_labels(tokens)]


def what_changed(before: dict, now: dict) -> str:
    parts = []
    if before["target"] != now["target"]:
        parts.append(t("learn.what.target"))
    b, n = before["model"], now["model"]
    for what, keys in (("s", ("s",)), ("sources", ("tokens", "H")), ("scorer", ("W", "U", "v", "b"))):
        if any(b[k] != n[k] for k in keys):
            parts.append(t(f"learn.what.{what}"))
    return ", ".join(parts)


def training_run(m: Model, target: int, notices: DeltaGenerator) -> dict:
    """The session's training run for this state, sources and target; a new one from the shared scorer otherwise."""
    origin = {"model": m.encode(), "target": target}
    run = st.session_state.get(RUN)
    if run is not None and run["origin"] != origin:
        if run["losses"]:
            notices.info(t("learn.restarted", what=what_changed(run["origin"], origin)), icon=":material/restart_alt:")
        run = None
    if run is None:
        run = {"origin": origin, "start": m.params, "params": m.params, "losses": [], "applied": None}
        st.session_state[RUN] = run
    return run


def reset_run() -> None:
    st.session_state.pop(RUN, None)


def ask(what: str) -> None:
    """A training button's callback: remember what was asked ("step" or "run") for the page to do."""
    st.session_state[REQUEST] = what


def apply_trained() -> None:
    """Copy the run's scorer into the shared state (a button callback, so it runs before the page)."""
    run = st.session_state.get(RUN)
    if run is None:
        return
    m = state.model()
    p = run["params"]
    try:
        params = state.check_scorer(p.W, p.U, p.v, p.b)
    except ValueError as exc:
        st.session_state[APPLIED] = ("error", str(exc))
        return
    new = Model(m.tokens, m.H, params, m.s)
    state.set_model(new)
    run["origin"]["model"] = new.encode()
    run["applied"] = len(run["losses"])
    st.session_state[APPLIED] = ("ok", str(len(run["losses"])))


def param_rows(start: AdditiveParams, now: AdditiveParams) -> list[dict[str, object]]:
    rows = []
    for name in PARAMETER_NAMES:
        a, b = getattr(start, name), getattr(now, name)
        for idx in np.ndindex(a.shape):
            label = f"{name}[" + ",".join(str(i + 1) for i in idx) + "]"
            rows.append(
                {"parameter": label, "start": float(a[idx]), "now": float(b[idx]), "change": float(b[idx] - a[idx])}
            )
    return rows


def training(m: Model) -> None:
    st.header(t("learn.train_header"))
    st.markdown(t("learn.train_lead"))
    st.latex(
        r"\begin{aligned}"
        r"p(y_t = k \mid c_t) &= \frac{\exp(z_k)}{\sum_{l=1}^{T} \exp(z_l)}, \qquad z_k = h_k^\top c_t \\[6pt]"
        r"L &= -\log p(y_t \mid c_t) \\[6pt]"
        r"g = \frac{\partial L}{\partial c_t} &= "
        r"\sum_{k=1}^{T} \big(p(y_t = k \mid c_t) - [\,k = y_t\,]\big)\, h_k \\[6pt]"
        r"\varphi = (W, U, v, b) &\;\leftarrow\; \varphi - \eta\, \frac{\partial L}{\partial \varphi}"
        r"\end{aligned}"
    )
    vocabulary = target_vocabulary(m.tokens)
    if tuple(m.tokens) != TOKENS:
        st.caption(t("learn.tied_labels"))
    output = tied_output_layer(m.H, vocabulary)

    target = target_field(vocabulary)
    lr_col, n_col, step_col, run_col, reset_col = st.columns([2, 2, 1, 1.3, 1.3], vertical_alignment="bottom")
    below = st.container()  # errors, notices and the progress bar, under the row of controls
    with lr_col:
        lr, lr_ok = number_field(
            "learn_lr",
            0.5,
            t("learn.lr"),
            t("learn.field_lr"),
            lambda x: _checked(x, 0.0, LR_LIMIT, open_low=True),
            below,
            step=0.1,
            format="%.3f",
            help=t("learn.lr_help"),
        )
    with n_col:
        n, n_ok = number_field(
            "learn_steps",
            100,
            t("learn.steps"),
            t("learn.field_steps"),
            lambda x: _checked(x, 1, STEPS_LIMIT, whole=True),
            below,
            step=1,
            help=t("learn.steps_help"),
        )
    run = training_run(m, target, below)

    # The buttons only ask (callbacks run before the page); the steps are taken here, before the buttons
    # are drawn, so that the buttons and everything below show the run after them.
    request = st.session_state.pop(REQUEST, None)
    room = RUN_LIMIT - len(run["losses"])
    todo = 0
    if request == "step" and lr_ok:
        todo = min(1, room)
    elif request == "run" and lr_ok and n_ok:
        todo = min(int(n), room)
    if todo:
        bar = below.progress(0.0, text=t("learn.running", done=0, total=todo)) if todo > 1 else None
        chunk = max(1, todo // 20)
        done = 0
        while done < todo:
            k = min(chunk, todo - done)
            history = train_scorer(m.H, [m.s], run["params"], output, target, lr, k)
            run["params"] = history[-1].params
            run["losses"] += [h.loss for h in history]
            done += k
            if bar is not None:
                bar.progress(done / todo, text=t("learn.running", done=done, total=todo))
        if bar is not None:
            bar.empty()
        room -= todo

    with step_col:
        st.button(
            t("learn.step"),
            key="learn_step",
            help=t("learn.step_help"),
            on_click=ask,
            args=("step",),
            disabled=not lr_ok or not room,
        )
    with run_col:
        st.button(
            t("learn.run"),
            key="learn_run_n",
            help=t("learn.run_help"),
            on_click=ask,
            args=("run",),
            disabled=not (lr_ok and n_ok) or not room,
        )
    with reset_col:
        st.button(t("learn.reset"), key="learn_reset", help=t("learn.reset_help"), on_click=reset_run)
    if not room:
        below.info(t("learn.limit", limit=RUN_LIMIT), icon=":material/block:")

    steps_done = len(run["losses"])
    start = predict(m.H, [m.s], run["start"], output, target)
    now = predict(m.H, [m.s], run["params"], output, target)
    st.markdown(
        t(
            "learn.status",
            n=steps_done,
            loss=num(now.loss),
            start=num(run["losses"][0] if steps_done else now.loss),
            token=vocabulary[target],
            p=num(now.probabilities[target]),
        )
    )

    labels = position_labels(m.tokens)
    groups = (t("learn.group_start"), t("learn.group_now", n=steps_done))
    weight_rows = [
        {"when": group, "position": p, "weight": float(w)}
        for group, weights in zip(groups, (start.reading.weights, now.reading.weights), strict=True)
        for p, w in zip(labels, weights, strict=True)
    ]
    losses = [*run["losses"], now.loss]
    loss_rows = [{"step": k, "loss": x if math.isfinite(x) else None} for k, x in enumerate(losses)]
    p_rows = [{"token": y, "p": float(p)} for y, p in zip(vocabulary, now.probabilities, strict=True)]

    weights_col, loss_col, p_col = st.columns(3, gap="medium")
    with weights_col:
        layout.chart(
            charts.grouped_bars(weight_rows, "weight", "when", t("learn.weights_title"), m.tokens),
            "weights_start_and_now",
            t("learn.weights_caption"),
        )
    with loss_col:
        layout.chart(
            charts.loss_curve(loss_rows, "step", t("learn.loss_x"), "loss", t("learn.loss_title")),
            "loss_curve",
            t("learn.loss_caption", token=vocabulary[target]),
        )
    with p_col:
        layout.chart(
            charts.target_bars(p_rows, "p", t("learn.p_title"), vocabulary),
            "target_probabilities",
            t("learn.p_caption"),
        )
    st.info(t("learn.train_caption"), icon=":material/school:")

    with st.expander(t("learn.params")):
        st.dataframe(
            pa.Table.from_pylist(param_rows(run["start"], run["params"])),
            hide_index=True,
            width="stretch",
            column_config={
                "parameter": t("learn.col_param"),
                **{
                    col: st.column_config.NumberColumn(t(f"learn.col_{col}"), format="%+.4f")
                    for col in ("start", "now", "change")
                },
            },
        )

    st.button(
        t("learn.apply"),
        key="learn_apply",
        help=t("learn.apply_help"),
        on_click=apply_trained,
        disabled=steps_done == 0 or run["applied"] == steps_done,
        icon=":material/share:",
    )
    outcome = st.session_state.pop(APPLIED, None)
    if outcome and outcome[0] == "ok":
        st.success(t("learn.applied", n=outcome[1]), icon=":material/check_circle:")
    elif outcome:
        layout.field_error(t("learn.apply"), t("learn.apply_failed", reason=outcome[1]))
    st.caption(t("learn.apply_note"))
