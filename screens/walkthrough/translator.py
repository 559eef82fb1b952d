"""Walkthrough steps on screen 6: alignment emerging without labels, and the fixed summary on long sentences."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

import core.translator as tr
from core.translator.evaluate import argmax_hits
from screens.translator import outputs, sentences
from screens.translator.rows import accuracy_rows, accuracy_spec, heatmap_rows, heatmap_spec
from ui import layout, links, state, widgets
from ui.text import t


def alignment(control: DeltaGenerator, chart: DeltaGenerator, point: DeltaGenerator) -> str | None:
    """The training snapshot; the attention model's weights alpha_tj with the true correspondence outlined."""
    steps = tr.snapshot_steps()
    with control:
        step = widgets.bound(links.TR_STEP, st.select_slider, t("tr.step"), steps).value
    sentence = state.get(links.TR_SENTENCE)
    view = outputs.alignment(sentence, step)
    known = view.alignment is not None
    rows = heatmap_rows(view)
    with chart:
        layout.chart(
            heatmap_spec(view, rows, known and state.get(links.TR_OVERLAY)),
            "alignment",
            t("tr.heatmap_caption", uniform=f"{1 / len(view.source):.3f}") if known else t("tr.heatmap_caption_own"),
            rows=rows,
        )
    if not known:
        return t("walk.align.unknown", step=step)
    hits, n = argmax_hits(view.weights, view.alignment)
    start_hits, _ = argmax_hits(outputs.alignment(sentence, steps[0]).weights, view.alignment)
    return t("walk.align.point", step=step, hits=hits, n=n, start=start_hits)


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
