"""Screen 5's fourth section: a toy translator that learned where to look from the translation loss alone.

Everything drawn here reads the shipped checkpoints through :mod:`core.translator`
(loaded once per process): both models' translations of a chosen or typed
sentence, the attention model's weights alpha_tj at a stored training snapshot
with the true correspondence as an optional overlay, exact match against
source length for both models (the analogue of Bahdanau et al.'s Figure 2) and
their training losses. The sentence, the snapshot, the overlay and the open
tab are in the link; only the open tab's content runs, which keeps a rerun
cheap.

A short live run trains a small model in a background thread. A process serves
a whole class, so :class:`LiveHolder` lets at most one live run exist at a
time (a lock taken without waiting and released however the run ends); the
page polls the run's progress in a fragment that reruns on its own, so the rest
of the page, and every other reader's page, never waits for the training.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import streamlit as st

import core.translator as tr
from core.curves import block_means
from core.translator.api import LIVE_CONFIG, LIVE_MAX_LENGTH
from core.translator.run import n_parameters
from core.translator.task import END
from ui import charts, layout, state
from ui.charts import Rows
from ui.palette import position_labels
from ui.text import t

SENTENCE_VIEW = "tr_sentence"  # link parameters
STEP_VIEW = "tr_step"
OVERLAY_VIEW = "tr_overlay"
TAB_VIEW = "tr_tab"
TABS = ("alignment", "results", "live")  # the tabs' names in the link
DEFAULT_SENTENCE = "every new blue woman sees his big blue tree with your small red book"
MODELS = ("attention", "summary")
LOSS_BLOCK = 10  # the loss charts draw means of 10 consecutive steps; their CSVs have every step
LIVE = "tr_live"  # this session's live run, in st.session_state
REFUSED = "tr_live_refused"  # set by the start button when another run is active
LIVE_STEPS = 1200
LIVE_PROBE_EVERY = 25
LIVE_TIME_LIMIT = 90.0  # seconds; a run on a busy server stops here
LIVE_YIELD = 0.0005  # seconds the training thread sleeps a step, so reruns get the interpreter lock promptly
POLL_SECONDS = 0.5
CURVE_HEIGHT = 330
NARROW = 8  # sentences of at most this many words get a half-width heatmap


# --- Sentences ------------------------------------------------------------------------------------


def _crossings(pair: tr.Pair) -> int:
    """How many neighbouring target tokens read source words in reverse order (reordering)."""
    aligned = [j for j in pair.alignment if j >= 0]
    return sum(b < a for a, b in zip(aligned, aligned[1:], strict=False))


@lru_cache(maxsize=1)
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
                picks.append(max(pool, key=_crossings).text)  # max keeps the first of equals
    for pair in sorted(long, key=lambda p: -len(p.source)):
        if tr.translate(pair.source).target != pair.target:
            if pair.text not in picks:
                picks.append(pair.text)
            break
    if DEFAULT_SENTENCE not in picks:
        picks.insert(0, DEFAULT_SENTENCE)
    return tuple(sorted(picks, key=lambda s: len(s.split())))


def parse_sentence(text: str) -> str:
    """The sentence in its plain form (lower case, single spaces); ValueError naming unknown words."""
    return " ".join(tr.tokenize(text))


def parse_step(text: str) -> int:
    steps = tr.snapshot_steps()
    try:
        step = int(text)
    except ValueError:
        step = None
    if step not in steps:
        raise ValueError(t("tr.bad_step", value=text[:20], steps=", ".join(str(s) for s in steps)))
    return step


def parse_switch(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(t("tr.bad_switch", value=text[:20]))
    return text == "1"


@lru_cache(maxsize=1)
def _labels() -> dict[str, str]:
    """The list's label of each example: its length, and whether it is longer than any training sentence."""
    longest = tr.accuracy_by_length()["train_max_length"]
    labels = {}
    for sentence in example_sentences():
        n = len(sentence.split())
        labels[sentence] = t("tr.pick_label_long" if n > longest else "tr.pick_label", n=n, sentence=sentence)
    return labels


def _label(sentence: str) -> str:
    return _labels()[sentence]


def _picked() -> None:
    """The list's callback: the chosen sentence becomes the current one and fills the text field."""
    sentence = st.session_state.get("w_tr_pick")
    if sentence is not None:
        st.session_state["w_tr_text"] = sentence
        state.set_view(SENTENCE_VIEW, sentence)


def _typed() -> None:
    """The text field's callback: a sentence in the vocabulary becomes the current one (the page names errors)."""
    try:
        sentence = parse_sentence(st.session_state.get("w_tr_text", ""))
    except ValueError:
        return
    state.set_view(SENTENCE_VIEW, sentence)
    st.session_state["w_tr_pick"] = sentence if sentence in example_sentences() else None


def sentence_field() -> str:
    """A test sentence from the list or a typed one; the link holds it. Returns the last valid sentence."""
    sentence = state.view(SENTENCE_VIEW, DEFAULT_SENTENCE, parse_sentence)
    examples = example_sentences()
    state.widget_value("w_tr_pick", sentence if sentence in examples else None)
    state.widget_value("w_tr_text", sentence)
    pick_col, text_col = st.columns(2)
    with pick_col:
        st.selectbox(
            t("tr.pick"),
            examples,
            key="w_tr_pick",
            format_func=_label,
            placeholder=t("tr.pick_typed"),
            on_change=_picked,
            help=t("tr.pick_help"),
        )
    with text_col:
        raw = st.text_input(
            t("tr.type"),
            key="w_tr_text",
            on_change=_typed,
            max_chars=400,
            help=t("tr.type_help", vocabulary=" ".join(tr.source_vocabulary())),
        )
    try:
        parse_sentence(raw)
    except ValueError as exc:
        layout.field_error(t("tr.field_sentence"), str(exc).removeprefix("sentence: "))
    return sentence


# --- What the models do with it (cached: a few milliseconds a sentence) ---------------------------


@st.cache_data(max_entries=256, show_spinner=False)
def translations(sentence: str) -> dict[str, object]:
    """The reference (None outside the grammar, with the reason) and both models' greedy translations."""
    try:
        reference: tuple[str, ...] | None = tr.reference(sentence).target
        problem = None
    except ValueError as exc:
        reference, problem = None, str(exc).removeprefix("sentence: ").removeprefix("not in the toy grammar: ")
    return {
        "reference": reference,
        "problem": problem,
        **{model: tr.translate(sentence, model).target for model in MODELS},
    }


@st.cache_data(max_entries=512, show_spinner=False)
def alignment(sentence: str, step: int) -> tr.AttentionView:
    """alpha_tj at ``step`` while decoding the reference; outside the grammar, while decoding the model's own output."""
    try:
        return tr.attention_matrix(sentence, step)
    except ValueError:
        return tr.translate(sentence, "attention", step)


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
    """A Markdown table: the source, the reference and both translations, each checked against the reference."""
    reference = result["reference"]
    lines = [
        f"| {t('tr.col_who')} | {t('tr.col_text')} | {t('tr.col_match')} |",
        "| --- | --- | --- |",
        f"| {t('tr.row_source', n=len(sentence.split()))} | {sentence} | |",
        f"| {t('tr.row_reference')} | {_words(reference) if reference else t('tr.no_reference')} | |",
    ]
    for model in MODELS:
        output = result[model]
        if reference is None:
            words, verdict = _words(output), t("tr.unchecked")
        else:
            k = _first_difference(output, reference)
            words = _words(output, bold=k)
            verdict = t("tr.match") if k is None else t("tr.mismatch", k=k + 1)
        lines.append(f"| {t(f'tr.row_{model}')} | {words} | {verdict} |")
    return "\n".join(lines)


# --- Charts ---------------------------------------------------------------------------------------


def heatmap_rows(view: tr.AttentionView) -> Rows:
    """One row a (target token, source word) cell: labels, alpha_tj and whether it is the true correspondence."""
    sources, targets = position_labels(view.source), position_labels(view.target)
    true = view.alignment
    yes, no = t("tr.yes"), t("tr.no")
    return [
        {
            "t": i + 1,
            "target": target,
            "j": j + 1,
            "source": source,
            "alpha": float(view.weights[i, j]),
            "true": yes if true is not None and true[i] == j else no,
        }
        for i, target in enumerate(targets)
        for j, source in enumerate(sources)
    ]


def heatmap_spec(view: tr.AttentionView, rows: Rows, outline: bool) -> dict:
    tips = {key: t(f"tr.tip_{key}") for key in ("target", "source", "alpha", "true")}
    yes = t("tr.yes")
    return charts.alignment_heatmap(
        rows,
        position_labels(view.source),
        position_labels(view.target),
        t("tr.x_title"),
        t("tr.y_title"),
        tips,
        outline=[r for r in rows if r["true"] == yes] if outline else None,
        cell=30 if len(view.target) <= 20 else 22,
    )


@lru_cache(maxsize=1)
def accuracy_rows() -> Rows:
    acc = tr.accuracy_by_length()
    return [
        {
            "length": n,
            "model": t(f"tr.model_{model}"),
            "exact_match": float(acc[model][k]),
            "sentences": acc["counts"][k],
        }
        for model in MODELS
        for k, n in enumerate(acc["lengths"])
    ]


@lru_cache(maxsize=1)
def loss_rows() -> Rows:
    """Every training step's loss, both models (step k: the k-th batch)."""
    curves = tr.loss_curves()
    return [
        {"step": k + 1, "model": t(f"tr.model_{model}"), "loss": float(x)}
        for model in MODELS
        for k, x in enumerate(curves[model])
    ]


def block_rows(losses: object, model: str) -> Rows:
    """The curve drawn: means of LOSS_BLOCK consecutive steps, at the step ending each block."""
    ends, means = block_means(losses, LOSS_BLOCK)
    return [{"step": int(k), "model": model, "loss": float(x)} for k, x in zip(ends, means, strict=True)]


@lru_cache(maxsize=1)
def loss_drawn() -> Rows:
    curves = tr.loss_curves()
    return [r for model in MODELS for r in block_rows(curves[model], t(f"tr.model_{model}"))]


# --- Live training --------------------------------------------------------------------------------


@dataclass
class LiveRun:
    """One live run's progress, written by its training thread and read by the page (plain attribute writes)."""

    steps: int
    time_limit: float
    stop: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)
    step: int = 0
    loss: float = math.nan
    seconds: float = 0.0
    weights: np.ndarray | None = None  # alpha (U, T) for the probe at weights_step
    weights_step: int = 0
    losses: list[float] = field(default_factory=list)
    done: bool = False
    timed_out: bool = False
    error: str | None = None

    def should_stop(self) -> bool:
        if self.stop.is_set():
            return True
        if time.perf_counter() - self.started > self.time_limit:
            self.timed_out = True
            return True
        return False

    def record(self, progress: tr.LiveProgress) -> None:
        if progress.step:
            self.losses.append(progress.loss)
            self.loss = progress.loss
        if progress.weights is not None:
            self.weights, self.weights_step = progress.weights, progress.step
        self.step, self.seconds = progress.step, progress.seconds


Trainer = Callable[..., Iterator[tr.LiveProgress]]


class LiveHolder:
    """At most one live run per process: :meth:`start` takes a lock without waiting or returns None.

    The training thread releases the lock when the run ends, whether it
    finished, was stopped, hit its time limit or raised.
    """

    def __init__(
        self, train: Trainer = tr.live_training, steps: int = LIVE_STEPS, time_limit: float = LIVE_TIME_LIMIT
    ) -> None:
        self.train, self.steps, self.time_limit = train, steps, time_limit
        self._lock = threading.Lock()
        self.current: LiveRun | None = None
        self.thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        return self._lock.locked()

    def start(self) -> LiveRun | None:
        """A new run training in a background thread, or None if one is already running."""
        if not self._lock.acquire(blocking=False):
            return None
        run = LiveRun(self.steps, self.time_limit)
        try:
            thread = threading.Thread(target=self._work, args=(run,), name="live-training", daemon=True)
            self.current, self.thread = run, thread
            thread.start()
        except BaseException:
            run.done = True
            self._lock.release()
            raise
        return run

    def _work(self, run: LiveRun) -> None:
        try:
            for progress in self.train(stop=run.should_stop, steps=run.steps, probe_every=LIVE_PROBE_EVERY):
                run.record(progress)
                time.sleep(LIVE_YIELD)  # hand the interpreter lock to the server's reruns between steps
        except Exception as exc:  # shown to the reader; the lock is released below either way
            run.error = f"{type(exc).__name__}: {exc}"
        finally:
            run.done = True
            self._lock.release()


@st.cache_resource(show_spinner=False)
def live_holder() -> LiveHolder:
    """The process's one holder, shared by every session."""
    return LiveHolder()


def start_live() -> None:
    """The start button's callback."""
    run = live_holder().start()
    if run is None:
        st.session_state[REFUSED] = True
    else:
        st.session_state[LIVE] = run


@lru_cache(maxsize=1)
def probe_view() -> tr.AttentionView:
    pair = tr.reference(tr.LIVE_PROBE)
    return tr.AttentionView(pair.source, pair.target, None, pair.alignment)


def _loss_text(x: float) -> str:
    return f"{x:.4f}" if math.isfinite(x) else "–"


def live_panel(run: LiveRun, overlay: bool) -> None:
    """Progress bar, Stop, the outcome, the probe's heatmap and the run's loss."""
    step, seconds, loss, weights, weights_step = run.step, run.seconds, run.loss, run.weights, run.weights_step
    fields = {"step": step, "steps": run.steps, "loss": _loss_text(loss), "seconds": seconds}
    st.progress(min(step / run.steps, 1.0), text=t("tr.live_progress", **fields))
    if not run.done:
        st.button(
            t("tr.live_stop"),
            key="tr_live_stop",
            on_click=run.stop.set,
            help=t("tr.live_stop_help"),
            icon=":material/stop:",
        )
    elif run.error:
        st.error(t("tr.live_failed", step=step, error=run.error), icon=":material/error:")
    elif run.timed_out:
        st.warning(t("tr.live_timeout", limit=run.time_limit, **fields), icon=":material/timer_off:")
    elif step < run.steps:
        st.info(t("tr.live_stopped", **fields), icon=":material/stop_circle:")
    else:
        st.success(t("tr.live_finished", **fields), icon=":material/check_circle:")
    heat_col, loss_col = st.columns([3, 2], gap="large")
    if weights is not None:
        probe = probe_view()
        view = tr.AttentionView(probe.source, probe.target, weights, probe.alignment)
        rows = heatmap_rows(view)
        with heat_col:
            st.markdown(f"**{t('tr.live_heatmap', step=weights_step)}**")
            layout.chart(heatmap_spec(view, rows, overlay), "live_alignment", t("tr.live_heatmap_caption"), rows=rows)
    losses = list(run.losses)
    if losses:
        model = t("tr.model_attention")
        with loss_col:
            layout.chart(
                charts.model_lines(
                    block_rows(losses, model),
                    "step",
                    t("tr.step_x"),
                    "loss",
                    t("tr.loss"),
                    (t("tr.model_attention"),),
                    log=True,
                    points=False,
                    height=300,
                ),
                "live_loss",
                t("tr.live_loss_caption", block=LOSS_BLOCK),
                rows=[{"step": k + 1, "model": model, "loss": x} for k, x in enumerate(losses)],
            )


@st.fragment(run_every=POLL_SECONDS)
def live_polling(run: LiveRun, overlay: bool) -> None:
    """The panel, redrawn on its own every POLL_SECONDS while the run trains; a full rerun once it ends."""
    live_panel(run, overlay)
    if run.done:
        st.rerun()  # the whole page again, without the polling


def live_section(overlay: bool) -> None:
    st.markdown(
        t(
            "tr.live_lead",
            parameters=n_parameters(LIVE_CONFIG),
            steps=live_holder().steps,
            max_length=LIVE_MAX_LENGTH,
            probe_every=LIVE_PROBE_EVERY,
            probe=tr.LIVE_PROBE,
        )
    )
    run: LiveRun | None = st.session_state.get(LIVE)
    active = run is not None and not run.done
    st.button(
        t("tr.live_start"),
        key="tr_live_start",
        on_click=start_live,
        disabled=active,
        help=t("tr.live_start_help"),
        icon=":material/play_arrow:",
    )
    if st.session_state.pop(REFUSED, False):
        other = live_holder().current
        st.info(
            t("tr.live_refused", step=other.step if other else 0, steps=other.steps if other else LIVE_STEPS),
            icon=":material/hourglass_top:",
        )
    if run is not None:
        (live_polling if active else live_panel)(run, overlay)


# --- The section ----------------------------------------------------------------------------------


def alignment_tab(sentence: str, known: bool) -> None:
    """The snapshot slider, the overlay switch and the heatmap of alpha_tj."""
    steps = tr.snapshot_steps()
    step = state.view(STEP_VIEW, steps[-1], parse_step)
    overlay = overlay_view()
    state.widget_value("w_tr_step", step)
    state.widget_value("w_tr_overlay", overlay)
    step_col, overlay_col = st.columns(2, vertical_alignment="bottom", gap="large")
    with step_col:
        step = st.select_slider(
            t("tr.step"),
            steps,
            key="w_tr_step",
            help=t("tr.step_help", steps=steps[-1], stored=", ".join(str(k) for k in steps)),
        )
    with overlay_col:
        if known:
            overlay = st.toggle(t("tr.overlay"), key="w_tr_overlay", help=t("tr.overlay_help"))
        else:  # shown off and disabled; the reader's choice is kept for the next sentence in the grammar
            st.toggle(t("tr.overlay"), False, key="tr_overlay_none", help=t("tr.overlay_off"), disabled=True)
    state.set_view(STEP_VIEW, str(step))
    state.set_view(OVERLAY_VIEW, "1" if overlay else "0")
    view = alignment(sentence, step)
    rows = heatmap_rows(view)
    caption = t("tr.heatmap_caption", uniform=f"{1 / len(view.source):.3f}") if known else t("tr.heatmap_caption_own")
    narrow = len(view.source) <= NARROW  # a few wide columns read better at half width
    with st.columns(2)[0] if narrow else st.container():
        layout.chart(heatmap_spec(view, rows, overlay and known), "alignment", caption, rows=rows)


def results_tab() -> None:
    """Exact match against source length for both models, and their training losses."""
    acc = tr.accuracy_by_length()
    longest, top = acc["train_max_length"], acc["lengths"][-1]
    order = (t("tr.model_attention"), t("tr.model_summary"))
    accuracy_col, loss_col = st.columns(2, gap="large")
    with accuracy_col:
        layout.chart(
            charts.model_lines(
                accuracy_rows(),
                "length",
                t("tr.length"),
                "exact_match",
                t("tr.exact"),
                order,
                extra=(("sentences", "n"),),
                band=(longest + 0.5, top + 0.5, t("tr.longer")),
                x_domain=(acc["lengths"][0] - 0.5, top + 0.5),
                y_domain=(0, 1),
                height=CURVE_HEIGHT,
            ),
            "accuracy_by_length",
            t(
                "tr.accuracy_caption",
                train_max=longest,
                long_total=sum(c for n, c in zip(acc["lengths"], acc["counts"], strict=True) if n > longest),
            ),
            rows=accuracy_rows(),
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
            ),
            "training_loss",
            t("tr.loss_caption", block=LOSS_BLOCK, steps=tr.snapshot_steps()[-1]),
            rows=loss_rows(),
        )


def overlay_view() -> bool:
    return state.view(OVERLAY_VIEW, False, parse_switch, lambda on: "1" if on else "0")


def parse_tab(text: str) -> str:
    if text not in TABS:
        raise ValueError(t("tr.bad_tab", value=text[:20], tabs=", ".join(TABS)))
    return text


def _tab_changed() -> None:
    label = st.session_state.get("w_tr_tab")
    names = {t(f"tr.tab_{name}"): name for name in TABS}
    if label in names:
        state.set_view(TAB_VIEW, names[label])


def section() -> None:
    """The toy translator under its own header (called by ``pages/5_learning.py`` after the training section).

    The sentence and both translations are always shown; below them three tabs, of which only the open one
    runs: the alignment heatmap, accuracy and loss, the live run.
    """
    metrics = tr.load_models().metrics
    st.header(t("tr.header"))
    st.markdown(t("tr.lead"))
    st.caption(
        t(
            "tr.not",
            attention=metrics["attention"]["parameters"],
            summary=metrics["summary"]["parameters"],
            steps=metrics["attention"]["steps"],
        )
    )

    sentence = sentence_field()
    result = translations(sentence)
    if result["problem"]:
        st.info(t("tr.outside", reason=result["problem"]), icon=":material/info:")
    st.markdown(translation_table(sentence, result))
    st.caption(
        t(
            "tr.translations_caption",
            step=tr.snapshot_steps()[-1],
            attention=metrics["attention"]["exact_match"],
            summary=metrics["summary"]["exact_match"],
        )
    )

    tab = state.view(TAB_VIEW, TABS[0], parse_tab)
    state.widget_value("w_tr_tab", t(f"tr.tab_{tab}"))
    alignment_pane, results_pane, live_pane = st.tabs(
        [t(f"tr.tab_{name}") for name in TABS], key="w_tr_tab", on_change=_tab_changed
    )
    if alignment_pane.open:
        with alignment_pane:
            alignment_tab(sentence, result["reference"] is not None)
    if results_pane.open:
        with results_pane:
            results_tab()
    if live_pane.open:
        with live_pane:
            live_section(overlay_view())
