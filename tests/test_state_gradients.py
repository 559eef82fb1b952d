"""How a scorer learns to depend on the state: dc/ds, and dL/dU, dL/db, dL/ds with and without tanh."""

import numpy as np
import pytest
from hypothesis import given, settings

from core import attend
from core.example import worked_example
from core.gradients import check_gradient, context_state_jacobian, state_gradients
from tests.strategies import problems

EX = worked_example()


@settings(max_examples=60, deadline=None)
@given(problems(max_T=6, max_width=4, max_N=1))
def test_the_state_jacobian_agrees_with_finite_differences_of_each_context_coordinate(p):
    s = p.S[0]
    J = context_state_jacobian(p.H, s, p.params)  # (d_h, d_s)
    assert J.shape == (p.params.d_h, p.params.d_s)
    for k in range(p.params.d_h):
        chk = check_gradient(lambda x, k=k: float(attend(p.H, x, p.params).context[k]), s, J[k])
        assert chk.passed(1e-6), (k, chk.max_rel_error)


def test_dL_ds_is_g_along_the_move_of_the_read():
    for state in ("A", "B"):
        s = EX.states[state]
        J = context_state_jacobian(EX.H, s, EX.params)
        np.testing.assert_allclose(state_gradients(EX.H, s, EX.params, EX.g)["dL_ds"], EX.g @ J, rtol=1e-13)


@settings(max_examples=80, deadline=None)
@given(problems(max_T=8, max_width=5, max_N=1))
def test_without_tanh_the_state_gradients_are_zero(p):
    rng = np.random.default_rng(0)
    g = rng.standard_normal(p.params.d_h)
    grads = state_gradients(p.H, p.S[0], p.params, g, f="identity")
    # each is (sum_j dL/de_j) times a fixed vector: zero up to rounding of the terms of that sum
    scale = np.abs(p.H).max() * np.abs(g).sum() * max(1.0, np.abs(p.params.v).max()) * max(1.0, np.abs(p.S).max())
    for name, value in grads.items():
        assert np.abs(value).max() <= 1e-13 * max(scale, 1.0), name


@pytest.mark.parametrize("state", ["A", "B"])
def test_in_our_example_they_vanish_without_tanh_and_not_with_it(state):
    s = EX.states[state]
    with_tanh = state_gradients(EX.H, s, EX.params, EX.g)
    without = state_gradients(EX.H, s, EX.params, EX.g, f="identity")
    for name in ("dL_dU", "dL_db", "dL_ds"):
        assert np.abs(with_tanh[name]).max() > 0.05, name
        assert np.abs(without[name]).max() < 1e-15, name
    # the finite differences agree: without tanh, moving s does not move the read at all
    fd = check_gradient(lambda x: float(EX.g @ attend(EX.H, x, EX.params, f="identity").context), s, without["dL_ds"])
    assert np.abs(fd.numeric).max() < 1e-10
