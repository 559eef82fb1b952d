"""Learning where to look from the prediction loss alone (article section 7).

What the learning screen needs, for sources H and one or several decoder states:

- :func:`scorer_gradient_checks`: dL/de, dL/d(W, U, v, b) and dL/ds of the
  probe loss L = g^T c, analytic against finite differences;
- :func:`states_loss`: the prediction loss summed over N states, each with its
  own correct target token, L = -sum_n log p(y_n | c_n), and its gradient;
- :func:`train_scorer`: gradient descent on the scorer's parameters phi only,
  on that loss, with the target tokens predicted from the contexts c_n by a
  fixed output layer. No alignment label appears anywhere: the only
  supervision is which target token is correct at each state.

Arrays as in :mod:`core.scorers`: H (T, d_h), s (d_s,) or S (N, d_s), g (d_h,).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from core.gradients import (
    AttentionGradients,
    GradientCheck,
    OutputLayer,
    _attention_backward,
    attention_forward_unchecked,
    check_gradient_unchecked,
    prediction_loss_from_probabilities,
)
from core.reading import Reading, attend_unchecked, read_unchecked
from core.scorers import AdditiveParams, Nonlinearity, check_sources, check_states, nonlinearity
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
        return float(g_ @ attend_unchecked(H_, s_, replace(params, **changed), nl).context)

    checks = {
        "dL_de": check_gradient_unchecked(
            lambda e: float(g_ @ read_unchecked(H_, e).context), reading.scores, grads.scores
        )
    }
    for name in PARAMETER_NAMES:
        checks[f"dL_d{name}"] = check_gradient_unchecked(
            lambda x, name=name: loss_with(**{name: x}), getattr(params, name), getattr(grads, name)
        )
    checks["dL_ds"] = check_gradient_unchecked(
        lambda x: float(g_ @ attend_unchecked(H_, x, params, nl).context), s_, grads.S
    )
    return checks


@dataclass(frozen=True)
class StatesLoss:
    """L = -sum_n log p(y_n | c_n) over N states, with what it was computed from.

    reading: scores, weights (N, T) and contexts (N, d_h); probabilities (N, K);
    grads: dL/d(W, U, v, b) (and dL/de, dL/dS, dL/dH) of the summed loss.
    """

    loss: float
    reading: Reading
    probabilities: np.ndarray
    grads: AttentionGradients


def check_targets(target: object, n_states: int, n_tokens: int) -> np.ndarray:
    """One target token index a state: an int (the same at every state) or N ints, each in 0..K-1 -> (N,)."""
    y = np.asarray(target)
    if y.dtype.kind not in "iu" or y.ndim > 1 or (y.ndim == 1 and y.shape[0] != n_states):
        raise ValueError(f"target: expected a token index or {n_states} of them (one a state), got {target!r}")
    y = np.broadcast_to(y, (n_states,))
    if np.any((y < 0) | (y >= n_tokens)):
        raise ValueError(f"target: expected token indices in 0..{n_tokens - 1}, got {target!r}")
    return y.astype(np.int64)


def states_loss(
    H: object, S: object, params: AdditiveParams, output: OutputLayer, target: object, f: str = "tanh"
) -> StatesLoss:
    """The prediction loss summed over the states S: (N, d_s) (or one (d_s,)), and its gradient.

    Each state n reads its own context c_n = sum_j alpha_nj h_j with the shared
    scorer; L = -sum_n log p(y_n | c_n), p = Softmax(W_o c + b_o). The scorer's
    gradient is the sum of the states' gradients: each term pulls the shared phi
    towards what lowers that state's own loss.
    """
    H_ = check_sources(H, params.d_h)
    S_, _ = check_states(S, params.d_s)  # (N, d_s)
    _check_output(output, params)
    y = check_targets(target, S_.shape[0], output.W_o.shape[0])
    return _states_loss(H_, S_, params, output, y, nonlinearity(f))


def _check_output(output: OutputLayer, params: AdditiveParams) -> None:
    if output.W_o.shape[1] != params.d_h:
        raise ValueError(f"output: W_o must read contexts of width d_h = {params.d_h}, got {output.W_o.shape}")


def _states_loss(
    H: np.ndarray, S: np.ndarray, params: AdditiveParams, output: OutputLayer, y: np.ndarray, nl: Nonlinearity
) -> StatesLoss:
    """:func:`states_loss` for checked H: (T, d_h), S: (N, d_s), targets y: (N,); no input checks."""
    forward = attention_forward_unchecked(H, S, params, nl)  # one pass, reused by the backward one
    probabilities = output.probabilities(forward.c)  # (N, K)
    with np.errstate(divide="ignore"):  # p can underflow to 0 for huge sources: L = inf, said as such
        loss, dL_dc = prediction_loss_from_probabilities(probabilities, output, y)  # dL_dc: (N, d_h)
    reading, grads = _attention_backward(H, S, params, dL_dc, nl, forward)  # the states' gradients, summed
    return StatesLoss(loss, reading, probabilities, grads)


@dataclass(frozen=True)
class TrainingStep:
    """The state after one gradient step: new parameters, the loss *before* the step, the reading.

    For one state given as (d_s,), reading and probabilities are one state's
    ((T,), (d_h,), (K,)); for states (N, d_s) they have a leading N axis.
    """

    params: AdditiveParams
    loss: float
    reading: Reading
    probabilities: np.ndarray  # (K,) or (N, K): p(y | c) before the step


def train_scorer(
    H: object,
    s: object,
    params: AdditiveParams,
    output: OutputLayer,
    target: object,
    learning_rate: float = 0.5,
    steps: int = 1,
    f: str = "tanh",
) -> list[TrainingStep]:
    """Run ``steps`` steps of gradient descent on phi = (W, U, v, b); returns one record a step.

    ``s`` is one state (d_s,) with one target token, or N states (N, d_s) with
    a target token each (an int: the same at every state). Each step: read c_n
    from each state, predict p(y | c_n) = Softmax(W_o c_n + b_o), take
    L = -sum_n log p(y_n | c_n), backpropagate dL/dc through the reads into phi
    and move phi by -learning_rate * dL/dphi. The sources and output layer stay fixed.
    """
    H_, S_, single, y, nl = _checked_descent(H, s, params, output, target, learning_rate, steps, f)
    history = []
    for _ in range(int(steps)):  # gradient descent is sequential by definition
        now = _states_loss(H_, S_, params, output, y, nl)
        new = AdditiveParams(*(getattr(params, n) - learning_rate * getattr(now.grads, n) for n in PARAMETER_NAMES))
        reading, probabilities = now.reading, now.probabilities
        if single:
            r = reading
            reading, probabilities = Reading(r.scores[0], r.weights[0], r.context[0]), probabilities[0]
        history.append(TrainingStep(new, now.loss, reading, probabilities))
        params = new
    return history


def _checked_descent(
    H: object,
    s: object,
    params: AdditiveParams,
    output: OutputLayer,
    target: object,
    learning_rate: object,
    steps: object,
    f: str,
) -> tuple[np.ndarray, np.ndarray, bool, np.ndarray, Nonlinearity]:
    """The checked inputs of a descent: H (T, d_h), S (N, d_s), whether one state was given as (d_s,), the targets
    (N,) and the nonlinearity."""
    H_ = check_sources(H, params.d_h)
    S_, single = check_states(s, params.d_s)  # (N, d_s)
    if not (isinstance(learning_rate, int | float) and np.isfinite(learning_rate) and learning_rate > 0):
        raise ValueError(f"learning_rate: expected a positive finite number, got {learning_rate!r}")
    if not isinstance(steps, int | np.integer) or steps < 1:
        raise ValueError(f"steps: expected a whole number >= 1, got {steps!r}")
    _check_output(output, params)
    return H_, S_, single, check_targets(target, S_.shape[0], output.W_o.shape[0]), nonlinearity(f)


@dataclass(frozen=True)
class Descent:
    """Where a run of gradient steps ended: the parameters after its last step, and the loss before each step."""

    params: AdditiveParams
    losses: list[float]


def descend(
    H: object,
    s: object,
    params: AdditiveParams,
    output: OutputLayer,
    target: object,
    learning_rate: float = 0.5,
    steps: int = 1,
    f: str = "tanh",
) -> Descent:
    """:func:`train_scorer`'s steps, keeping what a long run shows: the last parameters and every step's loss.

    The same arguments, checks and numbers (to rounding), with the step written out in one place and no record of
    each step's reading: about half the time a step at the toy sizes, where numpy's per-call cost is all there is
    (f'(a) = 1 - f(a)^2 for tanh, from f(a); W_o H^T once for the run).
    One step, for H (T, d_h), S (N, d_s), phi = (W, U, v, b) and the output layer (W_o, b_o):

    - a_ntk = (W h_t + U s_n + b)_k: (N, T, d_a); e_nt = v^T f(a_nt); alpha_n = Softmax(e_n); c_n = alpha_n^T H;
    - p_n = Softmax(W_o c_n + b_o); L = -sum_n log p_n[y_n];
    - dL/dc_n = W_o^T (p_n - onehot(y_n)); dL/de_nt = alpha_nt dL/dc_n^T (h_t - c_n);
      dL/da_nt = dL/de_nt v * f'(a_nt);
    - dL/dW = sum_nt dL/da_nt h_t^T, dL/dU = sum_n (sum_t dL/da_nt) s_n^T, dL/dv = sum_nt dL/de_nt f(a_nt),
      dL/db = sum_nt dL/da_nt; phi moves by -learning_rate times its gradient.
    """
    H_, S, _, y, nl = _checked_descent(H, s, params, output, target, learning_rate, steps, f)
    W, U, v, b = params.W, params.U, params.v, params.b
    W_o, b_o = output.W_o, output.b_o
    states = np.arange(S.shape[0])
    W_o_H = W_o @ H_.T  # (K, T): the output layer's reading of each source h_t, fixed while phi moves
    losses = []
    # p can underflow to 0 for huge sources (L = inf, said as such); a softmax's largest score may be inf
    with np.errstate(divide="ignore", over="ignore"):
        for _ in range(int(steps)):  # gradient descent is sequential by definition
            a = (H_ @ W.T)[None, :, :] + (S @ U.T + b)[:, None, :]  # (N, T, d_a)
            fa = nl.f(a)
            alpha = _softmax(fa @ v)  # (N, T)
            p = _softmax(alpha @ W_o_H.T + b_o)  # (N, K): p(. | c_n), W_o c_n = W_o H^T alpha_n
            losses.append(float(-np.log(p[states, y]).sum()))
            p[states, y] -= 1.0  # dL/dz: p - onehot(y)
            g_h = p @ W_o_H  # (N, T): dL/dc_n^T h_t
            dL_de = alpha * (g_h - (alpha * g_h).sum(axis=1, keepdims=True))  # (N, T)
            dL_da = dL_de[:, :, None] * (v * (1.0 - fa * fa if nl.name == "tanh" else nl.df(a)))  # (N, T, d_a)
            per_state = dL_da.sum(axis=1)  # (N, d_a)
            W = W - learning_rate * (dL_da.sum(axis=0).T @ H_)
            U = U - learning_rate * (per_state.T @ S)
            v = v - learning_rate * (dL_de.reshape(-1) @ fa.reshape(-1, fa.shape[-1]))
            b = b - learning_rate * per_state.sum(axis=0)
    return Descent(AdditiveParams(W, U, v, b), losses)


def _softmax(e: np.ndarray) -> np.ndarray:
    """Softmax along the last axis, for a caller that has set numpy's error state (:func:`descend`'s loop)."""
    p = np.exp(e - e.max(axis=-1, keepdims=True))
    return p / p.sum(axis=-1, keepdims=True)
