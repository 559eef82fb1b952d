"""Walkthrough steps on screens 2 and 3: compare, normalise, read; the context inside the sources; tanh; A and B."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.example import STATES
from core.reading import attend
from core.scorers import NONLINEARITIES
from screens.scoring.settings import F
from ui import charts, layout, sections, state, widgets
from ui.charts import Rows, Spec
from ui.format import at_state, num, plain, position_rows, source_rows, state_rows
from ui.palette import position_labels
from ui.scrub import Scrub
from ui.state import Model
from ui.text import t

SAME = 1e-12  # weights closer than this are called the same


def _listed(values: np.ndarray) -> str:
    return ", ".join(num(x, 3) for x in values)


POINT = "walk.point"  # the section of a step's point that quotes the state slider's numbers


def follows_the_state(point: DeltaGenerator, said: Callable[[Model], str]) -> None:
    """The step's point, ``said(model)`` in bold, in ``point``, following the state slider."""
    with point:
        sections.follows(widgets.STATE_KEY, POINT, lambda: st.markdown(f"**{said(state.model())}**"))


def compare_normalise_read(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> None:
    """The state s; the weights alpha_j over the sources (scrubbed by the slider); the point quotes them."""
    with control:
        m = widgets.state_control(narrow=True)
    weight = t("walk.weight")
    with chart:
        widgets.state_rows_chart(
            "weights",
            t("rev.weights_caption"),
            m,
            lambda over: state_rows(m.tokens, over, **{weight: attend(m.H, over[:, None], m.params).weights}),
            lambda rows, scrub: charts.bars_by_position(
                rows, weight, t("weight"), m.tokens, domain=(0, 1), height=300, scrub=scrub
            ),
        )
    follows_the_state(point, compare_point)


def compare_point(m: Model) -> str:
    r = attend(m.H, [m.s], m.params)
    return t(
        "walk.compare.point",
        s=f"{m.s:g}",
        scores=_listed(r.scores),
        weights=_listed(r.weights),
        total=num(r.weights.sum(), 3),
        c1=num(r.context[0], 3),
        c2=num(r.context[1], 3),
    )


def inside_the_sources(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> None:
    """The state s; the sources in the plane with the context c among them (scrubbed by the slider)."""
    with control:
        m = widgets.state_control(narrow=True)

    def plane(over: np.ndarray, scrub: Scrub) -> tuple[Spec, Rows]:
        C = attend(m.H, over[:, None], m.params).context  # (N, d_h)
        moving = [
            {"s": float(v), "label": f"c (s = {v:g})", "c1": float(c[0]), "c2": float(c[1])}
            for v, c in zip(over, C, strict=True)
        ]
        return charts.source_plane(source_rows(m.tokens, m.H), m.tokens, moving=moving, scrub=scrub), moving

    with chart:
        widgets.state_chart(
            "sources_and_context",
            t("rev.plane_caption"),
            m,
            plane,
            lambda moving: source_rows(m.tokens, m.H) + at_state(moving, m.s),
        )
    follows_the_state(point, hull_point)


def hull_point(m: Model) -> str:
    r = attend(m.H, [m.s], m.params)
    return t(
        "walk.hull.point",
        s=f"{m.s:g}",
        smallest=f"{r.weights.min():.2g}",
        total=num(r.weights.sum(), 3),
        c1=num(r.context[0], 3),
        c2=num(r.context[1], 3),
    )


def without_tanh(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The nonlinearity f; the weights of states A and B with it."""
    m = state.model()
    with control:
        f = widgets.bound(
            F,
            st.radio,
            t("score.f"),
            list(NONLINEARITIES),
            horizontal=True,
            format_func=lambda name: t(f"score.f.{name}"),
        ).value
    at_a, at_b = attend(m.H, [[s] for s in STATES.values()], m.params, f).weights
    weight = t("walk.weight")
    rows = [
        {t("score.group"): f"{name} (s = {s:+g}) · {t(f'score.short.{f}')}", **row}
        for (name, s), weights in zip(STATES.items(), (at_a, at_b), strict=True)
        for row in position_rows(m.tokens, **{weight: weights})
    ]
    with chart:
        layout.chart(
            charts.grouped_bars(rows, weight, t("score.group"), t("weight"), m.tokens, height=300),
            "states_with_and_without_f",
            t("walk.tanh.caption"),
        )
    gap = float(np.abs(at_a - at_b).max())
    if gap < SAME:
        return t("walk.tanh.same", f=t(f"score.short.{f}"), weights=_listed(at_a))
    return t("walk.tanh.differ", f=t(f"score.short.{f}"), gap=num(gap, 3))


def two_states(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> None:
    """The state s; its weights beside state A's (scrubbed by the slider); the point compares them."""
    with control:
        m = widgets.state_control(narrow=True)
    name_a, s_a = next(iter(STATES.items()))
    weight, group = t("walk.weight"), t("score.group")
    named = {s: name for name, s in STATES.items()}

    def label(v: float) -> str:
        """'A (s = -1)', 'B (s = +1)' for the example's states, else 's = +0.5'."""
        return f"{named[v]} (s = {v:+g})" if v in named else f"s = {v:+g}"

    def rows_at(over: np.ndarray) -> Rows:
        at_a, now = attend(m.H, [[s_a]], m.params).weights[0], attend(m.H, over[:, None], m.params).weights
        return [
            {group: name, **r}
            for n, v in enumerate(over)
            for name, weights in ((label(s_a), at_a), (label(float(v)), now[n]))
            for r in ({"s": float(v), **row} for row in position_rows(m.tokens, **{weight: weights}))
        ]

    with chart:
        widgets.state_rows_chart(
            "weights_at_two_states",
            t("walk.states.caption"),
            m,
            rows_at,
            lambda rows, scrub: charts.grouped_bars(
                rows, weight, group, t("weight"), m.tokens, height=300, scrub=scrub
            ),
        )
    follows_the_state(point, states_point)


def states_point(m: Model) -> str:
    name_a, s_a = next(iter(STATES.items()))
    at_a, now = attend(m.H, [[s_a], [m.s]], m.params).weights
    labels = position_labels(m.tokens)
    j_a, j = int(at_a.argmax()), int(now.argmax())
    return t(
        "walk.states.point",
        s=f"{m.s:g}",
        w_a=num(at_a[j_a], 3),
        token_a=plain(labels[j_a]),
        w=num(now[j], 3),
        token=plain(labels[j]),
    )
