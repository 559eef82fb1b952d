"""Screen 4: sweep the decoder state (article section 6).

The state slider scrubs the charts in the browser: the current state's rule on
the weight curves and its cross on the context's path move with the thumb. The
interval and the number of points rerun the sweep's section (the interval, the
screen's question too: it is asked inside the interval); the coordinate the
soft-against-hard chart draws reruns that chart's own section.
"""

import numpy as np
import streamlit as st

from core.reading import attend
from core.sweep import Sweep, linspace_states, sweep_states
from core.switches import TIE_TOLERANCE
from ui import charts, kept, layout, state, widgets
from ui.charts import Rows, Spec
from ui.format import indexed, plain
from ui.palette import position_labels
from ui.questions import SCREEN_SECTION
from ui.scrub import Scrub
from ui.sections import section
from ui.settings import state_sweep as settings
from ui.state import Model
from ui.text import t

MARKED = {-1.0: "A", 1.0: "B"}  # the article's two states, marked on every chart of the sweep
DRAWN = 150  # rows a curve sends to the browser; the computation uses every point


def the_sweep(m: Model) -> Sweep:
    """The sweep over the link's interval at the link's number of points (computed once for the link's settings
    but s, which it does not read)."""
    low, high = state.get(settings.SWEEP)
    points = state.get(settings.POINTS)
    key = ("sweep", state.link_key(free=(state.S_KEY,)))
    return kept.value(key, lambda: sweep_states(m.H, m.params, linspace_states(low, high, points)))


def drawn(sw: Sweep) -> range:
    return range(0, len(sw.s), max(1, len(sw.s) // DRAWN))


def current_rows(over: np.ndarray, low: float, high: float) -> Rows:
    """The current state's rule on the weight curves, at every value of the state slider ``over`` within the
    interval; unlabelled at A and B, which carry their own labels."""
    return [{"s": float(v), "label": "" if v in MARKED else f"s = {v:g}"} for v in over if low <= v <= high]


def moving_crosses(m: Model, over: np.ndarray) -> Rows:
    """The context at every value of the state slider ``over`` but A and B (marked apart), labelled with its state."""
    grid = [v for v in over if v not in MARKED]
    C = attend(m.H, [[v] for v in grid], m.params).context  # (N, d_h)
    return [
        {"s": float(v), "label": f"s = {v:g}", "c1": float(c[0]), "c2": float(c[1])}
        for v, c in zip(grid, C, strict=True)
    ]


@section("sweep")
def sweep_section() -> None:
    """The interval and its points; the weight curves, the context's path and soft against hard over it."""
    m = state.model()
    left, right = st.columns([3, 1])
    below = st.container()  # a refused interval is named under both sliders
    with left:
        low, high = widgets.bound(
            settings.SWEEP,
            st.slider,
            t("sweep.interval"),
            *state.S_RANGE,
            step=0.1,
            check=settings.ordered_interval,
            field=t("sweep.bad_interval"),
            errors=below,
            reruns=("sweep", SCREEN_SECTION),  # the screen's question is asked inside the interval
        ).value
    with right:
        widgets.bound(settings.POINTS, st.slider, t("sweep.points"), *settings.POINTS_RANGE, step=20)

    sw = the_sweep(m)
    labels = position_labels(m.tokens)
    weight = t("sweep.field.weight")
    marks = [(x, name) for x, name in MARKED.items() if low <= x <= high]
    st.subheader(t("sweep.curves"))

    def weight_curves(over: np.ndarray, scrub: Scrub) -> tuple[Spec, Rows]:
        solid = [
            {"s": float(sw.s[i]), "position": lab, weight: float(sw.weights[i, j])}
            for i in drawn(sw)
            for j, lab in enumerate(labels)
        ]
        dashed = [
            {"s": float(sw.s[i]), "position": lab, weight: float(sw.weights_linear[i, j])}
            for i in (0, len(sw.s) - 1)
            for j, lab in enumerate(labels)
        ]
        spec = charts.curves(
            solid,
            "s",
            t("sweep.s"),
            weight,
            t("weight"),
            m.tokens,
            marks=marks,
            dashed=dashed,
            styles=(t("sweep.with_tanh"), t("sweep.tanh_removed")),
            domain=(0, 1),
            current=current_rows(over, low, high),
            scrub=scrub,
        )
        return spec, solid + dashed

    widgets.state_chart("sweep_weights", t("sweep.curves_caption"), m, weight_curves, lambda rows: rows, scrubbed=False)
    with st.expander(t("sweep.switches_fold")):  # where the curves cross: asked on this screen, read from them first
        switches(sw, labels)

    plane, jump = st.columns(2, gap="large")
    with plane:
        st.subheader(t("sweep.path"))

        def context_path(over: np.ndarray, scrub: Scrub) -> tuple[Spec, Rows]:
            path = [
                {"s": float(sw.s[i]), "c1": float(sw.contexts[i, 0]), "c2": float(sw.contexts[i, 1])} for i in drawn(sw)
            ]
            at_marks = attend(m.H, [[x] for x in MARKED], m.params).context  # (2, d_h)
            crosses = [
                {"label": name, "c1": float(c[0]), "c2": float(c[1])}
                for name, c in zip(MARKED.values(), at_marks, strict=True)
            ]
            source = [
                {"position": lab, "h1": float(h[0]), "h2": float(h[1])} for lab, h in zip(labels, m.H, strict=True)
            ]
            spec = charts.source_plane(
                source, m.tokens, points=crosses, path=path, moving=moving_crosses(m, over), scrub=scrub
            )
            return spec, path

        widgets.state_chart("context_path", t("sweep.path_caption"), m, context_path, lambda path: path, scrubbed=False)
    with jump:
        st.subheader(t("sweep.jump"))
        jump_section()


@section("sweep.jump")
def jump_section() -> None:
    """The coordinate of c the chart draws, read softly and by hard selection over the interval."""
    sw = the_sweep(state.model())
    k = widgets.bound(
        settings.SWEEP_COORD,
        st.radio,
        t("sweep.s"),
        (1, 2),
        horizontal=True,
        label_visibility="collapsed",
        format_func=lambda c: indexed("c", c),
    ).value
    read = t("sweep.field.read")

    def soft_and_hard() -> tuple[Spec, Rows]:
        rows = [
            {"s": float(sw.s[i]), read: kind, "c": float(C[i, k - 1])}
            for kind, C in ((t("sweep.soft"), sw.contexts), (t("sweep.hard"), sw.hard_contexts))
            for i in drawn(sw)
        ]
        order = (t("sweep.soft"), t("sweep.hard"))
        return charts.steps(rows, "s", t("sweep.s"), "c", indexed("c", k), read, order=order), rows

    layout.kept_chart(
        "soft_and_hard", t("sweep.jump_caption", k=k), soft_and_hard, lambda rows: rows, scrubbed=False, free=("s",)
    )


def switches(sw: Sweep, labels: list[str]) -> None:
    """Where the most-weighted position changes over the interval, and where weights tie."""
    leads = sw.leads
    if leads.switches:
        points = ", ".join(f"{x.s:.3f} ({plain(labels[x.before])} → {plain(labels[x.after])})" for x in leads.switches)
        st.markdown(t("sweep.switches", points=points))
    for tie in leads.ties:
        tied = ", ".join(plain(labels[j]) for j in tie.positions)
        fields = {"low": f"{tie.low:.2f}", "high": f"{tie.high:.2f}", "tokens": tied, "tol": TIE_TOLERANCE}
        st.markdown(t("sweep.tie" if tie.low < tie.high else "sweep.tie_at", **fields))
    if not leads.switches and not leads.ties:
        st.markdown(t("sweep.no_switch", token=plain(labels[sw.winner[0]])))


st.title(t("nav.sweep"))
st.markdown(t("sweep.lead"))
widgets.state_control()
sweep_section()
