import numpy as np
import pytest

from core import attend
from core.example import worked_example
from core.learning import scorer_gradient_checks, train_scorer

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
