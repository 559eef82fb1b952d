"""What a screen needs from the trained translators: load, translate, look at alignments, curves.

Everything here reads the shipped checkpoints (nothing trains on page load)
except :func:`live_training`, a short run of a small model for a background
thread. Arrays follow the article's symbols: an attention matrix has one row
per target token y_t and one column per source token x_j, entry alpha_tj.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from core.once import computed_once
from core.translator import checkpoint, task
from core.translator.model import Batch, Config, greedy, init_params, teacher_forced_reads, teacher_forced_weights
from core.translator.task import Pair, reference, source_ids, target_words, tokenize
from core.translator.train import TrainConfig, TrainResult, train_steps

ALL_MODELS = checkpoint.ALL_MODELS  # every trained model a screen may name


@dataclass(frozen=True)
class Models:
    """Both shipped checkpoints and the metrics recorded when they were trained; :meth:`get` also gives Luong
    et al.'s decoders, trained beside them, from their own folder (``folder``/luong/)."""

    attention: checkpoint.Checkpoint
    summary: checkpoint.Checkpoint
    metrics: dict
    folder: Path = checkpoint.CHECKPOINT_DIR

    def get(self, model: str) -> checkpoint.Checkpoint:
        """The checkpoint of ``model``, one of :data:`ALL_MODELS` (a Luong decoder's loaded once)."""
        if model in checkpoint.MODELS:
            return getattr(self, model)
        if model in checkpoint.LUONG_MODELS:
            return _luong(self.folder / checkpoint.LUONG_FOLDER / f"{model}.npz")
        raise ValueError(f"model: expected one of {list(ALL_MODELS)}, got {model!r}")


@computed_once
def _luong(path: Path) -> checkpoint.Checkpoint:
    if not path.is_file():
        raise ValueError(f"model: no {path.name} in {path.parent}; run `python -m core.translator --train-luong`")
    return checkpoint.load(path)


@computed_once
def load_models(directory: str | Path | None = None) -> Models:
    """Load ``checkpoints/`` once (cached; about 0.1 s the first time). ValueError if files are missing."""
    folder = Path(directory) if directory is not None else checkpoint.CHECKPOINT_DIR
    metrics_file = folder / "metrics.json"
    if not metrics_file.is_file():
        raise ValueError(f"directory: no metrics.json in {folder}; run `python -m core.translator --train`")
    return Models(
        checkpoint.load(folder / "attention.npz"),
        checkpoint.load(folder / "summary.npz"),
        json.loads(metrics_file.read_text()),
        folder,
    )


def test_sentences(split: str = "test") -> tuple[Pair, ...]:
    """The fixed evaluation sentences: "test" (lengths 3-24), "long" (25-32) or "valid"."""
    if split not in ("test", "long", "valid"):
        raise ValueError(f"split: expected 'test', 'long' or 'valid', got {split!r}")
    return task.dataset(split)


def source_vocabulary() -> tuple[str, ...]:
    """The words a typed sentence may use."""
    return task.SOURCE_WORDS


def snapshot_steps(model: str = "attention") -> tuple[int, ...]:
    """Training steps with stored parameters, from 0 (initialisation) to the last step."""
    return load_models().get(model).steps


@dataclass(frozen=True)
class AttentionView:
    """source (T,), target (U,) tokens, weights alpha (U, T) (None without attention), true alignment (U,) or None;
    for Luong's local model the aligned positions p_t (U,) (1-based, see :mod:`core.translator.luong`), else None."""

    source: tuple[str, ...]
    target: tuple[str, ...]
    weights: np.ndarray | None
    alignment: tuple[int, ...] | None
    positions: np.ndarray | None = None

    @property
    def window(self) -> np.ndarray | None:
        """Luong's local model: (U, T), whether source position j (1-based) lies in target step t's window
        |j - p_t| <= D, outside of which its weight is 0; None for a model without one."""
        if self.positions is None:
            return None
        from core.translator.luong import LOCAL_D

        j = np.arange(1, len(self.source) + 1)
        return np.abs(j[None, :] - self.positions[:, None]) <= LOCAL_D


VIEWS_KEPT = 512  # sentences' views kept by translate and attention_matrix (a few kB each), the oldest dropped


def _kept(view: AttentionView) -> AttentionView:
    """``view`` with its arrays read-only: kept and shared by every caller, none may change it."""
    for array in (view.weights, view.positions):
        if array is not None:
            array.setflags(write=False)
    return view


def translate(sentence: str | Sequence[str], model: str = "attention", step: int | None = None) -> AttentionView:
    """Greedy translation by ``model`` at snapshot ``step`` (None: final), with its own attention weights.

    The target ends with ``</s>`` if the model produced it within 2 T + 4 tokens.
    ``alignment`` is the true correspondence when the output equals the
    reference translation, else None. Worked out once for the same sentence, model and step (its arrays are
    read-only): a screen's heatmap, its lines and its question read the same view.
    """
    return _translated(tuple(tokenize(sentence)), model, step)


@functools.lru_cache(maxsize=VIEWS_KEPT)
def _translated(words: tuple[str, ...], model: str, step: int | None) -> AttentionView:
    ckpt = load_models().get(model)
    X, mask = source_ids([words])
    out = greedy(ckpt.at(step), ckpt.cfg, X, mask)
    target = target_words(out.ids[0])
    weights = None if out.weights is None else out.weights[0, : len(target)]  # (U, T)
    positions = None if out.positions is None else out.positions[0, : len(target)]  # (U,)
    try:
        ref = reference(words)
    except ValueError:
        ref = None
    alignment = ref.alignment if ref is not None and ref.target == target else None
    return _kept(AttentionView(words, target, weights, alignment, positions))


def attention_matrix(sentence: str | Sequence[str], step: int | None = None, model: str = "attention") -> AttentionView:
    """alpha_tj of ``model`` (one that reads with weights: every one of :data:`ALL_MODELS` but "summary") at
    snapshot ``step`` while reading the reference translation.

    Teacher forcing on the rule-based translation gives the same rows at every
    snapshot, so snapshots can be compared; the sentence must be in the toy
    grammar (ValueError otherwise; use :func:`translate` for the model's own
    output instead). Worked out once for the same sentence, snapshot and model, as :func:`translate`.
    """
    return _read_forced(tuple(tokenize(sentence)), step, model)


@functools.lru_cache(maxsize=VIEWS_KEPT)
def _read_forced(words: tuple[str, ...], step: int | None, model: str) -> AttentionView:
    pair = reference(words)
    ckpt = load_models().get(model)
    if not ckpt.cfg.attention:
        raise ValueError("model: the fixed summary reads no weights")
    weights, positions = teacher_forced_reads(ckpt.at(step), ckpt.cfg, Batch.of([pair]))
    return _kept(
        AttentionView(pair.source, pair.target, weights[0], pair.alignment, None if positions is None else positions[0])
    )


def departure_from_uniform(view: AttentionView) -> float:
    """max_tj |alpha_tj - 1/T|: how far a view's weights are from reading every source word alike (0: uniform)."""
    if view.weights is None:
        raise ValueError("view: expected weights")
    return float(np.abs(view.weights - 1.0 / len(view.source)).max())


def read_right(view: AttentionView) -> tuple[int, int]:
    """Of the target tokens that translate a source word (alignment >= 0), how many put their largest weight
    alpha_tj on that word: (right, of). ValueError for a view without weights or without a true alignment."""
    if view.weights is None or view.alignment is None:
        raise ValueError("view: expected weights and a true alignment")
    aligned = np.array(view.alignment)
    rows = np.flatnonzero(aligned >= 0)  # target steps that translate a source word
    right = int((view.weights[rows].argmax(axis=1) == aligned[rows]).sum())
    return right, len(rows)


def crossings(view: AttentionView) -> tuple[int, int]:
    """Of the pairs of target tokens whose true source words are in the opposite order (a reordered phrase: the
    adjectives after their noun, in mirror order), how many put their largest weights in the opposite order too,
    crossing the diagonal: (crossed, of), as the crossing accuracy counts them. ValueError for a view without
    weights or without a true alignment."""
    from core.translator.evaluate import crossing_hits

    if view.weights is None or view.alignment is None:
        raise ValueError("view: expected weights and a true alignment")
    aligned = np.array(view.alignment)
    rows = np.flatnonzero(aligned >= 0)
    hits = crossing_hits(view.weights[rows].argmax(axis=1), aligned[rows])
    return int(hits.sum()), len(hits)


def row_totals(views: Sequence[AttentionView]) -> tuple[float, float]:
    """The least and the largest sum_j alpha_tj of a row over ``views``: 1 and 1 (to rounding) for every model but
    Luong's local one, whose windowed weights are not renormalised after the Gaussian."""
    totals = np.concatenate([v.weights.sum(axis=1) for v in views if v.weights is not None])
    if totals.size == 0:
        raise ValueError("views: expected weights")
    return float(totals.min()), float(totals.max())


@dataclass(frozen=True)
class Setback:
    """Between snapshots ``before_step`` and ``after_step``, the share of a sentence's target words that put their
    largest weight on their own source word fell from ``before`` to ``after`` (:func:`read_right`)."""

    sentence: str
    before_step: int
    after_step: int
    before: float
    after: float


@computed_once
def alignment_setbacks(sentences: tuple[str, ...], model: str = "attention") -> tuple[int, tuple[Setback, ...]]:
    """Whether training moved ``model``'s alignments only towards the true words: for each sentence (in the
    grammar) and each pair of consecutive snapshots, the share :func:`read_right` gives at both. Returns the number
    of such pairs and the setbacks among them (where the share fell), in the sentences' order, then the
    snapshots'."""
    steps = snapshot_steps(model)
    refs = [reference(sentence) for sentence in sentences]
    ckpt = load_models().get(model)
    batch = Batch.of(refs)
    # alpha of every sentence at every snapshot, read in one batch a snapshot: (steps, B, U, T), padding masked
    weights = [teacher_forced_weights(ckpt.at(k), ckpt.cfg, batch) for k in steps]
    pairs, setbacks = 0, []
    for i, (sentence, pair) in enumerate(zip(sentences, refs, strict=True)):
        U, T = len(pair.target), len(pair.source)
        views = [AttentionView(pair.source, pair.target, w[i, :U, :T], pair.alignment) for w in weights]
        shares = [right / of for right, of in map(read_right, views)]
        for k in range(len(steps) - 1):
            pairs += 1
            if shares[k + 1] < shares[k]:
                setbacks.append(Setback(sentence, steps[k], steps[k + 1], shares[k], shares[k + 1]))
    return pairs, tuple(setbacks)


def true_alignment(sentence: str | Sequence[str]) -> np.ndarray:
    """The true correspondence as a 0/1 matrix (U, T): 1 where target token t translates source word j."""
    pair = reference(sentence)
    M = np.zeros((len(pair.target), len(pair.source)))  # (U, T)
    for t, j in enumerate(pair.alignment):
        if j >= 0:
            M[t, j] = 1.0
    return M


def recorded_metrics() -> dict[str, dict]:
    """Every trained model's metrics as its training recorded them ({name: metrics} in :data:`ALL_MODELS`' order):
    the two shipped models' from ``checkpoints/metrics.json``, Luong et al.'s three from the comparison that trained
    them (``checkpoints/luong/luong.json``). Shared, not to be changed."""
    from core.translator import compare  # the comparison's module reads the checkpoints this one serves

    m, recorded = load_models().metrics, compare.load_recorded()["models"]
    return {name: m[name] if name in checkpoint.MODELS else recorded[name] for name in ALL_MODELS}


@computed_once
def accuracy_by_length() -> dict:
    """Exact match by source length for every trained model (:data:`ALL_MODELS`), as recorded at training (tests
    re-check it): the two shipped models' from ``checkpoints/metrics.json``, Luong et al.'s three from the
    comparison that trained them (``checkpoints/luong/luong.json``), on the same test sentences. Read once; the dict
    is shared, not to be changed.

    Returns {"lengths": [...], "counts": [...], "attention": [...], "summary": [...], "luong_dot": [...],
    "luong_general": [...], "luong_local": [...], "train_max_length": 24}.
    """
    records = recorded_metrics()
    lengths = sorted(int(L) for L in records["attention"]["by_length"])
    counts = [records["attention"]["counts"][str(L)] for L in lengths]
    out: dict = {"lengths": lengths, "counts": counts, "train_max_length": task.TRAIN_LENGTHS[1]}
    for name, source in records.items():
        if [source["counts"].get(str(L)) for L in lengths] != counts:
            raise ValueError(
                f"{name}: exact match by length recorded on other test sentences than {list(ALL_MODELS)[0]}'s"
            )
        out[name] = [source["by_length"][str(L)] for L in lengths]
    return out


def beyond_training() -> dict:
    """The test sentences longer than any training sentence, pooled: how many, their lengths, and each model's
    share translated exactly (the count-weighted mean of :func:`accuracy_by_length` over those lengths).

    Returns {"count": n, "lengths": (shortest, longest), "attention": share, "summary": share, ... (every one of
    :data:`ALL_MODELS`), "train_max_length": 24}.
    """
    acc = accuracy_by_length()
    longest = acc["train_max_length"]
    long = [k for k, n in enumerate(acc["lengths"]) if n > longest]
    count = sum(acc["counts"][k] for k in long)
    return {
        "count": count,
        "lengths": (acc["lengths"][long[0]], acc["lengths"][long[-1]]),
        **{name: sum(acc["counts"][k] * acc[name][k] for k in long) / count for name in ALL_MODELS},
        "train_max_length": longest,
    }


def lowest_at_training_length() -> dict[str, tuple[float, int | None]]:
    """Each model's lowest exact match at one training length (of :func:`accuracy_by_length`'s lengths up to the
    longest training sentence) and the shortest length where it is that low, None where it is the same at every
    training length: {model: (share, length)}, in :data:`ALL_MODELS`' order."""
    acc = accuracy_by_length()
    trained = [k for k, n in enumerate(acc["lengths"]) if n <= acc["train_max_length"]]
    lowest = {}
    for name in ALL_MODELS:
        k = min(trained, key=lambda k: (acc[name][k], k))
        same = all(acc[name][i] == acc[name][k] for i in trained)
        lowest[name] = (acc[name][k], None if same else acc["lengths"][k])
    return lowest


@computed_once
def parameter_counts() -> dict[str, int]:
    """Each trained model's number of parameters as its training recorded it ({name: count} in
    :data:`ALL_MODELS`' order): the two shipped models' from ``checkpoints/metrics.json``, Luong et al.'s three
    from their comparison (tests count them again in the checkpoints)."""
    return {name: int(record["parameters"]) for name, record in recorded_metrics().items()}


@dataclass(frozen=True)
class WhatIf:
    """One step's reading overridden (:mod:`core.translator.whatif`): at target step ``step`` (0-based) the
    weights ``before`` (T,) the model read are replaced by ``after`` (T,); the translation that follows
    (``changed``, greedy, the rest decoded by the model) against the model's own (``original``). At that step:
    the word written before and after, p of each under its own reading, and p of the original word under the
    override (``p_kept``). For a sentence in the grammar whose reference has a step ``step``, the loss against the
    reference (the sum of -log p of its words, teacher-forced: fed the reference's words, the override at the
    reference's step ``step``) without and with the override; else None. ``reference``: the reference translation
    (None outside the grammar)."""

    source: tuple[str, ...]
    original: tuple[str, ...]
    changed: tuple[str, ...]
    step: int
    before: np.ndarray
    after: np.ndarray
    p_before: float
    p_after: float
    p_kept: float
    loss_before: float | None
    loss_after: float | None
    reference: tuple[str, ...] | None = None

    @property
    def first_difference(self) -> int | None:
        """The first target position where the two translations differ (one ending earlier counts), or None."""
        return _first_difference(self.original, self.changed)

    @property
    def reference_from(self) -> int | None:
        """The first target position where the model's own translation differs from the reference (one ending
        earlier counts), None where they are the same or there is no reference. Where it is before ``step``, the
        teacher-forced loss reads the override at a step fed other words than the model's own translation was."""
        return None if self.reference is None else _first_difference(self.original, self.reference)


def _first_difference(a: Sequence[str], b: Sequence[str]) -> int | None:
    """The first position where two token sequences differ (one ending earlier counts), or None."""
    for k, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return k
    return None if len(a) == len(b) else min(len(a), len(b))


def what_if(sentence: str | Sequence[str], model: str, step: int, word: int, kind: str, share: float = 0.5) -> WhatIf:
    """Override ``model``'s reading at target step ``step`` of its own translation of ``sentence``: all weight on
    source position ``word`` ("focus"), that word removed and the rest scaled back up ("remove") or a blend with share
    ``share`` ("blend"), each keeping the step's total weight (:func:`core.translator.whatif.reweighed`).
    ValueError for the fixed summary, a step past the translation, or a position outside the sentence."""
    from core.translator import whatif

    words = tokenize(sentence)
    ckpt = load_models().get(model)
    if not ckpt.cfg.attention:
        raise ValueError("model: the fixed summary reads no weights to override")
    params, cfg = ckpt.at(None), ckpt.cfg
    X, mask = source_ids([words])
    own = whatif.decode(params, cfg, X, mask)
    if not 0 <= step < len(own.ids):
        raise ValueError(f"step: expected a target step 0 to {len(own.ids) - 1}, got {step}")
    override = (step, word, kind, share)
    new = whatif.decode(params, cfg, X, mask, override)
    loss_before = loss_after = None
    try:
        ref = reference(words)
    except ValueError:
        ref = None
    if ref is not None and step < len(ref.target):
        feed = [task.TARGET_ID[w] for w in ref.target]  # y_t, fed as step t + 1's input

        def loss(o: tuple | None) -> float:
            probs = whatif.decode(params, cfg, X, mask, o, feed=feed).probabilities  # (U, V)
            return float(-np.log(probs[np.arange(len(feed)), feed]).sum())

        loss_before, loss_after = loss(None), loss(override)
    return WhatIf(
        words,
        target_words(np.array(own.ids)),
        target_words(np.array(new.ids)),
        step,
        own.weights[step],
        new.weights[step],
        float(own.probabilities[step, own.ids[step]]),
        float(new.probabilities[step, new.ids[step]]),
        float(new.probabilities[step, own.ids[step]]),
        loss_before,
        loss_after,
        None if ref is None else ref.target,
    )


@dataclass(frozen=True)
class DecodingStep:
    """One step t of a model's own greedy translation: the word fed (y_{t-1}, ``<s>`` first), the word written
    (y_t) and its probability, and the weights alpha_t (T,) the step read with."""

    fed: str
    written: str
    p: float
    weights: np.ndarray


def decoding_steps(sentence: str | Sequence[str], model: str) -> tuple[DecodingStep, ...]:
    """Every step of ``model``'s own greedy translation of ``sentence`` (a model that reads with weights); the
    steps' weights are read-only, so that a caller may keep them and hand them to every reader."""
    from core.translator import whatif

    words = tokenize(sentence)
    ckpt = load_models().get(model)
    X, mask = source_ids([words])
    out = whatif.decode(ckpt.at(None), ckpt.cfg, X, mask)
    written = target_words(np.array(out.ids))
    fed = (task.START, *written[:-1])
    out.weights.setflags(write=False)  # each step's weights a read-only view: the steps may be shared
    return tuple(
        DecodingStep(fed[k], written[k], float(out.probabilities[k, out.ids[k]]), out.weights[k])
        for k in range(len(written))
    )


@computed_once
def whatif_effects() -> dict:
    """The single-step interventions on the test set as ``python -m core.translator --whatif`` recorded them
    (``checkpoints/whatif.json``; tests recompute them): {"models": {model: {"steps"|"moved"|"removed": {part:
    count}}}, ...}. ValueError if they were not recorded. Read once; shared, not to be changed."""
    from core.translator import whatif

    path = checkpoint.CHECKPOINT_DIR / whatif.READERS_FILE
    if not path.is_file():
        raise ValueError(f"no {path.name} in {path.parent}; run `python -m core.translator --whatif`")
    return json.loads(path.read_text())


@computed_once
def exact_matches() -> dict[str, float]:
    """Each trained model's exact match on the test set as its training recorded it ({name: share} in
    :data:`ALL_MODELS`' order; tests re-evaluate the checkpoints to it)."""
    return {name: float(record["exact_match"]) for name, record in recorded_metrics().items()}


@computed_once
def longer_summary() -> dict:
    """The fixed-summary model trained four times longer, as ``python -m core.translator --train-longer-summary``
    recorded it (``checkpoints/summary_longer.json``): its steps, exact match on the test set, and where its exact
    match by length stays perfect and falls below 5 % (``perfect``, ``low_from``, ``at_most``; see
    :func:`core.translator.run.length_profile`). ValueError if it was not recorded."""
    path = checkpoint.CHECKPOINT_DIR / "summary_longer.json"
    if not path.is_file():
        raise ValueError(f"no {path.name} in {path.parent}; run `python -m core.translator --train-longer-summary`")
    return json.loads(path.read_text())


@dataclass(frozen=True)
class LearningCurve:
    """A model's exact match on the validation sentences at each stored snapshot (``steps`` and ``exact``, in
    order), and the first of those steps where it reached ``threshold`` (None if it never did)."""

    steps: tuple[int, ...]
    exact: tuple[float, ...]
    threshold: float
    reached_at: int | None


@computed_once
def learning_curves() -> dict[str, LearningCurve]:
    """Every trained model's :class:`LearningCurve` ({name: curve} in :data:`ALL_MODELS`' order), as
    ``python -m core.translator --train-luong`` recorded them beside its comparison (checkpoints/luong/luong.json;
    tests re-evaluate them from the stored snapshots). Read once; the dict is shared, not to be changed."""
    from core.translator import compare  # the comparison's module reads the checkpoints this one serves

    recorded = compare.load_recorded()
    curves = {}
    for name in ALL_MODELS:
        curve = recorded["models"][name]["valid_curve"]
        steps = tuple(sorted(int(s) for s in curve))
        reached = compare.first_reaching(curve, recorded["threshold"])
        curves[name] = LearningCurve(
            steps,
            tuple(float(curve[str(s)]) for s in steps),
            float(recorded["threshold"]),
            None if reached == compare.NOT_REACHED else int(reached),
        )
    return curves


def loss_curves() -> dict[str, np.ndarray]:
    """Training loss (mean cross-entropy per target token) at every step: {model: (steps,)}."""
    models = load_models()
    return {name: models.get(name).losses for name in checkpoint.MODELS}


# --- Live training ------------------------------------------------------------------------------

LIVE_CONFIG = Config(attention=True, d_e=8, d=16, d_s=16, d_a=16)
LIVE_TRAINING = TrainConfig(steps=1200, batch_size=32, lr=0.02, snapshots=(), lr_decay_from=1.0)
LIVE_MAX_LENGTH = 10
LIVE_PROBE = "the big red cat sees a small dog"


def live_config(model: str) -> Config:
    """The live run's small sizes (:data:`LIVE_CONFIG`) for ``model``, one of :data:`ALL_MODELS`."""
    if model not in ALL_MODELS:
        raise ValueError(f"model: expected one of {list(ALL_MODELS)}, got {model!r}")
    return LIVE_CONFIG.with_kind({"attention": "bahdanau"}.get(model, model))


@dataclass(frozen=True)
class LiveProgress:
    """One step of live training; ``weights`` (U, T) for the probe sentence every ``probe_every`` steps."""

    step: int
    loss: float
    seconds: float
    weights: np.ndarray | None


def live_training(
    stop: Callable[[], bool] | object | None = None,
    steps: int = LIVE_TRAINING.steps,
    probe: str = LIVE_PROBE,
    probe_every: int = 25,
    seed: int = 0,
    config: Config = LIVE_CONFIG,
    model: str | None = None,
) -> Iterator[LiveProgress]:
    """Train a small model on short sentences, yielding progress after every step: ``config``, or with ``model``
    (one of :data:`ALL_MODELS`) :func:`live_config` of it, Bahdanau's model by default.

    ``stop`` is a callable returning True, or an object with ``is_set()`` (a
    ``threading.Event``): it is checked before every step, and the generator
    ends when it is set. About 5 s for the default ``LIVE_TRAINING.steps`` on one core.
    ``probe`` (in the toy grammar, at most LIVE_MAX_LENGTH words) is read with
    teacher forcing so a screen can draw its alignment emerging.
    """
    if stop is None:
        should_stop: Callable[[], bool] = lambda: False  # noqa: E731
    elif callable(stop):
        should_stop = stop
    elif callable(getattr(stop, "is_set", None)):
        should_stop = stop.is_set
    else:
        raise ValueError(f"stop: expected a callable or an object with is_set(), got {type(stop).__name__}")
    if not isinstance(steps, int) or steps < 1:
        raise ValueError(f"steps: expected a positive integer, got {steps!r}")
    if not isinstance(probe_every, int) or probe_every < 1:
        raise ValueError(f"probe_every: expected a positive integer, got {probe_every!r}")
    if model is not None:
        config = live_config(model)
    pair = reference(probe)
    if len(pair.source) > LIVE_MAX_LENGTH:
        raise ValueError(f"probe: expected at most {LIVE_MAX_LENGTH} words, got {len(pair.source)}")
    probe_batch = Batch.of([pair])
    pairs = [p for p in task.dataset("train") if len(p.source) <= LIVE_MAX_LENGTH]
    tcfg = replace(LIVE_TRAINING, steps=steps, seed=seed)
    if should_stop():
        return

    def probe_weights(params: dict) -> np.ndarray | None:  # (U, T); the fixed summary reads none
        return teacher_forced_weights(params, config, probe_batch)[0] if config.attention else None

    yield LiveProgress(0, float("nan"), 0.0, probe_weights(init_params(config, seed)))
    if should_stop():
        return
    result = TrainResult({})
    for progress in train_steps(config, tcfg, pairs, result):
        weights = None
        if progress.step % probe_every == 0 or progress.step == steps:
            weights = probe_weights(result.params)
        yield LiveProgress(progress.step, progress.loss, progress.seconds, weights)
        if should_stop():
            return
