"""Keys, values and self-attention on the additive scorer: properties on random problems, and the worked example."""

from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.example import report, worked_example
from core.masks import causal_mask
from core.reading import attend
from core.self_attention import key_value_read, reorder_gap, rows_read_as_states, self_attention
from tests.strategies import Problem, matrix, problems

patient = settings(deadline=None)  # no deadline: a busy machine's timing is not a property

REPORT = report()


@dataclass
class Projections:
    W_Q: np.ndarray  # (d_s, d_h)
    W_K: np.ndarray  # (d_h, d_h)
    W_V: np.ndarray  # (d_v, d_h)


@st.composite
def with_projections(draw, max_T: int = 10) -> tuple[Problem, Projections]:
    prob = draw(problems(max_T=max_T, max_width=5, max_N=3))
    d_h, d_s = prob.H.shape[1], prob.params.d_s
    d_v = draw(st.integers(1, 5))
    return prob, Projections(draw(matrix(d_s, d_h)), draw(matrix(d_h, d_h)), draw(matrix(d_v, d_h)))


@st.composite
def masks(draw, T: int) -> np.ndarray:
    visible = draw(arrays(np.bool_, (T, T)))
    visible[np.arange(T), np.arange(T)] = True  # every position may at least read itself
    return visible


@patient
@given(problems(max_T=10))
def test_with_keys_and_values_both_the_sources_it_is_the_additive_read(prob):
    I = np.eye(prob.H.shape[1])
    kv, r = key_value_read(prob.H, prob.S, prob.params, I, I), attend(prob.H, prob.S, prob.params)
    np.testing.assert_allclose(kv.scores, r.scores, rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(kv.weights, r.weights, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(kv.context, r.context, rtol=1e-12, atol=1e-12)


@patient
@given(with_projections())
def test_keys_decide_the_weights_values_decide_what_is_read(case):
    prob, p = case
    I = np.eye(prob.H.shape[1])
    plain = attend(prob.H, prob.S, prob.params)
    # keys = h_j, any values: the article's weights, and the context is W_V applied to its context
    kv = key_value_read(prob.H, prob.S, prob.params, I, p.W_V)
    np.testing.assert_allclose(kv.weights, plain.weights, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(kv.context, plain.context @ p.W_V.T, rtol=1e-9, atol=1e-9)
    # any keys: the weights are the additive read of the keys, and they sum to 1
    kv = key_value_read(prob.H, prob.S, prob.params, p.W_K, p.W_V)
    np.testing.assert_allclose(kv.weights, attend(kv.keys, prob.S, prob.params).weights, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(kv.weights.sum(axis=-1), 1.0, atol=1e-12)
    np.testing.assert_allclose(kv.context, kv.weights @ kv.values, rtol=1e-12, atol=1e-12)


@patient
@given(with_projections(), st.data())
def test_self_attention_rows_sum_to_one_and_masked_pairs_get_exactly_zero(case, data):
    prob, p = case
    visible = data.draw(masks(prob.H.shape[0]))
    sa = self_attention(prob.H, prob.params, p.W_Q, p.W_K, p.W_V, visible)
    assert sa.weights.shape == (prob.H.shape[0],) * 2
    assert np.all(sa.weights[~visible] == 0.0)
    assert np.all(sa.weights >= 0.0)
    np.testing.assert_allclose(sa.weights.sum(axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(sa.contexts, sa.weights @ sa.values, rtol=1e-12, atol=1e-12)


@patient
@given(with_projections())
def test_each_row_is_the_key_value_read_of_a_state_equal_to_that_positions_query(case):
    prob, p = case
    sa = self_attention(prob.H, prob.params, p.W_Q, p.W_K, p.W_V)
    kv = key_value_read(prob.H, sa.queries, prob.params, p.W_K, p.W_V)  # N = T states: the queries
    np.testing.assert_allclose(sa.weights, kv.weights, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(sa.contexts, kv.context, rtol=1e-12, atol=1e-12)


@patient
@given(with_projections(), st.randoms(use_true_random=False))
def test_reordering_the_positions_reorders_the_rows_and_columns_alike(case, rnd):
    prob, p = case
    T = prob.H.shape[0]
    perm = np.array(rnd.sample(range(T), T))
    sa = self_attention(prob.H, prob.params, p.W_Q, p.W_K, p.W_V)
    moved = self_attention(prob.H[perm], prob.params, p.W_Q, p.W_K, p.W_V)
    np.testing.assert_allclose(moved.weights, sa.weights[np.ix_(perm, perm)], rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(moved.contexts, sa.contexts[perm], rtol=1e-12, atol=1e-12)
    assert reorder_gap(prob.H, prob.params, p.W_Q, p.W_K, p.W_V, perm) <= 1e-12


@patient
@given(with_projections())
def test_with_a_causal_mask_position_i_reads_as_if_the_sentence_ended_at_i(case):
    prob, p = case
    T = prob.H.shape[0]
    sa = self_attention(prob.H, prob.params, p.W_Q, p.W_K, p.W_V, causal_mask(T))
    for i in range(T):
        prefix = self_attention(prob.H[: i + 1], prob.params, p.W_Q, p.W_K, p.W_V)
        np.testing.assert_allclose(sa.weights[i, : i + 1], prefix.weights[i], rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(sa.contexts[i], prefix.contexts[i], rtol=1e-12, atol=1e-12)


def test_on_the_worked_example_the_query_w_q_h_i_with_w_q_1_1_asks_the_questions_of_states_a_and_b():
    ex = worked_example()
    I = np.eye(2)
    sa = self_attention(ex.H, ex.params, [[1.0, 1.0]], I, I)
    np.testing.assert_allclose(sa.queries[:, 0], [-1.0, 0.0, 1.0])  # I, like, cats
    np.testing.assert_allclose(sa.weights[0], REPORT["readings"]["A"]["weights"], rtol=1e-13)
    np.testing.assert_allclose(sa.weights[2], REPORT["readings"]["B"]["weights"], rtol=1e-13)
    # keys -h_j reverse the positions' places in the score: state A now reads "cats" most
    kv = key_value_read(ex.H, [-1.0], ex.params, -I, I)
    np.testing.assert_allclose(kv.weights, REPORT["readings"]["A"]["weights"][::-1], rtol=1e-13)
    # a causal mask depends on where a word stands: reversing the sentence changes the weights
    assert reorder_gap(ex.H, ex.params, [[1.0, 1.0]], I, I, [2, 1, 0], causal_mask(3)) > 0.1
    assert reorder_gap(ex.H, ex.params, [[1.0, 1.0]], I, I, [2, 1, 0]) <= 1e-15


@pytest.mark.parametrize(
    "W_Q, W_K, W_V, fragment",
    [
        ([[1.0, 1.0]], np.eye(3), np.eye(2), "W_K"),
        ([[1.0, 1.0]], np.eye(2), [[np.nan, 0.0]], "W_V: expected finite"),
        ([[1.0, 1.0, 1.0]], np.eye(2), np.eye(2), "W_Q"),
    ],
)
def test_projections_of_the_wrong_shape_are_refused_by_name(W_Q, W_K, W_V, fragment):
    ex = worked_example()
    with pytest.raises(ValueError, match=fragment):
        self_attention(ex.H, ex.params, W_Q, W_K, W_V)


def test_a_mask_of_the_wrong_shape_or_an_order_that_is_not_a_rearrangement_is_refused():
    ex = worked_example()
    I = np.eye(2)
    with pytest.raises(ValueError, match="visible"):
        self_attention(ex.H, ex.params, [[1.0, 1.0]], I, I, causal_mask(4))
    with pytest.raises(ValueError, match="order"):
        reorder_gap(ex.H, ex.params, [[1.0, 1.0]], I, I, [0, 0, 1])


def test_rows_read_as_states_names_the_rows_that_are_a_states_reading_and_no_other():
    ex = worked_example()
    I = np.eye(2)
    full = self_attention(ex.H, ex.params, [[1.0, 1.0]], I, I)
    assert rows_read_as_states(full, ex.params, ex.states) == ["A", "", "B"]
    # the causal mask hides part of the rows of I and like: only cats still reads as B does
    causal = self_attention(ex.H, ex.params, [[1.0, 1.0]], I, I, causal_mask(3))
    assert rows_read_as_states(causal, ex.params, ex.states) == ["", "", "B"]
    # keys -h_j: the rows are the states' readings of those keys
    flipped = self_attention(ex.H, ex.params, [[1.0, 1.0]], -I, I)
    assert rows_read_as_states(flipped, ex.params, ex.states) == ["A", "", "B"]
    np.testing.assert_allclose(flipped.weights[0], REPORT["readings"]["A"]["weights"][::-1], rtol=1e-13)
