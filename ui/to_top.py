"""A page that opens at its top: the next whole run of the page scrolls it there, once.

Asked for where the page changes under the reader while the browser keeps its scroll: a class joined, started or
acted on (ui.classroom), a walkthrough step entered from the home page or the home page from a step (a projector
that scrolled down to Start opened step 1 with its title above the window).
"""

from __future__ import annotations

import streamlit as st

NEXT = "_to_top"  # session: the next whole run goes to the page's top
SCRIPT = "document.querySelector('[data-testid=\"stMain\"]')?.scrollTo({top: 0});"  # our constant script


def next_run() -> None:
    """The next whole run of this session's page opens it at its top."""
    st.session_state[NEXT] = True


def draw() -> None:
    """Where a whole run draws its frame: the script that scrolls the page to its top, if the run was asked to."""
    if st.session_state.pop(NEXT, False):
        st.html(f"<script>{SCRIPT}</script>", unsafe_allow_javascript=True)
