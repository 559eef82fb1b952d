"""Screen 7, section 1 of the article: a goal picks what to read; the meaning needs how it combines.

The scenes of ``core.selecting`` name their sources in English; this section shows
each source and feature in the reader's language, and the notebook's phrases in
the order of the reader's sentence (``lim.phrase_sequence`` sets it). The café and
the notebook are sections: their controls rerun them alone. The slider for the
weight the question puts on the action phrase moves the notebook's charts in the
browser (they are drawn at every weight it can show); its release rewrites the
sentences that quote them.
"""

from __future__ import annotations

from string import Formatter

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core import selecting as sel
from core.reading import Reading
from core.sweep import slider_states
from screens.limits import in_words
from ui import kept, layout, sections, state, widgets
from ui.charts.limits import feature_bars, phrase_bars
from ui.charts.spec import Rows, Spec
from ui.format import num
from ui.scrub import Channel, Scrub
from ui.sections import section
from ui.settings import limits as settings
from ui.text import t, template

CAFE_SOURCES = {  # the café's sources in core.selecting -> their messages
    "your friend's voice": "lim.source_voice",
    "the next table's conversation": "lim.source_table",
    "the coffee machine": "lim.source_machine",
    "the phone on the table": "lim.source_phone",
}
ROLES = {  # the notebook's phrases in core.selecting -> their role in the sentence
    "Felix": "person",
    "left": "action",
    "did not leave": "action",
    "the": "article",
    "blue": "colour",
    "notebook": "object",
    "in the meeting room": "place",
    "yesterday": "time",
}


def draw() -> None:
    st.subheader(t("lim.select"))
    st.markdown(t("lim.select_text"))
    # one under the other: side by side, the café's chart got a sliver beside a long empty column
    _cafe()
    _notebook()


@section("lim.cafe")
def _cafe() -> None:
    """The café: the goal the reader picks, and the weight each source gets for it."""
    st.markdown(f"**{t('lim.cafe')}**")
    scene = sel.cafe()
    labels = [t(CAFE_SOURCES[label]) for label in scene.labels]
    goal = widgets.bound(
        settings.LIM_GOAL,
        st.radio,
        t("lim.goal"),
        tuple(sel.CAFE_GOALS),
        horizontal=True,
        format_func=lambda g: t(f"lim.goal_{g}"),
    ).value
    r = sel.dot_read(scene, scene.query(sel.CAFE_GOALS[goal]))

    def cafe_chart() -> tuple[Spec, Rows]:
        rows = [{"phrase": label, "weight": float(w)} for label, w in zip(labels, r.weights, strict=True)]
        spec = phrase_bars(rows, "weight", t("weight"), labels, t("lim.source"))
        return spec, in_words(rows, {"phrase": t("lim.source"), "weight": t("weight")})

    layout.kept_chart("cafe_weights", t("lim.cafe_caption"), cafe_chart, lambda rows: rows, scrubbed=False)
    top = sel.most_weighted(r)
    st.markdown(t("lim.cafe_top", source=labels[top], weight=num(r.weights[top])))


def phrase(label: str, negated: bool) -> str:
    """The reader's words for the notebook phrase ``label`` of core.selecting."""
    role = ROLES[label]
    if role == "action" and negated:
        return t("lim.phrase_action_not")
    return t(f"lim.phrase_{role}")


def reading_order(scene: sel.Scene) -> list[int]:
    """The scene's positions in the order their phrases come in the reader's sentence."""
    at = {ROLES[label]: j for j, label in enumerate(scene.labels)}
    return [at[role] for _, role, _, _ in Formatter().parse(template("lim.phrase_sequence")) if role]


ACTION_STEP = 0.25  # the action weight's step: every value it can show is drawn ahead
ACTION = Channel(settings.LIM_ACTION.widget_key, "action")  # the charts it scrubs tag their rows with the weight


def action_grid(action: float) -> np.ndarray:
    """Every weight the action slider can show, and ``action`` itself (a link may set one between steps): (N,)."""
    return slider_states(*settings.LIM_ACTION_RANGE, ACTION_STEP, also=action)


def action_slider() -> float:
    return widgets.stored_slider(
        settings.LIM_ACTION, t("lim.action"), *settings.LIM_ACTION_RANGE, ACTION_STEP, help=t("lim.action_help")
    )


def notebook_reads(question: str, action: float) -> dict[bool, Reading]:
    """Both sentences read for the question, with the question's weight ``action`` on the action phrase."""
    scenes = {False: sel.notebook(False), True: sel.notebook(True)}
    return {n: sel.dot_read(s, s.query(sel.question_query(question, action))) for n, s in scenes.items()}


@section("lim.notebook")
def _notebook() -> None:
    """The notebook sentence read for a question, with or without "did not": weights, contexts, answers.

    The question and "did not" rerun this section; the action weight's slider scrubs both charts (read at every
    weight it can show), and its own section writes the sentences that quote their numbers.
    """
    st.markdown(f"**{t('lim.notebook')}**")
    sentence = st.container()  # the sentence read, above the controls (written once "did not" is known)
    question = widgets.bound(
        settings.LIM_QUESTION,
        st.radio,
        t("lim.question"),
        sel.QUESTIONS,
        horizontal=True,
        format_func=lambda q: t(f"lim.question_{q}"),
    ).value
    negated = widgets.bound(settings.LIM_NOT, st.toggle, t("lim.not"), help=t("lim.not_help")).value
    box = st.container()  # the action weight's slider, drawn by its own section below
    action = state.get(settings.LIM_ACTION)
    over = action_grid(action)
    scrub = Scrub(ACTION, sections.pinned(ACTION.key, action))
    scenes = {False: sel.notebook(False), True: sel.notebook(True)}
    read_over = kept.value(  # weight -> both sentences' reads: the fixed sentences, read for the question alone
        ("limits.notebook_reads", question, tuple(float(v) for v in over)),
        lambda: {v: notebook_reads(question, v) for v in over},
    )
    reads = read_over[action]
    words = {n: [phrase(label, n) for label in s.labels] for n, s in scenes.items()}
    order = reading_order(scenes[negated])
    shown = words[negated]
    # the sentence above its controls, so that on a phone "did not" and the slider sit right above the chart
    sentence.markdown(f"> {t('lim.sentence_negated' if negated else 'lim.sentence_plain')}")
    sentence.caption(
        t("lim.phrases", T=len(shown), phrases=t("lim.phrase_sequence", **_by_role(scenes[negated], shown)))
    )

    def weight_rows(r: Reading) -> Rows:
        return [{"phrase": shown[j], "weight": float(r.weights[j])} for j in order]

    def weights_chart() -> tuple[Spec, None]:
        rows = [row | {"action": float(v)} for v, r in read_over.items() for row in weight_rows(r[negated])]
        return phrase_bars(rows, "weight", t("weight"), [shown[j] for j in order], t("lim.phrase"), scrub=scrub), None

    free, depends = (settings.LIM_ACTION.key,), (scrub, tuple(over))  # the charts show every action weight
    layout.kept_chart(
        "notebook_weights",
        t("lim.weights_caption"),
        weights_chart,
        lambda _: in_words(weight_rows(reads[negated]), {"phrase": t("lim.phrase"), "weight": t("weight")}),
        free=free,
        depends=depends,
    )
    weights_said = st.container()

    st.markdown(f"**{t('lim.contexts')}**")
    groups = {False: t("lim.with_plain"), True: t("lim.with_negated")}
    features = [t(f"lim.feature_{f}") for f in sel.FEATURES]

    def context_rows(r: dict[bool, Reading]) -> Rows:
        return [
            {"feature": features[i], "sentence": groups[n], "c": float(r[n].context[i])}
            for i in range(len(sel.FEATURES))
            for n in (False, True)
        ]

    tips = (t("lim.feature"), t("lim.sentence"))

    def contexts_chart() -> tuple[Spec, None]:
        rows = [row | {"action": float(v)} for v, r in read_over.items() for row in context_rows(r)]
        return feature_bars(rows, "c", "c", features, [groups[False], groups[True]], tips, scrub=scrub), None

    layout.kept_chart(
        "notebook_contexts",
        t("lim.context_caption"),
        contexts_chart,
        lambda _: in_words(context_rows(reads), {"feature": tips[0], "sentence": tips[1], "c": "c"}),
        free=free,
        depends=depends,
    )
    contexts_said = st.container()
    st.markdown(f"**{t('lim.answers')}**")
    answers_said = st.container()
    sections.slider_section(
        ACTION.key, box, action_slider, then=lambda: notebook_said(weights_said, contexts_said, answers_said)
    )


def notebook_said(weights_said: DeltaGenerator, contexts_said: DeltaGenerator, answers_said: DeltaGenerator) -> None:
    """What the notebook's weights, contexts and answers show at the action weight: drawn by its slider's section."""
    question, negated, action = (
        state.get(settings.LIM_QUESTION),
        state.get(settings.LIM_NOT),
        state.get(settings.LIM_ACTION),
    )
    scenes = {False: sel.notebook(False), True: sel.notebook(True)}
    reads = notebook_reads(question, action)
    words = {n: [phrase(label, n) for label in s.labels] for n, s in scenes.items()}
    shown, other = words[negated], words[not negated]
    action_at = [ROLES[label] for label in scenes[negated].labels].index("action")
    diff = float(np.abs(reads[True].weights - reads[False].weights).max())
    key = "lim.same_weights" if diff == 0 else "lim.other_weights"
    weights_said.markdown(t(key, other=other[action_at], shown=shown[action_at], diff=f"{diff:g}"))

    features = [t(f"lim.feature_{f}") for f in sel.FEATURES]
    differ = [i for i in range(len(sel.FEATURES)) if reads[True].context[i] != reads[False].context[i]]
    i = sel.FEATURES.index("not")
    with contexts_said:
        if differ == [i]:
            negated_c, plain_c = num(reads[True].context[i]), num(reads[False].context[i])
            st.markdown(t("lim.context_diff", feature=features[i], negated=negated_c, plain=plain_c))
        elif differ:
            st.markdown(t("lim.context_diffs", features=t("lim.list_separator").join(features[i] for i in differ)))
        else:
            st.markdown(t("lim.context_same"))

    names = {False: t("lim.sentence_plain"), True: t("lim.sentence_negated")}
    tops, answers = {}, {}
    with answers_said:
        for n in (False, True):
            top = sel.most_weighted(reads[n])
            tops[n] = words[n][top]
            answers[n] = sel.stated_answer(scenes[n], question)
            says = t("lim.says_nothing") if answers[n] is None else t("lim.says", phrase=words[n][answers[n]])
            weight = num(reads[n].weights[top])
            st.markdown("- " + t("lim.answer_row", sentence=names[n], top=tops[n], weight=weight, says=says))
        if tops[True] != tops[False]:
            st.markdown(t("lim.different_top"))
        elif answers[True] != answers[False]:
            st.markdown(t("lim.same_top_different_meaning", top=tops[True]))
        else:
            st.markdown(t("lim.same_top_same_meaning"))


def _by_role(scene: sel.Scene, words: list[str]) -> dict[str, str]:
    return {ROLES[label]: word for label, word in zip(scene.labels, words, strict=True)}
