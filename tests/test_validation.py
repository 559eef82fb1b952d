"""Every public function of core rejects bad input with a ValueError that names the argument."""

import numpy as np
import pytest

from core import AdditiveParams, additive_scores, attend, dot_scores, general_scores, hard_read, read
from core.gradients import OutputLayer, attention_backward, context_jacobian, prediction_loss
from core.recurrent import decode, embed, encode, schematic_model
from core.refusal import Refusal

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


# --- Checked once, at the door -------------------------------------------------------------------


def _count_checks_of(H: np.ndarray, monkeypatch) -> list[str]:
    """Spy on every module's ``as_array`` and record the names under which the very array H is checked."""
    import sys

    from core import validate

    real = validate.as_array
    seen: list[str] = []

    def spy(name, value, shape):
        if value is H:
            seen.append(name)
        return real(name, value, shape)

    for module in [m for name, m in sys.modules.items() if name == "core" or name.startswith("core.")]:
        if getattr(module, "as_array", None) is real:
            monkeypatch.setattr(module, "as_array", spy)
    return seen


def _door_calls():
    from core.example import worked_example
    from core.learning import descend, scorer_gradient_checks, train_scorer
    from core.sweep import sweep_states
    from core.tied_output import predict, tied_output_layer

    ex = worked_example()
    H = np.array(ex.H)  # a fresh float64 array: as_array hands it back as it is
    output = tied_output_layer(H, ("a", "b", "c"))
    s = ex.states["A"]
    return H, {
        "train_scorer": lambda: train_scorer(H, s, ex.params, output, 2, steps=3),
        "descend": lambda: descend(H, s, ex.params, output, 2, steps=3),
        "predict": lambda: predict(H, s, ex.params, output, 1),
        "scorer_gradient_checks": lambda: scorer_gradient_checks(H, s, ex.params, ex.g),
        "sweep_states": lambda: sweep_states(H, ex.params, np.linspace(-1.0, 1.0, 5)),
        "attend": lambda: attend(H, s, ex.params),
    }


@pytest.mark.parametrize(
    "door", ["train_scorer", "descend", "predict", "scorer_gradient_checks", "sweep_states", "attend"]
)
def test_a_public_call_checks_the_sources_once(door, monkeypatch):
    H, calls = _door_calls()
    seen = _count_checks_of(H, monkeypatch)
    calls[door]()
    assert seen == ["H"], f"{door} checked H {len(seen)} times: {seen}"


@pytest.mark.parametrize(
    ("call", "code", "fields"),
    [
        (lambda: attend([[1.0, 2.0, 3.0]], [0.0], P), "array.shape", {"name": "H", "shape": "(T, 2)", "got": "(1, 3)"}),
        (lambda: attend([1.0, 2.0], [0.0], P), "array.shape", {"name": "H", "shape": "(T, d_h)", "got": "(2,)"}),
        (lambda: attend([["a", "b"]], [0.0], P), "array.real", {"name": "H", "shape": "(T, d_h)"}),
        (lambda: attend(H, [[np.nan]], P), "array.finite", {"name": "S", "bad": "NaN"}),
        (
            lambda: read(H, [1.0, 2.0]),
            "array.length",
            {"name": "scores", "symbol": "T", "first": "H", "n": 3, "got": 2},
        ),
        (
            lambda: AdditiveParams.checked(np.ones((2, 2)), np.ones((3, 1)), np.ones(2), np.ones(2)),
            "array.length",
            {"name": "U", "symbol": "d_a", "first": "W", "n": 2, "got": 3},
        ),
    ],
)
def test_a_refusal_carries_a_code_and_the_details_its_english_names(call, code, fields):
    """What a screen words in its reader's language (``ui/state.py``), without reading core's English."""
    with pytest.raises(Refusal) as info:
        call()
    assert info.value.code == code and fields.items() <= info.value.fields.items(), info.value.fields
    assert all(str(v) in str(info.value) for k, v in fields.items() if k != "shape" or code != "array.shape")
