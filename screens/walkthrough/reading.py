"""Walkthrough steps on screens 2 and 3: compare, normalise, read; the context inside the sources; tanh; A and B.

Each step that reads at the state s writes the scorer with its numbers beside the slider (:mod:`.scorer`); its point
says what the step shows in words, and the numbers behind it, which follow the slider, are folded below its chart.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.example import STATES
from core.reading import attend
from core.scorers import NONLINEARITIES
from screens.walkthrough import scorer
from ui import charts, layout, present, sections, state, widgets
from ui.charts import Rows, Spec
from ui.format import at_state, num, plain, position_rows, source_rows, state_rows
from ui.palette import position_labels
from ui.scrub import Scrub
from ui.settings.scoring import F
from ui.state import Model
from ui.text import t

SAME = 1e-12  # weights closer than this are called the same


def _listed(values: np.ndarray) -> str:
    return ", ".join(num(x, 3) for x in values)


NUMBERS = "walk.numbers"  # the section of a step's fold that quotes the state slider's numbers


def numbers_folded(box: DeltaGenerator, said: Callable[[Model], str]) -> None:
    """The numbers behind the step's point, ``said(model)``, folded in ``box``, following the state slider (and
    marked as settling while its thumb moves)."""
    with box, st.expander(t("walk.numbers"), icon=":material/pin:"):
        sections.follows(
            widgets.STATE_KEY, NUMBERS, lambda: st.markdown(said(state.model())), settles=lambda: state.model().s
        )


PANEL_HEIGHT = 220  # px: each of step 2's three panels, side by side under the step on a laptop
PANELS = "walk_panels"  # on a projector, the container of the three panels (ui/assets/present.css)


def compare_normalise_read(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The state s and the scorer written with its numbers; screen 2's three stages side by side (below them, or
    on a projector in the chart's place): the scores, the weights and the context among the sources, each scrubbed
    by the slider."""
    with control:
        m = widgets.state_control(narrow=True)
        scorer.scorer(m)
    # On a projector the three stages take the chart's place, two thirds of the room's width, the read written
    # under them: below the columns they began under the screen's foot. On a screen they run the page's width
    # under the read (the plane wider than the bars: at a third of a laptop's width its plot is narrower than its
    # labels' room).
    panels = chart.container(key=PANELS) if present.on() else st.container()
    with chart:
        scorer.read_at_s()
    present.unfilled()  # three panels side by side share the room: each keeps its own height on a projector
    with panels:
        compare, normalise, read_ = st.columns([1, 1, 1.5], gap="medium")

    def bars(name: str, caption: str, field: str, title: str, values, domain=None) -> None:
        def build(over: np.ndarray, scrub: Scrub) -> tuple[Spec, Rows]:
            at_every_state = values(over)  # (N, T)
            held = domain or charts.spanning(at_every_state)  # the axis holds still while the slider moves
            rows = state_rows(m.tokens, over, **{field: at_every_state})
            position = t("rev.position")
            spec = charts.bars_by_position(
                rows, field, title, m.tokens, held, height=PANEL_HEIGHT, position_title=position, scrub=scrub
            )
            return spec, rows

        widgets.state_chart(name, caption, m, build, lambda rows: at_state(rows, m.s), depends=(field, title))

    with compare:
        st.markdown(f"**{t('rev.compare')}**")
        scores = lambda over: attend(m.H, over[:, None], m.params).scores  # noqa: E731  (N, T)
        bars("scores", t("rev.scores_caption"), "score", t("score"), scores)
    with normalise:
        st.markdown(f"**{t('rev.normalise')}**")
        weights = lambda over: attend(m.H, over[:, None], m.params).weights  # noqa: E731  (N, T)
        bars("weights", t("rev.weights_caption"), "weight", t("weight"), weights, domain=(0, 1))
    with read_:
        st.markdown(f"**{t('rev.read')}**")
        context_plane(m, PANEL_HEIGHT + 60)
    return t("walk.compare.point")


def context_plane(m: Model, height: int = 360) -> None:
    """The sources in the plane with the context c among them, scrubbed by the state slider."""

    def plane(over: np.ndarray, scrub: Scrub) -> tuple[Spec, Rows]:
        C = attend(m.H, over[:, None], m.params).context  # (N, d_h)
        moving = [
            {"s": float(v), "label": f"c (s = {v:g})", "c1": float(c[0]), "c2": float(c[1])}
            for v, c in zip(over, C, strict=True)
        ]
        spec = charts.source_plane(source_rows(m.tokens, m.H), m.tokens, moving=moving, scrub=scrub, height=height)
        return spec, moving

    widgets.state_chart(
        "sources_and_context",
        t("rev.plane_caption"),
        m,
        plane,
        lambda moving: source_rows(m.tokens, m.H) + at_state(moving, m.s),
        depends=height,
    )


def inside_the_sources(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The state s and the scorer; the sources in the plane with the context c among them (scrubbed by the
    slider); the weights' smallest and sum at s folded below."""
    with control:
        m = widgets.state_control(narrow=True)
        scorer.written(m)
    drawn, folded = chart.container(), chart.container()
    with drawn:
        context_plane(m)
    numbers_folded(folded, hull_numbers)
    return t("walk.hull.point")


def hull_numbers(m: Model) -> str:
    r = attend(m.H, [m.s], m.params)
    return t(
        "walk.hull.numbers",
        s=f"{m.s:g}",
        smallest=f"{r.weights.min():.2g}",
        total=num(r.weights.sum(), 3),
        c1=num(r.context[0], 3),
        c2=num(r.context[1], 3),
    )


def at_a_and_b(m: Model, f: str) -> str:
    """The scores and weights of states A and B with the nonlinearity ``f``, as a LaTeX aligned block."""
    lines = []
    for name, s in STATES.items():
        r = attend(m.H, [s], m.params, f)
        lines += [
            rf"&\text{{{name}}}{{:}}\ s = {s:+g}",
            rf"e &= {scorer.vector(r.scores)}",
            rf"\alpha &= {scorer.vector(r.weights)}",
        ]
    return r"\begin{aligned}" + r" \\ ".join(lines) + r"\end{aligned}"


def without_tanh(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The nonlinearity f and the scorer written with it; the weights of states A and B with it."""
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
        scorer.scorer(m, f)
        st.latex(at_a_and_b(m, f))
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
    if f == "identity":  # the state's term is shared by every score: Softmax removes it, whatever the scorer
        return t("walk.tanh.none", weights=_listed(at_a))
    if gap < SAME:
        return t("walk.tanh.same", f=t(f"score.short.{f}"), weights=_listed(at_a))
    return t("walk.tanh.differ", f=t(f"score.short.{f}"), gap=num(gap, 3))


def two_states(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The state s and the scorer; its weights beside state A's (scrubbed by the slider); the numbers folded."""
    with control:
        m = widgets.state_control(narrow=True)
        scorer.written(m)
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

    drawn, folded = chart.container(), chart.container()
    with drawn:
        widgets.state_rows_chart(
            "weights_at_two_states",
            t("walk.states.caption"),
            m,
            rows_at,
            lambda rows, scrub: charts.grouped_bars(
                rows, weight, group, t("weight"), m.tokens, height=300, scrub=scrub
            ),
        )
    numbers_folded(folded, states_numbers)
    return t("walk.states.point")


def states_numbers(m: Model) -> str:
    name_a, s_a = next(iter(STATES.items()))
    at_a, now = attend(m.H, [[s_a], [m.s]], m.params).weights
    labels = position_labels(m.tokens)
    j_a, j = int(at_a.argmax()), int(now.argmax())
    return t(
        "walk.states.numbers",
        s=f"{m.s:g}",
        w_a=num(at_a[j_a], 3),
        token_a=plain(labels[j_a]),
        w=num(now[j], 3),
        token=plain(labels[j]),
    )
