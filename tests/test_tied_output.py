import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.example import TARGET_TOKENS, worked_example
from core.learning import train_scorer
from core.tied_output import predict, tied_output_layer
from tests.strategies import finite, matrix

EX = worked_example()


def test_the_tied_layer_of_the_example_is_the_examples_output_layer():
    out = tied_output_layer(EX.H, TARGET_TOKENS)
    np.testing.assert_array_equal(out.W_o, EX.output.W_o)
    np.testing.assert_array_equal(out.b_o, EX.output.b_o)
    assert out.vocabulary == EX.output.vocabulary


@given(st.integers(1, 12).flatmap(lambda T: st.tuples(matrix(T, 2), matrix(1, 2))))
def test_logits_are_the_dot_products_of_the_sources_with_the_context(args):
    H, c = args
    out = tied_output_layer(H, [f"y{k}" for k in range(len(H))])
    z = H @ c[0]  # (T,): z_k = h_k^T c
    expected = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    np.testing.assert_allclose(out.probabilities(c[0]), expected, rtol=1e-12, atol=1e-15)


def softmax_by_hand(x: list[float]) -> list[float]:
    z = [math.exp(x_k - max(x)) for x_k in x]
    return [z_k / sum(z) for z_k in z]


@given(st.floats(-5, 5), st.integers(0, 2), finite)
def test_predict_agrees_with_a_hand_computation(s, target, shift):
    H = EX.H + shift
    pred = predict(H, [s], EX.params, tied_output_layer(H, TARGET_TOKENS), target)
    rows = H.tolist()
    # the example's scorer written out, read, tied logits z_k = h_k^T c, cross-entropy: plain floats throughout
    e = [2 * math.tanh(h1 + h2 - s + 1.5) + 2 * math.tanh(-h1 - h2 + 2 * s + 1.5) for h1, h2 in rows]
    alpha = softmax_by_hand(e)
    c = [sum(a * h[i] for a, h in zip(alpha, rows, strict=True)) for i in (0, 1)]
    p = softmax_by_hand([h1 * c[0] + h2 * c[1] for h1, h2 in rows])
    np.testing.assert_allclose(pred.reading.weights, alpha, rtol=1e-9, atol=1e-15)
    np.testing.assert_allclose(pred.reading.context, c, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(pred.probabilities, p, rtol=1e-9, atol=1e-15)
    assert pred.loss == pytest.approx(-math.log(p[target]), rel=1e-9)


def test_predict_after_training_is_the_loss_the_next_step_would_record():
    out = tied_output_layer(EX.H, TARGET_TOKENS)
    history = train_scorer(EX.H, EX.states["A"], EX.params, out, 2, learning_rate=0.5, steps=4)
    now = predict(EX.H, EX.states["A"], history[-1].params, out, 2)
    following = train_scorer(EX.H, EX.states["A"], history[-1].params, out, 2, steps=1)[0]
    assert now.loss == following.loss
    np.testing.assert_array_equal(now.probabilities, following.probabilities)
    assert now.loss < history[0].loss


def test_huge_sources_give_an_infinite_loss_not_an_error():
    H = np.array([[1e3, 0.0], [0.0, 1.0]])  # z_1 = h_1^T c is about 4.5e5, so p(y = 2 | c) underflows to 0
    pred = predict(H, [-1.0], EX.params, tied_output_layer(H, ["a", "b"]), 1)
    assert pred.probabilities.tolist() == [1.0, 0.0]
    assert pred.loss == np.inf


@pytest.mark.parametrize(
    "call, fragment",
    [
        (lambda: tied_output_layer(EX.H, ["a", "b"]), "vocabulary"),
        (lambda: tied_output_layer([[np.nan, 1.0]], ["a"]), "H"),
        (lambda: predict(EX.H, [0.0], EX.params, EX.output, 3), "target"),
        (lambda: predict(EX.H, [0.0], EX.params, EX.output, 1.5), "target"),
        (lambda: predict(EX.H, [0.0, 1.0], EX.params, EX.output, 0), "s"),
    ],
)
def test_bad_arguments_are_named(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()
