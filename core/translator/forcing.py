"""The sequence loss, fed the true past (training) or the model's own (translation) (article section 7).

For one source x = x_1 .. x_T and its reference translation y_1 .. y_U (ending
with ``</s>``), the loss the translator is trained on is

    L(theta) = -sum_{t=1}^{U} log p(y_t | y_<t, x).

At step t the decoder is fed one previous target token: in training the true
y_{t-1} (teacher forcing), in translation, where no true past exists, its own
previous prediction y^_{t-1} = argmax p(y | y^_<t, x) (greedy decoding). Both
start from ``<s>``. :func:`teacher_forcing` runs the same decoder both ways for
U steps and scores the *reference* token at every step, so the two sums differ
only through what was fed. Translation stops at its own ``</s>``; to give every
reference token a probability, the translation regime here keeps feeding its
predictions for all U steps (:attr:`TeacherForcing.ended_early` says where a
translator would have stopped).

Arrays: one sentence (batch of one, see :mod:`core.translator.encoder`);
per-step values are (U,).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.translator import attention, gru, luong
from core.translator.api import load_models
from core.translator.bahdanau import scorer
from core.translator.encoder import LUONG_KINDS, Config, Params, encode
from core.translator.task import END, START_ID, TARGET_VOCAB, reference, source_ids, target_ids


@dataclass(frozen=True)
class Regime:
    """One way of feeding the decoder, step by step: (U,) each.

    fed: the token fed at step t (``<s>`` at t = 1); predicted: argmax_y p(y | fed, x);
    nll: -log p(y_t | fed tokens, x) of the reference token y_t.
    """

    fed: tuple[str, ...]
    predicted: tuple[str, ...]
    nll: np.ndarray

    @property
    def total(self) -> float:
        """The sum over the U steps: the sequence loss when the fed tokens are the true ones."""
        return float(self.nll.sum())


@dataclass(frozen=True)
class TeacherForcing:
    """Both regimes on one sentence: source (T,), reference target (U,), training and translation."""

    source: tuple[str, ...]
    target: tuple[str, ...]
    training: Regime
    translation: Regime

    @property
    def first_divergence(self) -> int | None:
        """The first step (0-based) fed a different token in translation than in training; None if none is."""
        return next(
            (t for t, (a, b) in enumerate(zip(self.training.fed, self.translation.fed, strict=True)) if a != b), None
        )

    @property
    def ended_early(self) -> int | None:
        """The step (0-based) at which the translation predicted ``</s>`` before the reference's last; else None."""
        return next((t for t, y in enumerate(self.translation.predicted[:-1]) if y == END), None)


def decode_fed(
    params: Params, cfg: Config, X: np.ndarray, mask: np.ndarray, Y: np.ndarray, own: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Run the decoder for U = len(Y) steps on one sentence; feed Y (teacher forcing) or its own argmax.

    X, mask: (1, T); Y: (U,) reference ids. Returns fed ids (U,), predicted ids (U,)
    and -log p(Y_t | fed, x) (U,). Same step as :func:`core.translator.model.greedy`.
    """
    if cfg.kind in LUONG_KINDS:
        return luong.decode_fed(params, cfg, X, mask, Y, own)
    d_e, d_s, d_h = cfg.d_e, cfg.d_s, cfg.d_h
    enc = encode(params, X, mask)
    W_xy, W_xc = params["dec.W_x"][:, :d_e], params["dec.W_x"][:, d_e:]  # (3d_s, d_e), (3d_s, 2d)
    W_os, W_oc, W_oy = np.split(params["W_o"], [d_s, d_s + d_h], axis=1)
    p = scorer(params) if cfg.attention else None
    K = attention.keys(enc.H, p) if cfg.attention else None  # (1, T, d_a)
    U = len(Y)
    fed, predicted, nll = np.empty(U, dtype=np.int64), np.empty(U, dtype=np.int64), np.empty(U)
    s, y = enc.s0, START_ID  # (1, d_s), the first input <s>
    for t in range(U):  # sequential by definition
        fed[t] = y
        ey = params["E_tgt"][[y]]  # (1, d_e): e_tgt(fed token)
        c = attention.read_step(K, enc.H, mask, s, p)[0] if cfg.attention else enc.summary  # (1, 2d): c_t
        s, _ = gru.step(ey @ W_xy.T + params["dec.b"] + c @ W_xc.T, s, params["dec.W_h"])  # (1, d_s): s_t
        z = (s @ W_os.T + c @ W_oc.T + ey @ W_oy.T + params["b_o"])[0]  # (V_tgt,) logits
        log_p = z - (z.max() + np.log(np.exp(z - z.max()).sum()))  # (V_tgt,) log Softmax
        nll[t] = -log_p[Y[t]]
        predicted[t] = int(z.argmax())
        y = predicted[t] if own else Y[t]
    return fed, predicted, nll


def _regime(fed: np.ndarray, predicted: np.ndarray, nll: np.ndarray) -> Regime:
    return Regime(tuple(TARGET_VOCAB[i] for i in fed), tuple(TARGET_VOCAB[i] for i in predicted), nll)


def teacher_forcing(sentence: object, step: int | None = None, model: str = "attention") -> TeacherForcing:
    """Both regimes for a sentence in the toy grammar at snapshot ``step`` (None: final) of ``model``.

    ValueError for a sentence outside the toy grammar (there is no true target then) or an unknown step.
    """
    pair = reference(sentence)
    ckpt = load_models().get(model)
    params = ckpt.at(step)
    X, mask = source_ids([pair.source])  # (1, T)
    Y = target_ids([pair.target])[1][0]  # (U,) y_1 .. y_U
    training = _regime(*decode_fed(params, ckpt.cfg, X, mask, Y, own=False))
    translation = _regime(*decode_fed(params, ckpt.cfg, X, mask, Y, own=True))
    return TeacherForcing(pair.source, pair.target, training, translation)


def divergent_snapshots(sentence: object, model: str = "attention") -> tuple[int, ...]:
    """The stored snapshot steps at which translation feeds the decoder a different token than training does."""
    steps = load_models().get(model).steps
    return tuple(k for k in steps if teacher_forcing(sentence, k, model).first_divergence is not None)
