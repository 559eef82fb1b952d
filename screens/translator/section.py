"""Screen 6: a toy translator that learned where to look from the translation loss alone.

Everything drawn here reads the shipped checkpoints through :mod:`core.translator`
(loaded once per process): both models' translations of a chosen or typed
sentence, the attention model's weights alpha_tj at a stored training snapshot
as a heatmap (the true correspondence as an optional overlay) and as lines between
the two sentences, the sequence loss step by
step fed the true previous words or the model's own, exact match against
source length for both models (the analogue of Bahdanau et al.'s Figure 2) and
their training losses, and a short live run. The sentence, the snapshot, the
overlay and the open tab are in the link; only the open tab's content runs,
which keeps a rerun cheap.

Each control reruns its own section (see :mod:`ui.sections`): the sentence
reruns everything below the lead; a tab the tabs; the overlay the first tab;
the forcing tab's snapshot slider that tab; the live tab its own section. The
snapshot slider of the first tab scrubs the heatmap and the lines in the browser (see
:mod:`.alignment`): a release reruns only the slider's section, which writes the
link. The sections nest (sentence, tabs, a tab, the slider) and each writes only
inside itself: Streamlit refuses a section's write into a container made by the
section it is nested in when an outer one reruns.
"""

from __future__ import annotations

import functools

import streamlit as st

import core.translator as tr
from core.translator.luong import LOCAL_D
from screens.translator import forcing, live, orders, whatif
from ui import charts, layout, reasons, sections, state, widgets
from ui.sections import section
from ui.settings import translator as settings
from ui.text import t
from ui.translator import alignment, outputs, sentences
from ui.translator.rows import (
    LOSS_BLOCK,
    accuracy_caption,
    accuracy_rows,
    accuracy_spec,
    curve_rows,
    curves_spec,
    loss_drawn,
    loss_rows,
    loss_tips,
    reached_said,
)

CURVE_HEIGHT = 230  # px: the plot's, the axes and the legend around it (room for the loss's French y title)
NARROW = 8  # sentences of at most this many words get a half-width heatmap, the lines beside it


CHARTS_KEY = "tr_alignment_charts"  # the heatmap and the lines, below the row of the slider and the overlay's switch


@section("tr.alignment")
def alignment_section() -> None:
    """The snapshot slider, the overlay switch, the heatmap of alpha_tj and the same weights as lines.

    For a sentence in the grammar the slider is drawn by its own section and scrubs the heatmap; outside the
    grammar (the weights are read while decoding the model's own output, which differs from one snapshot to the
    next) it is a control of this section, which it reruns.
    """
    sentence = state.get(settings.TR_SENTENCE)
    if state.get(settings.TR_MODEL) not in settings.READERS:
        st.info(t("tr.summary_reads_none"), icon=":material/info:")
        return
    known = alignment.known(sentence)
    # the play button beside the slider, not under it, so that the heatmap starts within a laptop's first screenful
    step_col, play_col, overlay_col = st.columns([2, 1, 1], vertical_alignment="bottom")
    with step_col:
        if known:
            sections.slider_section(alignment.STEP_KEY, None, functools.partial(alignment.step_control, play=False))
        else:
            sentences.step_field()
    with play_col:
        if known:
            alignment.play_snapshots()
    with overlay_col:
        if known:
            overlay = widgets.bound(settings.TR_OVERLAY, st.toggle, t("tr.overlay"), help=t("tr.overlay_help")).value
        else:  # shown off and disabled; the reader's choice is kept for the next sentence in the grammar
            overlay = False
            st.toggle(t("tr.overlay"), False, key="tr_overlay_none", help=t("tr.overlay_off"), disabled=True)
    narrow = len(sentence.split()) <= NARROW  # a few wide columns read better at half width, the lines beside
    charts = st.container(key=CHARTS_KEY)  # room above for a chart's toolbar (ui/assets/frame.css)
    heatmap_place, lines_place = charts.columns(2, gap="large") if narrow else (charts.container(), charts.container())
    with heatmap_place:
        if known:
            alignment.scrubbed_heatmap(sentence, overlay)
        else:
            alignment.own_heatmap()
    with lines_place:
        if known:
            alignment.scrubbed_lines(sentence)
        else:
            alignment.own_lines()
    st.markdown(setbacks_said())


def warm_up() -> None:
    """What this screen's runs compute the same for every reader of a process: the shipped models (Luong et al.'s
    decoders too, which its question reads), the list of example sentences and how each reading model's alignments
    moved over training (the sentence under the heatmap): about 1 s of CPU, 0.4 s of it the default model's. The
    server's start (``serve.py``) calls this before it listens, so that no reader waits for it (a class choosing
    the other models spent half a second of the server's first minute on theirs)."""
    for model in tr.ALL_MODELS:
        tr.load_models().get(model)
    for model in settings.READERS:
        tr.alignment_setbacks(sentences.example_sentences(), model)


def setbacks_said() -> str:
    """Whether training only ever moved the alignments towards the true words, over the list's examples: how often
    the share reading their own word fell between snapshots, and the latest such fall."""
    examples = sentences.example_sentences()
    pairs, setbacks = tr.alignment_setbacks(examples, alignment.reader())
    if not setbacks:
        return t("tr.setbacks_none", sentences=len(examples), pairs=pairs)
    last = max(setbacks, key=lambda b: (b.after_step, b.before - b.after))
    return t(
        "tr.setbacks",
        sentences=len(examples),
        pairs=pairs,
        n=len(setbacks),
        words=len(last.sentence.split()),
        a=last.before_step,
        b=last.after_step,
        before=f"{last.before:.3f}",
        after=f"{last.after:.3f}",
    )


def zero_from(lengths: list[int], exact: list[float]) -> int | None:
    """The shortest length from which every longer length also has exact match 0 (None if the longest has some)."""
    start = None
    for n, x in zip(lengths, exact, strict=True):
        start = (start or n) if x == 0 else None
    return start


def results_tab() -> None:
    """Exact match against source length for both models, and their training losses; below them every trained
    model's validation exact match over training."""
    acc = tr.accuracy_by_length()
    order = (t("tr.reader_attention"), t("tr.reader_summary"))  # named as on the accuracy chart beside it
    accuracy_col, loss_col = st.columns(2, gap="large")
    with accuracy_col:
        layout.chart(accuracy_spec(height=CURVE_HEIGHT), "accuracy_by_length", accuracy_caption(), rows=accuracy_rows())
        summary = tr.load_models().metrics["summary"]
        zero = zero_from(acc["lengths"], acc["summary"])
        caveat = t("tr.bottleneck_zero", zero_from=zero) if zero is not None else t("tr.bottleneck_caveat")
        st.info(caveat, icon=":material/info:")
        longer = tr.longer_summary()  # recorded by python -m core.translator --train-longer-summary
        st.markdown(
            t(
                "tr.longer_training",
                steps=summary["steps"],
                exact=summary["exact_match"],
                long_steps=longer["steps"],
                long_exact=f"{longer['exact_match']:.3f}",
                perfect=longer["perfect"],
                at_most=f"{longer['at_most']:.2f}",
                low_from=longer["low_from"],
            )
        )
    with loss_col:
        layout.chart(
            charts.model_lines(
                loss_drawn(),
                "step",
                t("tr.step_x"),
                "loss",
                t("tr.loss"),
                order,
                log=True,
                points=False,
                height=CURVE_HEIGHT,
                tips=loss_tips(),
            ),
            "training_loss",
            t("tr.loss_caption", block=LOSS_BLOCK, steps=tr.snapshot_steps()[-1]),
            rows=loss_rows(),
        )
    st.markdown(length_table())
    st.subheader(t("tr.curves"))
    layout.chart(curves_spec(height=CURVE_HEIGHT), "learning_curves", t("tr.curves_caption"), rows=curve_rows())
    st.markdown(reached_said())


def length_table() -> str:
    """Each model's lowest exact match at one training length and its exact match on the longer sentences, as a
    Markdown table under a lead."""
    acc, beyond, lowest = tr.accuracy_by_length(), tr.beyond_training(), tr.lowest_at_training_length()
    low, high = beyond["lengths"]
    lines = [
        t("tr.length_lead"),
        "",
        f"| {t('tr.length_col_model')} "
        f"| {t('tr.length_col_train', low=acc['lengths'][0], high=acc['train_max_length'])} "
        f"| {t('tr.length_col_long', low=low, high=high, count=beyond['count'])} |",
        "| --- | ---: | ---: |",
    ]
    for name in tr.ALL_MODELS:
        share, n = lowest[name]
        worst = (
            t("tr.length_every", share=f"{share:.3f}") if n is None else t("tr.length_at", share=f"{share:.3f}", n=n)
        )
        lines.append(f"| {t(f'tr.reader_{name}')} | {worst} | {beyond[name]:.3f} |")
    return "\n".join(lines)


def _tab_changed() -> None:
    label = st.session_state.get(settings.TR_TAB.widget_key)
    names = {t(f"tr.tab_{name}"): name for name in settings.TRANSLATOR_TABS}
    if label in names:
        state.put(settings.TR_TAB, names[label])
    widgets.forget(settings.TR_STEP, settings.TR_OVERLAY)  # drawn by the tabs' own sections


def draw() -> None:
    """The toy translator's screen below its title (``screens/translator/page.py``).

    The sentence; below it four tabs, of which only the open one runs: the alignment heatmap, accuracy and loss,
    training against translation (teacher forcing), the live run; below them both translations, always shown;
    last, what these translators are not.
    """
    metrics, sizes = tr.load_models().metrics, tr.parameter_counts().values()
    st.markdown(t("tr.lead"))
    sentence_section()
    # what these translators are not, under what they show: above it, it put the first chart below a laptop's
    # first screenful
    findings = t(
        "tr.not_findings",
        local=tr.exact_matches()["luong_local"],
        local_long=tr.beyond_training()["luong_local"],
        D=LOCAL_D,
    )
    st.caption(t("tr.not", least=min(sizes), most=max(sizes), steps=metrics["attention"]["steps"]) + " " + findings)


@section("tr.sentence")
def sentence_section() -> None:
    """The sentence, the model, the tabs, which read it (the first, where the chosen model reads, right under the
    sentence), every model's translation of it and the two decoding orders at one of its steps."""
    sentence = sentences.sentence_field()
    result = outputs.translations(sentence)
    if result["problem"]:
        st.info(t("tr.outside", reason=reasons.reason(result["problem"])), icon=":material/info:")
    widgets.bound(
        settings.TR_MODEL,
        st.radio,
        t("tr.reader"),
        tr.ALL_MODELS,
        horizontal=True,
        help=t("tr.reader_help"),
        format_func=lambda name: t(f"tr.reader_{name}"),
    )
    tabs_section()
    st.markdown(outputs.translation_table(sentence, result))
    st.caption(t("tr.translations_caption", step=tr.snapshot_steps()[-1], **tr.exact_matches()))
    orders.draw(sentence)  # folded, under the translations: the two orders at one step of this sentence


@section("tr.tabs")
def tabs_section() -> None:
    """Five tabs, of which only the open one runs."""
    b = settings.TR_TAB  # a tab's label is its widget value; the link holds its name
    state.seed(b.widget_key, t(f"tr.tab_{state.get(b)}"))
    alignment_pane, results_pane, forcing_pane, whatif_pane, live_pane = st.tabs(
        [t(f"tr.tab_{name}") for name in settings.TRANSLATOR_TABS], key=b.widget_key, on_change=_tab_changed
    )
    if alignment_pane.open:
        with alignment_pane:
            alignment_section()
    if results_pane.open:
        with results_pane:
            results_tab()
    if forcing_pane.open:
        with forcing_pane:
            forcing_section()
    if whatif_pane.open:
        with whatif_pane:
            whatif_section()
    if live_pane.open:
        with live_pane:
            live.live_section()


@section("tr.whatif")
def whatif_section() -> None:
    """The what-if tab: its controls rerun it alone."""
    whatif.draw(state.get(settings.TR_SENTENCE), state.get(settings.TR_MODEL))


@section("tr.forcing")
def forcing_section() -> None:
    """The forcing tab, its snapshot slider included."""
    sentence = state.get(settings.TR_SENTENCE)
    forcing.draw(sentence, outputs.translations(sentence)["reference"] is not None, state.get(settings.TR_MODEL))
