"""Screen 4: sweep the decoder state (article section 6)."""

import streamlit as st

from core.sweep import linspace_states, sweep_states
from core.switches import TIE_TOLERANCE
from ui import charts, layout, links, state, widgets
from ui.format import plain
from ui.palette import position_labels
from ui.text import t


def check_interval(interval: tuple[float, float]) -> tuple[float, float]:
    low, high = interval
    if low >= high:
        raise ValueError(t("sweep.low_not_below_high"))
    return low, high


st.title(t("nav.sweep"))
st.markdown(t("sweep.lead"))
m = widgets.state_slider(state.model())
left, right = st.columns([3, 1])
below = st.container()  # a refused interval is named under both sliders
with left:
    low, high = widgets.bound(
        links.SWEEP,
        st.slider,
        t("sweep.interval"),
        *state.S_RANGE,
        step=0.1,
        check=check_interval,
        field=t("sweep.bad_interval"),
        errors=below,
    ).value
with right:
    points = widgets.bound(links.POINTS, st.slider, t("sweep.points"), *links.POINTS_RANGE, step=20).value

sw = sweep_states(m.H, m.params, linspace_states(low, high, points))
labels = position_labels(m.tokens)
weight = t("sweep.field.weight")
stride = max(1, points // 150)  # rows sent to the browser; the computation uses every point
idx = range(0, points, stride)
solid = [
    {"s": float(sw.s[i]), "position": lab, weight: float(sw.weights[i, j])}
    for i in idx
    for j, lab in enumerate(labels)
]
dashed = [
    {"s": float(sw.s[i]), "position": lab, weight: float(sw.weights_linear[i, j])}
    for i in (0, points - 1)
    for j, lab in enumerate(labels)
]
marks = [(x, name) for x, name in ((-1.0, "A"), (1.0, "B")) if low <= x <= high]
current = (m.s, "" if m.s in (-1.0, 1.0) else f"s = {m.s:g}") if low <= m.s <= high else None

st.subheader(t("sweep.curves"))
layout.chart(
    charts.curves(
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
        current=current,
    ),
    "sweep_weights",
    t("sweep.curves_caption"),
    rows=solid + dashed,
)

plane, jump = st.columns(2, gap="large")
with plane:
    st.subheader(t("sweep.path"))
    path = [{"s": float(sw.s[i]), "c1": float(sw.contexts[i, 0]), "c2": float(sw.contexts[i, 1])} for i in idx]
    marks_at = {-1.0: "A", 1.0: "B"}
    marks_at.setdefault(m.s, f"s = {m.s:g}")  # the current state, unless it is A or B
    marked = sweep_states(m.H, m.params, list(marks_at))
    crosses = [
        {"label": name, "c1": float(c[0]), "c2": float(c[1])}
        for name, c in zip(marks_at.values(), marked.contexts, strict=True)
    ]
    source = [{"position": lab, "h1": float(h[0]), "h2": float(h[1])} for lab, h in zip(labels, m.H, strict=True)]
    layout.chart(
        charts.source_plane(source, m.tokens, points=crosses, path=path),
        "context_path",
        t("sweep.path_caption"),
        rows=path,
    )
with jump:
    st.subheader(t("sweep.jump"))
    k = widgets.bound(
        links.SWEEP_COORD,
        st.radio,
        t("sweep.s"),
        (1, 2),
        horizontal=True,
        label_visibility="collapsed",
        format_func=lambda c: f"c_{c}",
    ).value
    read = t("sweep.field.read")
    rows = [
        {"s": float(sw.s[i]), read: kind, "c": float(C[i, k - 1])}
        for kind, C in ((t("sweep.soft"), sw.contexts), (t("sweep.hard"), sw.hard_contexts))
        for i in idx
    ]
    layout.chart(
        charts.steps(rows, "s", t("sweep.s"), "c", f"c_{k}", read, order=(t("sweep.soft"), t("sweep.hard"))),
        "soft_and_hard",
        t("sweep.jump_caption", k=k),
    )
    leads = sw.leads
    if leads.switches:
        points = ", ".join(
            f"{x.s:.3f} ({plain(labels[x.before])} → {plain(labels[x.after])})" for x in leads.switches
        )
        st.markdown(t("sweep.switches", points=points))
    for tie in leads.ties:
        tied = ", ".join(plain(labels[j]) for j in tie.positions)
        fields = {"low": f"{tie.low:.2f}", "high": f"{tie.high:.2f}", "tokens": tied, "tol": TIE_TOLERANCE}
        st.markdown(t("sweep.tie" if tie.low < tie.high else "sweep.tie_at", **fields))
    if not leads.switches and not leads.ties:
        st.markdown(t("sweep.no_switch", token=plain(labels[sw.winner[0]])))
