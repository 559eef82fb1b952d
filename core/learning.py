"""Learning where to look from the prediction loss alone (article section 7).

Two things the learning screen needs, for one decoder state s and sources H:

- :func:`scorer_gradient_checks`: dL/de, dL/d(W, U, v, b) and dL/ds of the
  probe loss L = g^T c, analytic against finite differences;
- :func:`train_scorer`: gradient descent on the scorer's parameters phi only,
  with a cross-entropy loss on a target token predicted from c by a fixed
  output layer. No alignment label appears anywhere: the only supervision is
  which target token is correct.

Arrays as in :mod:`core.scorers`: H (T, d_h), s (d_s,), g (d_h,).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from core.gradients import (
    GradientCheck,
    OutputLayer,
    _attention_backward,
    _check_gradient,
    prediction_loss,
)
from core.reading import Reading, _attend, _read
from core.scorers import AdditiveParams, check_sources, nonlinearity
from core.validate import as_array

PARAMETER_NAMES = ("W", "U", "v", "b")


def scorer_gradient_checks(
    H: object, s: object, params: AdditiveParams, g: object, f: str = "tanh"
) -> dict[str, GradientCheck]:
    """Check dL/de, dL/dW, dL/dU, dL/dv, dL/db and dL/ds of L = g^T c at one state s: (d_s,).

    dL/ds: (d_s,) is g^T dc/ds, how the probe loss follows the read as the state moves.
    """
    H_ = check_sources(H, params.d_h)
    s_ = as_array("s", s, (params.d_s,))
    g_ = as_array("g", g, (params.d_h,))
    nl = nonlinearity(f)
    reading, grads = _attention_backward(H_, s_, params, g_, nl)

    def loss_with(**changed: np.ndarray) -> float:
        return float(g_ @ _attend(H_, s_, replace(params, **changed), nl).context)

    checks = {"dL_de": _check_gradient(lambda e: float(g_ @ _read(H_, e).context), reading.scores, grads.scores)}
    for name in PARAMETER_NAMES:
        checks[f"dL_d{name}"] = _check_gradient(
            lambda x, name=name: loss_with(**{name: x}), getattr(params, name), getattr(grads, name)
        )
    checks["dL_ds"] = _check_gradient(lambda x: float(g_ @ _attend(H_, x, params, nl).context), s_, grads.S)
    return checks


@dataclass(frozen=True)
class TrainingStep:
    """The state after one gradient step: new parameters, the loss *before* the step, the reading."""

    params: AdditiveParams
    loss: float
    reading: Reading
    probabilities: np.ndarray  # (K,) p(y | c) before the step


def train_scorer(
    H: object,
    s: object,
    params: AdditiveParams,
    output: OutputLayer,
    target: int,
    learning_rate: float = 0.5,
    steps: int = 1,
    f: str = "tanh",
) -> list[TrainingStep]:
    """Run ``steps`` steps of gradient descent on phi = (W, U, v, b); returns one record a step.

    Each step: read c from s, predict p(y | c) = Softmax(W_o c + b_o), take
    L = -log p(target | c), backpropagate dL/dc through the read into phi and
    move phi by -learning_rate * dL/dphi. The sources and output layer stay fixed.
    """
    H_ = check_sources(H, params.d_h)
    s_ = as_array("s", s, (params.d_s,))
    if not (isinstance(learning_rate, int | float) and np.isfinite(learning_rate) and learning_rate > 0):
        raise ValueError(f"learning_rate: expected a positive finite number, got {learning_rate!r}")
    if not isinstance(steps, int | np.integer) or steps < 1:
        raise ValueError(f"steps: expected a whole number >= 1, got {steps!r}")
    if output.W_o.shape[1] != params.d_h:
        raise ValueError(f"output: W_o must read contexts of width d_h = {params.d_h}, got {output.W_o.shape}")
    nl = nonlinearity(f)
    history = []
    for _ in range(int(steps)):  # gradient descent is sequential by definition
        reading = _attend(H_, s_, params, nl)
        probabilities = output.probabilities(reading.context)
        loss, dL_dc = prediction_loss(reading.context, output, target)
        _, grads = _attention_backward(H_, s_, params, dL_dc, nl)
        new = AdditiveParams(*(getattr(params, n) - learning_rate * getattr(grads, n) for n in PARAMETER_NAMES))
        history.append(TrainingStep(new, loss, reading, probabilities))
        params = new
    return history
