"""A gated recurrent unit (Cho et al. 2014) for a batch, with its backward pass beside it.

    r  = sigma(W_r x + U_r h + b_r)          reset gate
    z  = sigma(W_z x + U_z h + b_z)          update gate
    n  = tanh(W_n x + b_n + r * (U_n h))     candidate state
    h' = (1 - z) * n + z * h

(the reset gate is applied after U_n, as in cuDNN and PyTorch, so that one
matrix product ``h @ W_h.T`` serves all three gates).

Arrays: a batch of B column vectors is B rows. The gates are stacked along one
axis of length 3d in the order (r, z, n): the input matrix W_x is (3d, d_in),
the recurrent matrix W_h is (3d, d), the bias b is (3d,). The input term
``x @ W_x.T + b`` does not depend on the state, so callers compute it for all
time steps at once and pass it in as ``xg``: (B, 3d) per step.

Padding: with a mask m (B,), a padded step keeps the state,
h_out = m h' + (1 - m) h, so a right-padded sequence run forward ends on its
last real state and run backward starts from h_0 = 0 at its last real token.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def sigmoid(a: np.ndarray) -> np.ndarray:
    """Logistic function, written to avoid overflow in exp for large |a|."""
    return 0.5 * (1.0 + np.tanh(0.5 * a))


@dataclass(frozen=True)
class StepCache:
    """What the backward pass needs from one step: inputs, gates, U_n h."""

    h: np.ndarray  # (B, d) state before the step
    r: np.ndarray  # (B, d)
    z: np.ndarray  # (B, d)
    n: np.ndarray  # (B, d)
    hg_n: np.ndarray  # (B, d): U_n h
    mask: np.ndarray | None  # (B, 1) or None


def step(
    xg: np.ndarray, h: np.ndarray, W_h: np.ndarray, mask: np.ndarray | None = None
) -> tuple[np.ndarray, StepCache]:
    """One GRU step. xg: (B, 3d) = x W_x^T + b; h: (B, d); mask: (B, 1) or None -> (B, d)."""
    d = h.shape[1]
    hg = h @ W_h.T  # (B, 3d)
    r = sigmoid(xg[:, :d] + hg[:, :d])  # (B, d)
    z = sigmoid(xg[:, d : 2 * d] + hg[:, d : 2 * d])  # (B, d)
    n = np.tanh(xg[:, 2 * d :] + r * hg[:, 2 * d :])  # (B, d)
    h_new = (1.0 - z) * n + z * h  # (B, d)
    if mask is not None:
        h_new = mask * h_new + (1.0 - mask) * h
    return h_new, StepCache(h, r, z, n, hg[:, 2 * d :], mask)


def step_backward(dh_out: np.ndarray, c: StepCache, W_h: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Backward through one step: dL/dh' (B, d) -> dL/dxg (B, 3d), dL/dh (B, d), dL/d(h W_h^T) (B, 3d).

    The caller accumulates dW_h += dhg^T h over steps (and dW_x, db from dxg).
    """
    if c.mask is not None:
        dh_new = c.mask * dh_out  # (B, d)
        dh_carry = (1.0 - c.mask) * dh_out  # (B, d)
    else:
        dh_new, dh_carry = dh_out, 0.0
    dn = dh_new * (1.0 - c.z)
    dz = dh_new * (c.h - c.n)
    da_n = dn * (1.0 - c.n**2)  # through tanh
    da_r = (da_n * c.hg_n) * c.r * (1.0 - c.r)  # through r * (U_n h), then sigma
    da_z = dz * c.z * (1.0 - c.z)
    dxg = np.concatenate([da_r, da_z, da_n], axis=1)  # (B, 3d)
    dhg = np.concatenate([da_r, da_z, da_n * c.r], axis=1)  # (B, 3d)
    dh = dh_new * c.z + dhg @ W_h + dh_carry  # (B, d)
    return dxg, dh, dhg


def run(XG: np.ndarray, mask: np.ndarray, W_h: np.ndarray, reverse: bool = False) -> tuple[np.ndarray, list[StepCache]]:
    """Run over time. XG: (B, T, 3d) input terms; mask: (B, T) -> states (B, T, d), caches in time order.

    ``reverse`` runs from position T - 1 down to 0 (the backward direction of
    the encoder); state j is then the state after reading x_j..x_T.
    """
    B, T, _ = XG.shape
    d = W_h.shape[1]
    h = np.zeros((B, d))  # h_0 = 0
    states = np.empty((B, T, d))  # (B, T, d)
    caches: list[StepCache | None] = [None] * T
    for j in range(T - 1, -1, -1) if reverse else range(T):  # sequential by definition
        h, caches[j] = step(XG[:, j], h, W_h, mask[:, j, None])
        states[:, j] = h
    return states, caches  # type: ignore[return-value]


def run_backward(
    dstates: np.ndarray, caches: list[StepCache], W_h: np.ndarray, reverse: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Backward through :func:`run`: dL/dstates (B, T, d) -> dL/dXG (B, T, 3d), dL/dW_h (3d, d)."""
    B, T, d = dstates.shape
    dXG = np.empty((B, T, 3 * d))  # (B, T, 3d)
    dHG = np.empty((B, T, 3 * d))  # (B, T, 3d)
    H_prev = np.empty((B, T, d))  # (B, T, d): the state each step started from
    dh = np.zeros((B, d))
    for j in range(T) if reverse else range(T - 1, -1, -1):  # the forward order, reversed
        dh = dh + dstates[:, j]
        dXG[:, j], dh, dHG[:, j] = step_backward(dh, caches[j], W_h)
        H_prev[:, j] = caches[j].h
    dW_h = dHG.reshape(-1, 3 * d).T @ H_prev.reshape(-1, d)  # (3d, d)
    return dXG, dW_h
