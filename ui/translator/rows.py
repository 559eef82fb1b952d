"""The rows behind the translator's charts: alignment cells (the heatmap and the lines), accuracy by length, loss
curves."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import core.translator as tr
from core.curves import block_means
from core.once import computed_once
from core.translator import MODELS
from ui import charts, text
from ui.charts import Rows, Spec
from ui.charts.heatmaps import WINDOW, WINDOW_AT
from ui.palette import COMPONENTS, CONTEXT, NEUTRAL, position_labels
from ui.scrub import Scrub
from ui.text import t

LOSS_BLOCK = 10  # the loss charts draw means of 10 consecutive steps; their CSVs have every step


def heatmap_rows(view: tr.AttentionView) -> Rows:
    """One row a (target token, source word) cell: labels, alpha_tj and whether it is the true correspondence; for
    Luong's local model also whether the cell lies in its step's window (``window``: 1 or 0)."""
    sources, targets = position_labels(view.source), position_labels(view.target)
    true = None if view.alignment is None else list(view.alignment)
    weights = view.weights.tolist()  # floats, read a cell at a time
    yes, no = t("tr.yes"), t("tr.no")
    rows = [
        {
            "t": i + 1,
            "target": target,
            "j": j + 1,
            "source": source,
            "alpha": weights[i][j],
            "true": yes if true is not None and true[i] == j else no,
        }
        for i, target in enumerate(targets)
        for j, source in enumerate(sources)
    ]
    window = view.window
    if window is not None:
        for row, inside in zip(rows, window.ravel().tolist(), strict=True):
            row[WINDOW] = int(inside)
    return rows


def snapshot_rows(views: Sequence[tr.AttentionView], field: str) -> Rows:
    """One row a cell, as :func:`heatmap_rows` but for every view at once (views of one sentence's reference at
    several snapshots): labels, whether it is the true correspondence, and alpha_tj in each view, in their order,
    as a list under ``field`` (for Luong's local model its window membership too, under ``window_at``). The charts
    need no cell numbers ('t', 'j'): the labels place each cell."""
    first = views[0]
    sources, targets = position_labels(first.source), position_labels(first.target)
    weights = np.stack([v.weights for v in views], axis=-1).tolist()  # (U, T, K) as lists of floats
    true = None if first.alignment is None else list(first.alignment)
    yes, no = t("tr.yes"), t("tr.no")
    rows = [
        {
            "target": target,
            "source": source,
            "true": yes if true is not None and true[i] == j else no,
            field: weights[i][j],
        }
        for i, target in enumerate(targets)
        for j, source in enumerate(sources)
    ]
    if first.window is not None:  # Luong's local model: each cell's place in its step's window at every snapshot
        windows = np.stack([v.window for v in views], axis=-1).astype(int).reshape(len(rows), -1).tolist()
        for row, inside in zip(rows, windows, strict=True):
            row[WINDOW_AT] = inside
    return rows


def _named(view: tr.AttentionView) -> tuple[list[str], list[str], str, str, dict[str, str]]:
    """What both pictures of ``view``'s weights name: its source and target labels, the rows' titles, the tooltips'
    field titles."""
    tips = {key: t(f"tr.tip_{key}") for key in ("target", "source", "alpha", "true")}
    sources, targets = position_labels(view.source), position_labels(view.target)
    return sources, targets, t("tr.x_title"), t("tr.y_title"), tips


def heatmap_spec(view: tr.AttentionView, rows: Rows, outline: bool, scrub: Scrub | None = None) -> dict:
    """The alignment heatmap of ``view`` (its labels) drawing ``rows``; with ``scrub``, rows of
    :func:`snapshot_rows` and the weights at the slider's snapshot."""
    yes = t("tr.yes")
    return charts.alignment_heatmap(
        rows,
        *_named(view),
        outline=[r for r in rows if r["true"] == yes] if outline else None,
        cell=30 if len(view.target) <= 20 else 22,
        scrub=scrub,
        window=view.window is not None,
    )


def lines_spec(view: tr.AttentionView, rows: Rows, scrub: Scrub | None = None) -> Spec:
    """The alignment picture of ``view`` (its labels) drawing ``rows``, the heatmap's rows: a line from each target
    token to each source word, as strong as its weight; with ``scrub``, rows of :func:`snapshot_rows` and the
    weights at the slider's snapshot."""
    return charts.alignment_lines(rows, *_named(view), scrub=scrub)


def accuracy_spec(**options) -> Spec:
    """Exact match against source length for every trained model, the lengths longer than training shaded."""
    acc = tr.accuracy_by_length()
    longest, top = acc["train_max_length"], acc["lengths"][-1]
    return charts.model_lines(
        accuracy_rows(),
        "length",
        t("tr.length"),
        "exact_match",
        t("tr.exact"),
        tuple(t(f"tr.reader_{name}") for name in tr.ALL_MODELS),
        extra=(("sentences", "n"),),
        palette=MODEL_PALETTE,
        band=(longest + 0.5, top + 0.5, t("tr.longer")),
        x_domain=(acc["lengths"][0] - 0.5, top + 0.5),
        y_domain=(0, 1),
        tips={
            "length": t("tr.length"),
            "model": t("tr.tip_model"),
            "exact_match": t("tr.exact"),
            "sentences": t("tr.tip_sentences"),
        },
        **options,
    )


MODEL_PALETTE = (CONTEXT, NEUTRAL, COMPONENTS[0], COMPONENTS[1], COMPONENTS[4])  # tr.ALL_MODELS' colours


def curve_rows() -> Rows:
    """Every model's validation exact match at each stored snapshot, one row a (model, step), the models named
    in the reader's language (:func:`core.translator.learning_curves`)."""
    return [
        {"step": step, "model": t(f"tr.reader_{name}"), "exact_match": exact}
        for name, curve in tr.learning_curves().items()
        for step, exact in zip(curve.steps, curve.exact, strict=True)
    ]


def curves_spec(**options) -> Spec:
    """:func:`curve_rows` as one line a model over the training steps."""
    return charts.model_lines(
        curve_rows(),
        "step",
        t("tr.curves_x"),
        "exact_match",
        t("tr.exact_valid"),
        tuple(t(f"tr.reader_{name}") for name in tr.ALL_MODELS),
        x_domain=(0, max(max(c.steps) for c in tr.learning_curves().values())),  # ends with the last snapshot
        y_domain=(0, 1),
        palette=MODEL_PALETTE,
        tips={"step": t("tr.curves_x"), "model": t("tr.tip_model"), "exact_match": t("tr.exact_valid")},
        **options,
    )


def reached_said() -> str:
    """When each model's validation exact match first reached the threshold, or that it never did."""
    parts = []
    for name, curve in tr.learning_curves().items():
        at = t("tr.reached_at", step=curve.reached_at) if curve.reached_at is not None else t("tr.not_reached")
        parts.append(f"{t(f'tr.reader_{name}')} {at}")
    first = next(iter(tr.learning_curves().values()))
    return t("tr.reached", threshold=f"{first.threshold:.2f}", models="; ".join(parts))


FALLS = ("summary", "luong_local")  # the models the accuracy caption says fall with length within training lengths


def accuracy_caption() -> str:
    """The accuracy chart's caption (screen 6 and the walkthrough): the training lengths, and how low each model that
    falls with length goes within them (:func:`core.translator.lowest_at_training_length`) against the others."""
    beyond, lowest = tr.beyond_training(), tr.lowest_at_training_length()
    (summary_low, summary_at), (local_low, local_at) = (lowest[name] for name in FALLS)
    return t(
        "tr.accuracy_caption",
        train_max=beyond["train_max_length"],
        long_total=beyond["count"],
        summary_low=f"{summary_low:.3f}",
        summary_at=summary_at,
        local_low=f"{local_low:.3f}",
        local_at=local_at,
        others_low=f"{min(share for name, (share, _) in lowest.items() if name not in FALLS):.3f}",
    )


def accuracy_rows() -> Rows:
    """Exact match by source length, one row a (model, length) for every trained model, the models named in the
    reader's language."""
    return _accuracy_rows(text.language())


@computed_once
def _accuracy_rows(language: str) -> Rows:
    acc = tr.accuracy_by_length()
    return [
        {
            "length": n,
            "model": t(f"tr.reader_{model}"),
            "exact_match": float(acc[model][k]),
            "sentences": acc["counts"][k],
        }
        for model in tr.ALL_MODELS
        for k, n in enumerate(acc["lengths"])
    ]


def loss_rows() -> Rows:
    """Every training step's loss, both models (step k: the k-th batch), named in the reader's language."""
    return _loss_rows(text.language())


@computed_once
def _loss_rows(language: str) -> Rows:
    curves = tr.loss_curves()
    return [
        {"step": k + 1, "model": t(f"tr.reader_{model}"), "loss": float(x)}
        for model in MODELS
        for k, x in enumerate(curves[model])
    ]


def loss_tips() -> dict[str, str]:
    """The loss charts' tooltip titles."""
    return {"step": t("tr.step_x"), "model": t("tr.tip_model"), "loss": t("tr.tip_loss")}


def block_rows(losses: object, model: str) -> Rows:
    """The curve drawn: means of LOSS_BLOCK consecutive steps, at the step ending each block."""
    ends, means = block_means(losses, LOSS_BLOCK)
    return [{"step": int(k), "model": model, "loss": float(x)} for k, x in zip(ends, means, strict=True)]


def loss_drawn() -> Rows:
    """The loss curves drawn (block means), the models named in the reader's language."""
    return _loss_drawn(text.language())


@computed_once
def _loss_drawn(language: str) -> Rows:
    curves = tr.loss_curves()
    return [r for model in MODELS for r in block_rows(curves[model], t(f"tr.reader_{model}"))]
