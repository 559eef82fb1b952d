"""Training curves made readable: the mean of consecutive blocks of per-step values.

A per-batch training loss L_k (k = 1 … K, one value a step) is noisy: each step
sees a different batch. Averaging consecutive blocks of ``width`` steps keeps
the curve's trend and drops the batch-to-batch noise; nothing is shifted or
extrapolated, and a trailing partial block is averaged over the steps it has.
"""

from __future__ import annotations

import numpy as np

from core.validate import as_array


def block_means(values: object, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Means of consecutive blocks of ``width`` values, and the 1-based step that ends each block.

    ``values``: (K,) finite, one value a step (step k is ``values[k - 1]``).
    Returns ``(ends, means)``, both (ceil(K / width),): block b covers steps
    b·width + 1 … min((b + 1)·width, K).
    """
    if isinstance(width, bool) or not isinstance(width, int | np.integer) or width < 1:
        raise ValueError(f"width: expected a positive integer, got {width!r}")
    x = as_array("values", values, ("K",))  # (K,)
    K = x.shape[0]
    starts = np.arange(0, K, width)  # (B,)
    sums = np.add.reduceat(x, starts)  # (B,)
    ends = np.minimum(starts + width, K)  # (B,)
    return ends, sums / (ends - starts)
