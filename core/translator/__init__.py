"""A toy translator trained in numpy: learning where to look with no alignment labels.

The article's sections 2-3 say a fixed summary of the source is a bottleneck
that attention removes, and section 7 that the scorer learns where to look
from the prediction loss alone. This package shows both on a toy language pair
(:mod:`~core.translator.task`), with a bidirectional GRU encoder and a GRU
decoder in Bahdanau's reading order (:mod:`~core.translator.bahdanau`, the encoder
:mod:`~core.translator.encoder`'s), trained with Adam (:mod:`~core.translator.train`);
every gradient is hand-written and checked against finite differences in the
tests. Luong et al.'s decoders (dot, general and local-p attention, read with the
updated state) share that encoder (:mod:`~core.translator.luong`);
``Config(kind=...)`` chooses the model, one of ``model.KINDS``: "bahdanau",
"summary", "luong_dot", "luong_general", "luong_local"; :mod:`~core.translator.model`
is the table that hands each kind to its decoder.

    python -m core.translator --train              # train both models, write checkpoints/
    python -m core.translator --train-luong        # Luong's three decoders, same budget; checkpoints/luong/
    python -m core.translator --evaluate [--json]  # evaluate the shipped checkpoints

API for a screen (all fast: they read the shipped checkpoints, loaded once)::

    MODELS = ("attention", "summary")                      # the shipped models (tables, curves, live training)
    ALL_MODELS = MODELS + ("luong_dot", "luong_general", "luong_local")  # every name ``model`` below accepts
    load_models(directory=None) -> Models                  # .attention, .summary (Checkpoint), .metrics,
                                                           # .get(name) for any of ALL_MODELS
    test_sentences(split="test") -> tuple[Pair, ...]       # "test" (3-24 words), "long" (25-32), "valid"
    source_vocabulary() -> tuple[str, ...]
    tokenize(sentence) -> tuple[str, ...]                  # ValueError naming unknown words, listing the vocabulary
    reference(sentence) -> Pair                            # rule-based translation + true alignment; ValueError
                                                           # for sentences outside the toy grammar
    translate(sentence, model="attention", step=None) -> AttentionView   # greedy; any of ALL_MODELS
    attention_matrix(sentence, step=None, model="attention") -> AttentionView  # alpha (U target x T source),
                                                           # teacher-forced; any model but "summary"
    read_right(view) -> (right, of)                         # target words whose largest weight is on their word
    crossings(view) -> (crossed, of)                        # reordered pairs whose largest weights cross too
    row_totals(views) -> (least, largest)                   # sum_j alpha_tj of a row: 1, or less for local-p
    departure_from_uniform(view) -> float                   # max |alpha - 1/T|: 0 for uniform rows
    alignment_setbacks(sentences) -> (pairs, setbacks)      # where an alignment moved away, snapshot to snapshot
    teacher_forcing(sentence, step=None, model="attention") -> TeacherForcing  # -log p(y_t | fed, x), fed the true
                                                            # previous words (training) or its own (translation)
    divergent_snapshots(sentence) -> tuple[int, ...]        # snapshots where translation is fed other words
    true_alignment(sentence) -> np.ndarray                  # 0/1 (U, T)
    adjacent_reversals(alignment) -> int                    # neighbouring target tokens whose source words
                                                            # are in reverse order (-1 entries skipped)
    snapshot_steps(model="attention") -> tuple[int, ...]    # 0 (initialisation) ... last step
    accuracy_by_length() -> dict                            # lengths, counts, each model's, train_max_length
    longer_summary() -> dict                                # the fixed summary trained 4x longer, as recorded
    beyond_training() -> dict                               # the longer-than-training sentences pooled: count,
                                                            # lengths, each model's share translated exactly
    lowest_at_training_length() -> dict                     # each model's lowest exact match at a training
                                                            # length, and that length
    parameter_counts() -> dict[str, int]                    # each model's parameters, as its training recorded
    exact_matches() -> dict[str, float]                     # each model's test-set exact match, as recorded
    what_if(sentence, model, step, word, kind, share=0.5)   # one step's reading overridden: WhatIf
    decoding_steps(sentence, model) -> tuple[DecodingStep]  # each step's fed and written word, p, weights
    whatif_effects() -> dict                                # the test set's single-step interventions, recorded
    loss_curves() -> dict[str, np.ndarray]                  # per-step training loss of both models
    learning_curves() -> dict[str, LearningCurve]           # every model's validation exact match at each
                                                            # snapshot and the step it first reached 0.95
    live_training(stop=None, steps=LIVE_TRAINING.steps, probe=..., probe_every=25, seed=0)
                                                            # -> Iterator[LiveProgress]: a small model on short
                                                            # sentences, ~5 s on one core; stop: callable or
                                                            # threading.Event, checked every step
    LIVE_TRAINING                                           # its settings; .steps is the default run's length

``Pair`` has ``source``, ``target`` (ending with "</s>") and ``alignment``
(source position per target token, -1 for inserted words and "</s>").
``AttentionView`` has ``source``, ``target``, ``weights`` (U, T) or None and
``alignment`` (the true one, or None when unknown).
"""

from core.translator.api import (
    ALL_MODELS,
    LIVE_PROBE,
    LIVE_TRAINING,
    AttentionView,
    DecodingStep,
    LearningCurve,
    LiveProgress,
    Models,
    WhatIf,
    accuracy_by_length,
    alignment_setbacks,
    attention_matrix,
    beyond_training,
    crossings,
    decoding_steps,
    departure_from_uniform,
    exact_matches,
    learning_curves,
    live_training,
    load_models,
    longer_summary,
    loss_curves,
    lowest_at_training_length,
    parameter_counts,
    read_right,
    row_totals,
    snapshot_steps,
    source_vocabulary,
    test_sentences,
    translate,
    true_alignment,
    what_if,
    whatif_effects,
)
from core.translator.checkpoint import MODELS
from core.translator.evaluate import adjacent_reversals
from core.translator.forcing import Regime, TeacherForcing, divergent_snapshots, teacher_forcing
from core.translator.task import Pair, reference, tokenize

__all__ = [
    "ALL_MODELS",
    "LIVE_PROBE",
    "LIVE_TRAINING",
    "MODELS",
    "AttentionView",
    "LearningCurve",
    "LiveProgress",
    "Models",
    "Pair",
    "Regime",
    "TeacherForcing",
    "accuracy_by_length",
    "alignment_setbacks",
    "adjacent_reversals",
    "attention_matrix",
    "read_right",
    "crossings",
    "row_totals",
    "beyond_training",
    "departure_from_uniform",
    "learning_curves",
    "divergent_snapshots",
    "live_training",
    "load_models",
    "longer_summary",
    "loss_curves",
    "lowest_at_training_length",
    "exact_matches",
    "parameter_counts",
    "DecodingStep",
    "decoding_steps",
    "what_if",
    "whatif_effects",
    "WhatIf",
    "reference",
    "snapshot_steps",
    "source_vocabulary",
    "teacher_forcing",
    "test_sentences",
    "tokenize",
    "translate",
    "true_alignment",
]
