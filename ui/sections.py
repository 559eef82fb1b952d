"""Sections: the parts of a screen that rerun on their own when one of their controls moves.

A section is a Streamlit fragment with a key: a control drawn in it reruns it
alone, not the sidebar, the prose and the other sections. It reads what it
needs from the shared state (:mod:`ui.state`) when it runs, never from values
the screen computed before calling it, so it draws the same whether it runs
with its screen or alone. A section that reruns alone speaks the reader's
language (the frame sets it only on a whole run) and ends by writing the link
(:func:`after_section`).

What depends on a slider but cannot move with it in the browser (a sentence
that quotes its numbers, a result that cannot be computed ahead) *follows* it:
:func:`follows` draws it in a section of its own, and the slider's callback
reruns every section that follows it when the thumb is released (Streamlit
reruns fragments by their keys: :func:`rerun_followers`), and nothing else. A
follower must be drawn on every run of its screen (a section that is not drawn
cannot be rerun).

Charts the slider scrubs (:mod:`ui.scrub`) take the slider's value at the last
whole run (:func:`pinned`): a chart that a follower draws again is then the same
chart, which the browser keeps as it is, where the slider has moved it.

The page's charts are listed as they are drawn (:func:`keep_figure`), each with
the sections that drew it, for their numbers and the handout (:mod:`ui.take_home`
reads :func:`page_charts`): a section that reruns alone takes its own off the
list, and lists them again as it draws them.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import ParamSpec, TypeVar

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui import links, state, streamlit_private, text
from ui.forged import say_ignored
from ui.handout import Figure

P = ParamSpec("P")
R = TypeVar("R")
_running = threading.local()  # how many sections are running in this thread
FOLLOWERS = "_followers"  # slider key -> the keys of the sections that follow it in this view
PINNED = "_pinned"  # slider key -> its value at the last whole run


def alone() -> bool:
    """Whether this run reruns sections only (a control in one of them moved), not the whole app."""
    return streamlit_private.sections_alone()


def running() -> tuple[str, ...]:
    """The keys of the sections running now in this thread, the outermost first."""
    return getattr(_running, "keys", ())


def section(
    key: str, run_every: float | None = None, notices: Callable[..., DeltaGenerator] | None = None
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Make a function a section of its screen, keyed ``key`` (unique among the sections a view draws).

    Its return value reaches a whole run only. With ``run_every`` it also reruns on its own every so many
    seconds (a panel that polls a run). A rerun alone tells the reader of values no control could have sent
    (:func:`ui.forged.say_ignored`) at the section's top, or, for a section that draws into places the screen keeps
    outside it, in the place ``notices(*its arguments)`` gives (where its fields are).
    """

    def make(body: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(body)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            depth = getattr(_running, "depth", 0)
            rerun = depth == 0 and alone()  # a section inside another reruns with it: the outer one ends the run
            # where a rerun alone tells its notices: at the top a place kept on every run (empty, it takes no room:
            # ui/assets/frame.css), since a section may not add one on a rerun alone where the last whole run had none
            place = notices(*args, **kwargs) if notices else st.container()
            if rerun:
                text.use(state.get(links.LANG))
                forget_charts_of(key)  # what it drew last time it draws again, or no longer shows
                say_ignored(place)
            _running.depth = depth + 1
            _running.keys = (*running(), key)
            try:
                result = body(*args, **kwargs)
            finally:
                _running.depth = depth
                _running.keys = _running.keys[:-1]
            if rerun:
                after_section()
            return result

        return st.fragment(run, key=key, run_every=run_every)

    return make


def after_section() -> None:
    """What a section that reran alone does for the frame (:mod:`ui.frame`) at its end: write the link. (Every
    setting of the link was checked, and its notices shown, on the session's first run; the shared state's caption
    follows the state slider.)"""
    state.sync_url()


def follows(slider: str, key: str, draw: Callable[[], object], settles: Callable[[], float] | None = None) -> None:
    """Draw ``draw()`` here in a section keyed ``key`` that reruns whenever the slider ``slider`` is released.

    ``draw`` reads what it shows from the shared state when it is called. A section that quotes the slider's value
    and cannot move with it in the browser (a sentence, a formula with its numbers) gives ``settles``, which
    returns the value it quotes: it is drawn in a :func:`settling` block at that value.
    """
    keys = st.session_state.setdefault(FOLLOWERS, {}).setdefault(slider, [])
    if key not in keys:
        keys.append(key)
    if settles is None:
        section(key)(draw)()
        return

    def settled() -> None:
        with settling(slider, key, settles()):
            draw()

    section(key)(settled)()


SETTLES = "settles"  # a settling block's key: settles-<slider>--<name>--<value> (ui.scrub's script reads it; the
# value written with m for its minus sign and p for its point: -1.5 as m1p500000000)


def settling(slider: str, name: str, value: float) -> DeltaGenerator:
    """A block of what quotes the slider ``slider`` at ``value`` but cannot move with it in the browser: while the
    slider's thumb shows another value, the page's script marks the block as settling (:data:`ui.scrub.SCRIPT`:
    faded and blurred, busy for a screen reader), so that no two values of the slider are read on one screen; a
    release draws it again at the thumb's value. ``name`` is unique in the view."""
    at = f"{float(value):.9f}".replace("-", "m").replace(".", "p")  # a class keeps letters, digits, '_' and '-'
    return st.container(key=f"{SETTLES}-{slider}--{re.sub(r'[^A-Za-z0-9_]', '_', name)}--{at}")


def slider_section(
    slider: str, box: DeltaGenerator | None, control: Callable[[], float], then: Callable[[], None] | None = None
) -> None:
    """The section that owns the slider ``slider`` on a screen that draws it after what it scrubs: ``control()``
    draws the slider into ``box`` (kept where it shows; here with None) and returns its value, then ``then()``
    draws what must be drawn again on a release. The section follows its own slider, and is drawn here.

    Streamlit lets a section write into a container made outside it only if the whole run made it or the
    section that reruns did, not a section nested in that one: a slider's section three sections deep draws
    its slider where it is called (``box=None``).
    """

    def owner() -> None:
        with box if box is not None else contextlib.nullcontext():
            value = control()
        pinned(slider, value)
        if then is not None:
            then()

    follows(slider, f"slider.{slider}", owner)


def followers(slider: str) -> list[str]:
    """The keys of the sections that follow the slider ``slider`` in this view."""
    return list(st.session_state.get(FOLLOWERS, {}).get(slider, []))


def rerun_followers(slider: str, also: Sequence[str] = ()) -> None:
    """From the slider's callback: rerun the sections that follow it (and those of ``also``), nothing else.

    Without followers the slider's move needs no run at all beyond the link's; its own section reruns then.
    """
    keys = [key for key in dict.fromkeys([*also, *followers(slider)]) if drawn(key)]
    if keys:
        streamlit_private.rerun_sections(keys)


def drawn(key: str) -> bool:
    """Whether the section ``key`` is on the page now. A section registered on an earlier run is gone once the
    section around it reran without drawing it (Streamlit drops the fragments that rerun left out, and refuses a
    rerun of one it no longer has). Streamlit 1.67 keeps the keys of the sections it has
    (:func:`ui.streamlit_private.section_on_page`); where that is not read every section counts as drawn."""
    return streamlit_private.section_on_page(key) is not False


def forget_all_followers() -> None:
    """A whole run registers every follower afresh."""
    st.session_state[FOLLOWERS] = {}


def pinned(slider: str, value: float) -> float:
    """The value a chart scrubbed by the slider ``slider`` is drawn at: the slider's value when the page last drew
    it anew (``value``, the current one, on a whole run or after :func:`unpin_all`, which records it)."""
    table = st.session_state.setdefault(PINNED, {})
    if not alone() or slider not in table:
        table[slider] = value
    return table[slider]


def unpin_all() -> None:
    """A section is about to draw its charts anew (a walkthrough's next step): each scrubbed chart is drawn at its
    slider's value then, and pinned there."""
    st.session_state[PINNED] = {}


# --- The page's charts ------------------------------------------------------------------------------------------


CHARTS = "_charts"  # the charts drawn since the last whole run: name -> Figure, or a LaterFigure that makes it
DRAWN_IN = "_charts_drawn_in"  # those on the page now: name -> the keys of the sections that drew it, outermost first


def keep_figure(figure: Figure) -> None:
    """List a chart among the page's (for its numbers and the handout), with the sections that drew it."""
    _keep(figure.name, figure)


class LaterFigure:
    """A chart's :class:`Figure`, made only if a file or the handout asks for it (most runs never do), in the
    language of the run that listed it, and kept once made."""

    def __init__(self, make: Callable[[], Figure]) -> None:
        self._make, self._language, self._figure = make, text.language(), None

    def get(self) -> Figure:
        if self._figure is None:
            with text.speaking(self._language):
                self._figure = self._make()
        return self._figure


def keep_later(name: str, make: Callable[[], Figure]) -> None:
    """:func:`keep_figure` for a figure ``make()`` makes when it is asked for: a kept chart's spec and rows are
    held pickled (:class:`ui.kept.Kept`), unpickled only then."""
    _keep(name, LaterFigure(make))


def _keep(name: str, figure: Figure | LaterFigure) -> None:
    st.session_state.setdefault(CHARTS, {})[name] = figure
    st.session_state.setdefault(DRAWN_IN, {})[name] = running()


def forget_charts_of(key: str) -> None:
    """A section reruns alone: the charts it, or a section inside it, drew are off the page's list until they are
    drawn again, in their place (a closed tab's chart is no longer on the page)."""
    drawn_in = st.session_state.get(DRAWN_IN, {})
    for name in [name for name, keys in drawn_in.items() if key in keys]:
        del drawn_in[name]


def page_charts(session: Mapping | None = None) -> list[Figure]:
    """The charts on the page now, in the order the page first drew them (of ``session``'s state: this run's)."""
    session = st.session_state if session is None else session
    drawn_in = session[DRAWN_IN] if DRAWN_IN in session else {}
    charts = session[CHARTS] if CHARTS in session else {}
    return [
        figure.get() if isinstance(figure, LaterFigure) else figure
        for name, figure in charts.items()
        if name in drawn_in
    ]
