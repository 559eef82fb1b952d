"""Screen 6, "What if it had looked elsewhere?": one decoding step's reading overridden, the rest decoded by the
model (:func:`core.translator.what_if`), and the same question over the whole test set, recorded with the
checkpoints (:func:`core.translator.whatif_effects`).

The reader picks a target step of the chosen model's own translation, a source word, and an override: all the
step's weight on that word, that word removed (the rest scaled back up to the step's total), or a blend; every
override keeps the step's total weight, which is less than 1 for Luong's local model (said for a model whose
recorded totals are). The step's weights before and after are drawn side by side, the two translations one a line
(the override's different words in bold), and a sentence says what changed at the step, from where the
translation differs, and the loss against the reference (at a step whose previous words the model's own
translation no longer shares with the reference, it says so).
"""

from __future__ import annotations

import streamlit as st

import core.translator as tr
from core.translator.whatif import KINDS, PARTS, SMALL
from ui import charts, fair, layout, state, widgets
from ui.format import grouped, num, percent
from ui.links import Binding
from ui.palette import position_labels
from ui.settings import translator as settings
from ui.text import t
from ui.translator.outputs import token_shown

FEW = 6  # source words whose bars carry their numbers


@st.cache_data(max_entries=256, show_spinner=False)
@fair.expensive
def own(sentence: str, model: str) -> tr.AttentionView:
    """The model's own greedy translation, with the weights it read."""
    return tr.translate(sentence, model)


@st.cache_data(max_entries=512, show_spinner=False)
@fair.expensive
def what_if(sentence: str, model: str, step: int, word: int, kind: str, share: float) -> tr.WhatIf:
    return tr.what_if(sentence, model, step, word, kind, share)


def _within(b: Binding[int], count: int, message: str) -> None:
    """A link's step or word past this sentence's is put back to the first, and the reader told."""
    if state.get(b) >= count:
        st.warning(t(message, k=state.get(b) + 1, n=count))
        state.put(b, 0)
        st.session_state.pop(b.widget_key, None)


def controls(view: tr.AttentionView) -> tuple[int, int, str, float]:
    """The step, the source word, the override and its share, bound to the link."""
    _within(settings.WI_STEP, len(view.target), "tr.wi_step_reset")
    _within(settings.WI_WORD, len(view.source), "tr.wi_word_reset")
    labels = position_labels(view.source)
    step_col, word_col, kind_col = st.columns([1, 1, 2], vertical_alignment="bottom")
    with step_col:
        step = widgets.bound(
            settings.WI_STEP,
            st.selectbox,
            t("tr.wi_step"),
            range(len(view.target)),
            format_func=lambda k: t("tr.wi_step_label", t=k + 1, word=token_shown(view.target[k])),
            help=t("tr.wi_step_help"),
        ).value
    with word_col:
        word = widgets.bound(
            settings.WI_WORD, st.selectbox, t("tr.wi_word"), range(len(view.source)), format_func=labels.__getitem__
        ).value
    with kind_col:
        kind = widgets.bound(
            settings.WI_KIND,
            st.radio,
            t("tr.wi_kind"),
            KINDS,
            horizontal=True,
            format_func=lambda k: t(f"tr.wi_kind_{k}"),
        ).value
    share = state.get(settings.WI_SHARE)
    if kind == "blend":
        share = widgets.bound(
            settings.WI_SHARE, st.slider, t("tr.wi_share"), 0.0, 1.0, step=0.05, help=t("tr.wi_share_help")
        ).value
    return step, word, kind, share


def said(w: tr.WhatIf, labels: list[str], word: int) -> str:
    """What changed, computed: the step's word and its probability before and after, where the translations part,
    and the loss against the reference."""
    before, after = w.original[w.step], w.changed[w.step]
    parts = [
        t(
            "tr.wi_said_step",
            t=w.step + 1,
            written=token_shown(before),
            p_before=num(w.p_before, 3),
            source=labels[word],
        )
    ]
    if after == before:
        parts.append(t("tr.wi_said_same", p=num(w.p_after, 3)))
    else:
        parts.append(
            t(
                "tr.wi_said_other",
                instead=token_shown(after),
                written=token_shown(before),
                p_after=num(w.p_after, 3),
                p_kept=num(w.p_kept, 3),
            )
        )
    k = w.first_difference
    parts.append(t("tr.wi_said_unchanged") if k is None else t("tr.wi_said_from", k=k + 1))
    if w.loss_before is not None:
        parts.append(loss_said(w))
    return " ".join(parts)


def loss_said(w: tr.WhatIf) -> str:
    """The loss against the reference with and without the override, teacher-forced: at the model's own step
    where its translation still agrees with the reference before it, else at the reference's step, which follows
    other words (said, with the word the reference writes there)."""
    before, after = num(w.loss_before, 3), num(w.loss_after, 3)
    apart = w.reference_from
    if apart is None or apart >= w.step:  # fed the same previous words as the model's own translation
        return t("tr.wi_said_loss", before=before, after=after)
    word = token_shown(w.reference[w.step])
    return t("tr.wi_said_loss_apart", t=w.step + 1, before=before, after=after, k=apart + 1, word=word)


TOTAL_ONE = 1e-9  # a step's weights sum to 1 within this (to rounding): every model but Luong's local one


def total_said(model: str) -> str | None:
    """For a model whose steps' weights sum to less than 1 (over the test set, as whatif.json recorded them):
    how much they sum to, and that every override keeps that total. None for a model whose steps sum to 1."""
    counts = tr.whatif_effects()["models"][model]
    if counts["total_min"] >= 1 - TOTAL_ONE:
        return None
    return t("tr.wi_total", total=num(counts["total"], 3), least=num(counts["total_min"], 3))


def set_caption(model: str) -> str:
    """The test-set table's caption for ``model``: its steps, how sharp its reading is, and the control."""
    counts = tr.whatif_effects()["models"][model]
    n = sum(counts["steps"].values())
    return t(
        "tr.wi_set_caption",
        n=n,
        rest=num(counts["rest"], 3),
        small=percent(SMALL),
        sharp=percent(counts["rest_small"] / n),
        focused=grouped(sum(counts["focused"].values())),
    )


def translation_lines(w: tr.WhatIf) -> str:
    """The two translations, one a line, the override's words that differ from the model's own in bold (markdown;
    the words are the toy vocabulary's)."""
    changed = [
        f"**{token_shown(b)}**" if k >= len(w.original) or b != w.original[k] else token_shown(b)
        for k, b in enumerate(w.changed)
    ]
    own_words = " ".join(token_shown(a) for a in w.original)
    own_line = t("tr.wi_line", label=t("tr.wi_col_own"), words=own_words)
    return own_line + "  \n" + t("tr.wi_line", label=t("tr.wi_col_changed"), words=" ".join(changed))


def effects_table(model: str) -> str:
    """The test set's single-step interventions for ``model``, by part of speech (markdown)."""
    counts = tr.whatif_effects()["models"][model]
    head = (
        f"| {t('tr.wi_col_part')} | {t('tr.wi_col_steps')} | {t('tr.wi_col_moved')} | {t('tr.wi_col_removed')} |\n"
        "|---|---:|---:|---:|\n"
    )
    rows = []
    for part in PARTS:
        n = counts["steps"][part]
        moved, removed = counts["moved"][part] / n, counts["removed"][part] / n
        rows.append(f"| {t(f'tr.wi_part_{part}')} | {grouped(n)} | {percent(moved)} | {percent(removed)} |")
    return head + "\n".join(rows)


def draw(sentence: str, model: str) -> None:
    """The tab: controls, the step's weights before and after, the two translations, the test set's table."""
    if model == "summary":
        st.info(t("tr.wi_summary"), icon=":material/info:")
        return
    st.markdown(t("tr.wi_lead"))
    total = total_said(model)
    if total is not None:
        st.markdown(total)
    view = own(sentence, model)
    step, word, kind, share = controls(view)
    try:
        w = what_if(sentence, model, step, word, kind, share)
    except ValueError:
        st.warning(t("tr.wi_nothing_left", source=position_labels(view.source)[word]))
        return
    labels = position_labels(view.source)
    st.markdown(f"**{said(w, labels, word)}**")
    weight = t("weight")
    rows = [
        {"position": label, "own": float(w.before[j]), "overridden": float(w.after[j])}
        for j, label in enumerate(labels)
    ]
    own_rows = [{"position": r["position"], weight: r["own"]} for r in rows]
    new_rows = [{"position": r["position"], weight: r["overridden"]} for r in rows]
    few = len(view.source) <= FEW  # a bar's number above it only where they cannot touch
    layout.panels(
        [
            charts.bars_by_position(
                own_rows, weight, t("tr.wi_own"), view.source, domain=(0, 1), labels=few, upright=not few
            ),
            charts.bars_by_position(
                new_rows, weight, t("tr.wi_changed"), view.source, domain=(0, 1), labels=few, upright=not few
            ),
        ],
        "whatif_weights",
        t("tr.wi_chart_caption", t=step + 1),
        [{"position": r["position"], t("tr.wi_own"): r["own"], t("tr.wi_changed"): r["overridden"]} for r in rows],
    )
    st.markdown(translation_lines(w))
    st.subheader(t("tr.wi_set_title"))
    st.markdown(effects_table(model))
    st.caption(set_caption(model))
