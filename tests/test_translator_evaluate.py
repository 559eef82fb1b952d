"""Counting reversed neighbours in an alignment: by hand, and against the crossing pairs it summarises."""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import core.translator as translator
from core.translator import adjacent_reversals
from core.translator.evaluate import argmax_hits

positions = st.lists(st.integers(-1, 8), max_size=12)  # -1: a target token with no source word


def crossing_pairs(alignment):
    """Target pairs i < k whose source words are in the opposite order (inversions), by brute force."""
    aligned = [j for j in alignment if j >= 0]
    return sum(a > b for a, b in itertools.combinations(aligned, 2))


@pytest.mark.parametrize(
    "alignment, expected",
    [
        ((), 0),
        ((-1, -1), 0),
        ((0, 1, 2, -1), 0),  # a cat runs -> un chat court </s>
        ((0, 2, 1, 3, -1), 1),  # the red cat sleeps -> le chat rouge dort </s>
        ((0, 3, 2, 1, 4, 5, 7, 6, -1), 3),  # the big red cat sees a small dog -> le chat rouge grand voit ...
        ((2, 1, 0), 2),
        ((1, -1, 0), 1),  # an inserted word between them does not separate the neighbours
        ((1, 1, 0, 0), 1),  # two target tokens from one source word are not reversed
    ],
)
def test_counted_by_hand(alignment, expected):
    assert adjacent_reversals(alignment) == expected


def test_the_toy_grammar_reorders_adjectives():
    pair = translator.reference("the big red cat sees a small dog")
    assert adjacent_reversals(pair.alignment) == 3
    assert adjacent_reversals(translator.reference("a cat runs").alignment) == 0


@given(positions, st.data())
def test_tokens_without_a_source_word_do_not_count(alignment, data):
    where = data.draw(st.integers(0, len(alignment)))
    assert adjacent_reversals([*alignment[:where], -1, *alignment[where:]]) == adjacent_reversals(alignment)


@given(st.lists(st.integers(0, 30), unique=True, max_size=12))
def test_each_neighbouring_pair_is_either_reversed_or_in_order(alignment):
    total = adjacent_reversals(alignment) + adjacent_reversals(alignment[::-1])
    assert total == max(len(alignment) - 1, 0)


@given(positions)
def test_a_summary_of_the_crossing_pairs(alignment):
    n = adjacent_reversals(alignment)
    assert 0 <= n <= crossing_pairs(alignment)
    assert (n == 0) == (crossing_pairs(alignment) == 0)  # no reversed neighbour iff the order is kept throughout


def test_argmax_hits_counts_the_aligned_tokens_whose_largest_weight_is_their_source_word():
    weights = np.array(
        [
            [0.7, 0.2, 0.1],  # le -> 0: hit
            [0.1, 0.3, 0.6],  # chat -> 1: miss (largest on 2)
            [0.2, 0.5, 0.3],  # inserted word: not counted
            [0.1, 0.1, 0.8],  # </s>-like row beyond the alignment: not counted
        ]
    )
    assert argmax_hits(weights, (0, 1, -1)) == (1, 2)
    assert argmax_hits(np.eye(3), (0, 1, 2)) == (3, 3)
    assert argmax_hits(np.eye(3)[::-1], (0, 1, 2)) == (1, 3)
