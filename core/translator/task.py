"""The toy language pair: an English-like source, a French-like target, and the true alignment.

Grammar of the source (a sentence is one to three clauses joined by conjunctions)::

    clause  = NP V_intr [PP]  |  NP V_tr NP [PP]
    NP      = det adj{0..2} noun
    PP      = prep NP

Translation rules, applied word by word except where stated:

- adjectives follow the noun, in mirror order, as in Bahdanau et al.'s Figure 3
  ("European Economic Area" -> "zone economique europeenne"):
  ``the big red cat`` -> ``le chat rouge grand``;
- the determiner agrees with the noun's gender, which comes *after* it in the
  source (``the house`` -> ``la maison``), so translating a determiner needs
  the right context, which the bidirectional encoder supplies;
- there are eight determiners and four conjunctions: function words carry
  enough choice that the decoder has to read them where they are (with only
  "the", "a" and "and", the trained model read them from the neighbouring
  word's annotation, which also encodes them, and their alignment lagged by
  one position);
- adjectives do not agree (``la voiture vieux``): a simplification of the toy;
- ``near`` becomes two words, ``pres de``; the ``de`` is inserted and has no
  source word;
- the target ends with ``</s>`` (no source word either).

The generator records, for each target token, the source position it
translates (``-1`` for inserted words and ``</s>``). The models never see
this; it is used only to score learned alignments. :func:`reference` parses a
sentence typed by a reader and gives its pair by the same rules.

Sets are disjoint by construction: a sentence belongs to the training,
validation or test split according to a hash of its source text, and the long
test set only holds lengths beyond the training range. Everything is
deterministic given the seed.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.once import computed_once
from core.refusal import Refusal

# --- Lexicon -------------------------------------------------------------------------------

DETERMINERS = {  # (masculine, feminine)
    "the": ("le", "la"),
    "a": ("un", "une"),
    "this": ("ce", "cette"),
    "my": ("mon", "ma"),
    "your": ("ton", "ta"),
    "his": ("son", "sa"),
    "every": ("chaque", "chaque"),
    "no": ("aucun", "aucune"),
}
ADJECTIVES = {"big": "grand", "small": "petit", "red": "rouge", "blue": "bleu", "old": "vieux", "new": "neuf"}
NOUNS = {  # source -> (target, feminine?)
    "cat": ("chat", False),
    "dog": ("chien", False),
    "bird": ("oiseau", False),
    "tree": ("arbre", False),
    "book": ("livre", False),
    "man": ("homme", False),
    "house": ("maison", True),
    "car": ("voiture", True),
    "woman": ("femme", True),
}
TRANSITIVE = {"sees": "voit", "likes": "aime", "takes": "prend", "finds": "trouve"}
INTRANSITIVE = {"sleeps": "dort", "runs": "court"}
PREPOSITIONS = {"near": ("pres", "de"), "under": ("sous",), "with": ("avec",)}
CONJUNCTIONS = {"and": "et", "but": "mais", "or": "ou", "then": "puis"}

PAD, START, END = "<pad>", "<s>", "</s>"

SOURCE_WORDS: tuple[str, ...] = (
    *DETERMINERS,
    *ADJECTIVES,
    *NOUNS,
    *TRANSITIVE,
    *INTRANSITIVE,
    *PREPOSITIONS,
    *CONJUNCTIONS,
)
TARGET_WORDS: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *(w for pair in DETERMINERS.values() for w in pair),
            *ADJECTIVES.values(),
            *(t for t, _ in NOUNS.values()),
            *TRANSITIVE.values(),
            *INTRANSITIVE.values(),
            *(w for ws in PREPOSITIONS.values() for w in ws),
            *CONJUNCTIONS.values(),
        ]
    )
)
SOURCE_VOCAB: tuple[str, ...] = (PAD, *SOURCE_WORDS)  # id 0 is padding
TARGET_VOCAB: tuple[str, ...] = (PAD, START, END, *TARGET_WORDS)  # ids 0, 1, 2 are special
SOURCE_ID = {w: i for i, w in enumerate(SOURCE_VOCAB)}
TARGET_ID = {w: i for i, w in enumerate(TARGET_VOCAB)}
PAD_ID, START_ID, END_ID = 0, 1, 2

# --- Sets ---------------------------------------------------------------------------------

TRAIN_LENGTHS = (3, 24)  # source lengths of the training, validation and test sets (inclusive)
LONG_LENGTHS = (25, 32)  # the longer-than-training test set
SPLITS = ("train", "valid", "test")
MAX_MISSES = 300  # a length is exhausted after this many draws in a row with nothing new


@dataclass(frozen=True)
class Pair:
    """A source sentence, its translation, and the true correspondence.

    ``alignment[i]`` is the source position translated by ``target[i]``, or -1
    for a word with no source (an inserted word or ``</s>``).
    """

    source: tuple[str, ...]
    target: tuple[str, ...]  # ends with END
    alignment: tuple[int, ...]  # one entry per target token

    @property
    def text(self) -> str:
        return " ".join(self.source)


def split_of(source: Sequence[str]) -> str:
    """The split a source sentence belongs to: 80% train, 10% valid, 10% test, by hash."""
    bucket = hashlib.sha256(" ".join(source).encode()).digest()[0] % 10
    return "train" if bucket < 8 else ("valid" if bucket == 8 else "test")


# --- Generation -----------------------------------------------------------------------------

# A clause template: (transitive?, adjectives of subject, of object or None, PP adjectives or None)
Template = tuple[bool, int, int | None, int | None]


def _template_length(t: Template) -> int:
    transitive, a, b, c = t
    n = 2 + a + 1  # NP V
    n += (2 + b) if transitive else 0
    n += (3 + c) if c is not None else 0
    return n


TEMPLATES: tuple[Template, ...] = tuple(
    (tr, a, b if tr else None, c)
    for tr in (False, True)
    for a in range(3)
    for b in (range(3) if tr else [None])
    for c in (None, 0, 1, 2)
)
_BY_LENGTH: dict[int, list[Template]] = {}
for _t in TEMPLATES:
    _BY_LENGTH.setdefault(_template_length(_t), []).append(_t)
CLAUSE_MIN, CLAUSE_MAX = min(_BY_LENGTH), max(_BY_LENGTH)
assert set(_BY_LENGTH) == set(range(CLAUSE_MIN, CLAUSE_MAX + 1))
MAX_CLAUSES = 3


def _noun_phrase(rng: random.Random, n_adj: int, src: list[str], tgt: list[str], ali: list[int]) -> None:
    det = rng.choice(list(DETERMINERS))
    adjs = rng.sample(list(ADJECTIVES), n_adj)  # distinct, so each adjective's partner is unambiguous
    noun = rng.choice(list(NOUNS))
    start = len(src)
    src.extend([det, *adjs, noun])
    word, feminine = NOUNS[noun]
    tgt.append(DETERMINERS[det][feminine])
    ali.append(start)
    tgt.append(word)
    ali.append(start + n_adj + 1)
    for k in reversed(range(n_adj)):  # mirror order after the noun
        tgt.append(ADJECTIVES[adjs[k]])
        ali.append(start + 1 + k)


def _clause(rng: random.Random, t: Template, src: list[str], tgt: list[str], ali: list[int]) -> None:
    transitive, a, b, c = t
    _noun_phrase(rng, a, src, tgt, ali)
    verbs = TRANSITIVE if transitive else INTRANSITIVE
    verb = rng.choice(list(verbs))
    ali.append(len(src))
    src.append(verb)
    tgt.append(verbs[verb])
    if transitive:
        _noun_phrase(rng, b, src, tgt, ali)
    if c is not None:
        prep = rng.choice(list(PREPOSITIONS))
        words = PREPOSITIONS[prep]
        tgt.extend(words)
        ali.extend([len(src)] + [-1] * (len(words) - 1))  # "de" is inserted
        src.append(prep)
        _noun_phrase(rng, c, src, tgt, ali)


def sentence_of_length(rng: random.Random, length: int) -> Pair:
    """A random sentence pair whose source has exactly ``length`` tokens (3 or more)."""
    if not isinstance(length, int) or length < CLAUSE_MIN:
        raise ValueError(f"length: expected an integer >= {CLAUSE_MIN}, got {length!r}")
    # k clauses and k - 1 conjunctions: k * CLAUSE_MIN + k - 1 <= length <= k * CLAUSE_MAX + k - 1
    ks = [k for k in range(1, MAX_CLAUSES + 1) if k * (CLAUSE_MIN + 1) - 1 <= length <= k * (CLAUSE_MAX + 1) - 1]
    if not ks:
        raise ValueError(f"length: at most {MAX_CLAUSES * (CLAUSE_MAX + 1) - 1} tokens, got {length}")
    k = rng.choice(ks)
    budget = length - (k - 1)
    sizes = []
    for left in range(k - 1, 0, -1):  # clause lengths summing to the budget, each feasible
        size = rng.randint(max(CLAUSE_MIN, budget - left * CLAUSE_MAX), min(CLAUSE_MAX, budget - left * CLAUSE_MIN))
        sizes.append(size)
        budget -= size
    sizes.append(budget)
    src: list[str] = []
    tgt: list[str] = []
    ali: list[int] = []
    for i, size in enumerate(sizes):
        if i:
            ali.append(len(src))
            conj = rng.choice(list(CONJUNCTIONS))
            src.append(conj)
            tgt.append(CONJUNCTIONS[conj])
        _clause(rng, rng.choice(_BY_LENGTH[size]), src, tgt, ali)
    tgt.append(END)
    ali.append(-1)
    return Pair(tuple(src), tuple(tgt), tuple(ali))


def generate(split: str, n: int, seed: int = 0) -> tuple[Pair, ...]:
    """``n`` distinct sentence pairs of ``split``, lengths uniform over the split's range.

    ``split`` is "train", "valid" or "test" (source lengths in TRAIN_LENGTHS,
    membership by :func:`split_of`) or "long" (lengths in LONG_LENGTHS). At the
    shortest lengths there are fewer distinct sentences than requested; those
    lengths are then represented by all the sentences found in a bounded search.
    """
    if split not in (*SPLITS, "long"):
        raise ValueError(f"split: expected one of {[*SPLITS, 'long']}, got {split!r}")
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n: expected a non-negative integer, got {n!r}")
    lo, hi = LONG_LENGTHS if split == "long" else TRAIN_LENGTHS
    rng = random.Random(f"{split}:{seed}")
    seen: set[tuple[str, ...]] = set()
    out: list[Pair] = []
    open_lengths = list(range(lo, hi + 1))
    while len(out) < n and open_lengths:
        for L in list(open_lengths):  # one new sentence per length per round
            if len(out) >= n:
                break
            for _ in range(MAX_MISSES):
                p = sentence_of_length(rng, L)
                if p.source not in seen and (split == "long" or split_of(p.source) == split):
                    seen.add(p.source)
                    out.append(p)
                    break
            else:  # this length has (nearly) no unseen sentences left
                open_lengths.remove(L)
    return tuple(out)


SET_SIZES = {"train": 12000, "valid": 440, "test": 1100, "long": 400}


@computed_once
def dataset(split: str, seed: int = 0) -> tuple[Pair, ...]:
    """The project's fixed sets (sizes in SET_SIZES); cached, so repeated calls are free."""
    if split not in SET_SIZES:
        raise ValueError(f"split: expected one of {list(SET_SIZES)}, got {split!r}")
    return generate(split, SET_SIZES[split], seed)


# --- Tokens and ids -----------------------------------------------------------------------------


UNKNOWN_NAMED = 3  # unknown words an error message names, each cut to a readable length
# Marks a reader may end or punctuate a sentence with, as typed on any keyboard (the full-width ones of a Chinese
# input method, French's space before '!' or '?'): read as spaces, so 'The cat sleeps!' is 'the cat sleeps'.
PUNCTUATION = ".,!?;:。，！？；：、"
_AS_SPACES = str.maketrans(dict.fromkeys(PUNCTUATION, " "))


def _cut(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tokenize(sentence: str | Sequence[str], max_tokens: int = 40) -> tuple[str, ...]:
    """Split a source sentence into known words (lower-cased, the marks of :data:`PUNCTUATION` dropped).

    Raises ValueError naming the unknown words and listing the vocabulary.
    """
    if isinstance(sentence, str):
        words = sentence.lower().translate(_AS_SPACES).split()
    elif isinstance(sentence, Sequence) and all(isinstance(w, str) for w in sentence):
        words = [w.lower() for w in sentence]
    else:
        raise ValueError(f"sentence: expected a string or a list of words, got {sentence!r:.80}")
    if not words:
        raise Refusal("sentence: expected at least one word, got none", "sentence.empty")
    if len(words) > max_tokens:
        raise Refusal(
            f"sentence: expected at most {max_tokens} words, got {len(words)}",
            "sentence.too_long",
            most=max_tokens,
            n=len(words),
        )
    unknown = list(dict.fromkeys(w for w in words if w not in SOURCE_ID or w == PAD))
    if unknown:
        named = ", ".join(_cut(repr(w)) for w in unknown[:UNKNOWN_NAMED])
        more = max(0, len(unknown) - UNKNOWN_NAMED)
        vocabulary = " ".join(SOURCE_WORDS)
        raise Refusal(
            f"sentence: unknown word(s) {named}{f' and {more} more' if more else ''}; "
            f"the source vocabulary is: {vocabulary}",
            "sentence.unknown",
            words=named,
            more=more,
            vocabulary=vocabulary,
        )
    return tuple(words)


def source_ids(sentences: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray]:
    """Right-padded source ids (B, T) and mask (B, T), 1.0 on real tokens."""
    T = max(len(s) for s in sentences)
    X = np.zeros((len(sentences), T), dtype=np.int64)  # (B, T)
    for b, s in enumerate(sentences):
        X[b, : len(s)] = [SOURCE_ID[w] for w in s]
    return X, (X != PAD_ID).astype(np.float64)


def target_ids(targets: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Teacher-forcing inputs y_{t-1} (B, U), outputs y_t (B, U) and mask (B, U).

    Inputs start with START; outputs end with END (already in each target).
    """
    U = max(len(t) for t in targets)
    Y = np.zeros((len(targets), U), dtype=np.int64)  # (B, U)
    for b, t in enumerate(targets):
        Y[b, : len(t)] = [TARGET_ID[w] for w in t]
    Y_in = np.concatenate([np.full((len(targets), 1), START_ID), Y[:, :-1]], axis=1)  # (B, U)
    mask = (Y != PAD_ID).astype(np.float64)
    Y_in = np.where(mask > 0, Y_in, PAD_ID)
    return Y_in, Y, mask


def target_words(ids: Sequence[int]) -> tuple[str, ...]:
    """Target ids up to and including END, as words."""
    out = []
    for i in ids:
        out.append(TARGET_VOCAB[int(i)])
        if i == END_ID:
            break
    return tuple(out)


# --- Reference translation of a typed sentence -------------------------------------------------


# what the grammar expected where a sentence left it (Refusal "sentence.grammar", field ``expected``), in English
EXPECTED = {
    "determiner": "a determiner ({words})",
    "noun": "an adjective or a noun ({words})",
    "verb": "a verb ({words})",
    "more": "a preposition, a conjunction ({words}) or the end",
}


def reference(sentence: str | Sequence[str]) -> Pair:
    """The rule-based translation and true correspondence of a sentence in the toy grammar.

    Raises ValueError for unknown words (listing the vocabulary) and for
    sentences outside the grammar (saying which word was unexpected).
    """
    words = tokenize(sentence)
    src, tgt, ali = list(words), [], []
    i = 0

    def fail(expected: str, words: Sequence[str]) -> None:
        listed, word = ", ".join(words), src[i] if i < len(src) else None
        got = f"{word!r} at word {i + 1}" if word is not None else "the end of the sentence"
        raise Refusal(
            f"sentence: not in the toy grammar: expected {EXPECTED[expected].format(words=listed)}, got {got}",
            "sentence.grammar",
            expected=expected,
            words=listed,
            word=word,
            at=i + 1 if word is not None else None,
        )

    def noun_phrase() -> None:
        nonlocal i
        if i >= len(src) or src[i] not in DETERMINERS:
            fail("determiner", DETERMINERS)
        det, i = i, i + 1
        adjs = []
        while i < len(src) and src[i] in ADJECTIVES:
            adjs.append(i)
            i += 1
        if i >= len(src) or src[i] not in NOUNS:
            fail("noun", NOUNS)
        word, feminine = NOUNS[src[i]]
        tgt.extend([DETERMINERS[src[det]][feminine], word, *(ADJECTIVES[src[j]] for j in reversed(adjs))])
        ali.extend([det, i, *reversed(adjs)])
        i += 1

    while True:
        noun_phrase()
        if i < len(src) and src[i] in TRANSITIVE:
            tgt.append(TRANSITIVE[src[i]])
            ali.append(i)
            i += 1
            noun_phrase()
        elif i < len(src) and src[i] in INTRANSITIVE:
            tgt.append(INTRANSITIVE[src[i]])
            ali.append(i)
            i += 1
        else:
            fail("verb", [*TRANSITIVE, *INTRANSITIVE])
        if i < len(src) and src[i] in PREPOSITIONS:
            words_ = PREPOSITIONS[src[i]]
            tgt.extend(words_)
            ali.extend([i] + [-1] * (len(words_) - 1))
            i += 1
            noun_phrase()
        if i == len(src):
            break
        if src[i] not in CONJUNCTIONS:
            fail("more", CONJUNCTIONS)
        tgt.append(CONJUNCTIONS[src[i]])
        ali.append(i)
        i += 1
    tgt.append(END)
    ali.append(-1)
    return Pair(tuple(src), tuple(tgt), tuple(ali))
