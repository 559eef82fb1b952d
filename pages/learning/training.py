"""Screen 5, third section: gradient descent on the scorer from the prediction loss alone.

A toy output layer tied to the sources predicts the target token from c_t; the
reader picks the correct token, a learning rate and a number of steps, and
trains the shared scorer (W, U, v, b) at the current state. The run lives in
``st.session_state`` (not in the link) as a :class:`TrainingRun`; its settings
(target, learning rate, N) are in the link.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.example import TARGET_TOKENS, TOKENS
from core.gradients import OutputLayer
from core.labels import entry_label
from core.learning import PARAMETER_NAMES, train_scorer
from core.scorers import AdditiveParams
from core.tied_output import Prediction, predict, tied_output_layer
from ui import charts, layout, links, state, widgets
from ui.format import num, plain
from ui.palette import position_labels
from ui.state import Model
from ui.text import t

RUN_LIMIT = 5000  # steps one training run keeps
RUN = "learn_run"  # the training run in st.session_state
REQUEST = "learn_request"  # "step" or "run", asked by a button, done by the page
APPLIED = "learn_applied"  # the outcome of the last "use on every screen", shown once


@dataclass(frozen=True)
class Origin:
    """What a run was started from: the shared model's link values and the correct target token."""

    model: dict[str, str]
    target: int


@dataclass
class TrainingRun:
    """One session's training run: the scorer it started from, the scorer now, one loss a step taken."""

    origin: Origin
    start: AdditiveParams
    params: AdditiveParams
    losses: list[float] = field(default_factory=list)
    applied: int | None = None  # steps taken when the scorer was last shared with every screen

    @property
    def steps(self) -> int:
        return len(self.losses)

    @property
    def room(self) -> int:
        return RUN_LIMIT - self.steps


# --- The run in the session -----------------------------------------------------------------------


def target_vocabulary(tokens: tuple[str, ...]) -> list[str]:
    """我 / 喜欢 / 猫 for the article's sources; otherwise one 'translation of <token>' a position."""
    if tuple(tokens) == TOKENS:
        return list(TARGET_TOKENS)
    return [t("learn.translation_of", token=label) for label in position_labels(tokens)]


def what_changed(before: Origin, now: Origin) -> str:
    parts = []
    if before.target != now.target:
        parts.append(t("learn.what.target"))
    b, n = before.model, now.model
    for what, keys in (("s", ("s",)), ("sources", ("tokens", "H")), ("scorer", ("W", "U", "v", "b"))):
        if any(b[k] != n[k] for k in keys):
            parts.append(t(f"learn.what.{what}"))
    return ", ".join(parts)


def training_run(m: Model, target: int, notices: DeltaGenerator) -> TrainingRun:
    """The session's training run for this state, sources and target; a new one from the shared scorer otherwise."""
    origin = Origin(m.encode(), target)
    run: TrainingRun | None = st.session_state.get(RUN)
    if run is not None and run.origin != origin:
        if run.losses:
            notices.info(t("learn.restarted", what=what_changed(run.origin, origin)), icon=":material/restart_alt:")
        run = None
    if run is None:
        run = TrainingRun(origin, m.params, m.params)
        st.session_state[RUN] = run
    return run


def reset_run() -> None:
    st.session_state.pop(RUN, None)


def ask(what: str) -> None:
    """A training button's callback: remember what was asked ("step" or "run") for the page to do."""
    st.session_state[REQUEST] = what


def apply_trained() -> None:
    """Copy the run's scorer into the shared state (a button callback, so it runs before the page)."""
    run: TrainingRun | None = st.session_state.get(RUN)
    if run is None:
        return
    m = state.model()
    p = run.params
    try:
        params = state.check_scorer(p.W, p.U, p.v, p.b)
    except ValueError as exc:
        st.session_state[APPLIED] = ("error", str(exc))
        return
    new = Model(m.tokens, m.H, params, m.s)
    state.set_model(new)
    run.origin = Origin(new.encode(), run.origin.target)
    run.applied = run.steps
    st.session_state[APPLIED] = ("ok", str(run.steps))


def take_steps(
    run: TrainingRun, m: Model, output: OutputLayer, target: int, lr: float, todo: int, below: DeltaGenerator
) -> None:
    """Train ``todo`` steps in chunks, with a progress bar for more than one."""
    bar = below.progress(0.0, text=t("learn.running", done=0, total=todo)) if todo > 1 else None
    chunk = max(1, todo // 20)
    done = 0
    while done < todo:
        k = min(chunk, todo - done)
        history = train_scorer(m.H, [m.s], run.params, output, target, lr, k)
        run.params = history[-1].params
        run.losses += [h.loss for h in history]
        done += k
        if bar is not None:
            bar.progress(done / todo, text=t("learn.running", done=done, total=todo))
    if bar is not None:
        bar.empty()


# --- Inputs ---------------------------------------------------------------------------------------


def target_field(vocabulary: list[str]) -> int:
    """The correct target token, as an index into ``vocabulary``; the link holds its 1-based number."""
    b = links.LEARN_TARGET
    target = min(state.get(b), len(vocabulary) - 1)  # the sources may have lost positions since
    state.seed(b.widget_key, target)
    if st.session_state[b.widget_key] >= len(vocabulary):
        st.session_state[b.widget_key] = target
    target = st.radio(
        t("learn.target"),
        list(range(len(vocabulary))),
        format_func=lambda k: plain(vocabulary[k]),
        horizontal=True,
        key=b.widget_key,
        help=t("learn.target_help"),
    )
    state.put(b, target)
    return target


def param_rows(start: AdditiveParams, now: AdditiveParams) -> list[dict[str, object]]:
    rows = []
    for name in PARAMETER_NAMES:
        a, b = getattr(start, name), getattr(now, name)
        for idx in np.ndindex(a.shape):
            rows.append(
                {
                    "parameter": entry_label(name, idx),
                    "start": float(a[idx]),
                    "now": float(b[idx]),
                    "change": float(b[idx] - a[idx]),
                }
            )
    return rows


# --- What the run shows ---------------------------------------------------------------------------


def run_charts(
    m: Model, run: TrainingRun, start: Prediction, now: Prediction, vocabulary: list[str], target: int
) -> None:
    """The weights at the start and now, the loss curve, and the output layer's probabilities."""
    labels = position_labels(m.tokens)
    groups = (t("learn.group_start"), t("learn.group_now", n=run.steps))
    weight_rows = [
        {"when": group, "position": p, "weight": float(w)}
        for group, weights in zip(groups, (start.reading.weights, now.reading.weights), strict=True)
        for p, w in zip(labels, weights, strict=True)
    ]
    losses = [*run.losses, now.loss]
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
            t("learn.loss_caption", token=plain(vocabulary[target])),
        )
    with p_col:
        layout.chart(
            charts.target_bars(p_rows, "p", t("learn.p_title"), vocabulary),
            "target_probabilities",
            t("learn.p_caption"),
        )


def parameters_table(run: TrainingRun) -> None:
    """Every parameter at the start and now, drawn only while the reader keeps it open."""
    if widgets.bound(links.LEARN_PARAMS, st.toggle, t("learn.params")).value:
        st.dataframe(
            pa.Table.from_pylist(param_rows(run.start, run.params)),
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


def share_button(run: TrainingRun) -> None:
    """Use the trained scorer on every screen, and the outcome of the last press."""
    st.button(
        t("learn.apply"),
        key="learn_apply",
        help=t("learn.apply_help"),
        on_click=apply_trained,
        disabled=run.steps == 0 or run.applied == run.steps,
        icon=":material/share:",
    )
    outcome = st.session_state.pop(APPLIED, None)
    if outcome and outcome[0] == "ok":
        st.success(t("learn.applied", n=outcome[1]), icon=":material/check_circle:")
    elif outcome:
        layout.field_error(t("learn.apply"), t("learn.apply_failed", reason=outcome[1]))
    st.caption(t("learn.apply_note"))


# --- The section ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """The row of controls: the learning rate and N (each with whether the reader's value is valid)."""

    lr: float
    lr_ok: bool
    n: int
    n_ok: bool


def settings_row() -> tuple[Settings, tuple[DeltaGenerator, ...], DeltaGenerator]:
    """The learning rate and N inputs (in the link), the three columns left for the buttons, and the room below.

    Errors, notices and the progress bar go below the row of controls.
    """
    lr_col, n_col, *button_cols = st.columns([2, 2, 1, 1.3, 1.3], vertical_alignment="bottom")
    below = st.container()
    with lr_col:
        lr, lr_ok = widgets.bound(
            links.LEARN_LR,
            st.number_input,
            t("learn.lr"),
            check=links.check_lr,
            field=t("learn.field_lr"),
            errors=below,
            step=0.1,
            format="%.3f",
            help=t("learn.lr_help"),
        )
    with n_col:
        n, n_ok = widgets.bound(
            links.LEARN_STEPS,
            st.number_input,
            t("learn.steps"),
            check=links.check_steps,
            field=t("learn.field_steps"),
            errors=below,
            step=1,
            help=t("learn.steps_help"),
        )
    return Settings(lr, lr_ok, int(n), n_ok), tuple(button_cols), below


def steps_asked(run: TrainingRun, settings: Settings) -> int:
    """How many steps the last button press asks for, within the run's limit (0 if none or the input is bad)."""
    request = st.session_state.pop(REQUEST, None)
    if request == "step" and settings.lr_ok:
        return min(1, run.room)
    if request == "run" and settings.lr_ok and settings.n_ok:
        return min(settings.n, run.room)
    return 0


def buttons(run: TrainingRun, settings: Settings, columns: tuple[DeltaGenerator, ...]) -> None:
    """Step, Run N steps and Reset; the first two only ask (their callbacks run before the page)."""
    step_col, run_col, reset_col = columns
    with step_col:
        st.button(
            t("learn.step"),
            key="learn_step",
            help=t("learn.step_help"),
            on_click=ask,
            args=("step",),
            disabled=not settings.lr_ok or not run.room,
        )
    with run_col:
        st.button(
            t("learn.run"),
            key="learn_run_n",
            help=t("learn.run_help"),
            on_click=ask,
            args=("run",),
            disabled=not (settings.lr_ok and settings.n_ok) or not run.room,
        )
    with reset_col:
        st.button(t("learn.reset"), key="learn_reset", help=t("learn.reset_help"), on_click=reset_run)


def draw(m: Model) -> None:
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
    settings, button_cols, below = settings_row()
    run = training_run(m, target, below)
    # The steps are taken here, before the buttons are drawn, so that the buttons and everything below
    # show the run after them.
    todo = steps_asked(run, settings)
    if todo:
        take_steps(run, m, output, target, settings.lr, todo, below)
    buttons(run, settings, button_cols)
    if not run.room:
        below.info(t("learn.limit", limit=RUN_LIMIT), icon=":material/block:")

    start = predict(m.H, [m.s], run.start, output, target)
    now = predict(m.H, [m.s], run.params, output, target)
    st.markdown(
        t(
            "learn.status",
            n=run.steps,
            loss=num(now.loss),
            start=num(run.losses[0] if run.steps else now.loss),
            token=plain(vocabulary[target]),
            p=num(now.probabilities[target]),
        )
    )
    run_charts(m, run, start, now, vocabulary, target)
    st.info(t("learn.train_caption"), icon=":material/school:")
    parameters_table(run)
    share_button(run)
