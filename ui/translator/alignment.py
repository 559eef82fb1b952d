"""A reading model's weights at every stored snapshot (the link's model, :data:`TR_MODEL`: Bahdanau's or one of
Luong et al.'s decoders): the heatmap the snapshot slider scrubs, the same weights
as lines between the two sentences (screen 6), and the slider.

A sentence in the toy grammar is read while decoding its reference, so every
snapshot weighs the same cells: the heatmap receives each cell's weight at all
the snapshots (one row a cell, see :func:`~.rows.snapshot_rows`) and draws the
one at the slider's position while the thumb moves, with no rerun (see
:mod:`ui.scrub`; the select slider's range input carries the snapshot's index).
A sentence outside the grammar is read while decoding the model's own output,
which differs from one snapshot to the next: its heatmap is drawn again when
the thumb is released (on screen 6 the slider then reruns its tab; in the
walkthrough the heatmap follows the slider, see :func:`heatmap`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import core.translator as tr
from core.translator.luong import LOCAL_D
from ui import layout, sections, state, text
from ui.charts import Rows
from ui.player import play_button
from ui.scrub import Channel, Scrub
from ui.settings.translator import NOT_ALIGNMENT, READERS, TR_MODEL, TR_OVERLAY, TR_SENTENCE, TR_STEP
from ui.text import t
from ui.translator import outputs, sentences
from ui.translator.rows import heatmap_rows, heatmap_spec, lines_spec, snapshot_rows

STEP_KEY = TR_STEP.widget_key  # the snapshot slider's widget key, on screen 6 and in the walkthrough
SNAPSHOT = Channel(STEP_KEY, "alpha_at")  # a cell's weights at every snapshot, in the slider's order
ROWS_KEPT = 32  # sentences whose rows are kept, by language (a 32-word sentence's take 0.5 MB)


def known(sentence: str) -> bool:
    """Whether the sentence is in the toy grammar (its weights are read while decoding its reference)."""
    return outputs.alignment(sentence, tr.snapshot_steps()[-1]).alignment is not None


def reader() -> str:
    """The model whose reading is shown: the link's, unless it reads no weights (the fixed summary), then
    Bahdanau's (the walkthrough's heatmap, say; screen 6's tab says the summary has none)."""
    model = state.get(TR_MODEL)
    return model if model in READERS else READERS[0]


def snapshot_index() -> int:
    """The position of the link's step among the stored snapshots (the slider's value in the browser)."""
    return tr.snapshot_steps().index(state.get(TR_STEP))


def step_control(explained: bool = True, said: tuple[str, Sequence[str]] | None = None, play: bool = True) -> int:
    """The snapshot slider, drawn by its section (:func:`ui.sections.slider_section`), and (unless ``play`` is
    False: a screen that draws it elsewhere with :func:`play_snapshots`) the button that plays its snapshots: the
    index of its step."""
    steps = tr.snapshot_steps()
    index = steps.index(sentences.step_field(explained))
    if play:
        play_snapshots(said)
    return index


def play_snapshots(said: tuple[str, Sequence[str]] | None = None) -> None:
    """The button that plays the snapshot slider's steps in the charts and on the slider (and, with ``said``, in a
    sentence that states the step: see :func:`ui.player.play_button`); it finds the slider by its key, wherever
    it is drawn."""
    steps = tr.snapshot_steps()
    play_button(STEP_KEY, [t("tr.play_step", step=s) for s in steps], [str(s) for s in steps], t("tr.play"), said)


def caption(view: tr.AttentionView, known: bool) -> str:
    """The heatmap's caption, computed for the reader model: what its rows sum to; for a sentence in the grammar,
    how its rows look at step 0, and how many target words read their own source word most and how many reordered
    pairs cross the diagonal at the last snapshot, computed for this sentence; for Luong's local model, what its
    tinted window is.

    The caption of a sentence in the grammar stays while the slider scrubs the heatmap through every snapshot, so
    what it says holds at all of them: the rows' sums over every snapshot, the start and the end at theirs."""
    window = t("tr.window_caption", D=LOCAL_D, width=2 * LOCAL_D + 1) if view.window is not None else ""
    if not known:
        return t("tr.heatmap_caption_own", sums=sums_said([view], "tr.rows_below_one_here")) + window
    source, model = tuple(view.source), reader()
    right, of = read_right_at_last(source, model)
    sums = sums_said(outputs.alignments(" ".join(source), model), "tr.rows_below_one")
    start, crossing = start_said(view, model), crossing_said(source, model)
    said = t("tr.heatmap_caption", sums=sums, start=start, right=right, of=of, crossing=crossing)
    return said + window


TOTAL_ONE = 1e-9  # a row whose weights sum to 1 within this (to rounding) sums to 1


def sums_said(views: Sequence[tr.AttentionView], below_key: str) -> str:
    """What the rows of ``views`` sum to: 1 (every model but Luong's local one), or less, from what to what
    (:func:`core.translator.row_totals`), said by ``below_key``."""
    least, most = tr.row_totals(views)
    if least >= 1 - TOTAL_ONE and most <= 1 + TOTAL_ONE:
        return t("tr.rows_one")
    return t(below_key, least=below_one(least), most=below_one(most))


def below_one(x: float) -> str:
    """A share below 1 to three decimals, or as many more as it takes not to print 1.000."""
    digits = 3
    while round(x, digits) >= 1 and digits < 12:
        digits += 1
    return f"{x:.{digits}f}"


def crossing_said(source: tuple[str, ...], model: str) -> str:
    """How many of the sentence's reordered pairs of target words put their largest weights in reverse order too
    at the last snapshot, in ``model``'s reading; or that the sentence reorders none."""
    crossed, of = crossed_at_last(source, model)
    return t("tr.crossing", crossed=crossed, of=of) if of else t("tr.crossing_none")


NEAR_UNIFORM = 0.01  # a row whose every weight is within this of 1/T is called nearly uniform


def start_said(view: tr.AttentionView, model: str) -> str:
    """How the reader model's rows look at its first snapshot (step 0) for this sentence: nearly uniform, or not
    (Luong's dot model and its local one read unevenly from the start)."""
    uniform = 1 / len(view.source)
    largest, departure = weights_at_start(tuple(view.source), model)
    if departure < NEAR_UNIFORM:
        return t("tr.start_uniform", uniform=f"{uniform:.3f}")
    return t("tr.start_uneven", largest=f"{largest:.3f}", uniform=f"{uniform:.3f}")


@functools.lru_cache(maxsize=ROWS_KEPT)
def weights_at_start(source: tuple[str, ...], model: str = "attention") -> tuple[float, float]:
    """The largest weight of a sentence's teacher-forced read at the first snapshot, and its rows' largest departure
    from uniform (:func:`core.translator.departure_from_uniform`), kept."""
    view = tr.attention_matrix(source, tr.snapshot_steps(model)[0], model)
    return float(view.weights.max()), tr.departure_from_uniform(view)


@functools.lru_cache(maxsize=ROWS_KEPT)
def read_right_at_last(source: tuple[str, ...], model: str = "attention") -> tuple[int, int]:
    """:func:`core.translator.read_right` of a sentence at the last snapshot, kept (a teacher-forced read, 1 ms)."""
    return tr.read_right(tr.attention_matrix(source, tr.snapshot_steps(model)[-1], model))


@functools.lru_cache(maxsize=ROWS_KEPT)
def crossed_at_last(source: tuple[str, ...], model: str = "attention") -> tuple[int, int]:
    """:func:`core.translator.crossings` of a sentence at the last snapshot, kept."""
    return tr.crossings(tr.attention_matrix(source, tr.snapshot_steps(model)[-1], model))


@functools.lru_cache(maxsize=ROWS_KEPT)
def every_snapshot_rows(sentence: str, language: str, model: str = "attention") -> Rows:
    """:func:`~.rows.snapshot_rows` of a sentence in the grammar by ``model``, labelled in ``language``, kept for
    the next run (a long sentence's are a thousand rows of eight numbers; the charts only read them)."""
    return snapshot_rows(outputs.alignments(sentence, model), SNAPSHOT.field)


def scrubbed_heatmap(sentence: str, outline: bool) -> None:
    """The weights of a sentence in the grammar at every snapshot, the one at the slider's drawn; its numbers
    (for the take-home list) those of the link's step."""
    model = reader()
    now = outputs.alignment(sentence, state.get(TR_STEP), model)
    scrub = Scrub(SNAPSHOT, sections.pinned(STEP_KEY, snapshot_index()))
    layout.kept_chart(
        "alignment",
        caption(now, True),
        lambda: (heatmap_spec(now, every_snapshot_rows(sentence, text.language(), model), outline, scrub=scrub), None),
        lambda _: heatmap_rows(now),
        free=(TR_STEP.key, *NOT_ALIGNMENT),  # it shows every snapshot
        depends=(scrub, sentence, outline, model),
    )


def scrubbed_lines(sentence: str) -> None:
    """The heatmap's weights as lines (:func:`ui.charts.alignment_lines`), from the same rows and following the
    same slider as :func:`scrubbed_heatmap`; its numbers (for the take-home list) those of the link's step."""
    model = reader()
    now = outputs.alignment(sentence, state.get(TR_STEP), model)
    scrub = Scrub(SNAPSHOT, sections.pinned(STEP_KEY, snapshot_index()))
    layout.kept_chart(
        "alignment_lines",
        t("tr.lines_caption"),
        lambda: (lines_spec(now, every_snapshot_rows(sentence, text.language(), model), scrub=scrub), None),
        lambda _: heatmap_rows(now),
        free=(TR_STEP.key, TR_OVERLAY.key, *NOT_ALIGNMENT),  # it shows every snapshot, and no outline
        depends=(scrub, sentence, model),
    )


def own_lines() -> None:
    """The weights of a sentence outside the grammar at the link's step as lines, from the heatmap's rows."""
    view = outputs.alignment(state.get(TR_SENTENCE), state.get(TR_STEP), reader())
    rows = heatmap_rows(view)
    layout.chart(lines_spec(view, rows), "alignment_lines", t("tr.lines_caption"), rows=rows)


def own_heatmap() -> None:
    """The weights at the link's step of a sentence outside the grammar (drawn again when the slider is released:
    by the section the slider reruns, or as its follower)."""
    view = outputs.alignment(state.get(TR_SENTENCE), state.get(TR_STEP), reader())
    rows = heatmap_rows(view)
    layout.chart(heatmap_spec(view, rows, False), "alignment", caption(view, False), rows=rows)


def heatmap(sentence: str, known: bool, outline: bool) -> None:
    """The alignment heatmap here: scrubbed for a sentence in the grammar, else kept as the slider's follower."""
    if known:
        scrubbed_heatmap(sentence, outline)
    else:
        sections.follows(STEP_KEY, "tr.own_heatmap", own_heatmap)
