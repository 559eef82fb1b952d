"""The toy translator's sentence: picked from about thirty unseen examples, or typed; the link holds it."""

from __future__ import annotations

import streamlit as st

import core.translator as tr
from core.once import computed_once
from ui import forged, sections, state, text, widgets
from ui.settings.translator import DEFAULT_SENTENCE, TR_MODEL, TR_OVERLAY, TR_SENTENCE, TR_STEP, parse_sentence
from ui.text import t

PICK, TEXT = "w_tr_pick", "w_tr_text"  # the list and the text field, both editing TR_SENTENCE


@computed_once
def example_sentences() -> tuple[str, ...]:
    """About thirty unseen sentences, shortest first: one for each length from 3 to 32 words.

    For each length, the first test sentence with the most reordering; lengths 25
    to 32 come from the longer-than-training set, followed by the longest
    sentence there that the attention model gets wrong (it is not perfect).
    """
    picks: list[str] = []
    long = tr.test_sentences("long")
    for split, lo, hi in (("test", 3, 24), ("long", 25, 32)):
        pairs = tr.test_sentences(split)
        for n in range(lo, hi + 1):
            pool = [p for p in pairs if len(p.source) == n]
            if pool:
                picks.append(
                    max(pool, key=lambda p: tr.adjacent_reversals(p.alignment)).text
                )  # max keeps the first of equals
    for pair in sorted(long, key=lambda p: -len(p.source)):
        if tr.translate(pair.source).target != pair.target:
            if pair.text not in picks:
                picks.append(pair.text)
            break
    if DEFAULT_SENTENCE not in picks:
        picks.insert(0, DEFAULT_SENTENCE)
    return tuple(sorted(picks, key=lambda s: len(s.split())))


@computed_once
def pick_facts() -> dict[str, int]:
    """What the list's help says of the examples, computed from them: the lengths it has one of each (``lo`` to
    ``hi``), the length it has a second one of (``again``: the longest the attention model gets wrong), and the first
    length longer than any training sentence (``longer``)."""
    lengths = [len(s.split()) for s in example_sentences()]
    (again,) = [n for n in set(lengths) if lengths.count(n) == 2]
    return {
        "lo": min(lengths),
        "hi": max(lengths),
        "again": again,
        "longer": tr.accuracy_by_length()["train_max_length"] + 1,
    }


@computed_once
def _labels(language: str) -> dict[str, str]:
    """The list's label of each example in ``language``: its length, and whether it is longer than any training one."""
    longest = tr.accuracy_by_length()["train_max_length"]
    labels = {}
    for sentence in example_sentences():
        n = len(sentence.split())
        labels[sentence] = t("tr.pick_label_long" if n > longest else "tr.pick_label", n=n, sentence=sentence)
    return labels


def _label(sentence: str) -> str:
    return _labels(text.language())[sentence]


def _picked() -> None:
    """The list's callback: the chosen sentence becomes the current one and fills the text field."""
    sentence = st.session_state.get(PICK)
    if sentence is not None:
        st.session_state[TEXT] = sentence
        state.put(TR_SENTENCE, sentence)
        widgets.forget(TR_OVERLAY)  # hidden for a sentence outside the grammar


def _typed() -> None:
    """The text field's callback: a sentence in the vocabulary becomes the current one (the page names errors)."""
    try:
        sentence = parse_sentence(st.session_state.get(TEXT, ""))
    except ValueError:
        return
    state.put(TR_SENTENCE, sentence)
    st.session_state[PICK] = sentence if sentence in example_sentences() else None
    widgets.forget(TR_OVERLAY)  # hidden for a sentence outside the grammar


def sentence_field(stacked: bool = False) -> str:
    """A test sentence from the list or a typed one; the link holds it. Returns the last valid sentence.

    The typed sentence is a text area as tall as the sentence, which shows it whole however long it is (a text
    input would scroll its end out of sight). It takes any length: a limit on its characters has the browser drop
    a longer paste in silence, where the reader should be told the sentence has too many words. Side by side;
    ``stacked`` (a walkthrough step's control column, too narrow for two fields side by side), the list above the
    text.
    """
    sentence = state.get(TR_SENTENCE)
    examples = example_sentences()
    state.seed(PICK, sentence if sentence in examples else None)
    state.seed(TEXT, sentence)
    pick_col, text_col = (st.container(), st.container()) if stacked else st.columns(2)
    with pick_col:
        st.selectbox(
            t("tr.pick"),
            examples,
            key=PICK,
            format_func=_label,
            placeholder=t("tr.pick_typed"),
            on_change=_picked,
            help=t("tr.pick_help", **pick_facts()),
        )
    with text_col:
        raw = st.text_area(
            t("tr.type"),
            key=forged.text_field(TEXT, "tr.field_sentence"),
            on_change=_typed,
            height="content",
            help=t("tr.type_help", vocabulary=" ".join(tr.source_vocabulary())),
        )
    try:
        parse_sentence(raw)
    except ValueError as exc:
        widgets.field_error(t("tr.field_sentence"), str(exc))  # in the reader's words: see parse_sentence
    return sentence


def _stepped() -> None:
    """The snapshot slider's callback: the step stored before the script runs, so that what draws before the
    slider (the heatmap it scrubs) reads the reader's step on a whole run."""
    step = st.session_state.get(TR_STEP.widget_key)
    if step is None:  # a value for a slider a tab closed (and forgot) meanwhile: the link's step stays
        return
    state.put(TR_STEP, step)
    sections.rerun_followers(TR_STEP.widget_key)


def step_field(explained: bool = True) -> int:
    """The training step whose snapshot the tabs read, kept in the link (with its help where ``explained``)."""
    steps, model = tr.snapshot_steps(), t(f"tr.reader_{state.get(TR_MODEL)}")  # the model the tab runs
    helped = (
        {"help": t("tr.step_help", model=model, steps=steps[-1], stored=", ".join(map(str, steps)))}
        if explained
        else {}
    )
    return widgets.bound(TR_STEP, st.select_slider, t("tr.step"), steps, on_change=_stepped, **helped).value
