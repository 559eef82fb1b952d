"""Walkthrough steps on screen 6: alignment emerging without labels, and the fixed summary on long sentences."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

import core.translator as tr
from core.translator.evaluate import argmax_hits
from ui import layout, sections, state, widgets
from ui.format import percent
from ui.settings.translator import READERS, TR_MODEL, TR_OVERLAY, TR_SENTENCE, TR_STEP
from ui.text import t
from ui.translator import alignment as snapshots
from ui.translator import outputs, sentences
from ui.translator.rows import accuracy_caption, accuracy_rows, accuracy_spec

POINT = "walk_align_point"  # the container of step 10's point, which Play rewrites at each snapshot it shows


def alignment(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The training snapshot; the attention model's weights alpha_tj with the true correspondence outlined.

    The snapshot slider scrubs the heatmap (see :mod:`ui.translator.alignment`); the point, which counts the
    words read right at the slider's snapshot, follows it. Play shows each snapshot in the heatmap, on the slider
    and in the point (written here for every snapshot); a sentence outside the grammar, whose heatmap is drawn
    again on a release and not played, has no Play.
    """
    sentence = state.get(TR_SENTENCE)
    known = snapshots.known(sentence)
    with control:
        model_choice()
    with chart:
        snapshots.heatmap(sentence, known, known and state.get(TR_OVERLAY))
    with point:
        sections.follows(snapshots.STEP_KEY, "walk.point", alignment_point)

    def slider_and_play() -> int:
        if not known:
            return tr.snapshot_steps().index(sentences.step_field(explained=False))
        said = [alignment_said(sentence, step, snapshots.reader()) for step in tr.snapshot_steps()]
        return snapshots.step_control(explained=False, said=(POINT, said))

    sections.slider_section(snapshots.STEP_KEY, control, slider_and_play)
    return None


def alignment_point() -> None:
    """Step 10's point at the link's snapshot (:func:`alignment_said`)."""
    with st.container(key=POINT):
        said = alignment_said(state.get(TR_SENTENCE), state.get(TR_STEP), snapshots.reader())
        st.markdown(f"**{said}**")


def model_choice() -> None:
    """The model whose reading the step shows, one of those that read with weights (the link's fixed summary is
    put back to Bahdanau's: it has no weights to show)."""
    if state.get(TR_MODEL) not in READERS:
        state.put(TR_MODEL, READERS[0])
        st.session_state.pop(TR_MODEL.widget_key, None)
    widgets.bound(TR_MODEL, st.selectbox, t("tr.reader"), READERS, format_func=lambda name: t(f"tr.reader_{name}"))


def alignment_said(sentence: str, step: int, model: str = "attention") -> str:
    """Step 10's point at the snapshot ``step``: how many target words read their true source word most, in
    ``model``'s reading."""
    view = outputs.alignment(sentence, step, model)
    if view.alignment is None:
        return t("walk.align.unknown", step=step)
    hits, n = argmax_hits(view.weights, view.alignment)
    start_hits, _ = argmax_hits(outputs.alignment(sentence, tr.snapshot_steps()[0], model).weights, view.alignment)
    key = "walk.align.point_all" if hits == n else "walk.align.point"  # not "8 of the 8"
    return t(key, step=step, hits=hits, n=n, start=start_hits)


def verdicts(result: dict[str, object]) -> str:
    """One line a model: whether its translation is the reference's (the full table is on screen 6)."""
    reference = result["reference"]
    lines = []
    for model in tr.MODELS:
        if reference is None:
            verdict = t("tr.unchecked")
        else:
            verdict = t("tr.match") if result[model] == reference else t("walk.long.differs")
        lines.append(f"- {t('walk.long.verdict', model=t(f'tr.row_{model}'), verdict=verdict)}")
    return "\n".join(lines)


def long_sentences(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """A test sentence and both translations; exact match against source length for both models."""
    with control:
        sentence = sentences.sentence_field(stacked=True)
        st.markdown(verdicts(outputs.translations(sentence)))
    beyond = tr.beyond_training()
    with chart:
        layout.chart(
            accuracy_spec(),
            "accuracy_by_length",
            accuracy_caption(),
            rows=accuracy_rows(),
        )

    return t(
        "walk.long.point",
        total=beyond["count"],
        low=beyond["lengths"][0],
        high=beyond["lengths"][1],
        attention=percent(beyond["attention"]),
        summary=percent(beyond["summary"]),
    )
