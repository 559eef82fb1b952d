"""Walkthrough steps on screen 5: the gradient through one read, and one gradient step on the scorer."""

from __future__ import annotations

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.learning import train_scorer
from core.tied_output import predict, tied_output_layer
from screens.learning import gradient_check, training
from ui import charts, layout, links, state, widgets
from ui.format import num, plain, position_rows
from ui.palette import position_labels
from ui.text import t


def gradient(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The probe gradient g; dL/de for each source score, checked against finite differences."""
    m = state.model()
    with control:
        g, _ = gradient_check.probe_gradient()
    p = m.params
    checked = gradient_check.checked_gradients(m.H, m.s, p.W, p.U, p.v, p.b, g)
    rows, dL_de = checked.rows, checked.dL_de
    with chart:
        layout.chart(
            charts.bars_by_position(
                position_rows(m.tokens, dL_de=dL_de), "dL_de", t("learn.de_title"), m.tokens, height=300
            ),
            "score_gradients",
            t("learn.de_caption"),
        )
    worst = max(float(r["rel_error"]) for r in rows)
    bad = sum(not r["passed"] for r in rows)
    fields = {"n": len(rows), "worst": f"{worst:.1e}", "total": f"{float(dL_de.sum()):.1e}"}
    if bad:
        return t("walk.gradient.failed", bad=bad, tolerance=f"{gradient_check.TOLERANCE:g}", **fields)
    return t("walk.gradient.point", **fields)


def one_step(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The correct target token and the learning rate; the weights before and after one gradient step."""
    m = state.model()
    vocabulary = training.target_vocabulary(m.tokens)
    with control:
        target = training.target_field(vocabulary)
        lr = widgets.bound(
            links.LEARN_LR,
            st.number_input,
            t("learn.lr"),
            check=links.check_lr,
            field=t("learn.field_lr"),
            step=0.1,
            format="%.3f",
        ).value
    output = tied_output_layer(m.H, vocabulary)
    before = predict(m.H, [m.s], m.params, output, target)
    after = predict(m.H, [m.s], train_scorer(m.H, [m.s], m.params, output, target, lr, 1)[-1].params, output, target)
    labels = position_labels(m.tokens)
    groups = (t("walk.step.before"), t("walk.step.after"))
    when, weight = t("walk.step.when"), t("walk.weight")
    rows = [
        {when: group, "position": p, weight: float(w)}
        for group, weights in zip(groups, (before.reading.weights, after.reading.weights), strict=True)
        for p, w in zip(labels, weights, strict=True)
    ]
    with chart:
        layout.chart(
            charts.grouped_bars(rows, weight, when, t("learn.weights_title"), m.tokens, height=300),
            "weights_before_and_after_one_step",
            t("walk.step.caption"),
        )
    moved = int(np.abs(after.reading.weights - before.reading.weights).argmax())
    return t(
        "walk.step.lower" if after.loss < before.loss else "walk.step.higher",
        lr=f"{lr:g}",
        token=plain(vocabulary[target]),
        before=num(before.loss, 3),
        after=num(after.loss, 3),
        position=plain(labels[moved]),
        w0=num(before.reading.weights[moved], 3),
        w1=num(after.reading.weights[moved], 3),
    )
