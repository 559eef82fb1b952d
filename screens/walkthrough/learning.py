"""Walkthrough steps on screen 5: the gradient through one read, and one gradient step on the scorer.

Both steps show the state slider below their own control. Step 8's chart of dL/de follows the thumb in the
browser (computed at every state the slider can set); its point says what the chart shows in words, and the
check against finite differences at s, folded below the chart, is written by the slider's section. Step 9's
gradient steps are taken from s, so its chart, point and numbers are drawn by the slider's section (again on a
release), each marked as settling while the thumb moves.
"""

from __future__ import annotations

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.learning import train_scorer
from core.tied_output import predict, tied_output_layer
from ui import charts, layout, sections, state, targets, widgets
from ui.format import num, plain, position_rows, scientific, state_rows
from ui.palette import position_labels
from ui.probe import TOLERANCE, checked_gradients, probe_gradient, score_gradients
from ui.settings.learning import LEARN_G, LEARN_LR, LEARN_TARGET, check_lr
from ui.text import t


def probe() -> np.ndarray:
    """The probe gradient g the link holds (its inputs keep the last valid value)."""
    return np.array([state.get(b) for b in LEARN_G])


def gradient(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The probe gradient g and the state s; dL/de for each source score (scrubbed by the slider); its check
    against finite differences folded below, written again on a release."""
    m = state.model()
    with control:
        g, _ = probe_gradient(value_column=False)
    p = m.params
    checked = checked_gradients(m.H, m.s, p.W, p.U, p.v, p.b, g)
    drawn, folded = chart.container(), chart.container()
    with drawn:
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
                    height=300,
                    scrub=scrub,
                ),
                None,
            ),
            lambda _: position_rows(m.tokens, dL_de=checked.dL_de),
        )

    def check() -> None:
        with folded, sections.settling(widgets.STATE_KEY, "walk.gradient", state.model().s):
            with st.expander(t("walk.numbers"), icon=":material/pin:"):
                st.markdown(gradient_check())

    widgets.state_section(control, narrow=True, then=check)
    return t("walk.gradient.point")


def gradient_check() -> str:
    """What the check at the state s finds: every entry within tolerance or not, and the scores' gradients' sum."""
    m = state.model()
    p = m.params
    checked = checked_gradients(m.H, m.s, p.W, p.U, p.v, p.b, probe())
    rows, dL_de = checked.rows, checked.dL_de
    worst = max(float(r["rel_error"]) for r in rows)
    bad = sum(not r["passed"] for r in rows)
    fields = {"n": len(rows), "worst": scientific(worst), "total": scientific(float(dL_de.sum()))}
    if bad:
        return t("walk.gradient.failed", bad=bad, tolerance=f"{TOLERANCE:g}", **fields)
    return t("walk.gradient.check", **fields)


MANY = 20  # the steps the chart's third group has taken: one step moves a weight by a few hundredths, too little to see


def one_step(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The correct target token, the learning rate and the state s; the weights before, after one step and after
    :data:`MANY`."""
    vocabulary = targets.target_vocabulary(state.model().tokens)
    with control:
        targets.target_field(vocabulary)
        widgets.bound(
            LEARN_LR,
            st.number_input,
            t("learn.lr"),
            check=check_lr,
            field=t("learn.field_lr"),
            step=0.1,
            format="%.3f",
        )
    widgets.state_section(control, narrow=True, then=lambda: one_step_at_s(chart, point))
    return None


def one_step_at_s(chart: DeltaGenerator, point: DeltaGenerator) -> None:
    """One gradient step from the state s towards the link's target at its learning rate, and :data:`MANY` of them:
    the chart and the point."""
    m = state.model()
    vocabulary = targets.target_vocabulary(m.tokens)
    target, lr = (
        state.get(LEARN_TARGET),
        state.get(LEARN_LR),
    )  # as their inputs stored them
    output = tied_output_layer(m.H, vocabulary)
    history = train_scorer(m.H, [m.s], m.params, output, target, lr, MANY)
    before = predict(m.H, [m.s], m.params, output, target)
    after, after_many = (predict(m.H, [m.s], history[k].params, output, target) for k in (0, -1))
    labels = position_labels(m.tokens)
    groups = (t("walk.step.before"), t("walk.step.after"), t("walk.step.after_many", steps=MANY))
    when, weight = t("walk.step.when"), t("walk.weight")
    readings = (before.reading.weights, after.reading.weights, after_many.reading.weights)
    rows = [
        {when: group, "position": p, weight: float(w)}
        for group, weights in zip(groups, readings, strict=True)
        for p, w in zip(labels, weights, strict=True)
    ]
    with chart, sections.settling(widgets.STATE_KEY, "walk.step.chart", m.s):
        layout.chart(
            charts.grouped_bars(rows, weight, when, t("learn.weights_title"), m.tokens, height=300),
            "weights_before_and_after_gradient_steps",
            t("walk.step.caption", steps=MANY),
        )
    moved = int(np.abs(after.reading.weights - before.reading.weights).argmax())
    told = t(
        "walk.step.point",
        steps=MANY,
        token=plain(vocabulary[target]),
        position=plain(labels[moved]),
        w0=num(before.reading.weights[moved], 3),
        w_many=num(after_many.reading.weights[moved], 3),
    )
    said = t(
        "walk.step.lower" if after.loss < before.loss else "walk.step.higher",
        lr=f"{lr:g}",
        token=plain(vocabulary[target]),
        before=num(before.loss, 3),
        after=num(after.loss, 3),
        position=plain(labels[moved]),
        w0=num(before.reading.weights[moved], 3),
        w1=num(after.reading.weights[moved], 3),
        steps=MANY,
        after_many=num(after_many.loss, 3),
        w_many=num(after_many.reading.weights[moved], 3),
    )
    with point, sections.settling(widgets.STATE_KEY, "walk.step.point", m.s):
        st.markdown(f"**{told}**")
    with chart, sections.settling(widgets.STATE_KEY, "walk.step.numbers", m.s):
        with st.expander(t("walk.numbers"), icon=":material/pin:"):
            st.markdown(said)
