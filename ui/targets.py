"""The toy output layer's target tokens, shared by screen 5's training and the walkthrough's gradient step: the
example's translation for its sources (else "translation of <token>"), and the radio that picks the correct one."""

from __future__ import annotations

import streamlit as st

from ui import links, readings, state
from ui.format import plain
from ui.palette import position_labels
from ui.settings.learning import LEARN_TARGET
from ui.text import t


def target_vocabulary(tokens: tuple[str, ...]) -> list[str]:
    """The example's target (我 / 喜欢 / 猫 in English) for its sources, else 'translation of <token>'."""
    if readings.is_example(tokens):
        return list(readings.translation())
    return [t("learn.translation_of", token=label) for label in position_labels(tokens)]


def target_field(vocabulary: list[str], b: links.Binding[int] = LEARN_TARGET, label: str = "") -> int:
    """A correct target token, as an index into ``vocabulary``; the link holds its 1-based number."""
    asked = state.get(b)
    target = min(asked, len(vocabulary) - 1)  # the sources may have lost positions since
    if asked != target:
        st.warning(t("learn.target_reset", k=asked + 1, T=len(vocabulary)), icon=":material/warning:")
    state.seed(b.widget_key, target)
    if st.session_state[b.widget_key] >= len(vocabulary):
        st.session_state[b.widget_key] = target
    target = st.radio(
        label or t("learn.target"),
        list(range(len(vocabulary))),
        format_func=lambda k: plain(vocabulary[k]),
        horizontal=True,
        key=b.widget_key,
        help=t("learn.target_help"),
    )
    state.put(b, target)
    return target
