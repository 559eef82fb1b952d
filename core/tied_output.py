"""The toy prediction the learning screen trains the scorer on (article section 7).

An output layer *tied* to the sources: one target token per source position,
with logits

    z_k = h_k^T c_t          (W_o = H: (T, d_h), b_o = 0),

so p(y_t = k | c_t) = Softmax(z)_k is largest when the context c_t points the
way h_k does. Training the scorer to predict token k then rewards reading
position k, although no alignment label is ever given: the only supervision is
which target token is correct. The tie is the toy's assumption, not a claim
about real translation models, whose output layers are learned.

Arrays as in :mod:`core.scorers`: H (T, d_h), s (d_s,), contexts (d_h,).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.gradients import OutputLayer, prediction_loss
from core.reading import Reading, attend_unchecked
from core.scorers import AdditiveParams, check_sources, nonlinearity
from core.validate import as_array


def tied_output_layer(H: object, vocabulary: Sequence[str]) -> OutputLayer:
    """The output layer z_k = h_k^T c over K = T target tokens: W_o = H (T, d_h), b_o = 0 (T,).

    ``vocabulary`` names the target token of each source position, in order.
    """
    H_ = check_sources(H)
    if len(vocabulary) != H_.shape[0]:
        raise ValueError(
            f"vocabulary: expected one target token a source position (T = {H_.shape[0]}), got {len(vocabulary)}"
        )
    return OutputLayer(W_o=H_, b_o=np.zeros(H_.shape[0]), vocabulary=tuple(vocabulary))  # (T, d_h), (T,)


@dataclass(frozen=True)
class Prediction:
    """What the model predicts at one state with scorer phi: the read, p(y | c) (K,) and the loss."""

    reading: Reading
    probabilities: np.ndarray  # (K,)
    loss: float  # -log p(target | c)


def predict(
    H: object, s: object, params: AdditiveParams, output: OutputLayer, target: int, f: str = "tanh"
) -> Prediction:
    """Read c from one state s: (d_s,), then p(y | c) = Softmax(W_o c + b_o) and L = -log p(target | c)."""
    H_ = check_sources(H, params.d_h)
    s_ = as_array("s", s, (params.d_s,))
    if not isinstance(target, int | np.integer) or not 0 <= target < output.W_o.shape[0]:
        raise ValueError(f"target: expected a token index in 0..{output.W_o.shape[0] - 1}, got {target!r}")
    reading = attend_unchecked(H_, s_, params, nonlinearity(f))  # scores, weights (T,), context (d_h,)
    probabilities = output.probabilities(reading.context)  # (K,)
    with np.errstate(divide="ignore"):  # p can underflow to 0 for huge sources: L = inf, said as such
        loss, _ = prediction_loss(reading.context, output, int(target))
    return Prediction(reading, probabilities, loss)
