"""Sections: the parts of a screen that rerun on their own when one of their controls moves.

A section is a Streamlit fragment: a control drawn in it reruns it alone, not
the sidebar, the prose and the other sections. It reads what it needs from
the shared state (:mod:`ui.state`) when it runs, never from values the screen
computed before calling it, so it draws the same whether it runs with its
screen or alone. A section that reruns alone speaks the reader's language
(the frame sets it only on a whole run) and ends as a whole run ends
(:func:`ui.frame.after_section`: the link written, its notices shown).

What depends on a slider but cannot move with it in the browser (a sentence
that quotes its numbers, a result that cannot be computed ahead) *follows* it:
the screen keeps a place for it with :func:`follows`, and the section that owns
the slider (:func:`slider_section`, called after the screen has kept its places)
draws every follower in its place, on a whole run and whenever the slider is
released. (A Streamlit fragment may write into containers drawn outside it,
provided it wrote into them on the last whole run.) A follower's place belongs
to the screen's body, not to another section.

Sections nest, with one limit: Streamlit lets a section write into a container
made outside it only if the whole run made it or the section that reruns did,
not a section nested in that one (it raises StreamlitInvalidLayoutContextError).
A section and the sections inside it may write into the first one's containers
and the whole run's; a section three deep writes only inside itself, so a
slider's section there draws its slider where it is called (``box=None``) and
keeps no followers.

Charts the slider scrubs (:mod:`ui.scrub`) take the slider's value at the last
whole run (:func:`pinned`): a chart drawn again by a section is then the same
chart, which the browser keeps as it is, moved to wherever the slider is.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar, overload

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from ui import links, state, text

P = ParamSpec("P")
R = TypeVar("R")
_running = threading.local()  # the names of the sections running in this thread, the outermost first
FOLLOWERS = "_followers"  # slider key -> the followers kept in this view
PINNED = "_pinned"  # slider key -> its value at the last whole run


@dataclass(frozen=True)
class Follower:
    owner: tuple[str, ...]  # the sections it was drawn in, the outermost first
    place: DeltaGenerator
    draw: Callable[[], None]
    drawn: list[bool]  # whether the slider's section has drawn it in this whole run


def running() -> tuple[str, ...]:
    return tuple(getattr(_running, "names", ()))


def alone() -> bool:
    """Whether this run reruns sections only (a control in one of them moved), not the whole app."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return bool(ctx and ctx.fragment_ids_this_run)


@overload
def section(body: Callable[P, R], *, run_every: float | None = None) -> Callable[P, R]: ...
@overload
def section(body: None = None, *, run_every: float | None = None) -> Callable[[Callable[P, R]], Callable[P, R]]: ...


def section(body: Callable[P, R] | None = None, *, run_every: float | None = None):
    """``body`` as a section of its screen (see the module's doc); its return value reaches a whole run only.

    ``@section(run_every=seconds)`` also reruns it on its own every ``seconds`` (a panel that polls a run).
    """
    if body is None:
        return functools.partial(section, run_every=run_every)

    name = f"{body.__module__}.{body.__qualname__}"

    @functools.wraps(body)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        outer = running()
        rerun = not outer and alone()  # a section inside another reruns with it: the outer one ends the run
        if rerun:
            text.use(state.get(links.LANG))
        inside = (*outer, name)
        _forget_followers(inside)  # drawn again below
        _running.names = inside
        try:
            result = body(*args, **kwargs)
        finally:
            _running.names = outer
        if rerun:
            from ui import frame

            frame.after_section()
        return result

    return st.fragment(run, run_every=run_every)


def follows(key: str, draw: Callable[[], None]) -> None:
    """Keep a place here for ``draw()``, which the section owning the slider ``key`` draws (see the module's doc).

    ``draw`` reads what it shows from the shared state when it is called.
    """
    place = st.empty()
    st.session_state.setdefault(FOLLOWERS, {}).setdefault(key, []).append(Follower(running(), place, draw, [False]))


def slider_section(
    key: str, box: DeltaGenerator | None, control: Callable[[], object], then: Callable[[], None] | None = None
) -> None:
    """The section that owns the slider ``key``: ``control()`` draws the slider into ``box``, then every follower
    of ``key`` is drawn in its place, then ``then()`` draws here what else moves with the slider.

    Call it once the screen has kept its followers' places (:func:`follows`), usually at its end. With ``box``
    None the slider is drawn where the section is called (see the module's doc on nested sections).
    """

    @section
    def owner() -> None:
        with box if box is not None else contextlib.nullcontext():
            value = control()
        if not alone():
            st.session_state.setdefault(PINNED, {})[key] = value
        for f in st.session_state.get(FOLLOWERS, {}).get(key, []):
            with f.place.container():
                f.draw()
            f.drawn[0] = True
        if then is not None:
            then()

    owner()


def pinned(key: str, value: float) -> float:
    """The value a chart scrubbed by the slider ``key`` is drawn at: the slider's value at the last whole run
    (``value``, the current one, on a whole run or before the slider has been drawn)."""
    if not alone():
        return value
    return st.session_state.get(PINNED, {}).get(key, value)


def draw_unowned() -> None:
    """At the end of a whole run, draw the followers of sliders the screen does not have (they stay as drawn)."""
    for followers in st.session_state.get(FOLLOWERS, {}).values():
        for f in followers:
            if not f.drawn[0]:
                with f.place.container():
                    f.draw()


def forget_all_followers() -> None:
    """A whole run keeps every follower's place afresh."""
    st.session_state[FOLLOWERS] = {}


def _forget_followers(inside: tuple[str, ...]) -> None:
    """Forget the followers kept inside the section ``inside`` (it is about to keep them again)."""
    for followers in st.session_state.get(FOLLOWERS, {}).values():
        followers[:] = [f for f in followers if f.owner[: len(inside)] != inside]
