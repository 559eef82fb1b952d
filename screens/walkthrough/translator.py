"""Walkthrough steps on screen 6: alignment emerging without labels, and the fixed summary on long sentences."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

import core.translator as tr
from core.translator.evaluate import argmax_hits
from screens.translator.settings import TR_OVERLAY, TR_SENTENCE, TR_STEP
from ui import layout, sections, state
from ui.text import t
from ui.translator import alignment as snapshots
from ui.translator import outputs, sentences
from ui.translator.rows import accuracy_rows, accuracy_spec


def alignment(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The training snapshot; the attention model's weights alpha_tj with the true correspondence outlined.

    The snapshot slider scrubs the heatmap (see :mod:`ui.translator.alignment`); the point, which counts the
    words read right at the slider's snapshot, follows it.
    """
    sentence = state.get(TR_SENTENCE)
    known = snapshots.known(sentence)
    with chart:
        snapshots.heatmap(sentence, known, known and state.get(TR_OVERLAY))
    with point:
        sections.follows(snapshots.STEP_KEY, "walk.point", alignment_point)
    sections.slider_section(snapshots.STEP_KEY, control, lambda: snapshots.step_control(explained=False))
    return None


def alignment_point() -> None:
    """Step 10's point at the link's snapshot: how many target words read their true source word most."""
    steps = tr.snapshot_steps()
    sentence, step = state.get(TR_SENTENCE), state.get(TR_STEP)
    view = outputs.alignment(sentence, step)
    if view.alignment is None:
        said = t("walk.align.unknown", step=step)
    else:
        hits, n = argmax_hits(view.weights, view.alignment)
        start_hits, _ = argmax_hits(outputs.alignment(sentence, steps[0]).weights, view.alignment)
        key = "walk.align.point_all" if hits == n else "walk.align.point"  # not "8 of the 8"
        said = t(key, step=step, hits=hits, n=n, start=start_hits)
    st.markdown(f"**{said}**")


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
        sentence = sentences.sentence_field()
        st.markdown(verdicts(outputs.translations(sentence)))
    beyond = tr.beyond_training()
    with chart:
        layout.chart(
            accuracy_spec(),
            "accuracy_by_length",
            t("tr.accuracy_caption", train_max=beyond["train_max_length"], long_total=beyond["count"]),
            rows=accuracy_rows(),
        )

    return t(
        "walk.long.point",
        total=beyond["count"],
        low=beyond["lengths"][0],
        high=beyond["lengths"][1],
        attention=f"{beyond['attention']:.0%}",
        summary=f"{beyond['summary']:.0%}",
    )
