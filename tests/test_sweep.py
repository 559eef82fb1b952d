import numpy as np
import pytest

from core import attend
from core.example import worked_example
from core.sweep import linspace_states, sweep_states

EX = worked_example()


def test_sweep_equals_reading_state_by_state():
    s = linspace_states(-2.0, 2.0, 9)
    sw = sweep_states(EX.H, EX.params, s)
    for i, si in enumerate(s):
        one = attend(EX.H, [si], EX.params)
        np.testing.assert_allclose(sw.weights[i], one.weights, atol=1e-12)
        np.testing.assert_allclose(sw.contexts[i], one.context, atol=1e-12)


def test_without_tanh_the_swept_weights_are_flat_at_one_third():
    sw = sweep_states(EX.H, EX.params, linspace_states(-3.0, 3.0, 50))
    np.testing.assert_allclose(sw.weights_linear, 1 / 3, atol=1e-12)


def test_hard_read_jumps_where_the_winner_switches_and_soft_read_does_not():
    sw = sweep_states(EX.H, EX.params, linspace_states(-3.0, 3.0, 601))
    assert [EX.tokens[w] for w in sw.winner[[0, -1]]] == ["I", "cats"]
    cells = np.flatnonzero(np.diff(sw.winner))  # grid cells where the argmax changes
    assert len(cells) >= 1
    hard_steps = np.abs(np.diff(sw.hard_contexts, axis=0)).max(axis=1)
    soft_steps = np.abs(np.diff(sw.contexts, axis=0)).max(axis=1)
    assert hard_steps[cells].min() > 0.5  # a jump from one h_j to another
    assert soft_steps.max() < 0.05  # continuous motion on a fine grid


@pytest.mark.parametrize("low, high, points", [(1.0, 1.0, 10), (0.0, np.inf, 10), (0.0, 1.0, 1), (0.0, 1.0, 10**6)])
def test_bad_grids_are_rejected(low, high, points):
    with pytest.raises(ValueError):
        linspace_states(low, high, points)
