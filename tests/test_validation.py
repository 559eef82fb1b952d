"""Every public function of core rejects bad input with a ValueError that names the argument."""

import numpy as np
import pytest

from core import AdditiveParams, additive_scores, attend, dot_scores, general_scores, hard_read, read
from core.gradients import OutputLayer, attention_backward, context_jacobian, prediction_loss
from core.recurrent import decode, embed, encode, schematic_model

P = AdditiveParams.checked(W=np.ones((2, 2)), U=np.ones((2, 1)), v=np.ones(2), b=np.zeros(2))
H = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])


@pytest.mark.parametrize(
    "call, argument, fragment",
    [
        (lambda: attend(np.empty((0, 2)), [0.0], P), "H", "T >= 1"),
        (lambda: attend([[1.0, np.nan]], [0.0], P), "H", "NaN"),
        (lambda: attend([[1.0, np.inf]], [0.0], P), "H", "inf"),
        (lambda: attend([[1.0, 2.0, 3.0]], [0.0], P), "H", "d_h = 2"),
        (lambda: attend([1.0, 2.0], [0.0], P), "H", "2-D"),
        (lambda: attend([["a", "b"]], [0.0], P), "H", "real numbers"),
        (lambda: attend([[1.0], [1.0, 2.0]], [0.0], P), "H", "expected"),
        (lambda: attend(H, [0.0, 1.0], P), "s", "d_s = 1"),
        (lambda: attend(H, [[np.nan]], P), "S", "NaN"),
        (lambda: attend(H, 0.0, P), "S", "2-D"),
        (lambda: attend(H, [0.0], P, f="sigmoid"), "nonlinearity", "tanh"),
        (lambda: AdditiveParams.checked(np.ones((2, 2)), np.ones((3, 1)), np.ones(2), np.ones(2)), "U", "d_a"),
        (lambda: AdditiveParams.checked(np.ones((2, 2)), np.ones((2, 1)), np.ones(3), np.ones(2)), "v", "d_a"),
        (lambda: AdditiveParams.checked(np.ones((2, 2)), np.ones((2, 1)), np.ones(2), [np.inf, 0]), "b", "inf"),
        (lambda: AdditiveParams.checked(np.ones(2), np.ones((2, 1)), np.ones(2), np.ones(2)), "W", "2-D"),
        (lambda: AdditiveParams.checked(np.ones((2, 2)), "x", np.ones(2), np.ones(2)), "U", "real numbers"),
        (lambda: additive_scores(H, [[0.0]], P, f="cube"), "nonlinearity", "relu"),
        (lambda: read(H, [1.0, 2.0]), "scores", "T"),
        (lambda: read(H, [1.0, 2.0, np.nan]), "scores", "NaN"),
        (lambda: hard_read(H, []), "scores", "T >= 1"),
        (lambda: dot_scores(H, [1.0, 2.0, 3.0]), "S", "d_s = d_h"),
        (lambda: general_scores(H, [1.0], np.ones((1, 3))), "W_a", "d_h"),
        (lambda: general_scores(H, [1.0, 2.0], np.ones((1, 2))), "W_a", "d_s"),
        (lambda: context_jacobian(H, [0.5, 0.5]), "weights", "T"),
        (lambda: attention_backward(H, [0.0], P, [1.0, 2.0, 3.0]), "dL_dc", "d_h"),
        (lambda: attention_backward(H, [[0.0], [1.0]], P, [[1.0, 2.0]]), "dL_dc", "N"),
        (lambda: OutputLayer.checked(np.ones((3, 2)), np.ones(2), ("a", "b", "c")), "b_o", "K"),
        (
            lambda: prediction_loss(np.ones(2), OutputLayer.checked(np.ones((2, 2)), np.ones(2), ("a", "b")), 5),
            "target",
            "0..1",
        ),
        (lambda: embed([], 3), "tokens", "1 to 40"),
        (lambda: encode(schematic_model(), ["ok", ""]), "source", "non-empty"),
        (lambda: encode(schematic_model(), ["w"] * 41), "source", "1 to 40"),
        (lambda: decode(schematic_model(), encode(schematic_model(), ["a"]), "abc", True), "target", "list"),
    ],
)
def test_bad_input_names_the_argument(call, argument, fragment):
    with pytest.raises(ValueError) as info:
        call()
    message = str(info.value)
    assert message.startswith(argument + ":"), message
    assert fragment in message, message
