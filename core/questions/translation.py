"""Questions on translation: the fixed summary (sections 2-3, walkthrough step 1) and the toy translator (sections 7
and 3, steps 10 and 11).

- Step 1 reads :mod:`core.recurrent`'s schematic encoder-decoder (untrained, seeded): with one fixed summary
  the context c_t: (2d,) is the same at every target step; read anew it is not. Annotations H: (T, 2d).
- Steps 10 and 11 read the shipped checkpoints (:mod:`core.translator`): the attention weights alpha: (U, T) of a
  snapshot under teacher forcing, what teacher forcing feeds, and the exact match by source length that the
  models' training recorded.

Ambiguity: a context "changes" only by at least :data:`CHANGE_MARGIN` from one step to the next; the word read
most leads the next by at least :data:`~core.questions.reading.WEIGHT_TOLERANCE`; the words offered as what
teacher forcing feeds are three different words; the model that falls furthest trails the next by at least
:data:`SHARE_MARGIN` of exact match.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

import core.translator as tr
from core.example import TARGET_TOKENS, TOKENS
from core.questions.question import Ambiguous, Family, Named, Posed, Word, clear_lead, pick_options
from core.questions.reading import WEIGHT_TOLERANCE
from core.recurrent import check_tokens, decode, encode, largest_step_change, schematic_model
from core.refusal import Refusal
from core.translator.run import DEFAULTS
from core.translator.task import LONG_LENGTHS, SOURCE_WORDS, TARGET_WORDS

CHANGE_MARGIN = 0.05
SHARE_MARGIN = 0.05
SHARE_TOLERANCE = 10.0  # percentage points
READERS = ("summary", "attention")  # step 1's two decoders: one fixed summary, or reading the source anew
TRAINED = DEFAULTS["attention"][1].steps  # the shipped attention model's last snapshot: step 10 opens on it
ALIGNMENT_SENTENCE = tuple("the red tree sees every red small car".split())  # step 10's sentence
SHORT = 8  # sentences drawn for a phone's screen have at most this many words


@cache
def model():
    """Step 1's schematic model, made once."""
    return schematic_model()


def tokens(family: str, name: str, words: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return tuple(check_tokens(name, words))
    except ValueError as exc:
        raise Refusal(f"{family}: {exc}", "question.setting", name=name) from None


# --- Step 1, fixed: the context across target steps, and what each reader keeps ----------------------------------


@dataclass(frozen=True)
class Sentences:
    """A source sentence, the target sentence the decoder is fed, and the decoder: "summary" or "attention"."""

    source: tuple[str, ...]
    target: tuple[str, ...]
    reader: str


def _fixed_same(st: Sentences) -> Posed:
    family = "fixed.same"
    source, target = tokens(family, "source", st.source), tokens(family, "target", st.target)
    if st.reader not in READERS:
        raise Refusal(f"{family}: reader must be one of {READERS}", "question.setting", name="reader")
    if len(target) < 2:
        raise Ambiguous(family, "one target step has no next step")
    trace = decode(model(), encode(model(), source), target, attention=st.reader == "attention")
    change = largest_step_change(trace.contexts)  # max over t, i of |c_{t+1,i} - c_{t,i}|
    if 0 < change < CHANGE_MARGIN:
        raise Ambiguous(family, "the context changes, but hardly")
    answer = "same" if change == 0 else "changes"
    return Posed(
        "choice",
        answer,
        fields={"reader": Named(st.reader), "T": len(source), "U": len(target), "change": change},
        options=("same", "changes"),
        source=source,
        target=target,
        why=answer,
    )


def _draw_words(rng: np.random.Generator, words: tuple[str, ...], low: int, high: int) -> tuple[str, ...]:
    return tuple(str(w) for w in rng.choice(words, size=int(rng.integers(low, high + 1))))


FIXED_SAME = Family(
    "fixed.same",
    "fixed",
    "fixed_summary",
    Sentences,
    Sentences(TOKENS, TARGET_TOKENS, "summary"),
    lambda rng: Sentences(
        _draw_words(rng, SOURCE_WORDS, 2, 6), _draw_words(rng, TARGET_WORDS, 2, 5), str(rng.choice(READERS))
    ),
    _fixed_same,
)


@dataclass(frozen=True)
class Source:
    """A source sentence."""

    source: tuple[str, ...]


MAX_WORDS = 40  # the longest source check_tokens takes


def _fixed_kept(st: Source) -> Posed:
    source = tokens("fixed.kept", "source", st.source)
    annotations = encode(model(), source)
    width = annotations.summary.size  # 2d: the fixed summary, and each annotation h_j
    return Posed(
        "number",
        float(annotations.H.size),  # T annotations of 2d numbers
        fields={"T": len(source), "width": width, "n": annotations.H.size},
        source=source,
        low=0.0,
        high=float(MAX_WORDS * width),
        tolerance=0.0,
        increment=1.0,
    )


FIXED_KEPT = Family(
    "fixed.kept",
    "fixed",
    "fixed_summary",
    Source,
    Source(TOKENS),
    lambda rng: Source(_draw_words(rng, SOURCE_WORDS, 2, 12)),
    _fixed_kept,
)


# --- Step 10, align: where a trained model reads, and what teacher forcing feeds ----------------------------------


@cache
def short_sentences() -> tuple[tuple[str, ...], ...]:
    """The test sentences of at most :data:`SHORT` words."""
    return tuple(p.source for p in tr.test_sentences("test") if len(p.source) <= SHORT)


def snapshot(family: str, step: int) -> int:
    if step not in tr.snapshot_steps():
        raise Refusal(f"{family}: {step} is not a stored snapshot", "question.setting", name="snapshot")
    return step


def sentence_in_grammar(family: str, sentence: tuple[str, ...]) -> tr.Pair:
    try:
        return tr.reference(tuple(sentence))
    except ValueError as exc:
        raise Refusal(f"{family}: {exc}", "question.setting", name="sentence") from None


@dataclass(frozen=True)
class AlignedStep:
    """A sentence of the toy grammar, a stored ``snapshot`` of the attention model, and a target step ``t``
    (0-based) whose word translates a source word."""

    sentence: tuple[str, ...]
    snapshot: int
    t: int


def _align_read(st: AlignedStep) -> Posed:
    family = "align.read"
    pair = sentence_in_grammar(family, st.sentence)
    if not 0 <= st.t < len(pair.target) or pair.alignment[st.t] < 0:
        raise Refusal(f"{family}: step {st.t} translates no source word", "question.setting", name="t")
    view = tr.attention_matrix(pair.source, snapshot(family, st.snapshot))  # weights: (U, T), teacher-forced
    row = view.weights[st.t]  # (T,)
    j, true = clear_lead(family, row, WEIGHT_TOLERANCE), pair.alignment[st.t]
    return Posed(
        "pick",
        str(j + 1),
        fields={
            "snapshot": st.snapshot,
            "t": st.t + 1,
            "written": pair.target[st.t],
            "word": Word(j),
            "weight": float(row[j]),
            "true": Word(true),
            "true_weight": float(row[true]),
        },
        options=pick_options(len(pair.source)),
        picks=tuple(Word(k) for k in range(len(pair.source))),
        weights=tuple(float(w) for w in row),
        source=pair.source,
        target=pair.target,
        why="right" if j == true else "wrong",
    )


def _draw_aligned(rng: np.random.Generator) -> AlignedStep:
    sentence = short_sentences()[int(rng.integers(len(short_sentences())))]
    aligned = [t for t, j in enumerate(tr.reference(sentence).alignment) if j >= 0]
    steps = tr.snapshot_steps()
    return AlignedStep(sentence, int(steps[int(rng.integers(len(steps)))]), int(rng.choice(aligned)))


ALIGN_READ = Family(
    "align.read",
    "align",
    "translator",
    AlignedStep,
    AlignedStep(ALIGNMENT_SENTENCE, TRAINED, 5),  # "voiture" reads "car", put after "red small"
    _draw_aligned,
    _align_read,
)


@dataclass(frozen=True)
class Forced:
    """Training on a sentence of the toy grammar at a stored ``snapshot``: the word fed at target step ``t``
    (0-based, at least 1). Word k offered is candidate ``order[k]``: 0 the reference's previous word y_{t-1}, 1 the
    model's own prediction at the previous step, 2 the reference's word y_t, the one this step must predict."""

    sentence: tuple[str, ...]
    snapshot: int
    t: int
    order: tuple[int, int, int]


def _align_fed(st: Forced) -> Posed:
    family = "align.fed"
    sentence_in_grammar(family, st.sentence)
    if sorted(st.order) != [0, 1, 2]:
        raise Refusal(f"{family}: order must list 0..2 once each", "question.setting", name="order")
    forcing = tr.teacher_forcing(st.sentence, snapshot(family, st.snapshot))
    target, training = forcing.target, forcing.training
    if not 1 <= st.t < len(target):
        raise Refusal(f"{family}: step {st.t} is not a step after the first", "question.setting", name="t")
    candidates = (target[st.t - 1], training.predicted[st.t - 1], target[st.t])
    if len(set(candidates)) < 3:
        raise Ambiguous(family, "two of the words offered are the same word")
    shown = tuple(candidates[k] for k in st.order)
    return Posed(
        "pick",
        str(shown.index(training.fed[st.t]) + 1),
        fields={
            "snapshot": st.snapshot,
            "sentence": " ".join(st.sentence),
            "t": st.t + 1,
            "previous": st.t,
            "truth": candidates[0],
            "own": candidates[1],
            "current": candidates[2],
        },
        options=pick_options(3),
        picks=shown,
        source=forcing.source,
        target=target,
    )


EARLY = 5  # the snapshots drawn for teacher forcing: the first five, where the model still errs


def _draw_forced(rng: np.random.Generator) -> Forced:
    sentence = short_sentences()[int(rng.integers(len(short_sentences())))]
    step = int(tr.snapshot_steps()[int(rng.integers(EARLY))])
    forcing = tr.teacher_forcing(sentence, step)
    y, own = forcing.target, forcing.training.predicted
    wrong = [t for t in range(1, len(y)) if len({y[t - 1], own[t - 1], y[t]}) == 3]
    t = int(rng.choice(wrong)) if wrong else 1  # with none, a setting the pose refuses
    return Forced(sentence, step, t, tuple(int(k) for k in rng.permutation(3)))


ALIGN_FED = Family(
    "align.fed",
    "align",
    "translator",
    Forced,
    Forced(ALIGNMENT_SENTENCE, 50, 6, (1, 0, 2)),  # at snapshot 50 the model predicted "arbre" for "voiture"
    _draw_forced,
    _align_fed,
)


# --- Step 11, long: which model falls with length, and by how much ---------------------------------------------


def pooled(family: str, models: tuple[str, ...], low: int, high: int) -> tuple[np.ndarray, int]:
    """Each model's exact match over the test sentences of ``low`` to ``high`` words, weighted by how many sentences
    each length has (as recorded at training): (len(models),), and how many sentences that is."""
    acc = tr.accuracy_by_length()
    unknown = [m for m in models if m not in tr.ALL_MODELS]
    if unknown or len(set(models)) != len(models):
        raise Refusal(f"{family}: models must be distinct, of {tr.ALL_MODELS}", "question.setting", name="models")
    lengths = np.array(acc["lengths"])
    if not (lengths[0] <= low <= high <= lengths[-1]):
        raise Refusal(f"{family}: lengths must lie in {lengths[0]}..{lengths[-1]}", "question.setting", name="low")
    band = (lengths >= low) & (lengths <= high)  # (L,)
    counts = np.array(acc["counts"])[band]  # (n,)
    shares = np.array([np.array(acc[m])[band] @ counts / counts.sum() for m in models])  # (len(models),)
    return shares, int(counts.sum())


@dataclass(frozen=True)
class Lengths:
    """The models compared, and the source lengths ``low`` to ``high`` of the test sentences pooled."""

    models: tuple[str, ...]
    low: int
    high: int


def _long_falls(st: Lengths) -> Posed:
    family = "long.falls"
    if len(st.models) < 2:
        raise Refusal(f"{family}: compare at least two models", "question.setting", name="models")
    shares, count = pooled(family, st.models, st.low, st.high)
    worst = clear_lead(family, -shares, SHARE_MARGIN)
    runner = int(np.argsort(shares)[1])
    return Posed(
        "choice",
        st.models[worst],
        fields={
            "low": st.low,
            "high": st.high,
            "count": count,
            "weakest": Named(st.models[worst]),
            "weakest_share": float(shares[worst]),
            "runner": Named(st.models[runner]),
            "runner_share": float(shares[runner]),
        },
        options=st.models,
        named=True,
    )


def _draw_lengths(rng: np.random.Generator) -> Lengths:
    lengths = tr.accuracy_by_length()["lengths"]
    chosen = rng.choice(tr.ALL_MODELS, size=int(rng.integers(2, 4)), replace=False)
    models = tuple(m for m in tr.ALL_MODELS if m in chosen)  # in the order of the recorded tables
    low = int(rng.choice(lengths[:-1]))
    return Lengths(models, low, int(min(low + rng.integers(1, 8), lengths[-1])))


LONG_FALLS = Family(
    "long.falls",
    "long",
    "translator",
    Lengths,
    Lengths(tr.MODELS, *LONG_LENGTHS),  # step 11's chart: the shipped models, sentences longer than any trained on
    _draw_lengths,
    _long_falls,
)


@dataclass(frozen=True)
class ModelLengths:
    """One model, and the source lengths ``low`` to ``high`` of the test sentences pooled."""

    model: str
    low: int
    high: int


def _long_share(st: ModelLengths) -> Posed:
    (share,), count = pooled("long.share", (st.model,), st.low, st.high)
    return Posed(
        "number",
        100 * float(share),
        fields={"model": Named(st.model), "low": st.low, "high": st.high, "count": count, "share": float(share)},
        low=0.0,
        high=100.0,
        tolerance=SHARE_TOLERANCE,
        increment=1.0,
    )


def _draw_model_lengths(rng: np.random.Generator) -> ModelLengths:
    band = _draw_lengths(rng)
    return ModelLengths(str(rng.choice(tr.ALL_MODELS)), band.low, band.high)


LONG_SHARE = Family(
    "long.share",
    "long",
    "translator",
    ModelLengths,
    ModelLengths("summary", *LONG_LENGTHS),
    _draw_model_lengths,
    _long_share,
)

FAMILIES = (FIXED_SAME, FIXED_KEPT, ALIGN_READ, ALIGN_FED, LONG_FALLS, LONG_SHARE)
