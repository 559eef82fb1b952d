"""What the trained models do with a sentence (cached: a few milliseconds a sentence), as a table."""

from __future__ import annotations

import streamlit as st

import core.translator as tr
from core.translator import ALL_MODELS
from core.translator.task import END, START
from ui import fair
from ui.text import t


@st.cache_data(max_entries=256, show_spinner=False)
@fair.expensive
def translations(sentence: str) -> dict[str, object]:
    """The reference (None outside the grammar, with core's refusal) and every model's greedy translation.

    The refusal is core's, the same for every reader: :func:`ui.reasons.reason` words it.
    """
    try:
        reference: tuple[str, ...] | None = tr.reference(sentence).target
        problem = None
    except ValueError as exc:
        reference, problem = None, exc
    return {
        "reference": reference,
        "problem": problem,
        **{model: tr.translate(sentence, model).target for model in ALL_MODELS},
    }


# The views below are kept shared, not copied for each look-up (st.cache_resource; their arrays are read-only,
# core.translator's): a run of screen 6 reads them several times.
@st.cache_resource(max_entries=512, show_spinner=False)
@fair.expensive
def alignment(sentence: str, step: int, model: str = "attention") -> tr.AttentionView:
    """alpha_tj of ``model`` at ``step`` while decoding the reference; outside the grammar, while decoding the
    model's own output."""
    try:
        return tr.attention_matrix(sentence, step, model)
    except ValueError:
        return tr.translate(sentence, model, step)


@st.cache_resource(max_entries=256, show_spinner=False)
def alignments(sentence: str, model: str = "attention") -> tuple[tr.AttentionView, ...]:
    """:func:`alignment` at every stored snapshot, in order (one cache look-up for them all)."""
    return tuple(alignment(sentence, step, model) for step in tr.snapshot_steps(model))


def token_shown(token: str) -> str:
    """A target token as the screen writes it: the start and end markers named (the forcing table, the what-if
    tab, the decoding orders)."""
    return {START: t("tr.forcing_start"), END: t("tr.forcing_end")}.get(token, token)


def _words(target: tuple[str, ...], bold: int | None = None) -> str:
    words = [f"**{w}**" if k == bold else w for k, w in enumerate(target) if w != END]
    text = " ".join(words)
    return text if target and target[-1] == END else text + t("tr.no_end", n=len(target))


def _first_difference(output: tuple[str, ...], reference: tuple[str, ...]) -> int | None:
    """The first position where the output and the reference differ, None when they are equal."""
    if output == reference:
        return None
    return next(
        (k for k, (a, b) in enumerate(zip(output, reference, strict=False)) if a != b), min(len(output), len(reference))
    )


def translation_table(sentence: str, result: dict[str, object]) -> str:
    """A Markdown table: the source, the reference and every model's translation, each checked against the
    reference."""
    reference = result["reference"]
    lines = [
        f"| {t('tr.col_who')} | {t('tr.col_text')} | {t('tr.col_match')} |",
        "| --- | --- | --- |",
        f"| {t('tr.row_source', n=len(sentence.split()))} | {sentence} | |",
        f"| {t('tr.row_reference')} | {_words(reference) if reference else t('tr.no_reference')} | |",
    ]
    for model in ALL_MODELS:
        output = result[model]
        if reference is None:
            words, verdict = _words(output), t("tr.unchecked")
        else:
            k = _first_difference(output, reference)
            words = _words(output, bold=k)
            verdict = t("tr.match") if k is None else t("tr.mismatch", k=k + 1)
        lines.append(f"| {t(f'tr.row_{model}')} | {words} | {verdict} |")
    return "\n".join(lines)
