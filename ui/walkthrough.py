"""The guided walkthrough's machinery: what a step declares, and entering a step.

The steps themselves (their controls, charts and points) are registered in
:mod:`screens.walkthrough.steps`; the home page draws the step the link's
``step`` setting names (:data:`ui.settings.walkthrough.STEP`), ``?step=K`` for K = 1, 2, ...
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui import state
from ui.links import CLASS, LANG, PRESENT, Binding
from ui.settings import every
from ui.settings.walkthrough import STEP
from ui.state import Model
from ui.text import t

ENTERED = "walk_entered"  # the step whose values this session last set
BACK_TO_STEP = "walk_back_to_step"  # the widget key of a screen's button back to the step (way_back)

# Draws the step's control into the first container and its chart into the second, and returns its point; a
# step whose point follows its slider writes the point into the third itself (see ui.sections) and returns None.
Draw = Callable[[DeltaGenerator, DeltaGenerator, DeltaGenerator], str | None]


@dataclass(frozen=True)
class Step:
    """One step: its name (message keys ``walk.<name>.…``), the screen it comes from, the values it sets, its drawing.

    Entering the step sets the worked example's sources and scorer, the state
    ``s`` and the ``settings``; every other screen setting goes back to its default.
    """

    name: str
    screen: str  # the address of the screen it comes from, as app.SCREENS declares it (url_path)
    s: float
    settings: tuple[tuple[Binding[Any], Any], ...]
    draw: Draw


def enter(k: int, step: Step, keep: Collection[str] = ()) -> None:
    """Make ``step`` (number ``k``) current and set its values; link keys in ``keep`` keep their link's value.

    ``keep`` is the link's own keys when a session opens a step from a link, so a
    copied link of a step the reader has changed opens as it was copied.
    """
    values = {
        b.key: (b, b.default) for b in every() if b not in (STEP, PRESENT, LANG, CLASS)
    }  # the reader's, not a screen's
    values |= {b.key: (b, v) for b, v in step.settings}
    for key, (b, v) in values.items():
        if key not in keep:
            state.put(b, v)
    d = state.default_model()
    s = state.model().s if "s" in keep else step.s
    state.set_model(Model(d.tokens, d.H, d.params, s))
    state.put(STEP, k)
    st.session_state[ENTERED] = k
    state.forget_widgets()


def way_back(home: Callable[[], None]) -> None:
    """On a screen whose link still names a step (opened with the step's "Open this on its screen", or reached from
    there through the sidebar): a button back to that step, first on the page, which ``home`` opens. A screen is
    1,900 to 4,000 px tall on a projector, its sidebar folded: nothing else led back."""
    k = state.get(STEP)
    if k and st.button(t("walk.back_to_step", k=k), key=BACK_TO_STEP, icon=":material/arrow_back:"):
        home()


def leave() -> None:
    """Back to the home page itself; the values of the last step stay."""
    state.put(STEP, 0)
    st.session_state[ENTERED] = 0
