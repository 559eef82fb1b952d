"""Screen 2: compare, normalise, read (article section 4).

The state slider scrubs the three stages' charts and the context in the plane
in the browser; the sentences that quote their numbers follow it, and so do the
tabs below (which read the sources other ways at the same state, with sentences
of their own): a release reruns them, and a change of tab reruns the tabs alone.
Editing the sources changes everything: it reruns the screen.
"""

from collections.abc import Callable

import numpy as np
import streamlit as st

from core.reading import attend, hard_read, identical_sources, normalised, raw_weighted_sum, read_with
from ui import charts, layout, sections, state, widgets
from ui.charts import Rows, Spec
from ui.format import at_state, latex_weighted_sum, num, plain, position_rows, source_rows, state_rows
from ui.palette import position_labels
from ui.scrub import Scrub
from ui.settings import revisitable_source as settings
from ui.state import Model
from ui.text import t


def named(rows: Rows, **names: str) -> Rows:
    """``rows`` with fields renamed for the reader: a chart's numbers as its description and CSV give them."""
    return [{names.get(k, k): v for k, v in row.items()} for row in rows]


def position_bars(
    tokens: tuple[str, ...], field: str, values: np.ndarray, title: str, domain=None
) -> tuple[Spec, Rows]:
    """One bar a source position (``values`` (T,) as ``field`` in the chart's data), and its numbers named for
    the reader."""
    rows = position_rows(tokens, **{field: values})
    spec = charts.bars_by_position(rows, field, title, tokens, domain=domain, position_title=t("rev.position"))
    return spec, named(rows, position=t("rev.position"), **{field: title})


def state_bars(
    name: str,
    caption: str,
    m: Model,
    field: str,
    values: Callable[[np.ndarray], np.ndarray],
    title: str,
    domain: tuple[float, float] | None = None,
    free: tuple[str, ...] = (),
) -> None:
    """One bar a source position that follows the state slider: ``values(over)`` (N, T) at every state of the
    grid as ``field``; the numbers named are those at the current state. Without a ``domain`` the value axis
    spans every state's values (:func:`ui.charts.bars.spanning`), so that it holds still while the slider moves.
    ``free``: the link's settings the chart does not depend on (besides s)."""

    def build(over: np.ndarray, scrub: Scrub) -> tuple[Spec, Rows]:
        at_every_state = values(over)
        held = domain or charts.spanning(at_every_state)
        rows = state_rows(m.tokens, over, **{field: at_every_state})
        position = t("rev.position")
        return charts.bars_by_position(rows, field, title, m.tokens, held, position_title=position, scrub=scrub), rows

    def shown(rows: Rows) -> Rows:
        return named(at_state(rows, m.s), position=t("rev.position"), **{field: title})

    widgets.state_chart(name, caption, m, build, shown, depends=(field, title, domain), free=free)


def plane(tokens: tuple[str, ...], H: np.ndarray, points: Rows = (), height: int = 360, **moving) -> Spec:
    """The sources and the context points (rows 'label', 'c1', 'c2') in the plane, titled in the reader's language;
    ``moving`` (rows with 's', and ``scrub``) follow the state slider."""
    titles = {"h1": t("rev.coordinate", i=1), "h2": t("rev.coordinate", i=2)}
    titles |= {"position": t("rev.position"), "label": t("rev.point")}
    return charts.source_plane(source_rows(tokens, H), tokens, points=points, height=height, titles=titles, **moving)


def contexts(label: str, over: np.ndarray, C: np.ndarray) -> Rows:
    """One cross a state: 's', 'label', 'c1', 'c2' for the contexts C (N, d_h) at the states ``over`` (N,)."""
    return [{"s": float(v), "label": label, "c1": float(c[0]), "c2": float(c[1])} for v, c in zip(over, C, strict=True)]


def hand_weights(tokens: tuple[str, ...]) -> np.ndarray | None:
    """Weights the reader sets, one slider a position, normalised to sum to one; None if all are zero."""
    labels = position_labels(tokens)
    stored = state.get(settings.SAME_HAND)
    if stored and len(stored) != len(labels):
        st.warning(t("rev.same_count", n=len(stored), T=len(labels)), icon=":material/warning:")
    cols = st.columns(min(len(labels), 4))
    raw = []
    for j, label in enumerate(labels):
        key = settings.HAND_WIDGET.format(j=j)
        state.seed(key, stored[j] if j < len(stored) else 1.0)
        raw.append(cols[j % len(cols)].slider(t("rev.same_slider", token=plain(label)), 0.0, 1.0, step=0.05, key=key))
    state.put(settings.SAME_HAND, () if all(w == 1.0 for w in raw) else tuple(raw))
    try:
        return normalised(raw)
    except ValueError:
        st.warning(t("rev.same_zero"), icon=":material/warning:")
        return None


SAME_HEIGHT = 400  # px: the identical sources' plane, whose two crosses' labels need room beside h_1 (at 300 px they
# stood over the first source, which of the two each named unclear)


def identical_sources_panel(m: Model) -> None:
    """Read T copies of h_1 with weights from the real sources at s, or set by hand: the context stays put."""
    st.markdown(t("rev.same_text", h1=num(m.H[0, 0], 2), h2=num(m.H[0, 1], 2)))
    origin = widgets.bound(
        settings.SAME_FROM,
        st.radio,
        t("rev.same_from"),
        settings.SAME_FROMS,
        horizontal=True,
        format_func=lambda k: t(f"rev.same_from.{k}"),
    ).value
    same = identical_sources(m.H)
    if origin == "hand":
        weights = hand_weights(m.tokens)
        if weights is None:
            return
    else:
        weights = attend(m.H, [m.s], m.params).weights
    on_real, on_same = read_with(m.H, weights), read_with(same, weights)
    points = [
        {"label": t(f"rev.same_point.{name}"), "c1": float(c[0]), "c2": float(c[1])}
        for name, c in (("real", on_real.context), ("same", on_same.context))
    ]
    left, right = st.columns(2, gap="large")
    if origin == "hand":
        with left:
            spec, rows = position_bars(m.tokens, "weight", weights, t("weight"), domain=(0, 1))
            layout.chart(spec, "identical_sources_weights", t("rev.same_caption"), rows=rows)
        with right:
            spec = plane(m.tokens, m.H, points, height=SAME_HEIGHT)
            layout.chart(
                spec, "identical_sources_plane", t("rev.same_plane_caption"), rows=named(points, label=t("rev.point"))
            )
    else:
        with left:
            state_bars(
                "identical_sources_weights",
                t("rev.same_caption"),
                m,
                "weight",
                lambda over: attend(m.H, over[:, None], m.params).weights,  # the real sources' weights
                t("weight"),
                domain=(0, 1),
            )
        with right:  # the identical sources' read stays on h_1; the real sources' moves with the state

            def build(over: np.ndarray, scrub: Scrub) -> tuple[Spec, None]:
                real = contexts(points[0]["label"], over, attend(m.H, over[:, None], m.params).context)
                h1 = [{"label": points[1]["label"], "c1": float(m.H[0, 0]), "c2": float(m.H[0, 1])}]
                return plane(m.tokens, m.H, h1, height=SAME_HEIGHT, moving=real, scrub=scrub), None

            widgets.state_chart(
                "identical_sources_plane",
                t("rev.same_plane_caption"),
                m,
                build,
                lambda _: named(points, label=t("rev.point")),
            )
    at_a, at_b = read_with(same, attend(m.H, [[-1.0], [1.0]], m.params).weights).context
    st.markdown(
        t(
            "rev.same_contexts",
            weights=", ".join(num(w, 3) for w in weights),
            r1=num(on_real.context[0]),
            r2=num(on_real.context[1]),
            c1=num(on_same.context[0]),
            c2=num(on_same.context[1]),
            a1=num(at_a[0]),
            a2=num(at_a[1]),
            b1=num(at_b[0]),
            b2=num(at_b[1]),
        )
    )


def raw_panel(m: Model) -> None:
    """Raw scores used as weights: no sign or sum constraint, so the read may leave the sources' triangle."""
    st.markdown(t("rev.raw_text"))
    soft, raw = attend(m.H, [m.s], m.params), raw_weighted_sum(m.H, attend(m.H, [m.s], m.params).scores)
    left, right = st.columns(2, gap="large")
    with left:
        scores = lambda over: attend(m.H, over[:, None], m.params).scores  # noqa: E731  (N, T)
        state_bars("raw_weights", t("rev.raw_caption"), m, "raw_weight", scores, t("rev.raw_axis"))
        st.markdown(
            t("rev.raw_total", total=num(raw.weights.sum(), 4), c1=num(raw.context[0], 4), c2=num(raw.context[1], 4))
        )
    with right:
        points = [
            {"label": t("rev.soft"), "c1": float(soft.context[0]), "c2": float(soft.context[1])},
            {"label": t("rev.raw"), "c1": float(raw.context[0]), "c2": float(raw.context[1])},
        ]

        def build(over: np.ndarray, scrub: Scrub) -> tuple[Spec, None]:
            R = attend(m.H, over[:, None], m.params)
            moving = contexts(t("rev.soft"), over, R.context) + contexts(t("rev.raw"), over, R.scores @ m.H)
            return plane(m.tokens, m.H, height=300, moving=moving, scrub=scrub), None

        widgets.state_chart(
            "raw_read_plane", t("rev.plane_raw_caption"), m, build, lambda _: named(points, label=t("rev.point"))
        )


def hard_panel(m: Model) -> None:
    """Hard selection: all weight on the highest-scoring position."""
    st.markdown(t("rev.hard_text"))
    hard = lambda over: hard_read(m.H, attend(m.H, over[:, None], m.params).scores).weights  # noqa: E731  (N, T)
    state_bars("hard_weights", t("rev.hard_caption"), m, "hard_weight", hard, t("weight"), domain=(0, 1))
    r = attend(m.H, [m.s], m.params)
    at_s = hard_read(m.H, r.scores)
    winner = int(np.argmax(at_s.weights))
    st.markdown(
        t(
            "rev.hard_read",
            token=plain(m.tokens[winner]),
            c1=num(at_s.context[0], 4),
            c2=num(at_s.context[1], 4),
            s1=num(r.context[0], 4),
            s2=num(r.context[1], 4),
        )
    )


def vocab_panel(m: Model) -> None:
    """The weights run over source positions, not the output vocabulary."""
    r = attend(m.H, [m.s], m.params)
    st.markdown(t("rev.vocab_text"))
    st.markdown(t("rev.vocab_numbers", wsum=num(r.weights.sum(), 4), T=len(m.tokens), csum=num(r.context.sum(), 4)))


PANELS = {"raw": raw_panel, "hard": hard_panel, "vocab": vocab_panel, "same": identical_sources_panel}


def other_reads() -> None:
    """The tabs: other ways to read the same sources at the same state; only the open one is drawn."""
    panes = widgets.bound_tabs(settings.REV_TAB, settings.REV_TABS, lambda name: t(f"rev.tab_{name}"))
    m = state.model()
    for name, pane in zip(settings.REV_TABS, panes, strict=True):
        if pane.open:
            with pane:
                PANELS[name](m)


def the_sum() -> None:
    m = state.model()
    st.markdown(t("rev.sum", total=num(attend(m.H, [m.s], m.params).weights.sum(), 4)))


def the_read() -> None:
    m = state.model()
    r = attend(m.H, [m.s], m.params)
    st.latex(latex_weighted_sum(r.weights, r.context))


st.title(t("nav.revisitable"))
st.markdown(t("rev.lead"))
st.latex(
    r"\begin{aligned}"
    r"e_{tj} &= a_\varphi(s_{t-1}, h_j) && "
    rf"\text{{{t('rev.eq_compare')}}} \\"
    r"\alpha_{tj} &= \frac{\exp(e_{tj})}{\sum_{k=1}^{T}\exp(e_{tk})} && "
    rf"\text{{{t('rev.eq_normalise')}}} \\"
    r"c_t &= \textstyle\sum_{j=1}^{T} \alpha_{tj}\, h_j && "
    rf"\text{{{t('rev.eq_read')}}}"
    r"\end{aligned}"
)
widgets.state_control()
stages = st.container()  # drawn here, just below the slider that drives them; filled once the sources are read
plane_col, edit_col = st.columns([3, 2], gap="large")
with edit_col:
    st.markdown(f"**{t('rev.edit')}**", help=t("rev.edit_help"))
    m = widgets.sources_editor(state.model())
with stages:
    compare, normalise, read_ = st.columns(3, gap="medium")
with compare:
    st.subheader(t("rev.compare"))
    scores = lambda over: attend(m.H, over[:, None], m.params).scores  # noqa: E731  the stages at every state
    state_bars("scores", t("rev.scores_caption"), m, "score", scores, t("score"), free=settings.PANELS_ONLY)
with normalise:
    st.subheader(t("rev.normalise"))
    weights = lambda over: attend(m.H, over[:, None], m.params).weights  # noqa: E731
    state_bars(
        "weights", t("rev.weights_caption"), m, "weight", weights, t("weight"), domain=(0, 1), free=settings.PANELS_ONLY
    )
    sections.follows(widgets.STATE_KEY, "rev.sum", the_sum, settles=lambda: state.model().s)
with read_:
    st.subheader(t("rev.read"))
    sections.follows(widgets.STATE_KEY, "rev.read", the_read, settles=lambda: state.model().s)
    st.caption(t("rev.read_caption"))
with plane_col:
    st.subheader(t("rev.plane"))

    def read_plane(over: np.ndarray, scrub: Scrub) -> tuple[Spec, Rows]:
        C = attend(m.H, over[:, None], m.params).context
        moving = [r | {"label": f"c (s = {r['s']:g})"} for r in contexts("", over, C)]
        return plane(m.tokens, m.H, moving=moving, scrub=scrub), moving

    widgets.state_chart(
        "sources_and_context",
        t("rev.plane_caption"),
        m,
        read_plane,
        lambda moving: named(
            source_rows(m.tokens, m.H) + at_state(moving, m.s), position=t("rev.position"), label=t("rev.point")
        ),
        free=settings.PANELS_ONLY,
    )

st.subheader(t("rev.panels"))
sections.follows(widgets.STATE_KEY, "rev.tabs", other_reads)
