"""The live tab: start a short training run, watch its probe sentence's alignment and loss as it trains.

A process serves a whole class, so one :class:`~.live_service.LiveHolder` is
shared by every session; the tab is a section of its own (its start button
reruns it alone), and polls the run's progress in a section that reruns on its
own (:func:`ui.sections.section` with ``run_every``), in the reader's language,
so the rest of the page, and every other reader's page, never waits for the
training. One run trains at a time: a reader who presses Start takes a place in the holder's queue (one a client,
:func:`ui.fair.client_key`) and is told how many runs are before theirs and about how long it will be, in a section
that follows the queue on its own until their run starts.
"""

from __future__ import annotations

import math

import streamlit as st

import core.translator as tr
from core.once import computed_once
from core.translator.api import LIVE_MAX_LENGTH, live_config
from core.translator.run import n_parameters
from screens.translator.live_service import LIVE_PROBE_EVERY, LiveHolder, LiveRun, Place, live_training_enabled
from ui import charts, fair, layout, state, streamlit_private
from ui.sections import section
from ui.settings import translator as settings
from ui.text import t
from ui.translator.rows import LOSS_BLOCK, block_rows, heatmap_rows, heatmap_spec, loss_tips

LIVE = "tr_live"  # this session's live run, in st.session_state
PLACE = "tr_live_place"  # this session's place in the queue, in st.session_state
SNAPSHOT_TABS = ("alignment", "forcing")  # the tabs that draw a stored training snapshot (and its slider)
REFUSED = "tr_live_refused"  # set by the start button: "elsewhere", this browser's place is another tab's
POLL_SECONDS = 1.0  # the panel redraws once a second while the run trains, the place while it waits


@st.cache_resource(show_spinner=False)
def live_holder() -> LiveHolder:
    """The process's one holder, shared by every session."""
    return LiveHolder()


def session_id() -> str | None:
    return streamlit_private.session_id()


def start_live() -> None:
    """The start button's callback: a place in the queue (this client's, if it has one already)."""
    place = live_holder().ask(fair.client_key(), session_id(), state.get(settings.TR_MODEL))
    if place.session != session_id():
        st.session_state[REFUSED] = "elsewhere"
    else:
        st.session_state[PLACE] = place


def queue_said(holder: LiveHolder, place: Place) -> str:
    """Where a waiting reader stands: the runs before theirs and about how long until it starts, or (none before it
    here) that a run on another replica of this host trains first."""
    ahead = holder.ahead(place)
    if ahead == 0:
        return t("tr.live_queued_host")
    return t("tr.live_queued", n=ahead, wait=math.ceil(holder.wait_of(place)))


@computed_once
def probe_view() -> tr.AttentionView:
    pair = tr.reference(tr.LIVE_PROBE)
    return tr.AttentionView(pair.source, pair.target, None, pair.alignment)


def _loss_text(x: float) -> str:
    return f"{x:.4f}" if math.isfinite(x) else "–"


def live_panel(run: LiveRun, overlay: bool) -> None:
    """Progress bar, Stop, the outcome, the probe's heatmap and the run's loss."""
    step, loss, weights, weights_step = run.step, run.loss, run.weights, run.weights_step
    fields = {
        "step": step,
        "steps": run.steps,
        "remaining": run.remaining,
        "loss": _loss_text(loss),
        "seconds": run.elapsed,
    }
    st.progress(min(step / run.steps, 1.0), text=t("tr.live_progress", **fields))
    if not run.done:
        st.button(
            t("tr.live_stop"),
            key="tr_live_stop",
            on_click=run.stop.set,
            help=t("tr.live_stop_help"),
            icon=":material/stop:",
        )
    elif run.exit_code is not None:
        st.error(t("tr.live_died", step=step, code=run.exit_code), icon=":material/error:")
    elif run.error:
        st.error(t("tr.live_failed", step=step, error=run.error), icon=":material/error:")
    elif run.timed_out:
        st.warning(t("tr.live_timeout", limit=run.time_limit, **fields), icon=":material/timer_off:")
    elif step < run.steps:
        st.info(t("tr.live_stopped", **fields), icon=":material/stop_circle:")
    else:
        st.success(t("tr.live_finished", **fields), icon=":material/check_circle:")
    heat_col, loss_col = st.columns([3, 2], gap="large")
    if weights is not None:
        probe = probe_view()
        view = tr.AttentionView(probe.source, probe.target, weights, probe.alignment)
        rows = heatmap_rows(view)
        with heat_col:
            st.markdown(f"**{t('tr.live_heatmap', step=weights_step)}**")
            layout.chart(heatmap_spec(view, rows, overlay), "live_alignment", t("tr.live_heatmap_caption"), rows=rows)
    losses = list(run.losses)
    if losses:
        model = t(f"tr.reader_{run.model or 'attention'}")
        with loss_col:
            layout.chart(
                charts.model_lines(
                    block_rows(losses, model),
                    "step",
                    t("tr.step_x"),
                    "loss",
                    t("tr.loss"),
                    (model,),
                    log=True,
                    points=False,
                    height=210,
                    tips=loss_tips(),
                ),
                "live_loss",
                t("tr.live_loss_caption", block=LOSS_BLOCK),
                rows=[{"step": k + 1, "model": model, "loss": x} for k, x in enumerate(losses)],
            )


@section("tr.live.queue", run_every=POLL_SECONDS)
def queue_polling(place: Place) -> None:
    """The reader's place, redrawn on its own every POLL_SECONDS while it waits; a full rerun once the run starts."""
    holder = live_holder()
    holder.advance()
    if not place.waiting:
        st.rerun()  # the whole tab again: the run's panel
    st.info(queue_said(holder, place), icon=":material/hourglass_top:")
    st.button(t("tr.live_leave"), key="tr_live_leave", on_click=holder.leave, args=(place,), icon=":material/close:")


@section("tr.live.poll", run_every=POLL_SECONDS)
def live_polling(run: LiveRun) -> None:
    """The panel, redrawn on its own every POLL_SECONDS while the run trains; a full rerun once it ends."""
    live_panel(run, state.get(settings.TR_OVERLAY))
    if run.done:
        st.rerun()  # the whole page again, without the polling


@section("tr.live")
def live_section() -> None:
    """The live tab: its start button reruns it alone."""
    draw()


def draw() -> None:
    if not live_training_enabled():
        tabs = ", ".join(t(f"tr.tab_{name}") for name in SNAPSHOT_TABS)
        st.info(t("tr.live_off", tabs=tabs), icon=":material/block:")
        return
    chosen = state.get(settings.TR_MODEL)
    lead = t(
        "tr.live_lead",
        model=t(f"tr.reader_{chosen}"),
        parameters=n_parameters(live_config(chosen)),
        steps=live_holder().steps,
        max_length=LIVE_MAX_LENGTH,
    )
    reads = live_config(chosen).attention
    probe = t("tr.live_probe", probe_every=LIVE_PROBE_EVERY, probe=tr.LIVE_PROBE) if reads else t("tr.live_no_weights")
    st.markdown(f"{lead} {probe}")
    place: Place | None = st.session_state.get(PLACE)
    if place is not None and place.run is not None:
        st.session_state[LIVE] = place.run
    run: LiveRun | None = st.session_state.get(LIVE)
    active = run is not None and not run.done
    queued = place is not None and place.waiting
    st.button(
        t("tr.live_start"),
        key="tr_live_start",
        on_click=start_live,
        disabled=active or queued,
        help=t("tr.live_start_help"),
        icon=":material/play_arrow:",
    )
    if st.session_state.pop(REFUSED, None) == "elsewhere":
        st.info(t("tr.live_elsewhere"), icon=":material/tab:")
    if queued:
        queue_polling(place)
        return
    if run is None:
        return
    if active:
        live_polling(run)
    else:
        live_panel(run, state.get(settings.TR_OVERLAY))
