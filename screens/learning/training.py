"""Screen 5, the training tab: gradient descent on the scorer from the prediction loss alone.

A toy output layer tied to the sources predicts the target token from c_t; the
reader trains the shared scorer (W, U, v, b) either at the current state s or
at the example's states A and B together, with a correct target token at each
(the loss then sums over the states), and picks a learning rate and a number
of steps. The run lives in ``st.session_state`` (not in the link) as a
:class:`~screens.learning.run_state.TrainingRun`, whose life there (started again, asked, shared) is
:mod:`screens.learning.run_state`'s; its settings (states, targets, learning rate, N) are in the link.
The section's controls rerun it alone (the parameters' switch only its table);
sharing the trained scorer reruns the whole screen, which reads it everywhere.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.example import STATES as EXAMPLE_STATES  # A: -1, B: +1
from core.gradients import OutputLayer
from core.labels import entry_label
from core.learning import PARAMETER_NAMES, states_loss
from core.reading import attend
from core.scorers import AdditiveParams
from core.tied_output import Prediction, predict, tied_output_layer
from screens.learning import run_state
from screens.learning.run_state import Goal, TrainingRun
from ui import charts, layout, readings, sections, state, targets, widgets
from ui.format import num, plain
from ui.palette import position_labels
from ui.progress import PacedProgress
from ui.sections import section
from ui.settings import learning as settings
from ui.state import Model
from ui.text import t

# --- The run in the session -----------------------------------------------------------------------


def the_run(m: Model, goals: tuple[Goal, ...], notices: DeltaGenerator) -> TrainingRun:
    """The session's run for these sources and goals (states, targets), saying so where one that had taken steps
    starts again (:func:`screens.learning.run_state.current`)."""
    run, changed = run_state.current(st.session_state, m, goals)
    if changed:
        what = t("learn.list_sep").join(t(f"learn.what.{c}") for c in changed)
        notices.info(t("learn.restarted", what=what), icon=":material/restart_alt:")
    return run


def apply_trained() -> None:
    """Copy the run's scorer into the shared state (a button callback, so it runs before the page)."""
    run: TrainingRun | None = st.session_state.get(run_state.RUN)
    if run is None:
        return
    m = state.model()
    p = run.params
    try:
        params = state.check_scorer(p.W, p.U, p.v, p.b)
    except ValueError as exc:
        run_state.refused(st.session_state, str(exc))
        return
    new = Model(m.tokens, m.H, params, m.s)
    state.set_model(new)
    run_state.shared(st.session_state, run, new)


def take_steps(run: TrainingRun, m: Model, output: OutputLayer, lr: float, todo: int, below: DeltaGenerator) -> None:
    """``todo`` steps on the sum of the run's states' losses; a progress bar where they take a moment."""
    progress = PacedProgress(below, todo, lambda done: t("learn.running", done=done, total=todo))
    run_state.advance(run, m.H, output, lr, todo, progress)
    progress.close()


# --- Inputs ---------------------------------------------------------------------------------------


def states_field() -> str:
    """Train at the state s or at A and B together (in the link)."""
    return widgets.bound(
        settings.LEARN_STATES,
        st.radio,
        t("learn.states"),
        settings.TRAINING_STATES,
        format_func=lambda k: t(f"learn.states_{k}"),
        horizontal=True,
        help=t("learn.states_help"),
    ).value


def goals_field(m: Model, states: str, vocabulary: list[str]) -> tuple[Goal, ...]:
    """The state(s) to train at and the correct target token at each: (s,) or (A, B)."""
    if states == "s":
        return (Goal("s", m.s, targets.target_field(vocabulary)),)
    goals = []
    for col, name, b in zip(st.columns(2), ("A", "B"), (settings.LEARN_TARGET, settings.LEARN_TARGET_B), strict=True):
        s = EXAMPLE_STATES[name]
        with col:
            label = t("learn.target_at", state=name, s=f"{s:+g}")
            goals.append(Goal(name, s, targets.target_field(vocabulary, b, label)))
    return tuple(goals)


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


def weight_rows(m: Model, run: TrainingRun, start: list[Prediction], now: list[Prediction]) -> list[dict]:
    """One row a (group, position): groups 'start', 'now' for one state; 'A: start', ... for several."""
    labels = position_labels(m.tokens)
    when, weight = t("learn.data_when"), t("learn.data_weight")
    rows = []
    for goal, before, after in zip(run.origin.goals, start, now, strict=True):
        groups = (t("learn.group_start"), t("learn.group_now", n=run.steps))
        if len(run.origin.goals) > 1:  # four groups: short labels, the step count is in the status line
            groups = tuple(t(f"learn.group_{g}_at", state=goal.name) for g in ("start", "now"))
        for group, weights in zip(groups, (before.reading.weights, after.reading.weights), strict=True):
            rows += [{when: group, "position": p, weight: float(w)} for p, w in zip(labels, weights, strict=True)]
    return rows


RUN_PLOT = 200  # px: the plots of a run's three charts, side by side


def run_charts(
    m: Model, run: TrainingRun, start: list[Prediction], now: list[Prediction], total: float, vocabulary: list[str]
) -> None:
    """The weights at the start and now, the loss curve, and the output layer's probabilities (per state)."""
    goals = run.origin.goals
    several = len(goals) > 1
    losses = [*run.losses, total]
    step, loss = t("learn.loss_x"), t("learn.data_loss")
    loss_rows = [{step: k, loss: x if math.isfinite(x) else None} for k, x in enumerate(losses)]

    weights_col, loss_col, p_col = st.columns(3, gap="medium")
    with weights_col:
        layout.chart(
            charts.grouped_bars(
                weight_rows(m, run, start, now),
                t("learn.data_weight"),
                t("learn.data_when"),
                t("learn.weights_title"),
                m.tokens,
                height=RUN_PLOT,
            ),
            "weights_start_and_now",
            t("learn.weights_caption_states" if several else "learn.weights_caption"),
        )
    with loss_col:
        caption = (
            t("learn.loss_caption_states", targets=targets_text(goals, vocabulary))
            if several
            else t("learn.loss_caption", token=plain(vocabulary[goals[0].target]))
        )
        layout.chart(
            charts.loss_curve(loss_rows, step, step, loss, t("learn.loss_title"), height=RUN_PLOT),
            "loss_curve",
            caption,
        )
    with p_col:
        if several:
            at = t("learn.data_state")
            p_rows = [
                {at: t("learn.p_at", state=g.name), "position": y, "p": float(p)}
                for g, pred in zip(goals, now, strict=True)
                for y, p in zip(vocabulary, pred.probabilities, strict=True)
            ]
            spec = charts.grouped_bars(p_rows, "p", at, t("learn.p_title"), vocabulary, height=RUN_PLOT)
        else:
            p_rows = [{"token": y, "p": float(p)} for y, p in zip(vocabulary, now[0].probabilities, strict=True)]
            spec = charts.target_bars(p_rows, "p", t("learn.p_title"), vocabulary, height=RUN_PLOT)
        layout.chart(spec, "target_probabilities", t("learn.p_caption_states" if several else "learn.p_caption"))


def targets_text(goals: tuple[Goal, ...], vocabulary: list[str]) -> str:
    """'A → 猫, B → 我'."""
    return t("learn.list_sep").join(t("learn.goal", state=g.name, token=plain(vocabulary[g.target])) for g in goals)


def readings_at_a_and_b(m: Model, run: TrainingRun) -> None:
    """Which position each of the example's states A and B reads most with the scorer now, and what that says."""
    labels = position_labels(m.tokens)
    weights = attend(m.H, np.array([[s] for s in EXAMPLE_STATES.values()]), run.params).weights  # (2, T)
    most = [int(j) for j in weights.argmax(axis=1)]  # the position each state reads most
    said = [
        t(
            "learn.reads_now",
            n=run.steps,
            a=plain(labels[most[0]]),
            wa=num(weights[0, most[0]], 3),
            b=plain(labels[most[1]]),
            wb=num(weights[1, most[1]], 3),
        ),
        t("learn.reads_apart" if most[0] != most[1] else "learn.reads_same"),
    ]
    goals = run.origin.goals
    if len(goals) == 1:
        said.append(t("learn.reads_one_state"))
    elif run.steps and most == [g.target for g in goals]:
        said.append(t("learn.reads_as_asked"))
    st.markdown(one_paragraph(said))


def one_paragraph(sentences: list[str]) -> str:
    """Sentences one after another: a space between them, none after a full-width full stop (Chinese)."""
    text = sentences[0]
    for sentence in sentences[1:]:
        text += sentence if text.endswith("。") else " " + sentence
    return text


@section("learn.params")
def parameters_table() -> None:
    """Every parameter of the session's run at its start and now, drawn only while the reader keeps it open; the
    switch reruns this section alone."""
    run: TrainingRun | None = st.session_state.get(run_state.RUN)
    if widgets.bound(settings.LEARN_PARAMS, st.toggle, t("learn.params")).value and run is not None:
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
    outcome = run_state.outcome(st.session_state)
    if outcome and outcome[0] == "ok":
        st.success(t("learn.applied", n=outcome[1]), icon=":material/check_circle:")
    elif outcome:
        widgets.field_error(t("learn.apply"), t("learn.apply_failed", reason=outcome[1]))
    st.caption(t("learn.apply_note_states" if len(run.origin.goals) > 1 else "learn.apply_note"))


# --- The section ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """The row of controls: the learning rate and N (each with whether the reader's value is valid)."""

    lr: float
    lr_ok: bool
    n: int
    n_ok: bool


def settings_row() -> tuple[Settings, DeltaGenerator, DeltaGenerator]:
    """The learning rate and N inputs (in the link), the row left for the buttons, and the room below.

    Errors, notices and the progress bar go below the row of controls. The buttons sit in a row of their own,
    which a phone keeps whole (it stacks columns), so that Step stays close above the charts it moves.
    """
    lr_col, n_col, buttons_col = st.columns([2, 2, 3.6], vertical_alignment="bottom")
    buttons_row = buttons_col.container(horizontal=True, gap="small")
    below = st.container()
    with lr_col:
        lr, lr_ok = widgets.bound(
            settings.LEARN_LR,
            st.number_input,
            t("learn.lr"),
            check=settings.check_lr,
            field=t("learn.field_lr"),
            errors=below,
            step=0.1,
            format="%.3f",
            help=t("learn.lr_help"),
        )
    with n_col:
        n, n_ok = widgets.bound(
            settings.LEARN_STEPS,
            st.number_input,
            t("learn.steps"),
            check=settings.check_steps,
            field=t("learn.field_steps"),
            errors=below,
            step=1,
            help=t("learn.steps_help"),
        )
    return Settings(lr, lr_ok, int(n), n_ok), buttons_row, below


def buttons(run: TrainingRun, settings: Settings, row: DeltaGenerator) -> None:
    """Step, Run N steps and Reset, side by side in ``row``; the first two only ask (their callbacks run before the
    page)."""
    with row:
        st.button(
            t("learn.step"),
            key="learn_step",
            help=t("learn.step_help"),
            on_click=run_state.ask,
            args=(st.session_state, "step"),
            disabled=not settings.lr_ok or not run.room,
        )
        st.button(
            t("learn.run"),
            key="learn_run_n",
            help=t("learn.run_help"),
            on_click=run_state.ask,
            args=(st.session_state, "run"),
            disabled=not (settings.lr_ok and settings.n_ok) or not run.room,
        )
        st.button(
            t("learn.reset"),
            key="learn_reset",
            help=t("learn.reset_help"),
            on_click=run_state.reset,
            args=(st.session_state,),
        )


UPDATE = r"\varphi = (W, U, v, b) &\;\leftarrow\; \varphi - \eta\, \frac{\partial L}{\partial \varphi}"


def training_formula(goals: tuple[Goal, ...]) -> str:
    """The toy's output layer, the loss trained on (one state's, or the sum over A and B), its g and the update."""
    if len(goals) == 1:
        lines = (
            r"p(y_t = k \mid c_t) &= \frac{\exp(z_k)}{\sum_{l=1}^{T} \exp(z_l)} \\"
            r"z_k &= h_k^\top c_t \\[6pt]"
            r"L &= -\log p(y_t \mid c_t) \\[6pt]"
            r"g = \frac{\partial L}{\partial c_t} &= "
            r"\sum_{k=1}^{T} \big(p(y_t = k \mid c_t) \\ &\qquad - [\,k = y_t\,]\big)\, h_k \\[6pt]"
        )
    else:
        terms = r" \\ &\qquad ".join(rf"- \log p(y_{g.name} \mid c_{g.name})" for g in goals)  # a term a line
        states = r",\ ".join(f"s_{g.name} = {g.s:+g}" for g in goals)
        names = ", ".join(g.name for g in goals)
        lines = (
            r"p(y = k \mid c) &= \frac{\exp(z_k)}{\sum_{l=1}^{T} \exp(z_l)} \\"
            r"z_k &= h_k^\top c \\[6pt]"
            rf"L &= {terms} \\"
            rf"& {states} \\[6pt]"
            r"g_n = \frac{\partial L}{\partial c_n} &= "
            r"\sum_{k=1}^{T} \big(p(y = k \mid c_n) \\ &\qquad - [\,k = y_n\,]\big)\, h_k, \\"
            rf"& n \in \{{{names}\}} \\[6pt]"
        )
    return r"\begin{aligned}" + lines + UPDATE + r"\end{aligned}"


def shared_elsewhere() -> bool:
    """Whether the reader has just shared the trained scorer (its callback stored it): everything on the screen
    reads the scorer, so a section that reran alone for the button asks for a whole run instead."""
    outcome = run_state.outcome(st.session_state, keep=True)
    return sections.alone() and outcome is not None and outcome[0] == "ok"


@section("learn.train")
def draw() -> None:
    """The training run: its states and targets, learning rate and steps, buttons, charts and parameters.

    Its controls rerun it alone; the screen's tabs, which follow the state slider, draw it, so a release reruns it
    at the new state
    (a run trained at the state s starts again there).
    """
    if shared_elsewhere():
        st.rerun()
    m = state.model()
    states_col, goals_col = st.columns([2, 3], gap="medium")  # side by side: the charts in the first screenful
    with states_col:
        states = states_field()
    vocabulary = targets.target_vocabulary(m.tokens)
    if not readings.is_example(m.tokens):
        st.caption(t("learn.tied_labels", example=" / ".join(readings.shown(readings.READINGS["en"]["source"]))))
    output = tied_output_layer(m.H, vocabulary)
    with goals_col:
        goals = goals_field(m, states, vocabulary)
    # the controls that move the run on close above its charts, then how far it has come, and under them the loss
    # and update it follows: the formula above the charts put them under a laptop's first screenful, on the
    # screen's first tab
    settings, buttons_row, below = settings_row()
    run = the_run(m, goals, below)
    # The steps are taken here, before the buttons are drawn, so that the buttons and everything below
    # show the run after them.
    todo = run_state.asked(st.session_state, run, settings.n, settings.lr_ok, settings.n_ok)
    if todo:
        take_steps(run, m, output, settings.lr, todo, below)
    buttons(run, settings, buttons_row)
    if not run.room:
        below.info(t("learn.limit", limit=run_state.RUN_LIMIT), icon=":material/block:")

    start = [predict(m.H, [g.s], run.start, output, g.target) for g in goals]
    now = [predict(m.H, [g.s], run.params, output, g.target) for g in goals]
    total = states_loss(m.H, run.origin.states, run.params, output, run.origin.targets).loss
    first = run.losses[0] if run.steps else total
    run_charts(m, run, start, now, total, vocabulary)
    if len(goals) == 1:
        token = plain(vocabulary[goals[0].target])
        p = num(now[0].probabilities[goals[0].target])
        st.markdown(t("learn.status", n=run.steps, loss=num(total), start=num(first), token=token, p=p))
    else:
        ps = t("learn.list_sep").join(
            t("learn.p_of", token=plain(vocabulary[g.target]), state=g.name, p=num(pred.probabilities[g.target]))
            for g, pred in zip(goals, now, strict=True)
        )
        st.markdown(t("learn.status_states", n=run.steps, loss=num(total), start=num(first), ps=ps))
    st.markdown(t("learn.train_lead"))
    st.latex(training_formula(goals))
    if len(goals) > 1:
        st.caption(t("learn.states_formula"))
    readings_at_a_and_b(m, run)
    st.info(t("learn.train_caption_states" if len(goals) > 1 else "learn.train_caption"), icon=":material/school:")
    parameters_table()
    share_button(run)
