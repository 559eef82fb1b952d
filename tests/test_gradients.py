from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core import attend, read
from core.gradients import (
    OutputLayer,
    attention_backward,
    check_gradient,
    context_jacobian,
    finite_difference,
    prediction_loss,
)
from core.scorers import NONLINEARITIES, AdditiveParams
from tests.strategies import Problem, finite, problems

TOL = 1e-6


def probe(prob: Problem, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).normal(size=(prob.S.shape[0], prob.H.shape[1]))


def linear_loss_of(prob: Problem, g: np.ndarray, f: str = "tanh", **changes) -> float:
    H = changes.pop("H", prob.H)
    S = changes.pop("S", prob.S)
    return float(np.sum(g * attend(H, S, replace(prob.params, **changes), f).context))


@settings(max_examples=60, deadline=None)
@given(problems(), st.sampled_from(["tanh", "identity"]))
def test_every_gradient_matches_finite_differences(prob, f):
    g = probe(prob)
    reading, grads = attention_backward(prob.H, prob.S, prob.params, g, f)
    checks = {
        "scores": check_gradient(lambda e: float(np.sum(g * read(prob.H, e).context)), reading.scores, grads.scores),
        "S": check_gradient(lambda S: linear_loss_of(prob, g, f, S=S), prob.S, grads.S),
        "H": check_gradient(lambda H: linear_loss_of(prob, g, f, H=H), prob.H, grads.H),
    }
    for name in ("W", "U", "v", "b"):
        checks[name] = check_gradient(
            lambda x, name=name: linear_loss_of(prob, g, f, **{name: x}),
            getattr(prob.params, name),
            getattr(grads, name),
        )
    worst = {k: c.max_rel_error for k, c in checks.items()}
    assert max(worst.values()) <= TOL, worst


@given(problems())
def test_score_gradients_sum_to_zero(prob):
    _, grads = attention_backward(prob.H, prob.S, prob.params, probe(prob))
    np.testing.assert_allclose(grads.scores.sum(axis=1), 0.0, atol=1e-12)


@given(problems(max_N=1))
def test_jacobian_columns_are_alpha_times_h_minus_c(prob):
    r = attend(prob.H, prob.S[0], prob.params)
    J = context_jacobian(prob.H, r.weights)
    assert J.shape == (prob.H.shape[1], prob.H.shape[0])
    for j in range(prob.H.shape[0]):
        np.testing.assert_allclose(J[:, j], r.weights[j] * (prob.H[j] - r.context), atol=1e-12)
    # and it is the derivative: each column against finite differences of c
    for i in range(prob.H.shape[1]):
        chk = check_gradient(lambda e, i=i: float(read(prob.H, e).context[i]), r.scores, J[i])
        assert chk.passed(TOL)


def test_relu_gradients_match_away_from_kinks():
    rng = np.random.default_rng(3)
    prob = Problem(
        H=rng.normal(size=(5, 3)),
        S=rng.normal(size=(2, 2)),
        params=AdditiveParams.checked(
            rng.normal(size=(4, 3)), rng.normal(size=(4, 2)), rng.normal(size=4), rng.normal(size=4)
        ),
    )
    g = probe(prob)
    _, grads = attention_backward(prob.H, prob.S, prob.params, g, "relu")
    chk = check_gradient(lambda W: linear_loss_of(prob, g, "relu", W=W), prob.params.W, grads.W)
    assert chk.passed(TOL)


@settings(max_examples=40, deadline=None)
@given(problems(max_T=6, max_width=4, max_N=3), st.data())
def test_prediction_loss_chain_from_output_to_scorer(prob, data):
    K = data.draw(st.integers(2, 4))
    out = OutputLayer.checked(
        data.draw(arrays(np.float64, (K, prob.H.shape[1]), elements=finite)),
        data.draw(arrays(np.float64, K, elements=finite)),
        tuple(f"y{k}" for k in range(K)),
    )
    y = data.draw(arrays(np.int64, prob.S.shape[0], elements=st.integers(0, K - 1)))

    def loss(**changes):
        return prediction_loss(attend(prob.H, prob.S, replace(prob.params, **changes)).context, out, y)[0]

    c = attend(prob.H, prob.S, prob.params).context
    L, dL_dc = prediction_loss(c, out, y)
    assert L == pytest.approx(loss())
    assert check_gradient(lambda c_: prediction_loss(c_, out, y)[0], c, dL_dc).passed(TOL)
    _, grads = attention_backward(prob.H, prob.S, prob.params, dL_dc)
    for name in ("W", "U", "v", "b"):
        chk = check_gradient(lambda x, name=name: loss(**{name: x}), getattr(prob.params, name), getattr(grads, name))
        assert chk.passed(TOL), (name, chk.max_rel_error)


def test_the_check_fails_when_one_gradient_entry_is_wrong():
    rng = np.random.default_rng(1)
    H, S = rng.normal(size=(4, 3)), rng.normal(size=(1, 2))
    params = AdditiveParams.checked(
        rng.normal(size=(3, 3)), rng.normal(size=(3, 2)), rng.normal(size=3), rng.normal(size=3)
    )
    prob = Problem(H, S, params)
    g = probe(prob)
    _, grads = attention_backward(H, S, params, g)
    good = check_gradient(lambda W: linear_loss_of(prob, g, W=W), params.W, grads.W)
    assert good.passed(TOL)
    wrong = grads.W.copy()
    wrong[1, 2] *= 1.001  # a 0.1% error in a single entry
    bad = check_gradient(lambda W: linear_loss_of(prob, g, W=W), params.W, wrong)
    assert not bad.passed(TOL)
    assert np.unravel_index(bad.rel_error.argmax(), bad.rel_error.shape) == (1, 2)


def test_the_check_fails_when_a_backward_term_is_dropped():
    # Forgetting the tanh derivative in dL/da is a classic mistake; the check must notice.
    rng = np.random.default_rng(2)
    H, S = rng.normal(size=(3, 2)), rng.normal(size=(1, 1))
    params = AdditiveParams.checked(
        rng.normal(size=(2, 2)), rng.normal(size=(2, 1)), rng.normal(size=2), rng.normal(size=2)
    )
    prob = Problem(H, S, params)
    g = probe(prob)
    _, tanh_grads = attention_backward(H, S, params, g, "tanh")
    _, linear_grads = attention_backward(H, S, params, g, "identity")  # same chain without f'
    chk_right = check_gradient(lambda b: linear_loss_of(prob, g, b=b), params.b, tanh_grads.b)
    chk_wrong = check_gradient(lambda b: linear_loss_of(prob, g, b=b), params.b, linear_grads.b)
    assert chk_right.passed(TOL) and not chk_wrong.passed(TOL)


def test_finite_difference_of_a_known_function():
    x = np.array([0.3, -1.2, 2.0])
    np.testing.assert_allclose(finite_difference(lambda z: float(np.sum(np.sin(z))), x), np.cos(x), rtol=1e-9)


def test_check_gradient_rejects_mismatched_shapes():
    with pytest.raises(ValueError, match="analytic"):
        check_gradient(lambda z: float(z.sum()), np.zeros(3), np.zeros(2))


@pytest.mark.parametrize("f", sorted(NONLINEARITIES))
def test_single_state_gradients_come_back_unbatched(f):
    rng = np.random.default_rng(4)
    H = rng.normal(size=(3, 2))
    params = AdditiveParams.checked(
        rng.normal(size=(2, 2)), rng.normal(size=(2, 1)), rng.normal(size=2), rng.normal(size=2)
    )
    reading, grads = attention_backward(H, np.array([0.5]), params, np.array([1.0, -1.0]), f)
    assert reading.weights.shape == (3,) and grads.scores.shape == (3,) and grads.S.shape == (1,)
