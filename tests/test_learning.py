from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core import attend
from core.example import worked_example
from core.gradients import check_gradient
from core.learning import PARAMETER_NAMES, descend, scorer_gradient_checks, states_loss, train_scorer
from core.tied_output import predict, tied_output_layer
from tests.strategies import Problem, problems

EX = worked_example()


def test_gradient_checks_pass_at_any_state_and_probe():
    for s, g in ((0.3, (1.0, 2.0)), (-2.0, (-0.5, 0.1)), (1.7, (0.0, 1.0))):
        checks = scorer_gradient_checks(EX.H, [s], EX.params, g)
        assert all(c.passed(1e-6) for c in checks.values()), {k: c.max_rel_error for k, c in checks.items()}


@pytest.mark.parametrize("target", [0, 1, 2])
def test_training_on_the_prediction_loss_moves_weight_towards_the_target_source(target):
    s = EX.states["A"]
    before = attend(EX.H, s, EX.params).weights
    history = train_scorer(EX.H, s, EX.params, EX.output, target, learning_rate=1.0, steps=60)
    after = history[-1].reading.weights
    losses = [h.loss for h in history]
    assert losses[-1] < losses[0]
    # The output layer favours token k when c is near h_k: learning to predict
    # token k means learning to look at position k, with no alignment label.
    assert after[target] > before[target]
    final = attend(EX.H, s, history[-1].params).weights
    assert final.argmax() == target


def test_training_leaves_the_sources_and_the_input_params_unchanged():
    H = EX.H.copy()
    W = EX.params.W.copy()
    train_scorer(EX.H, EX.states["B"], EX.params, EX.output, 0, steps=3)
    np.testing.assert_array_equal(EX.H, H)
    np.testing.assert_array_equal(EX.params.W, W)


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"learning_rate": -1.0}, "learning_rate"),
        ({"learning_rate": float("nan")}, "learning_rate"),
        ({"steps": 0}, "steps"),
        ({"target": 7}, "target"),
    ],
)
def test_training_rejects_bad_settings(kwargs, fragment):
    args = {"target": 0} | kwargs
    with pytest.raises(ValueError, match=fragment):
        train_scorer(EX.H, EX.states["A"], EX.params, EX.output, **args)


# --- several states at once ---------------------------------------------------------------------------

A_AND_B = np.array([[-1.0], [1.0]])  # (N, d_s): the example's states A and B


def summed_loss(prob, out, y, **changes):
    """-sum_n log p(y_n | c_n), forward only, by predict at each state: the oracle's function."""
    params = replace(prob.params, **changes)
    return sum(predict(prob.H, s, params, out, int(k)).loss for s, k in zip(prob.S, y, strict=True))


@settings(max_examples=40, deadline=None)
@given(problems(max_T=6, max_width=4, max_N=4), st.data())
def test_the_states_loss_and_its_gradient_match_finite_differences(prob, data):
    out = tied_output_layer(prob.H, [f"y{k}" for k in range(prob.H.shape[0])])
    y = data.draw(arrays(np.int64, prob.S.shape[0], elements=st.integers(0, prob.H.shape[0] - 1)))
    got = states_loss(prob.H, prob.S, prob.params, out, y)
    assert got.loss == pytest.approx(summed_loss(prob, out, y), rel=1e-12, abs=1e-12)
    assert got.reading.weights.shape == (prob.S.shape[0], prob.H.shape[0])
    for name in PARAMETER_NAMES:
        chk = check_gradient(
            lambda x, name=name: summed_loss(prob, out, y, **{name: x}),
            getattr(prob.params, name),
            getattr(got.grads, name),
        )
        assert chk.passed(1e-6), (name, chk.max_rel_error)


def test_one_states_gradient_alone_fails_the_check_of_the_summed_loss():
    # The scorer's gradient must gather every state's term: the first state's alone is wrong for the sum.
    prob = Problem(EX.H, A_AND_B, EX.params)
    y = np.array([2, 0])
    whole = states_loss(EX.H, A_AND_B, EX.params, EX.output, y).grads
    first = states_loss(EX.H, A_AND_B[:1], EX.params, EX.output, y[:1]).grads
    for name in ("U", "v"):
        fun = lambda x, name=name: summed_loss(prob, EX.output, y, **{name: x})  # noqa: E731
        assert check_gradient(fun, getattr(EX.params, name), getattr(whole, name)).passed(1e-6)
        assert not check_gradient(fun, getattr(EX.params, name), getattr(first, name)).passed(1e-6)


def test_one_state_and_a_batch_of_one_train_alike():
    one = train_scorer(EX.H, EX.states["A"], EX.params, EX.output, 2, steps=5)
    batch = train_scorer(EX.H, A_AND_B[:1], EX.params, EX.output, [2], steps=5)
    np.testing.assert_array_equal(one[-1].params.W, batch[-1].params.W)
    assert [h.loss for h in one] == [h.loss for h in batch]
    assert one[0].reading.weights.shape == (3,) and batch[0].reading.weights.shape == (1, 3)


def test_trained_at_one_state_the_scorer_reads_the_same_position_at_the_other():
    # Trained at A for 猫 only, the scorer learns where "cats" is, not a state-dependent rule.
    trained = train_scorer(EX.H, EX.states["A"], EX.params, EX.output, 2, steps=100)[-1].params
    weights = attend(EX.H, A_AND_B, trained).weights
    assert weights[0].argmax() == 2 and weights[1].argmax() == 2
    assert weights[1, 2] > 0.97


@pytest.mark.parametrize("targets", [(2, 0), (0, 2), (1, 2), (2, 1), (0, 1), (1, 0)])
def test_trained_at_two_states_the_scorer_reads_a_different_position_at_each(targets):
    history = train_scorer(EX.H, A_AND_B, EX.params, EX.output, list(targets), learning_rate=0.5, steps=100)
    weights = attend(EX.H, A_AND_B, history[-1].params).weights  # (2, 3)
    assert tuple(weights.argmax(axis=1)) == targets
    assert weights.max(axis=1).min() > 0.95
    assert history[-1].loss < history[0].loss
    assert history[0].loss == pytest.approx(
        sum(predict(EX.H, s, EX.params, EX.output, k).loss for s, k in zip(A_AND_B, targets, strict=True))
    )


@pytest.mark.parametrize("target", [[0, 1, 2], [0], [[0, 1]], 1.5, [0, 3], [-1, 0]])
def test_several_states_refuse_targets_that_do_not_fit(target):
    with pytest.raises(ValueError, match="target"):
        train_scorer(EX.H, A_AND_B, EX.params, EX.output, target)


# --- descend: train_scorer's steps, keeping the last parameters and the losses --------------------------------


@settings(max_examples=60, deadline=None)
@given(
    prob=problems(max_T=8, max_width=4, max_N=3),
    f=st.sampled_from(["tanh", "identity", "relu"]),
    lr=st.floats(0.01, 2.0),
    steps=st.integers(1, 12),
    data=st.data(),
)
def test_descend_takes_the_same_steps_as_train_scorer(prob, f, lr, steps, data):
    out = tied_output_layer(prob.H, [f"y{k}" for k in range(prob.H.shape[0])])
    y = data.draw(st.lists(st.integers(0, prob.H.shape[0] - 1), min_size=len(prob.S), max_size=len(prob.S)))
    # each step, from wherever the steps before it led: train_scorer's step from the same parameters, to rounding
    params, losses = prob.params, []
    for k in range(steps):
        one = descend(prob.H, prob.S, params, out, y, lr, 1, f)
        (record,) = train_scorer(prob.H, prob.S, params, out, y, lr, 1, f)
        np.testing.assert_allclose(one.losses, [record.loss], rtol=1e-9, atol=1e-9)
        for name in PARAMETER_NAMES:
            np.testing.assert_allclose(
                getattr(one.params, name), getattr(record.params, name), rtol=1e-9, atol=1e-9, err_msg=(k, name)
            )
        params, losses = one.params, [*losses, *one.losses]
    # and a run of them is those steps one after another, keeping each loss and the last parameters. (Not compared
    # with train_scorer's own run: from a point whose gradient is zero only in exact arithmetic, W = v = 0 where
    # every source is scored alike, descent grows the two ways' rounding step after step, 1e-17 to 1e-6 in twelve.)
    run = descend(prob.H, prob.S, prob.params, out, y, lr, steps, f)
    np.testing.assert_allclose(run.losses, losses, rtol=1e-12, atol=1e-12)
    for name in PARAMETER_NAMES:
        np.testing.assert_allclose(getattr(run.params, name), getattr(params, name), rtol=1e-12, atol=1e-12)


def test_descend_at_one_state_and_at_the_example_learns_as_train_scorer_does():
    for s, target in ((EX.states["A"], 2), (A_AND_B, [2, 0])):
        history = train_scorer(EX.H, s, EX.params, EX.output, target, 0.5, 100)
        run = descend(EX.H, s, EX.params, EX.output, target, 0.5, 100)
        assert run.losses == pytest.approx([h.loss for h in history], rel=1e-12, abs=1e-12)
        np.testing.assert_allclose(run.params.v, history[-1].params.v, rtol=1e-12, atol=1e-12)
        assert run.losses[-1] < run.losses[0] / 2  # it learned


def test_descend_says_an_underflowing_loss_is_infinite_as_train_scorer_does():
    H = np.array([[400.0, 0.0], [0.0, 400.0], [-400.0, 0.0]])  # the output layer is sure of the wrong token
    out = tied_output_layer(H, ["a", "b", "c"])
    history = train_scorer(H, [1.0], EX.params, out, 2, 0.5, 2)
    run = descend(H, [1.0], EX.params, out, 2, 0.5, 2)
    assert [h.loss for h in history] == run.losses and np.isinf(run.losses[0])


@pytest.mark.parametrize(
    "kwargs, fragment",
    [({"learning_rate": 0.0}, "learning_rate"), ({"steps": 0}, "steps"), ({"target": 7}, "target")],
)
def test_descend_rejects_what_train_scorer_rejects(kwargs, fragment):
    with pytest.raises(ValueError, match=fragment):
        descend(EX.H, EX.states["A"], EX.params, EX.output, **({"target": 0} | kwargs))
