"""What every decoder of the toy translator shares: which model and its sizes (:class:`Config`), a batch, the
encoder, the loss of a decoder's logits, and greedy decoding's result.

Encoder (sections 2-3): embeddings e_src(x_j), a forward and a backward GRU,
annotation h_j = [forward state j; backward state j] in R^{2d}, and the
decoder's first state s_0 = tanh(W_init (backward state 1) + b_init).

Arrays: a batch is right-padded, source ids X (B, T) with mask (B, T), target
inputs y_{t-1} and outputs y_t (B, U) with mask (B, U). Row b is sentence b;
column vectors of the article are the last axis. Parameters live in a dict
``{name: array}`` (names in each decoder's ``parameter_shapes``); W_x/W_h/b of
a GRU as in :mod:`core.translator.gru`.

The loss is the mean cross-entropy per real target token. Python loops run
over time steps only; every step handles the whole batch.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from core.softmax import softmax_unchecked
from core.translator import gru
from core.translator.task import SOURCE_VOCAB, TARGET_VOCAB, Pair, source_ids, target_ids

Params = dict[str, np.ndarray]

KINDS = ("bahdanau", "summary", "luong_dot", "luong_general", "luong_local")  # the models, by name
LUONG_KINDS = KINDS[2:]  # the decoders of core.translator.luong


@dataclass(frozen=True)
class Config:
    """Which model (``kind``, one of :data:`KINDS`) and its sizes: embeddings d_e, encoder state d per
    direction (annotations 2d), decoder d_s, scorer d_a (Bahdanau's scorer; Luong's local position predictor).

    ``attention`` says whether the model reads with attention weights (every kind but "summary"). Give either
    or both: ``Config()`` and ``Config(attention=True)`` are "bahdanau", ``Config(attention=False)`` is
    "summary" (a checkpoint saved before ``kind`` existed loads so), ``Config(kind="luong_local")`` has
    ``attention`` True. After construction both fields are set; a contradiction is a ValueError. To change
    the model of a configuration use :meth:`with_kind` (``dataclasses.replace`` would keep ``attention``).
    """

    attention: bool | None = None
    d_e: int = 16
    d: int = 32
    d_s: int = 32
    d_a: int = 32
    V_src: int = len(SOURCE_VOCAB)
    V_tgt: int = len(TARGET_VOCAB)
    kind: str | None = None

    def __post_init__(self) -> None:
        for name in ("d_e", "d", "d_s", "d_a", "V_src", "V_tgt"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{name}: expected a positive integer, got {value!r}")
        kind = self.kind
        if kind is None:
            kind = "summary" if self.attention is not None and not self.attention else "bahdanau"
        elif kind not in KINDS:
            raise ValueError(f"kind: expected one of {list(KINDS)}, got {kind!r}")
        reads = kind != "summary"
        if self.attention is not None and bool(self.attention) != reads:
            says = "reads with" if reads else "has no"
            raise ValueError(f"kind: {kind!r} {says} attention, got attention={self.attention!r}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "attention", reads)

    @property
    def d_h(self) -> int:
        return 2 * self.d

    def with_kind(self, kind: str) -> Config:
        """The same sizes for another model."""
        return replace(self, kind=kind, attention=None)


def encoder_shapes(cfg: Config) -> dict[str, tuple[int, ...]]:
    """The encoder's arrays (every kind has them): source embeddings, both GRUs, s_0's W_init and b_init."""
    d, d_e = cfg.d, cfg.d_e
    return {
        "E_src": (cfg.V_src, d_e),
        "fwd.W_x": (3 * d, d_e),
        "fwd.W_h": (3 * d, d),
        "fwd.b": (3 * d,),
        "bwd.W_x": (3 * d, d_e),
        "bwd.W_h": (3 * d, d),
        "bwd.b": (3 * d,),
        "W_init": (cfg.d_s, d),
        "b_init": (cfg.d_s,),
    }


def init_from_shapes(shapes: dict[str, tuple[int, ...]], seed: int, small: dict[str, float]) -> Params:
    """Draw in ``shapes``' order: embeddings ("E_...") N(0, 1), the arrays named in ``small`` N(0, std^2),
    other vectors 0, other matrices N(0, 1/fan_in)."""
    rng = np.random.default_rng(seed)
    params: Params = {}
    for name, shape in shapes.items():
        if name.startswith("E_"):
            params[name] = rng.normal(0.0, 1.0, shape)
        elif name in small:
            params[name] = rng.normal(0.0, small[name], shape)
        elif len(shape) == 1:
            params[name] = np.zeros(shape)
        else:
            params[name] = rng.normal(0.0, 1.0 / np.sqrt(shape[1]), shape)
    return params


@dataclass(frozen=True)
class Batch:
    """Padded ids and masks; see the module docstring."""

    X: np.ndarray  # (B, T) source ids
    src_mask: np.ndarray  # (B, T)
    Y_in: np.ndarray  # (B, U) y_{t-1}
    Y: np.ndarray  # (B, U) y_t
    tgt_mask: np.ndarray  # (B, U)

    @classmethod
    def of(cls, pairs: Sequence[Pair]) -> Batch:
        if len(pairs) == 0:
            raise ValueError("pairs: expected at least one sentence pair, got none")
        X, src_mask = source_ids([p.source for p in pairs])
        Y_in, Y, tgt_mask = target_ids([p.target for p in pairs])
        return cls(X, src_mask, Y_in, Y, tgt_mask)

    @property
    def tokens(self) -> int:
        """Real tokens, source and target: what tokens per second counts."""
        return int(self.src_mask.sum() + self.tgt_mask.sum())


# --- Encoder ---------------------------------------------------------------------------------


@dataclass
class Encoded:
    EX: np.ndarray  # (B, T, d_e)
    HF: np.ndarray  # (B, T, d) forward states
    HB: np.ndarray  # (B, T, d) backward states
    H: np.ndarray  # (B, T, 2d) annotations h_j
    fwd: list
    bwd: list
    s0: np.ndarray  # (B, d_s)

    @property
    def summary(self) -> np.ndarray:
        """[forward state at the last real token; backward state 1]: (B, 2d)."""
        return np.concatenate([self.HF[:, -1], self.HB[:, 0]], axis=1)  # padded steps carry the last state


ENCODINGS_KEPT = 256  # encodings by read-only parameters kept (a sentence's: a few kB), the least recently used dropped
_ENCODINGS: OrderedDict[tuple[object, ...], tuple[Params, Encoded]] = OrderedDict()
_ENCODINGS_LOCK = threading.Lock()
_ENCODER = tuple(encoder_shapes(Config()))  # the encoder's arrays' names


def encode(params: Params, X: np.ndarray, mask: np.ndarray) -> Encoded:
    """The encoder's pass over a batch: embeddings, both GRUs' states, the annotations H and s_0.

    Parameters whose encoder arrays are all read-only (a loaded checkpoint's, :mod:`core.translator.checkpoint`)
    never change, so their encoding of one sentence is worked out once and shared, its arrays read-only: screen 6
    encodes a sentence with the same snapshot for its translation, its alignment, its decoding orders, its what-if
    and its teacher forcing (657 encodings, 374 of them different, under thirty readers). A batch of sentences
    (an evaluation's: its steps' caches take 100 MB) and parameters being trained (writable) are encoded on every
    call.
    """
    if X.shape[0] != 1 or any(params[name].flags.writeable for name in _ENCODER):
        return _encode(params, X, mask)
    key = (id(params), X.shape, X.tobytes(), mask.tobytes())  # the entry holds params: its id is not reused
    with _ENCODINGS_LOCK:
        found = _ENCODINGS.get(key)
        if found is not None:
            _ENCODINGS.move_to_end(key)
            return found[1]
    enc = _encode(params, X, mask)
    for array in (enc.EX, enc.HF, enc.HB, enc.H, enc.s0):
        array.setflags(write=False)
    with _ENCODINGS_LOCK:
        _ENCODINGS[key] = (params, enc)
        while len(_ENCODINGS) > ENCODINGS_KEPT:
            _ENCODINGS.popitem(last=False)
    return enc


def _encode(params: Params, X: np.ndarray, mask: np.ndarray) -> Encoded:
    EX = params["E_src"][X]  # (B, T, d_e)
    HF, fwd = gru.run(EX @ params["fwd.W_x"].T + params["fwd.b"], mask, params["fwd.W_h"])  # (B, T, d)
    HB, bwd = gru.run(EX @ params["bwd.W_x"].T + params["bwd.b"], mask, params["bwd.W_h"], reverse=True)
    H = np.concatenate([HF, HB], axis=2)  # (B, T, 2d)
    s0 = np.tanh(HB[:, 0] @ params["W_init"].T + params["b_init"])  # (B, d_s)
    return Encoded(EX, HF, HB, H, fwd, bwd, s0)


def encode_backward(
    params: Params, X: np.ndarray, enc: Encoded, dH: np.ndarray, ds0: np.ndarray, grads: Params
) -> None:
    """dL/dH (B, T, 2d) and dL/ds_0 (B, d_s) -> encoder parameters' gradients, added to ``grads``."""
    d = enc.HF.shape[2]
    da0 = ds0 * (1.0 - enc.s0**2)  # (B, d_s)
    grads["W_init"] += da0.T @ enc.HB[:, 0]
    grads["b_init"] += da0.sum(axis=0)
    dHB = dH[:, :, d:].copy()  # (B, T, d)
    dHB[:, 0] += da0 @ params["W_init"]
    dEX = np.zeros_like(enc.EX)  # (B, T, d_e)
    for name, dstates, caches, reverse in (("fwd", dH[:, :, :d], enc.fwd, False), ("bwd", dHB, enc.bwd, True)):
        dXG, dW_h = gru.run_backward(dstates, caches, params[f"{name}.W_h"], reverse)  # (B, T, 3d)
        grads[f"{name}.W_h"] += dW_h
        grads[f"{name}.W_x"] += dXG.reshape(-1, 3 * d).T @ enc.EX.reshape(-1, enc.EX.shape[2])
        grads[f"{name}.b"] += dXG.sum(axis=(0, 1))
        dEX += dXG @ params[f"{name}.W_x"]
    np.add.at(grads["E_src"], X, dEX)


def cross_entropy(z: np.ndarray, batch: Batch) -> tuple[float, np.ndarray]:
    """Loss and dL/dz for logits z (B, U, V), masked and averaged over real tokens."""
    P = softmax_unchecked(z)  # (B, U, V)
    n_tokens = batch.tgt_mask.sum()
    p_true = np.take_along_axis(P, batch.Y[:, :, None], axis=2)[:, :, 0]  # (B, U)
    value = -float(np.sum(batch.tgt_mask * np.log(p_true))) / n_tokens
    dz = P.copy()
    np.put_along_axis(dz, batch.Y[:, :, None], np.take_along_axis(dz, batch.Y[:, :, None], axis=2) - 1.0, axis=2)
    dz *= batch.tgt_mask[:, :, None] / n_tokens  # (B, U, V)
    return value, dz


@dataclass(frozen=True)
class Translation:
    """Greedy outputs: ids (B, L) padded with 0 after END, weights (B, L, T) or None; Luong's local model
    also gives its aligned positions p_t (B, L) (1-based, see core.translator.luong), the others None."""

    ids: np.ndarray
    weights: np.ndarray | None
    positions: np.ndarray | None = None
