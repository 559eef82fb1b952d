import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core import softmax

scores = arrays(
    np.float64,
    st.tuples(st.integers(1, 4), st.integers(1, 20)),
    elements=st.floats(-1e3, 1e3, allow_nan=False, width=64),
)


@given(scores)
def test_weights_are_positive_and_sum_to_one(e):
    w = softmax(e)
    assert np.all(w >= 0) and np.all(w.max(axis=-1) > 0)
    np.testing.assert_allclose(w.sum(axis=-1), 1.0, rtol=0, atol=1e-12)


@given(scores, st.integers(-(2**20), 2**20))
def test_adding_one_constant_to_every_score_changes_nothing(e, shift):
    # An integer shift is exact in float64 for these scores, so the shifted
    # inputs after max-subtraction are bit-identical: invariance is exact.
    e = np.round(e)
    np.testing.assert_array_equal(softmax(e + shift), softmax(e))


@given(scores, st.floats(-1e6, 1e6, allow_nan=False))
def test_shift_invariance_for_any_real_constant(e, shift):
    np.testing.assert_allclose(softmax(e + shift), softmax(e), atol=1e-6)


def test_extreme_finite_scores_stay_finite():
    w = softmax(np.array([1e308, -1e308, 1e308]))
    np.testing.assert_array_equal(w, [0.5, 0.0, 0.5])
    assert np.all(np.isfinite(softmax(np.array([-1e308, -1e308]))))


def test_single_position_gets_all_weight():
    np.testing.assert_array_equal(softmax([3.7]), [1.0])


@pytest.mark.parametrize(
    "bad, message",
    [
        ([], "T >= 1"),
        ([1.0, np.nan], "NaN"),
        ([1.0, np.inf], "inf"),
        (["a", "b"], "real numbers"),
        (3.0, "1-D"),
    ],
)
def test_bad_scores_raise_value_error_naming_the_argument(bad, message):
    with pytest.raises(ValueError, match=message) as info:
        softmax(bad)
    assert str(info.value).startswith("scores")
