"""Screen 7, section 4 of the article: hard selection has no ordinary gradient; global scoring is not cheap.

Hard selection's part depends on the state s through every score, and its curves over the moved score are not
computed ahead for every state: the state slider's section draws it (again on a release). Its shift slider
scrubs the rule marking the moved score; the lengths and the window rerun the scoring work's section.
"""

from __future__ import annotations

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core import costs
from core.example import worked_example
from core.reading import attend
from core.sweep import slider_states
from screens.limits import in_words
from ui import kept, layout, sections, state, widgets
from ui.charts.limits import scored_grid, soft_and_hard, work_lines
from ui.charts.spec import Rows, Spec
from ui.format import num, percent, plain
from ui.palette import position_labels
from ui.scrub import Channel, Scrub
from ui.sections import section
from ui.settings import limits as settings
from ui.text import t

SWEEP_POINTS = 81  # values of e_k drawn over the shift slider's range (every 0.1)
SHIFT_STEP = 0.05  # the shift slider's step: every value it can show is a place of the charts' rule
SHIFT = Channel(settings.LIM_SHIFT.widget_key, "shift")  # the charts it scrubs tag the rule's rows with the shift


def shift_grid(shift: float) -> np.ndarray:
    """Every value the shift slider can show, and ``shift`` itself (a link may set one between its steps): (N,)."""
    return slider_states(*settings.LIM_SHIFT_RANGE, SHIFT_STEP, also=shift)


def shift_slider() -> float:
    return widgets.stored_slider(settings.LIM_SHIFT, t("lim.shift"), *settings.LIM_SHIFT_RANGE, SHIFT_STEP)


def hard_selection() -> None:
    """The score moved; L and its slope under the soft read and hard selection as that score runs, at the state s.

    Drawn by the state slider's section: the position radio reruns that section. The shift slider, in a section
    of its own inside it, scrubs the rule marking the moved score on both charts; the slopes at the moved score
    are drawn by the shift slider's section (again on its release).
    """
    m = state.model()
    g = worked_example().g  # the probe L = g^T c of the Learning screen
    st.markdown(t("lim.hard_text", g1=f"{g[0]:g}", g2=f"{g[1]:g}"))
    T = len(m.tokens)
    if T < 2:
        st.info(t("lim.one_position"))
        return
    labels = position_labels(m.tokens)
    if state.get(settings.LIM_POSITION) >= T:
        st.warning(t("lim.position_reset", k=state.get(settings.LIM_POSITION) + 1, T=T))
        state.put(settings.LIM_POSITION, 0)
        st.session_state.pop(settings.LIM_POSITION.widget_key, None)
    left, right = widgets.field_columns("lim_position", 2)
    with left:
        k = widgets.bound(
            settings.LIM_POSITION,
            st.radio,
            t("lim.position"),
            range(T),
            horizontal=True,
            format_func=lambda j: plain(labels[j]),  # a radio's options are Markdown
        ).value
    with right:
        shift_box = st.container()  # the shift slider, drawn by its own section below
    shift = state.get(settings.LIM_SHIFT)
    lo, hi = settings.LIM_SHIFT_RANGE

    def scored() -> tuple[np.ndarray, costs.ScoreSweep]:
        scores = attend(m.H, [m.s], m.params).scores
        return scores, costs.sweep_score(m.H, scores, g, k, scores[k] + np.linspace(lo, hi, SWEEP_POINTS))

    # The same for every shift: kept for the link's settings but the shift, as the charts drawn from it are.
    scores, sweep = kept.value(("limits.sweep", state.link_key((settings.LIM_SHIFT.key,))), scored)
    marks = [{"e_k": float(scores[k] + v), "shift": float(v)} for v in shift_grid(shift)]
    scrub = Scrub(SHIFT, sections.pinned(SHIFT.key, shift))

    soft, hard, read = t("lim.soft"), t("lim.hard_read"), t("lim.read")

    def loss_chart() -> tuple[Spec, Rows]:
        rows = [
            {"e_k": float(v), "read": name, "L": float(L)}
            for name, values in ((soft, sweep.soft), (hard, sweep.hard))
            for v, L in zip(sweep.values, values, strict=True)
        ]
        spec = soft_and_hard(
            rows, "e_k", t("lim.ek"), "L", t("lim.loss_title"), (soft, hard), marks, t("lim.now"), read, scrub
        )
        return spec, in_words(rows, {"e_k": t("lim.ek"), "read": read, "L": t("lim.loss_title")})

    def slope_chart() -> tuple[Spec, Rows]:
        defined = np.abs(sweep.values - sweep.switch) > 1e-5  # the hard read has no derivative at its switch
        rows = [
            {"e_k": float(v), "read": soft, "slope": float(d)}
            for v, d in zip(sweep.values, sweep.soft_slope, strict=True)
        ] + [
            {"e_k": float(v), "read": hard, "slope": float(d)}
            for v, d, ok in zip(sweep.values, sweep.hard_slope, defined, strict=True)
            if ok
        ]
        spec = soft_and_hard(
            rows, "e_k", t("lim.ek"), "slope", t("lim.slope_title"), (soft, hard), marks, t("lim.now"), read, scrub
        )
        return spec, in_words(rows, {"e_k": t("lim.ek"), "read": read, "slope": t("lim.slope_title")})

    left, right = st.columns(2, gap="large")
    with left:
        layout.kept_chart(
            "soft_and_hard_loss", t("lim.loss_caption"), loss_chart, lambda rows: rows, scrubbed=False, depends=scrub
        )
    with right:
        layout.kept_chart(
            "soft_and_hard_slope", t("lim.slope_caption"), slope_chart, lambda rows: rows, scrubbed=False, depends=scrub
        )
    slopes = st.container()  # the slopes at the moved score, drawn by the shift slider's section
    if sweep.values[0] <= sweep.switch <= sweep.values[-1]:
        st.markdown(t("lim.switch", switch=num(sweep.switch), jump=num(sweep.jump)))
    else:
        st.markdown(t("lim.no_switch", switch=num(sweep.switch)))
    st.markdown(t("lim.rl"))
    sections.slider_section(SHIFT.key, shift_box, shift_slider, then=lambda: slopes_now(slopes))


def slopes_now(place: DeltaGenerator) -> None:
    """The soft read's and hard selection's slopes at the moved score, checked by finite differences."""
    m = state.model()
    k, shift = state.get(settings.LIM_POSITION), state.get(settings.LIM_SHIFT)

    def checked() -> tuple[float, costs.SlopeCheck]:
        now = attend(m.H, [m.s], m.params).scores.copy()
        now[k] += shift
        return float(now[k]), costs.slopes(m.H, now, worked_example().g)

    x, check = kept.value(("limits.slopes", state.link_key()), checked)
    fields = {
        "x": num(x),
        "analytic": num(check.soft.analytic[k], 6),
        "numeric": num(check.soft.numeric[k], 6),
        "error": f"{check.soft.rel_error[k]:.1e}",
        "hard": num(check.hard_numeric[k], 6),
    }
    flat = not check.at_switch and not np.any(check.hard_numeric)
    place.markdown(t("lim.slopes_now" if flat else "lim.slopes_switch", **fields))


def not_sparse() -> None:
    """Every position gets a weight above zero at the state s: the soft read is not sparse."""
    m = state.model()
    r = attend(m.H, [m.s], m.params)
    smallest = int(np.argmin(r.weights))
    st.markdown(
        t(
            "lim.not_sparse",
            s=f"{m.s:g}",
            positive=costs.positive_weights(r.weights),
            T=len(m.tokens),
            smallest=num(r.weights[smallest]),
            at=plain(position_labels(m.tokens)[smallest]),
        )
    )


@section("lim.work")
def work_section() -> None:
    """The lengths and the window; the scores global and local attention compute."""
    lengths, window = widgets.field_columns("lim_lengths", [2, 1])
    with lengths:
        T = widgets.bound(settings.LIM_T, st.slider, t("lim.T"), *settings.LIM_LENGTH_RANGE).value
        Tp = widgets.bound(settings.LIM_TP, st.slider, t("lim.Tp"), *settings.LIM_LENGTH_RANGE).value
    with window:
        D = widgets.bound(settings.LIM_D, st.slider, t("lim.D"), *settings.LIM_D_RANGE).value
    full, local = costs.global_count(T, Tp), costs.local_count(T, Tp, D)
    st.markdown(t("lim.counts", T=T, Tp=Tp, global_=full, D=D, local=local, share=percent(local / full)))
    order = (t("lim.global"), t("lim.local"))
    lo, hi = settings.LIM_LENGTH_RANGE
    both, only = t("lim.grid_both"), t("lim.grid_global")

    def lines_chart() -> tuple[Spec, Rows]:
        rows = [{"T": n, "reading": order[0], "scores": costs.global_count(n, Tp)} for n in range(lo, hi + 1)]
        rows += [{"T": n, "reading": order[1], "scores": costs.local_count(n, Tp, D)} for n in range(lo, hi + 1)]
        spec = work_lines(rows, t("lim.T"), t("lim.scores_title"), order, T, f"T = {T}", t("lim.reading"))
        return spec, in_words(rows, {"T": t("lim.T"), "reading": t("lim.reading"), "scores": t("lim.scores_title")})

    def grid_chart() -> tuple[Spec, Rows]:
        window_mask = costs.local_mask(T, Tp, D)
        cells = [
            {"t": int(i) + 1, "j": int(j) + 1, "scored_by": both if window_mask[i, j] else only}
            for i, j in zip(*np.nonzero(costs.global_mask(T, Tp)), strict=True)
        ]
        spec = scored_grid(cells, t("lim.grid_j"), t("lim.grid_t"), (both, only), t("lim.scored_by"))
        return spec, in_words(cells, {"t": t("lim.grid_t"), "j": t("lim.grid_j"), "scored_by": t("lim.scored_by")})

    # the grid first: a phone stacks the columns, and the grid is what the window D changes most visibly
    left, right = st.columns(2, gap="large")
    with left:
        caption = t("lim.grid_caption", T=T, Tp=Tp, D=D)
        layout.kept_chart("scored_pairs", caption, grid_chart, lambda rows: rows, scrubbed=False)
    with right:
        layout.kept_chart("scores_by_length", t("lim.work_caption"), lines_chart, lambda rows: rows, scrubbed=False)
    st.markdown(t("lim.luong"))
