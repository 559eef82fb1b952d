"""The encoder-decoder translator, with and without attention, forward and backward.

Encoder (sections 2-3): embeddings e_src(x_j), a forward and a backward GRU,
annotation h_j = [forward state j; backward state j] in R^{2d}.

Decoder, in Bahdanau's reading order (section 7), for t = 1..U:

    c_t  = sum_j alpha_tj h_j  with alpha_t from s_{t-1} by the additive scorer   (attention)
    c_t  = [forward state T; backward state 1]  at every step                     (fixed summary)
    s_t  = GRU(s_{t-1}, [e_tgt(y_{t-1}); c_t])
    p(y_t | y_<t, x) = Softmax(W_o [s_t; c_t; e_tgt(y_{t-1})] + b_o)

with s_0 = tanh(W_init (backward state 1) + b_init) in both models. The two
models have the same sizes; the fixed-summary one simply has no scorer.

Which model: ``Config.kind``, one of :data:`KINDS`. "bahdanau" and "summary"
are the two above (``Config(attention=True)`` and ``Config(attention=False)``
name them too, as they always did); "luong_dot", "luong_general" and
"luong_local" are Luong et al.'s decoders, in :mod:`core.translator.luong`,
which share this module's encoder. :func:`parameter_shapes`,
:func:`init_params`, :func:`check_params`, :func:`loss`,
:func:`loss_and_gradients`, :func:`greedy` and :func:`teacher_forced_weights`
take any kind (so training, checkpoints and evaluation do too); :func:`decode`,
:func:`decode_backward` and :func:`logits` are Bahdanau's and the summary's only.

Arrays: a batch is right-padded, source ids X (B, T) with mask (B, T), target
inputs y_{t-1} and outputs y_t (B, U) with mask (B, U). Row b is sentence b;
column vectors of the article are the last axis. Parameters live in a dict
``{name: array}`` (names in :func:`parameter_shapes`); the scorer's are W, U,
v, b as in the article, W_x/W_h/b of a GRU as in :mod:`core.translator.gru`.

The loss is the mean cross-entropy per real target token. Python loops run
over time steps only; every step handles the whole batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import ModuleType

import numpy as np

from core.scorers import AdditiveParams
from core.softmax import softmax_unchecked
from core.translator import attention, gru
from core.translator.task import END_ID, SOURCE_VOCAB, START_ID, TARGET_VOCAB, Pair, source_ids, target_ids

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


def parameter_shapes(cfg: Config) -> dict[str, tuple[int, ...]]:
    """Every trainable array and its shape; the scorer's W, U, v, b only with attention (Luong's: see luong)."""
    if cfg.kind in LUONG_KINDS:
        return _luong().parameter_shapes(cfg)
    d_s, d_e = cfg.d_s, cfg.d_e
    shapes = {
        **encoder_shapes(cfg),
        "E_tgt": (cfg.V_tgt, d_e),
        "dec.W_x": (3 * d_s, d_e + cfg.d_h),
        "dec.W_h": (3 * d_s, d_s),
        "dec.b": (3 * d_s,),
        "W_o": (cfg.V_tgt, d_s + cfg.d_h + d_e),
        "b_o": (cfg.V_tgt,),
    }
    if cfg.attention:
        shapes.update({"W": (cfg.d_a, cfg.d_h), "U": (cfg.d_a, d_s), "v": (cfg.d_a,), "b": (cfg.d_a,)})
    return shapes


def init_params(cfg: Config, seed: int = 0) -> Params:
    """Seeded initial weights: matrices N(0, 1/fan_in), embeddings N(0, 1), biases 0.

    v starts small (std 0.01), so that every score e_tj is near 0 and the first
    alignments are near uniform: where to look is learned, not built in.
    (Luong's kinds: :func:`core.translator.luong.init_params`.)
    """
    if cfg.kind in LUONG_KINDS:
        return _luong().init_params(cfg, seed)
    return init_from_shapes(parameter_shapes(cfg), seed, {"v": 0.01})


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


def scorer(params: Params) -> AdditiveParams:
    return AdditiveParams(params["W"], params["U"], params["v"], params["b"])


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


def encode(params: Params, X: np.ndarray, mask: np.ndarray) -> Encoded:
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


# --- Decoder with teacher forcing -----------------------------------------------------------------


@dataclass
class Decoded:
    S: np.ndarray  # (B, U + 1, d_s): row 0 is s_0
    C: np.ndarray  # (B, U, 2d) contexts c_t
    A: np.ndarray | None  # (B, U, T) weights alpha_tj, or None without attention
    EY: np.ndarray  # (B, U, d_e)
    steps: list
    reads: list
    K: np.ndarray | None  # (B, T, d_a)


def decode(params: Params, cfg: Config, enc: Encoded, src_mask: np.ndarray, Y_in: np.ndarray) -> Decoded:
    """Bahdanau's decoder (or the fixed summary's) fed Y_in (B, U); Luong's is core.translator.luong.decode."""
    if cfg.kind in LUONG_KINDS:
        raise ValueError(f"cfg: {cfg.kind!r} decodes with core.translator.luong.decode")
    B, U = Y_in.shape
    d_e = cfg.d_e
    EY = params["E_tgt"][Y_in]  # (B, U, d_e)
    W_xy, W_xc = params["dec.W_x"][:, :d_e], params["dec.W_x"][:, d_e:]  # (3d_s, d_e), (3d_s, 2d)
    XG = EY @ W_xy.T + params["dec.b"]  # (B, U, 3d_s): the y_{t-1} part of every step's input
    S = np.empty((B, U + 1, cfg.d_s))  # (B, U + 1, d_s)
    S[:, 0] = enc.s0
    C = np.empty((B, U, cfg.d_h))  # (B, U, 2d)
    steps, reads = [], []
    if cfg.attention:
        p = scorer(params)
        K = attention.keys(enc.H, p)  # (B, T, d_a)
        A = np.empty((B, U, enc.H.shape[1]))  # (B, U, T)
    else:
        K, A = None, None
        C[:] = enc.summary[:, None, :]
        XG = XG + (enc.summary @ W_xc.T)[:, None, :]  # the fixed context's part, the same at every step
    for t in range(U):  # sequential by definition
        xg = XG[:, t]
        if cfg.attention:
            C[:, t], A[:, t], cache = attention.read_step(K, enc.H, src_mask, S[:, t], p)  # c_t from s_{t-1}
            reads.append(cache)
            xg = xg + C[:, t] @ W_xc.T  # (B, 3d_s)
        S[:, t + 1], step = gru.step(xg, S[:, t], params["dec.W_h"])  # s_t
        steps.append(step)
    return Decoded(S, C, A, EY, steps, reads, K)


def decode_backward(
    params: Params,
    cfg: Config,
    enc: Encoded,
    dec: Decoded,
    Y_in: np.ndarray,
    dS: np.ndarray,
    dC: np.ndarray,
    dEY: np.ndarray,
    grads: Params,
) -> tuple[np.ndarray, np.ndarray]:
    """Backward through :func:`decode`, steps last to first; the decoder's and scorer's gradients added to ``grads``.

    dS (B, U, d_s), dC (B, U, 2d), dEY (B, U, d_e): dL/ds_t, dL/dc_t, dL/de_tgt(y_{t-1}) from the output layer.
    Returns dL/dH (B, T, 2d) and dL/ds_0 (B, d_s), for :func:`encode_backward`.
    """
    B, U, d_s = dS.shape
    d_h, d_e = cfg.d_h, cfg.d_e
    W_xc = params["dec.W_x"][:, d_e:]  # (3d_s, 2d)
    dC = dC.copy()  # (B, U, 2d): each step adds its GRU input's path
    dXG = np.empty((B, U, 3 * d_s))  # (B, U, 3d_s): dL/d(x_t W_x^T + b)
    dHG = np.empty((B, U, 3 * d_s))  # (B, U, 3d_s): dL/d(s_{t-1} W_h^T)
    if cfg.attention:
        p = scorer(params)
        acc = attention.ReadGradients(
            np.zeros_like(dec.K), np.zeros_like(enc.H), np.zeros_like(p.U), np.zeros_like(p.v)
        )  # (B, T, d_a), (B, T, 2d), (d_a, d_s), (d_a,)
    ds = np.zeros((B, d_s))  # (B, d_s): dL/ds_t through the later steps
    for t in range(U - 1, -1, -1):  # the forward order, reversed
        ds = ds + dS[:, t]  # (B, d_s): and through the output layer
        dXG[:, t], ds, dHG[:, t] = gru.step_backward(ds, dec.steps[t], params["dec.W_h"])  # ds is now dL/ds_{t-1}
        dC[:, t] += dXG[:, t] @ W_xc  # (B, 2d)
        if cfg.attention:
            ds = ds + attention.read_step_backward(dC[:, t], dec.reads[t], enc.H, p, acc)  # (B, d_s): c_t from s_{t-1}
    grads["dec.W_h"] += dHG.reshape(-1, 3 * d_s).T @ dec.S[:, :-1].reshape(-1, d_s)  # (3d_s, d_s)
    grads["dec.W_x"] += dXG.reshape(-1, 3 * d_s).T @ np.concatenate([dec.EY, dec.C], axis=2).reshape(-1, d_e + d_h)
    grads["dec.b"] += dXG.sum(axis=(0, 1))  # (3d_s,)
    dEY = dEY + dXG @ params["dec.W_x"][:, :d_e]  # (B, U, d_e)
    np.add.at(grads["E_tgt"], Y_in, dEY)  # (V_tgt, d_e)
    if cfg.attention:
        dW, db, dH = attention.keys_backward(acc, enc.H, p)  # (d_a, 2d), (d_a,), (B, T, 2d)
        grads["W"] += dW
        grads["b"] += db
        grads["U"] += acc.U  # (d_a, d_s)
        grads["v"] += acc.v  # (d_a,)
    else:
        dH = np.zeros_like(enc.H)  # (B, T, 2d)
        d_summary = dC.sum(axis=1)  # (B, 2d): the same summary fed every step
        dH[:, -1, : cfg.d] += d_summary[:, : cfg.d]
        dH[:, 0, cfg.d :] += d_summary[:, cfg.d :]
    return dH, ds


def logits(params: Params, dec: Decoded) -> tuple[np.ndarray, np.ndarray]:
    """Output features F = [s_t; c_t; e_tgt(y_{t-1})] (B, U, F) and logits (B, U, V_tgt)."""
    F = np.concatenate([dec.S[:, 1:], dec.C, dec.EY], axis=2)  # (B, U, d_s + 2d + d_e)
    return F, F @ params["W_o"].T + params["b_o"]  # (B, U, V_tgt)


def loss(params: Params, cfg: Config, batch: Batch) -> float:
    """Mean cross-entropy per real target token (forward only)."""
    if cfg.kind in LUONG_KINDS:
        return _luong().loss(params, cfg, batch)
    enc = encode(params, batch.X, batch.src_mask)
    dec = decode(params, cfg, enc, batch.src_mask, batch.Y_in)
    _, z = logits(params, dec)
    return _cross_entropy(z, batch)[0]


def _cross_entropy(z: np.ndarray, batch: Batch) -> tuple[float, np.ndarray]:
    """Loss and dL/dz for logits z (B, U, V), masked and averaged over real tokens."""
    P = softmax_unchecked(z)  # (B, U, V)
    n_tokens = batch.tgt_mask.sum()
    p_true = np.take_along_axis(P, batch.Y[:, :, None], axis=2)[:, :, 0]  # (B, U)
    value = -float(np.sum(batch.tgt_mask * np.log(p_true))) / n_tokens
    dz = P.copy()
    np.put_along_axis(dz, batch.Y[:, :, None], np.take_along_axis(dz, batch.Y[:, :, None], axis=2) - 1.0, axis=2)
    dz *= batch.tgt_mask[:, :, None] / n_tokens  # (B, U, V)
    return value, dz


def loss_and_gradients(params: Params, cfg: Config, batch: Batch) -> tuple[float, Params]:
    """The loss and dL/d(every parameter), by the hand-written backward pass."""
    if cfg.kind in LUONG_KINDS:
        return _luong().loss_and_gradients(params, cfg, batch)
    grads = {name: np.zeros_like(value) for name, value in params.items()}
    enc = encode(params, batch.X, batch.src_mask)
    dec = decode(params, cfg, enc, batch.src_mask, batch.Y_in)
    F, z = logits(params, dec)
    value, dz = _cross_entropy(z, batch)
    V = dz.shape[2]
    d_s, d_h = cfg.d_s, cfg.d_h

    # output layer
    grads["W_o"] += dz.reshape(-1, V).T @ F.reshape(-1, F.shape[2])  # (V, F)
    grads["b_o"] += dz.sum(axis=(0, 1))
    dF = dz @ params["W_o"]  # (B, U, F)
    dS, dC, dEY = np.split(dF, [d_s, d_s + d_h], axis=2)  # (B, U, d_s), (B, U, 2d), (B, U, d_e)

    dH, ds0 = decode_backward(params, cfg, enc, dec, batch.Y_in, dS, dC, dEY, grads)  # (B, T, 2d), (B, d_s)
    encode_backward(params, batch.X, enc, dH, ds0, grads)
    return value, grads


# --- Inference -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Translation:
    """Greedy outputs: ids (B, L) padded with 0 after END, weights (B, L, T) or None; Luong's local model
    also gives its aligned positions p_t (B, L) (1-based, see core.translator.luong), the others None."""

    ids: np.ndarray
    weights: np.ndarray | None
    positions: np.ndarray | None = None


def greedy(params: Params, cfg: Config, X: np.ndarray, src_mask: np.ndarray, max_len: int | None = None) -> Translation:
    """Greedy decoding for a batch: y_t = argmax p(y | y_<t, x), fed back as the next input.

    Stops when every sentence has produced END or after ``max_len`` tokens
    (default 2 T + 4). Tokens after a sentence's END are set to padding (0).
    """
    if cfg.kind in LUONG_KINDS:
        return _luong().greedy(params, cfg, X, src_mask, max_len)
    B, T = X.shape
    max_len = max_len or 2 * T + 4
    enc = encode(params, X, src_mask)
    d_e = cfg.d_e
    W_xy, W_xc = params["dec.W_x"][:, :d_e], params["dec.W_x"][:, d_e:]
    W_os, W_oc, W_oy = np.split(params["W_o"], [cfg.d_s, cfg.d_s + cfg.d_h], axis=1)
    p = scorer(params) if cfg.attention else None
    K = attention.keys(enc.H, p) if cfg.attention else None  # (B, T, d_a)
    s = enc.s0  # (B, d_s)
    y = np.full(B, START_ID)
    ids = np.zeros((B, max_len), dtype=np.int64)
    weights = np.zeros((B, max_len, T)) if cfg.attention else None
    done = np.zeros(B, dtype=bool)
    for t in range(max_len):
        ey = params["E_tgt"][y]  # (B, d_e)
        if cfg.attention:
            c, alpha, _ = attention.read_step(K, enc.H, src_mask, s, p)  # (B, 2d), (B, T)
            weights[:, t] = alpha
        else:
            c = enc.summary
        s, _ = gru.step(ey @ W_xy.T + params["dec.b"] + c @ W_xc.T, s, params["dec.W_h"])  # (B, d_s)
        z = s @ W_os.T + c @ W_oc.T + ey @ W_oy.T + params["b_o"]  # (B, V_tgt)
        y = np.where(done, 0, z.argmax(axis=1))
        ids[:, t] = y
        done |= y == END_ID
        if done.all():
            return Translation(ids[:, : t + 1], None if weights is None else weights[:, : t + 1])
    return Translation(ids, weights)


def teacher_forced_weights(params: Params, cfg: Config, batch: Batch) -> np.ndarray:
    """alpha_tj while reading the reference translation: (B, U, T). Needs attention."""
    if not cfg.attention:
        raise ValueError("cfg: the fixed-summary model has no attention weights")
    if cfg.kind in LUONG_KINDS:
        return _luong().teacher_forced_weights(params, cfg, batch)
    enc = encode(params, batch.X, batch.src_mask)
    return decode(params, cfg, enc, batch.src_mask, batch.Y_in).A


def teacher_forced_reads(params: Params, cfg: Config, batch: Batch) -> tuple[np.ndarray, np.ndarray | None]:
    """:func:`teacher_forced_weights` (B, U, T) and, for Luong's local model, its aligned positions p_t (B, U)
    from the same pass (None for the others)."""
    if cfg.kind == "luong_local":
        return _luong().teacher_forced_reads(params, cfg, batch)
    return teacher_forced_weights(params, cfg, batch), None


def _luong() -> ModuleType:
    """core.translator.luong, imported when first needed: it imports this module."""
    from core.translator import luong

    return luong
