"""What hard selection and global soft attention cost (section 4)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.costs import (
    global_count,
    global_mask,
    local_count,
    local_mask,
    positive_weights,
    slopes,
    sweep_score,
)
from core.gradients import check_gradient
from core.reading import hard_read, read

finite = st.floats(-3.0, 3.0, allow_nan=False, width=64)


@st.composite
def reads(draw, min_T=2, max_T=8):
    """Sources H: (T, d_h), scores e: (T,), probe g: (d_h,), a position k."""
    T = draw(st.integers(min_T, max_T))
    d_h = draw(st.integers(1, 4))
    H = draw(arrays(np.float64, (T, d_h), elements=finite))
    e = draw(arrays(np.float64, T, elements=finite))
    g = draw(arrays(np.float64, d_h, elements=finite))
    return H, e, g, draw(st.integers(0, T - 1))


@given(reads(), arrays(np.float64, 12, elements=st.floats(-6.0, 6.0, allow_nan=False, width=64)))
def test_the_hard_read_has_zero_slope_away_from_its_switch_and_jumps_there(problem, values):
    H, e, g, k = problem
    sw = sweep_score(H, e, g, k, values)
    away = np.abs(values - sw.switch) > 1e-5
    assert np.all(sw.hard_slope[away] == 0.0)
    # the read is the hard read of each set of scores
    for x, L in zip(values, sw.hard, strict=True):
        f = e.copy()
        f[k] = x
        assert L == pytest.approx(float(hard_read(H, f).context @ g), abs=1e-12)
    # above the switch position k is read; below it, the first of the largest others
    others = np.delete(np.arange(len(e)), k)
    best = others[np.argmax(e[others])]
    assert sw.jump == pytest.approx(float(g @ (H[k] - H[best])), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(reads(), st.floats(-4.0, 4.0, allow_nan=False, width=64))
def test_the_soft_slope_agrees_with_finite_differences(problem, x):
    H, e, g, k = problem
    sw = sweep_score(H, e, g, k, [x])

    def loss(v):
        f = e.copy()
        f[k] = v[0]
        return float(read(H, f).context @ g)

    assert check_gradient(loss, [x], sw.soft_slope).passed()
    assert sw.soft[0] == pytest.approx(loss([x]), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(reads())
def test_slopes_soft_matches_finite_differences_and_hard_is_zero_off_a_switch(problem):
    H, e, g, _ = problem
    s = slopes(H, e, g)
    assert s.soft.passed()
    np.testing.assert_allclose(s.soft.analytic, s.soft.numeric, atol=1e-8 * max(1.0, np.abs(g).sum() * np.abs(H).max()))
    if not s.at_switch:
        assert np.all(s.hard_numeric == 0.0)


def test_the_soft_slope_is_not_zero_where_the_hard_one_is():
    H = np.array([[-1.0, 0.0], [1.0, -1.0], [0.0, 1.0]])
    s = slopes(H, [2.0, 1.0, 0.0], [1.0, -0.5])
    assert not s.at_switch
    assert np.all(s.hard_numeric == 0.0)
    assert np.all(np.abs(s.soft.analytic) > 1e-3)


def test_at_a_tie_the_hard_read_jumps_and_the_finite_difference_blows_up():
    H = np.array([[-1.0, 0.0], [1.0, -1.0]])
    s = slopes(H, [1.0, 1.0], [1.0, 0.0])
    assert s.at_switch
    assert np.abs(s.hard_numeric).max() > 1e3  # a jump of 2 over a step of about 1e-4


def test_the_check_fails_on_a_wrong_soft_slope():
    """Negative control: alpha_k g^T h_k (the -c term dropped) is caught by the finite differences."""
    H = np.array([[-1.0, 0.0], [1.0, -1.0], [0.0, 1.0]])
    e, g, k = np.array([2.0, 1.0, 0.0]), np.array([1.0, -0.5]), 1
    r = read(H, e)
    wrong = r.weights[k] * (g @ H[k])

    def loss(v):
        f = e.copy()
        f[k] = v[0]
        return float(read(H, f).context @ g)

    assert not check_gradient(loss, [e[k]], [wrong]).passed()
    assert check_gradient(loss, [e[k]], sweep_score(H, e, g, k, [e[k]]).soft_slope).passed()


@given(st.integers(1, 60), st.integers(1, 60), st.integers(0, 30))
def test_counts_global_is_every_pair_and_local_a_window(T, T_prime, D):
    assert global_count(T, T_prime) == T * T_prime == int(global_mask(T, T_prime).sum())
    mask = local_mask(T, T_prime, D)
    assert mask.shape == (T_prime, T)
    assert local_count(T, T_prime, D) == int(mask.sum()) <= T_prime * min(2 * D + 1, T)
    for t, row in enumerate(mask, start=1):
        cols = np.flatnonzero(row) + 1
        p = min(t, T)
        assert p in cols and np.all(np.diff(cols) == 1)  # a contiguous window around p_t
        assert len(cols) == min(p + D, T) - max(p - D, 1) + 1
    if D >= T - 1:
        assert local_count(T, T_prime, D) == global_count(T, T_prime)
    assert local_count(T, T_prime, D) <= local_count(T, T_prime, D + 1)


@given(st.integers(1, 60), st.integers(1, 60), st.integers(0, 30))
def test_global_work_grows_with_the_source_local_work_not_beyond_the_windows(T, T_prime, D):
    assert global_count(T + 1, T_prime) - global_count(T, T_prime) == T_prime
    if T > T_prime + D:  # no window reaches the last source position: one more adds no local score
        assert local_count(T + 1, T_prime, D) == local_count(T, T_prime, D)


def test_soft_weights_are_all_positive_unless_exp_underflows():
    assert positive_weights(read(np.eye(3), [3.0, -2.0, 0.5]).weights) == 3
    assert positive_weights(read(np.eye(3), [0.0, -800.0, 0.5]).weights) == 2  # exp(-800) is 0 in float64
    assert positive_weights(hard_read(np.eye(3), [3.0, -2.0, 0.5]).weights) == 1


@pytest.mark.parametrize("args", [(0, 3), (3, 0), (2.5, 3), (True, 3)])
def test_bad_lengths_are_refused(args):
    with pytest.raises(ValueError, match="whole number"):
        global_count(*args)


def test_bad_inputs_are_refused():
    H = np.eye(2)
    with pytest.raises(ValueError, match="k:"):
        sweep_score(H, [0.0, 1.0], [1.0, 0.0], 2, [0.0])
    with pytest.raises(ValueError, match="at least two"):
        sweep_score([[1.0, 0.0]], [0.0], [1.0, 0.0], 0, [0.0])
    with pytest.raises(ValueError, match="D:"):
        local_count(3, 3, -1)
