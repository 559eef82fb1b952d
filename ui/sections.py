"""Sections: the parts of a screen that rerun on their own when one of their controls moves.

A section is a Streamlit fragment: a control drawn in it reruns it alone, not
the sidebar, the prose and the other sections. It reads what it needs from
the shared state (:mod:`ui.state`) when it runs, never from values the screen
computed before calling it, so it draws the same whether it runs with its
screen or alone. A section that reruns alone speaks the reader's language
(the frame sets it only on a whole run) and ends as a whole run ends
(:func:`ui.frame.after_section`: the link written, its notices shown).

A section may write into containers the screen drew before calling it (a
Streamlit fragment can): the section that owns a slider writes the sentences
that quote the slider's numbers into the places the screen kept for them.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from ui import links, state, text

P = ParamSpec("P")
R = TypeVar("R")
_depth = threading.local()  # sections running in this thread, the outermost first


def alone() -> bool:
    """Whether this run reruns sections only (a control in one of them moved), not the whole app."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return bool(ctx and ctx.fragment_ids_this_run)


def section(body: Callable[P, R]) -> Callable[P, R]:
    """``body`` as a section of its screen (see the module's doc); its return value reaches a whole run only."""

    @functools.wraps(body)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        outermost = getattr(_depth, "n", 0) == 0
        rerun = outermost and alone()  # a section inside another reruns with it: the outer one ends the run
        if rerun:
            text.use(state.get(links.LANG))
        _depth.n = getattr(_depth, "n", 0) + 1
        try:
            result = body(*args, **kwargs)
        finally:
            _depth.n -= 1
        if rerun:
            from ui import frame

            frame.after_section()
        return result

    return st.fragment(run)
