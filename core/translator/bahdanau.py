"""Bahdanau's decoder and the fixed summary's, forward and backward, for the toy translator.

The encoder is :mod:`core.translator.encoder`'s. The decoder reads in Bahdanau's
order (section 7), for t = 1..U:

    c_t  = sum_j alpha_tj h_j  with alpha_t from s_{t-1} by the additive scorer   (attention)
    c_t  = [forward state T; backward state 1]  at every step                     (fixed summary)
    s_t  = GRU(s_{t-1}, [e_tgt(y_{t-1}); c_t])
    p(y_t | y_<t, x) = Softmax(W_o [s_t; c_t; e_tgt(y_{t-1})] + b_o)

with s_0 = tanh(W_init (backward state 1) + b_init) in both models. The two
models have the same sizes; the fixed-summary one simply has no scorer.
``Config.kind`` is "bahdanau" or "summary" (``Config(attention=True)`` and
``Config(attention=False)`` name them too, as they always did).

Arrays as in :mod:`core.translator.encoder`. The scorer's parameters are W, U,
v, b as in the article; the decoder GRU's dec.W_x (3d_s, d_e + 2d), dec.W_h, dec.b.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.scorers import AdditiveParams
from core.translator import attention, gru
from core.translator.encoder import (
    LUONG_KINDS,
    Batch,
    Config,
    Encoded,
    Params,
    Translation,
    cross_entropy,
    encode,
    encode_backward,
    encoder_shapes,
    init_from_shapes,
)
from core.translator.task import END_ID, START_ID


def parameter_shapes(cfg: Config) -> dict[str, tuple[int, ...]]:
    """Every trainable array and its shape; the scorer's W, U, v, b only with attention."""
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
    """
    return init_from_shapes(parameter_shapes(cfg), seed, {"v": 0.01})


def scorer(params: Params) -> AdditiveParams:
    return AdditiveParams(params["W"], params["U"], params["v"], params["b"])


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
    enc = encode(params, batch.X, batch.src_mask)
    dec = decode(params, cfg, enc, batch.src_mask, batch.Y_in)
    _, z = logits(params, dec)
    return cross_entropy(z, batch)[0]


def loss_and_gradients(params: Params, cfg: Config, batch: Batch) -> tuple[float, Params]:
    """The loss and dL/d(every parameter), by the hand-written backward pass."""
    grads = {name: np.zeros_like(value) for name, value in params.items()}
    enc = encode(params, batch.X, batch.src_mask)
    dec = decode(params, cfg, enc, batch.src_mask, batch.Y_in)
    F, z = logits(params, dec)
    value, dz = cross_entropy(z, batch)
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


# --- Inference ---------------------------------------------------------------------------------------


def greedy(params: Params, cfg: Config, X: np.ndarray, src_mask: np.ndarray, max_len: int | None = None) -> Translation:
    """Greedy decoding for a batch: y_t = argmax p(y | y_<t, x), fed back as the next input.

    Stops when every sentence has produced END or after ``max_len`` tokens
    (default 2 T + 4). Tokens after a sentence's END are set to padding (0).
    """
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
    enc = encode(params, batch.X, batch.src_mask)
    return decode(params, cfg, enc, batch.src_mask, batch.Y_in).A


def teacher_forced_reads(params: Params, cfg: Config, batch: Batch) -> tuple[np.ndarray, np.ndarray | None]:
    """:func:`teacher_forced_weights` (B, U, T), and no aligned positions (None: Bahdanau's model predicts none)."""
    return teacher_forced_weights(params, cfg, batch), None
