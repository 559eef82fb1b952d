import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import attend, hard_read, raw_weighted_sum, read
from core.reading import identical_sources, normalised, read_with, shift_change
from core.scorers import AdditiveParams
from tests.strategies import problems


def in_convex_hull(point, H, directions=2000, tol=1e-9):
    """Whether no hyperplane separates point from the rows of H, over many directions.

    A point in the convex hull satisfies u^T c <= max_j u^T h_j for every
    direction u; a point outside violates it for the normals of a separating
    hyperplane, which random directions (plus the coordinate axes) find.
    """
    rng = np.random.default_rng(0)
    U = np.vstack([rng.normal(size=(directions, H.shape[1])), np.eye(H.shape[1]), -np.eye(H.shape[1])])
    scale = 1 + np.abs(H).max()
    return bool(np.all(U @ point <= (U @ H.T).max(axis=1) + tol * scale))


@given(problems())
def test_weights_positive_sum_to_one_and_each_context_in_the_convex_hull(prob):
    r = attend(prob.H, prob.S, prob.params)
    assert np.all(r.weights >= 0)
    np.testing.assert_allclose(r.weights.sum(axis=1), 1.0, atol=1e-12)
    for n, context in enumerate(r.context):
        assert in_convex_hull(context, prob.H), n
    # one state alone (1-D arrays) reads what it reads in the batch
    np.testing.assert_allclose(attend(prob.H, prob.S[0], prob.params).context, r.context[0], rtol=1e-12, atol=1e-12)


def test_context_is_the_weighted_sum_written_out():
    H = [[1.0, 0.0], [0.0, 1.0], [2.0, -2.0]]
    # exp of the scores is (1, 2, 3): weights 1/6, 2/6, 3/6; equal scores weigh 1/3 each
    r = read(H, [[0.0, math.log(2), math.log(3)], [5.0, 5.0, 5.0]])
    np.testing.assert_allclose(r.weights, [[1 / 6, 2 / 6, 3 / 6], [1 / 3, 1 / 3, 1 / 3]], rtol=1e-14)
    # c = 1/6 (1, 0) + 2/6 (0, 1) + 3/6 (2, -2) = (7/6, -4/6);  c = (1 + 0 + 2, 0 + 1 - 2) / 3 = (1, -1/3)
    np.testing.assert_allclose(r.context, [[7 / 6, -4 / 6], [1.0, -1 / 3]], rtol=1e-14)


def test_convex_hull_check_can_fail():
    H = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    assert in_convex_hull(np.array([0.2, 0.2]), H)
    assert not in_convex_hull(np.array([0.8, 0.8]), H)


@given(problems(max_N=1), st.randoms())
def test_permuting_sources_permutes_weights_and_keeps_context(prob, rnd):
    perm = list(range(prob.H.shape[0]))
    rnd.shuffle(perm)
    a = attend(prob.H, prob.S, prob.params)
    b = attend(prob.H[perm], prob.S, prob.params)
    np.testing.assert_allclose(b.weights, a.weights[:, perm], atol=1e-12)
    np.testing.assert_allclose(b.context, a.context, atol=1e-12)


def test_identical_sources_give_the_same_context_for_any_weights():
    H = np.tile([0.3, -1.2], (4, 1))
    for scores in ([0, 0, 0, 0], [5, -2, 1, 0], [-100, 100, 3, 3]):
        np.testing.assert_allclose(read(H, scores).context, [0.3, -1.2], atol=1e-12)


def test_raw_weighted_sum_can_leave_the_hull_and_scale_with_the_scores():
    H = np.array([[1.0, 0.0], [0.0, 1.0]])
    r = raw_weighted_sum(H, [2.0, -1.0])
    np.testing.assert_allclose(r.weights, [2.0, -1.0])
    np.testing.assert_allclose(r.context, [2.0, -1.0])
    np.testing.assert_allclose(raw_weighted_sum(H, [4.0, -2.0]).context, 2 * r.context)
    np.testing.assert_allclose(read(H, [4.0, -2.0]).weights.sum(), 1.0)


def test_hard_read_jumps_at_a_switching_boundary_while_soft_read_moves_continuously():
    H = np.array([[0.0, 0.0], [1.0, 1.0]])
    below, above = [0.0, -1e-9], [0.0, 1e-9]
    np.testing.assert_array_equal(hard_read(H, below).context, [0.0, 0.0])
    np.testing.assert_array_equal(hard_read(H, above).context, [1.0, 1.0])
    gap = np.abs(read(H, above).context - read(H, below).context).max()
    assert gap < 1e-9
    np.testing.assert_array_equal(hard_read(H, [[1.0, 0.0], [0.0, 1.0]]).weights, [[1, 0], [0, 1]])


@given(problems())
def test_identical_sources_give_the_same_context_whatever_the_weights(prob):
    # the weights move with the state on the real sources; on T copies of h_1 every read is h_1
    real = attend(prob.H, prob.S, prob.params)
    same = read_with(identical_sources(prob.H), real.weights)
    np.testing.assert_allclose(same.context, np.broadcast_to(prob.H[0], same.context.shape), rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(same.weights, real.weights)


def test_read_with_given_weights_is_the_weighted_sum_and_normalised_divides_by_the_total():
    H = [[1.0, 0.0], [0.0, 1.0], [2.0, -2.0]]
    w = normalised([1.0, 2.0, 3.0])
    np.testing.assert_allclose(w, [1 / 6, 2 / 6, 3 / 6], rtol=1e-15)
    np.testing.assert_allclose(read_with(H, w).context, [7 / 6, -4 / 6], rtol=1e-14)
    np.testing.assert_allclose(identical_sources(H, 2), [[2.0, -2.0]] * 3)
    for bad in ([0.0, 0.0, 0.0], [1.0, -1.0, 1.0], [1.0, math.nan, 1.0]):
        with pytest.raises(ValueError):
            normalised(bad)


@given(problems(), st.floats(-50, 50))
def test_shift_change_is_the_largest_weight_change_a_shared_shift_makes(prob, shift):
    base = attend(prob.H, prob.S, prob.params)
    shifted = read(prob.H, base.scores + shift)
    expected = max(abs(a - b) for a, b in zip(base.weights.ravel(), shifted.weights.ravel(), strict=True))
    assert shift_change(prob.H, prob.S, prob.params, shift) == expected
    assert 0.0 <= shift_change(prob.H, prob.S, prob.params, shift) < 1e-12  # Softmax ignores a shared shift


def test_shift_change_with_another_nonlinearity_scores_with_it():
    H, S = [[1.0, 0.0], [0.0, 1.0], [2.0, -2.0]], [[-1.0], [0.5]]
    params = AdditiveParams.checked(W=[[1.0, -1.0], [0.5, 2.0]], U=[[1.0], [-2.0]], v=[1.0, -1.0], b=[0.0, 0.3])
    for f in ("tanh", "relu", "identity"):
        base = attend(H, S, params, f)
        shifted = read(H, base.scores + 7.5)
        assert shift_change(H, S, params, 7.5, f) == float(np.abs(base.weights - shifted.weights).max())
