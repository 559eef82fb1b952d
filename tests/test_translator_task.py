import pickle
import random
from collections import Counter

import pytest

from core.refusal import Refusal
from core.translator import task


def test_generation_is_deterministic_and_seeded():
    a = task.generate("test", 60, seed=3)
    b = task.generate("test", 60, seed=3)
    c = task.generate("test", 60, seed=4)
    assert a == b
    assert a != c


def test_sets_are_disjoint_and_lengths_in_range():
    sources = {name: {p.source for p in task.dataset(name)} for name in task.SET_SIZES}
    names = list(sources)
    for i, x in enumerate(names):
        for y in names[i + 1 :]:
            assert not sources[x] & sources[y], (x, y)
    lo, hi = task.TRAIN_LENGTHS
    for name in ("train", "valid", "test"):
        lengths = [len(s) for s in sources[name]]
        assert min(lengths) == lo and max(lengths) == hi
        assert all(task.split_of(s) == name for s in sources[name])
    long_lengths = [len(s) for s in sources["long"]]
    assert min(long_lengths) > hi and max(long_lengths) == task.LONG_LENGTHS[1]


def test_lengths_spread_evenly_over_the_range():
    counts = Counter(len(p.source) for p in task.dataset("test"))
    middle = [counts[L] for L in range(6, task.TRAIN_LENGTHS[1] + 1)]
    assert max(middle) - min(middle) <= 2  # uniform where there are enough distinct sentences


def _translation_of(word: str) -> set[str]:
    """Every target word a source word can become (independent of the generator's code path)."""
    if word in task.DETERMINERS:
        return set(task.DETERMINERS[word])
    for table in (task.ADJECTIVES, task.TRANSITIVE, task.INTRANSITIVE, task.CONJUNCTIONS):
        if word in table:
            return {table[word]}
    if word in task.NOUNS:
        return {task.NOUNS[word][0]}
    return {task.PREPOSITIONS[word][0]}


@pytest.mark.parametrize("split", ["test", "long"])
def test_true_correspondence_is_a_translation_of_each_word(split):
    for p in task.dataset(split):
        assert len(p.alignment) == len(p.target) and p.target[-1] == task.END and p.alignment[-1] == -1
        aligned = [j for j in p.alignment if j >= 0]
        assert sorted(aligned) == list(range(len(p.source)))  # every source word translated exactly once
        for t, j in enumerate(p.alignment):
            if j >= 0:
                assert p.target[t] in _translation_of(p.source[j]), (p.text, t)
            elif t < len(p.target) - 1:  # the only inserted word: "de" after "pres"
                assert p.target[t] == "de" and p.target[t - 1] == "pres"


def test_determiner_agrees_with_the_noun_that_follows_it():
    for p in task.dataset("test")[:200]:
        for t, j in enumerate(p.alignment):
            if j >= 0 and p.source[j] in task.DETERMINERS:
                noun = next(w for w in p.source[j:] if w in task.NOUNS)
                assert p.target[t] == task.DETERMINERS[p.source[j]][task.NOUNS[noun][1]]


def test_adjectives_follow_the_noun_in_mirror_order_so_alignments_cross():
    pair = task.reference("the big red cat sleeps")
    assert pair.target == ("le", "chat", "rouge", "grand", "dort", "</s>")
    assert pair.alignment == (0, 3, 2, 1, 4, -1)
    crossing = sum(
        any(a > b >= 0 for b in p.alignment[i + 1 :])
        for p in task.dataset("test")
        for i, a in enumerate(p.alignment)
        if a >= 0
    )
    assert crossing > 1000


@pytest.mark.parametrize(
    "typed",
    [
        "The cat sleeps!",
        "the cat sleeps?",
        "The cat sleeps !",
        "the cat, sleeps;",
        "The cat sleeps。",
        "the cat sleeps？",
    ],
)
def test_a_sentence_ended_or_punctuated_as_a_reader_writes_it_is_read_without_its_marks(typed):
    assert task.tokenize(typed) == ("the", "cat", "sleeps")


def test_parser_agrees_with_the_generator():
    for name in ("test", "long", "valid"):
        for p in task.dataset(name):
            assert task.reference(p.source) == p


def test_tokenize_lists_the_vocabulary_for_unknown_words():
    assert task.tokenize("The cat sleeps.") == ("the", "cat", "sleeps")
    with pytest.raises(ValueError, match="unknown word.*'zebra'.*vocabulary is: the a") as err:
        task.tokenize("the zebra sleeps")
    assert all(w in str(err.value) for w in task.SOURCE_WORDS)
    for bad in ("", "   ", 3, ["cat", 4]):
        with pytest.raises(ValueError, match="sentence"):
            task.tokenize(bad)
    with pytest.raises(ValueError, match="sentence: .*<pad>"):
        task.tokenize("the <pad> sleeps")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [("the cat", "a verb"), ("cat sleeps", "a determiner"), ("the cat sleeps the dog", "a preposition, a conjunction")],
)
def test_reference_rejects_sentences_outside_the_grammar(sentence, expected):
    with pytest.raises(ValueError, match=f"sentence: not in the toy grammar: expected {expected}"):
        task.reference(sentence)


def test_generate_validates_arguments():
    with pytest.raises(ValueError, match="split"):
        task.generate("dev", 3)
    with pytest.raises(ValueError, match="n:"):
        task.generate("test", -1)
    with pytest.raises(ValueError, match="length"):
        task.sentence_of_length(random.Random(0), 2)


@pytest.mark.parametrize(
    ("sentence", "code", "fields"),
    [
        ("", "sentence.empty", {}),
        ("the cat sleeps " * 20, "sentence.too_long", {"most": 40, "n": 60}),
        ("the big zebra sleeps", "sentence.unknown", {"words": "'zebra'", "more": 0}),
        ("aa bb cc dd ee", "sentence.unknown", {"words": "'aa', 'bb', 'cc'", "more": 2}),
        ("cat sleeps", "sentence.grammar", {"expected": "determiner", "word": "cat", "at": 1}),
        ("the big sleeps", "sentence.grammar", {"expected": "noun", "word": "sleeps", "at": 3}),
        ("the cat dog", "sentence.grammar", {"expected": "verb", "word": "dog", "at": 3}),
        ("the cat sleeps the dog", "sentence.grammar", {"expected": "more", "word": "the", "at": 4}),
        ("the cat sees", "sentence.grammar", {"expected": "determiner", "word": None, "at": None}),
    ],
)
def test_a_refused_sentence_says_why_as_a_code_and_the_details_its_english_names(sentence, code, fields):
    with pytest.raises(Refusal) as caught:
        task.reference(sentence)
    refusal = caught.value
    assert refusal.code == code and fields.items() <= refusal.fields.items()
    for value in refusal.fields.values():  # every detail is in core's English sentence
        if value not in (None, 0) and not (code == "sentence.grammar" and value in task.EXPECTED):
            assert str(value) in str(refusal), (value, str(refusal))
    if code == "sentence.unknown":
        assert refusal.fields["vocabulary"] == " ".join(task.SOURCE_WORDS)
    again = pickle.loads(pickle.dumps(refusal))  # a cached result holds it
    assert (type(again), str(again), again.code, again.fields) == (Refusal, str(refusal), code, refusal.fields)
