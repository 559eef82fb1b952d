"""The toy translator's models, by kind: one module per decoder, and this table above them.

Every model has the same encoder (:mod:`core.translator.encoder`: embeddings, a
bidirectional GRU, annotations h_j in R^{2d}, the decoder's s_0) and differs in its
decoder, which ``Config.kind`` names, one of :data:`KINDS`:

- "bahdanau" and "summary": Bahdanau's decoder, reading with s_{t-1} before the
  GRU's update, and the same decoder fed one fixed summary of the source
  (:mod:`core.translator.bahdanau`);
- "luong_dot", "luong_general" and "luong_local": Luong et al.'s decoders, reading
  with the updated state s_t (:mod:`core.translator.luong`).

:data:`DECODERS` maps each kind to its module. :func:`parameter_shapes`,
:func:`init_params`, :func:`check_params`, :func:`loss`,
:func:`loss_and_gradients`, :func:`greedy`, :func:`teacher_forced_weights` and
:func:`teacher_forced_reads` take any kind and ask its decoder (so training,
checkpoints and evaluation do too); a decoder's own steps (``decode``,
``decode_backward``, ``logits``) are its module's. What every model shares
(:class:`Config`, :class:`Batch`, :class:`Translation`, the encoder) is
:mod:`core.translator.encoder`'s; the first three are named here too.
"""

from __future__ import annotations

from types import MappingProxyType, ModuleType

import numpy as np

from core.translator import bahdanau, luong
from core.translator.encoder import KINDS, LUONG_KINDS, Batch, Config, Params, Translation

__all__ = [
    "DECODERS",
    "KINDS",
    "LUONG_KINDS",
    "Batch",
    "Config",
    "Params",
    "Translation",
    "check_params",
    "decoder",
    "greedy",
    "init_params",
    "loss",
    "loss_and_gradients",
    "parameter_shapes",
    "teacher_forced_reads",
    "teacher_forced_weights",
]

DECODERS: MappingProxyType[str, ModuleType] = MappingProxyType(
    {"bahdanau": bahdanau, "summary": bahdanau, **dict.fromkeys(LUONG_KINDS, luong)}
)  # kind -> the module of its decoder, for every one of KINDS


def decoder(cfg: Config) -> ModuleType:
    """The module of ``cfg``'s decoder (:data:`DECODERS`)."""
    return DECODERS[cfg.kind]


def parameter_shapes(cfg: Config) -> dict[str, tuple[int, ...]]:
    """Every trainable array and its shape: the encoder's, then its decoder's (see the decoder's module)."""
    return decoder(cfg).parameter_shapes(cfg)


def init_params(cfg: Config, seed: int = 0) -> Params:
    """Seeded initial weights: matrices N(0, 1/fan_in), embeddings N(0, 1), biases 0, and the arrays each decoder
    starts small, so that the first alignments are near uniform: where to look is learned, not built in."""
    return decoder(cfg).init_params(cfg, seed)


def check_params(params: Params, cfg: Config) -> Params:
    """Validate a parameter dict against the configuration (names, shapes, finite float64)."""
    if not isinstance(params, dict):
        raise ValueError(f"params: expected a dict of arrays, got {type(params).__name__}")
    shapes = parameter_shapes(cfg)
    missing, extra = set(shapes) - set(params), set(params) - set(shapes)
    if missing or extra:
        raise ValueError(f"params: missing {sorted(missing)}, unexpected {sorted(extra)} for this configuration")
    out = {}
    for name, shape in shapes.items():
        arr = np.asarray(params[name], dtype=np.float64)
        if arr.shape != shape:
            raise ValueError(f"params: {name} should have shape {shape}, got {arr.shape}")
        if not np.all(np.isfinite(arr)):
            raise ValueError(f"params: {name} holds NaN or inf")
        out[name] = arr
    return out


def loss(params: Params, cfg: Config, batch: Batch) -> float:
    """Mean cross-entropy per real target token (forward only)."""
    return decoder(cfg).loss(params, cfg, batch)


def loss_and_gradients(params: Params, cfg: Config, batch: Batch) -> tuple[float, Params]:
    """The loss and dL/d(every parameter), by the hand-written backward pass."""
    return decoder(cfg).loss_and_gradients(params, cfg, batch)


def greedy(params: Params, cfg: Config, X: np.ndarray, src_mask: np.ndarray, max_len: int | None = None) -> Translation:
    """Greedy decoding for a batch: y_t = argmax p(y | y_<t, x), fed back as the next input.

    Stops when every sentence has produced END or after ``max_len`` tokens
    (default 2 T + 4). Tokens after a sentence's END are set to padding (0).
    """
    return decoder(cfg).greedy(params, cfg, X, src_mask, max_len)


def teacher_forced_weights(params: Params, cfg: Config, batch: Batch) -> np.ndarray:
    """alpha_tj while reading the reference translation: (B, U, T). Needs attention."""
    return decoder(cfg).teacher_forced_weights(params, cfg, batch)


def teacher_forced_reads(params: Params, cfg: Config, batch: Batch) -> tuple[np.ndarray, np.ndarray | None]:
    """:func:`teacher_forced_weights` (B, U, T) and, for Luong's local model, its aligned positions p_t (B, U)
    from the same pass (None for the others)."""
    return decoder(cfg).teacher_forced_reads(params, cfg, batch)
