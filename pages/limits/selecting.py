"""Screen 7, section 1 of the article: a goal picks what to read; the meaning needs how it combines."""

from __future__ import annotations

import numpy as np
import streamlit as st

from core import selecting as sel
from ui import layout, links, widgets
from ui.charts.limits import feature_bars, phrase_bars
from ui.format import num
from ui.text import t


def draw() -> None:
    st.subheader(t("lim.select"))
    st.markdown(t("lim.select_text"))
    cafe_col, notebook_col = st.columns([2, 3], gap="large")
    with cafe_col:
        _cafe()
    with notebook_col:
        _notebook()


def _cafe() -> None:
    st.markdown(f"**{t('lim.cafe')}**")
    scene = sel.cafe()
    goal = widgets.bound(
        links.LIM_GOAL,
        st.radio,
        t("lim.goal"),
        tuple(sel.CAFE_GOALS),
        horizontal=True,
        format_func=lambda g: t(f"lim.goal_{g}"),
    ).value
    r = sel.dot_read(scene, scene.query(sel.CAFE_GOALS[goal]))
    rows = [{"phrase": label, "weight": float(w)} for label, w in zip(scene.labels, r.weights, strict=True)]
    layout.chart(phrase_bars(rows, "weight", t("weight"), scene.labels), "cafe_weights", t("lim.cafe_caption"))
    top = sel.most_weighted(r)
    st.markdown(t("lim.cafe_top", source=scene.labels[top], weight=num(r.weights[top])))


def _notebook() -> None:
    st.markdown(f"**{t('lim.notebook')}**")
    question = widgets.bound(
        links.LIM_QUESTION,
        st.radio,
        t("lim.question"),
        sel.QUESTIONS,
        horizontal=True,
        format_func=lambda q: t(f"lim.question_{q}"),
    ).value
    negated = widgets.bound(links.LIM_NOT, st.toggle, t("lim.not"), help=t("lim.not_help")).value
    action = widgets.bound(
        links.LIM_ACTION, st.slider, t("lim.action"), *links.LIM_ACTION_RANGE, step=0.25, help=t("lim.action_help")
    ).value
    scenes = {False: sel.notebook(False), True: sel.notebook(True)}
    reads = {n: sel.dot_read(s, s.query(sel.question_query(question, action))) for n, s in scenes.items()}
    shown, other = scenes[negated], scenes[not negated]
    r = reads[negated]
    st.markdown(f"> {t('lim.sentence_negated' if negated else 'lim.sentence_plain')}")
    st.caption(t("lim.phrases", T=len(shown.labels), phrases=" | ".join(shown.labels)))

    rows = [{"phrase": label, "weight": float(w)} for label, w in zip(shown.labels, r.weights, strict=True)]
    layout.chart(phrase_bars(rows, "weight", t("weight"), shown.labels), "notebook_weights", t("lim.weights_caption"))
    action_at = 1  # the action phrase: "left" or "did not leave"
    diff = float(np.abs(reads[True].weights - reads[False].weights).max())
    key = "lim.same_weights" if diff == 0 else "lim.other_weights"
    st.markdown(t(key, other=other.labels[action_at], shown=shown.labels[action_at], diff=f"{diff:g}"))

    st.markdown(f"**{t('lim.contexts')}**")
    names = {False: t("lim.sentence_plain"), True: t("lim.sentence_negated")}
    groups = {False: t("lim.with_plain"), True: t("lim.with_negated")}
    rows = [
        {"feature": f, "sentence": groups[n], "c": float(reads[n].context[i])}
        for i, f in enumerate(sel.FEATURES)
        for n in (False, True)
    ]
    layout.chart(
        feature_bars(rows, "c", "c", sel.FEATURES, [groups[False], groups[True]]),
        "notebook_contexts",
        t("lim.context_caption"),
    )
    differ = [f for i, f in enumerate(sel.FEATURES) if reads[True].context[i] != reads[False].context[i]]
    if differ == ["not"]:
        i = sel.FEATURES.index("not")
        negated_c, plain_c = num(reads[True].context[i]), num(reads[False].context[i])
        st.markdown(t("lim.context_diff", feature="not", negated=negated_c, plain=plain_c))
    elif differ:
        st.markdown(t("lim.context_diffs", features=", ".join(differ)))
    else:
        st.markdown(t("lim.context_same"))

    st.markdown(f"**{t('lim.answers')}**")
    tops, answers = {}, {}
    for n in (False, True):
        top = sel.most_weighted(reads[n])
        tops[n] = scenes[n].labels[top]
        answers[n] = sel.stated_answer(scenes[n], question)
        says = t("lim.says_nothing") if answers[n] is None else t("lim.says", phrase=scenes[n].labels[answers[n]])
        weight = num(reads[n].weights[top])
        st.markdown("- " + t("lim.answer_row", sentence=names[n], top=tops[n], weight=weight, says=says))
    if tops[True] != tops[False]:
        st.markdown(t("lim.different_top"))
    elif answers[True] != answers[False]:
        st.markdown(t("lim.same_top_different_meaning", top=tops[True]))
    else:
        st.markdown(t("lim.same_top_same_meaning"))
