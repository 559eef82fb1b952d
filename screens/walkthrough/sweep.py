"""Walkthrough steps on screen 4: sweep the state, and soft reading against hard selection."""

from __future__ import annotations

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.sweep import Sweep, linspace_states, sweep_states
from core.switches import NO_LEADER, TIE_TOLERANCE
from screens.walkthrough import scorer
from ui import charts, layout, state, widgets
from ui.format import indexed, num, plain
from ui.palette import position_labels
from ui.settings.state_sweep import POINTS, SWEEP, ordered_interval
from ui.state import Model
from ui.text import t

DRAWN = 150  # rows a curve sends to the browser; the claims use every point


def _interval(control: DeltaGenerator) -> tuple[Model, Sweep]:
    """The swept interval (in the link) and the sweep over it at the link's number of points."""
    with control:
        low, high = widgets.bound(
            SWEEP,
            st.slider,
            t("sweep.interval"),
            *state.S_RANGE,
            step=0.1,
            check=ordered_interval,
            field=t("sweep.bad_interval"),
        ).value
    m = state.model()
    return m, sweep_states(m.H, m.params, linspace_states(low, high, state.get(POINTS)))


def _drawn(sw: Sweep) -> range:
    return range(0, len(sw.s), max(1, len(sw.s) // DRAWN))


def folded(box: DeltaGenerator, said: str) -> None:
    """The numbers behind the step's point, folded in ``box``."""
    with box, st.expander(t("walk.numbers"), icon=":material/pin:"):
        st.markdown(said)


def sweep(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The interval of s and the scorer; each weight over it; where the lead changes, folded below."""
    m, sw = _interval(control)
    with control:
        scorer.scorer(m)
    labels = position_labels(m.tokens)
    weight = t("walk.weight")
    rows = [
        {"s": float(sw.s[i]), "position": lab, weight: float(sw.weights[i, j])}
        for i in _drawn(sw)
        for j, lab in enumerate(labels)
    ]
    marks = [(x, name) for x, name in ((-1.0, "A"), (1.0, "B")) if sw.s[0] <= x <= sw.s[-1]]
    with chart:
        layout.chart(
            charts.curves(rows, "s", t("sweep.s"), weight, t("weight"), m.tokens, marks=marks, domain=(0, 1)),
            "sweep_weights",
            t("walk.sweep.caption"),
            rows=rows,
        )
    folded(chart, sweep_point(sw, labels))
    leads = sw.leads
    if leads.switches:
        return t("walk.sweep.passes")
    if leads.ties or NO_LEADER in (leads.leader[0], leads.leader[-1]):
        return t("walk.sweep.near_tie")
    return t("walk.sweep.steady", token=plain(labels[leads.leader[0]]))


def sweep_point(sw: Sweep, labels: list[str]) -> str:
    """What the sweep shows of the lead: the position ahead by the tie tolerance (screen 4's rule) at each end, and
    how many switches and near-ties lie between; never a plain argmax, which names a winner within a near-tie."""
    leads = sw.leads
    fields = {
        "low": f"{sw.s[0]:g}",
        "high": f"{sw.s[-1]:g}",
        "tol": TIE_TOLERANCE,
        "points": len(sw.s),
        "step": num(np.abs(np.diff(sw.weights, axis=0)).max(), 3),
    }
    changes = len(leads.switches) + len(leads.ties)
    if changes == 0:
        return t("walk.sweep.point", token=plain(labels[leads.leader[0]]), **fields)

    def held(j: int) -> str:
        return t("walk.sweep.no_lead") if j == NO_LEADER else plain(labels[j])

    point = t("walk.sweep.point_moves", first=held(leads.leader[0]), last=held(leads.leader[-1]), n=changes, **fields)
    led = np.flatnonzero(leads.leader != NO_LEADER)  # the states where a position leads
    if len(led) and leads.leader[0] == NO_LEADER:  # the lead's first taking is a change a reader sees too
        point += " " + t("walk.sweep.taken", token=plain(labels[leads.leader[led[0]]]), at=f"{sw.s[led[0]]:.2f}")
    if len(led) and leads.leader[-1] == NO_LEADER:
        point += " " + t("walk.sweep.kept", token=plain(labels[leads.leader[led[-1]]]), at=f"{sw.s[led[-1]]:.2f}")
    return point


def soft_and_hard(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The interval of s and the scorer; c_1 read softly and by hard selection; where hard selection jumps, and
    how far the soft read moves, folded below."""
    m, sw = _interval(control)
    with control:
        scorer.scorer(m)
    soft, hard, read = t("sweep.soft"), t("sweep.hard"), t("walk.hard.read")
    rows = [
        {"s": float(sw.s[i]), read: kind, "c": float(C[i, 0])}
        for kind, C in ((soft, sw.contexts), (hard, sw.hard_contexts))
        for i in _drawn(sw)
    ]
    with chart:
        layout.chart(
            charts.steps(rows, "s", t("sweep.s"), "c", indexed("c", 1), read, order=(soft, hard)),
            "soft_and_hard",
            t("sweep.jump_caption", k=1),
        )
    folded(chart, hard_point(m, sw))
    leads = sw.leads
    if not leads.switches:
        return t("walk.hard.still")
    first = leads.switches[0]
    return t(
        "walk.hard.jumps",
        jump=num(abs(m.H[first.after, 0] - m.H[first.before, 0]), 3),  # hard selection reads h_before, then h_after
        a=plain(position_labels(m.tokens)[first.before]),
        b=plain(position_labels(m.tokens)[first.after]),
    )


def hard_point(m: Model, sw: Sweep) -> str:
    """Where hard selection jumps (or rests on a near-tie) and how far the soft read's c_1 moves between swept
    states."""
    labels = position_labels(m.tokens)
    soft_step = num(np.abs(np.diff(sw.contexts[:, 0])).max(), 3)
    leads = sw.leads
    if not leads.switches:
        if leads.ties:  # where no position leads: hard selection's choice there is a near-tie's
            tie, fields = leads.ties[0], {"soft": soft_step, "tol": TIE_TOLERANCE}
            if tie.low == tie.high:
                return t("walk.hard.tie_at", at=f"{tie.low:.2f}", **fields)
            return t("walk.hard.tie", low=f"{tie.low:.2f}", high=f"{tie.high:.2f}", **fields)
        return t("walk.hard.none", token=plain(labels[sw.winner[0]]), soft=soft_step)
    first, *later = leads.switches
    point = t(
        "walk.hard.point",
        at=f"{first.s:.3f}",
        a=plain(labels[first.before]),
        b=plain(labels[first.after]),
        jump=num(abs(m.H[first.after, 0] - m.H[first.before, 0]), 3),  # hard selection reads h_before, then h_after
        soft=soft_step,
    )
    if not later:
        return point
    then = later[0]  # the sentence names every jump: the next one, and how many in all
    more = t(
        "walk.hard.more", n=len(later), at=f"{then.s:.3f}", a=plain(labels[then.before]), b=plain(labels[then.after])
    )
    return f"{point} {more}"
