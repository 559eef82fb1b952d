"""Play a scrubbed slider's values in its charts, in the browser: the snapshots of training from initialisation to
the end, say, for a class to watch.

:func:`play_button` draws a button naming the slider (by its widget key); :data:`SCRIPT`, installed once by
:mod:`ui.frame`, answers its click by writing each index of the slider in turn, every :data:`STEP_MS`, into the
charts' parameter named after the slider (the channel :mod:`ui.scrub` writes the slider's own value into), and by
showing the played value everywhere the page shows the slider's: on the button, on the slider (its thumb's place,
the track's fill up to it, its number, the value a screen reader hears) and in a sentence that states it (the
button may carry that sentence as written at every value, :func:`play_button`'s ``said``). The slider's value is
not changed: Streamlit's slider is drawn by React from its own state, and a value given to it would be sent to the
server (a rerun a frame); the script draws over the slider's marks, as :mod:`ui.scrub` does while a drag moves a
numeric slider, and puts back what the slider drew when the play ends (after the last value, on a second click, or
as the reader takes the slider: a press or a key on it stops the play first, so the slider starts from its own
drawing). Then the charts, the slider, the sentence and the link all show the slider's value again, which the play
never changed. The numbers drawn are the rows ``core`` computed for every value, and the sentences the server
wrote for each (the browser only chooses among them); the server is not asked.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence

import streamlit as st

from ui import page_assets

STEP_MS = 500

SCRIPT = page_assets.read("player.js")
CONFIG = {"stepMs": STEP_MS}  # the values the script reads (window.attentionConfig.player)


def play_button(
    key: str,
    labels: Sequence[str],
    values: Sequence[str],
    text: str,
    said: tuple[str, Sequence[str]] | None = None,
) -> None:
    """A button that plays the slider ``key``'s values in its charts and on the slider: ``labels`` (one an index)
    are shown on the button while played, ``values`` (the slider's options as it writes them) on the slider. ``text``
    is the button's label, in the reader's language. ``said`` = (a container's widget key, a sentence for each
    index): while played, the sentence in that container (plain text, a paragraph or its bold) reads the played
    index's."""
    extra = ""
    if said is not None:
        where, sentences = said
        extra = f" data-said-in=\"{html.escape(where)}\" data-said='{html.escape(json.dumps(list(sentences)))}'"
    st.html(
        f'<button class="attention-play" type="button" aria-pressed="false" data-attention-play="{html.escape(key)}" '
        f"data-labels='{html.escape(json.dumps(list(labels)))}' data-values='{html.escape(json.dumps(list(values)))}'"
        f"{extra}>▶ {html.escape(text)}</button>"
    )
