"""Luong et al.'s decoders (Luong, Pham & Manning 2015), forward and backward, for the toy translator.

The encoder is :mod:`core.translator.encoder`'s: embeddings, a bidirectional GRU,
annotations h_j = [forward state j; backward state j] in R^{2d}, and
s_0 = tanh(W_init (backward state 1) + b_init). The decoder is a GRU as in our
Bahdanau model, so that only the *reading* differs. (Luong et al. used stacked
LSTMs, 4 layers of 1000 cells, over the reversed source, and started the
decoder from the encoder's last state; we keep our GRUs and our s_0.)

Bahdanau's decoder reads with s_{t-1} and feeds c_t into the update that makes
s_t. Luong's updates first and reads with the new state. For t = 1..U:

    s_t      = GRU(s_{t-1}, [e_tgt(y_{t-1}); h~_{t-1}])     input feeding, h~_0 = 0
    e_tj     = score(s_t, h_j)                              j over the source's real positions
    alpha_t  = Softmax_j(e_t)                               (global attention)
    c_t      = sum_j alpha_tj h_j
    h~_t     = tanh(W_c [c_t; s_t])                         the attentional state, d_s wide, no bias
    p(y_t | y_<t, x) = Softmax(W_o h~_t + b_o)

The kinds (``Config.kind``) differ in the score and in what is read:

- "luong_dot": e_tj = s_t^T h_j. That needs d_s = 2d. **Where the widths differ
  (our default sizes: d_s = 32, 2d = 64) this model adds a learned projection
  P (d_s, 2d) that Luong's dot model does not have**: h'_j = P h_j, scored by
  e_tj = s_t^T h'_j and read by c_t = sum_j alpha_tj h'_j (so c_t is d_s wide).
  Its score s_t^T P h_j has general's form with W_a = P; what still sets it
  apart is that it reads the very vectors it scored (score and read share P).
  With d_s = 2d there is no P and no scoring parameter at all; and since there
  is then nothing to start small, the first alignments are not near uniform.
- "luong_general": e_tj = s_t^T W_a h_j, W_a (d_s, 2d), as
  :func:`core.scorers.general_scores`; W_a starts small (std 0.001), so the
  first alignments are near uniform, as Bahdanau's small v makes his (W_a's
  gradient, sum over t, j of de_tj s_t h_j^T, does not shrink with it).
- "luong_local" (local-p, with the general score): an aligned position is
  predicted from s_t, and only a window around it is read:

      p_t      = T_x sigmoid(v_p^T tanh(W_p s_t))          T_x this sentence's length, p_t in (0, T_x)
      a_t      = Softmax of e_tj over the real positions j with |j - p_t| <= D, 0 elsewhere
      alpha_tj = a_tj exp(-(j - p_t)^2 / (2 sigma^2)),      sigma = D / 2
      c_t      = sum_j alpha_tj h_j

  with positions j = 1..T_x (the article's x_1..x_T; array column j - 1) and
  D = :data:`LOCAL_D` = 3, sigma = :data:`LOCAL_SIGMA` = 1.5 (Luong et al. chose
  D = 10 for WMT sentences; ours are 3 to 32 words and reorder over at most three).
  As in the paper, the weights are not renormalised after the Gaussian (they sum
  to at most 1), and the gradient reaches p_t, hence W_p and v_p, through the
  Gaussian only: which positions are in the window changes in jumps, with zero
  derivative almost everywhere. v_p starts small (std 0.01): p_t starts near T_x / 2.

Arrays as in :mod:`core.translator.encoder`: row b of every array is sentence b,
column vectors of the article are the last axis; annotations H (B, T, 2d),
source mask (B, T), target ids (B, U). d_r is the width of what is read (2d,
or d_s for the dot model with P). The memory a decoder reads is computed once a
batch: keys K (B, T, d_s) (the vectors s_t is scored against: h_j, P h_j or
W_a h_j) and values V (B, T, d_r) (the vectors averaged: h_j or P h_j).
Parameters: the encoder's, then E_tgt, the decoder GRU's dec.W_x (3d_s, d_e + d_s),
dec.W_h, dec.b, the scorer's P or W_a, the local model's W_p (d_a, d_s) and v_p
(d_a,), and W_c (d_s, d_r + d_s), W_o (V_tgt, d_s), b_o (V_tgt,).

Python loops run over time steps only; every step handles the whole batch.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.softmax import softmax_unchecked
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

LOCAL_D = 3  # half-width D of the local window [p_t - D, p_t + D], in source positions
LOCAL_SIGMA = LOCAL_D / 2  # the Gaussian's sigma, D / 2 as in the paper


def _check_kind(cfg: Config) -> None:
    if cfg.kind not in LUONG_KINDS:
        raise ValueError(f"cfg: expected one of Luong's kinds {list(LUONG_KINDS)}, got {cfg.kind!r}")


def projects(cfg: Config) -> bool:
    """Whether the dot model projects the annotations (d_s != 2d): see the module docstring."""
    return cfg.kind == "luong_dot" and cfg.d_s != cfg.d_h


def read_width(cfg: Config) -> int:
    """d_r, the width of c_t: d_s for the dot model (h'_j = P h_j, or h_j when d_s = 2d), else 2d."""
    return cfg.d_s if cfg.kind == "luong_dot" else cfg.d_h


def parameter_shapes(cfg: Config) -> dict[str, tuple[int, ...]]:
    """Every trainable array of a Luong model and its shape (names in the module docstring)."""
    _check_kind(cfg)
    d_s, d_e = cfg.d_s, cfg.d_e
    shapes = {
        **encoder_shapes(cfg),
        "E_tgt": (cfg.V_tgt, d_e),
        "dec.W_x": (3 * d_s, d_e + d_s),
        "dec.W_h": (3 * d_s, d_s),
        "dec.b": (3 * d_s,),
    }
    if projects(cfg):
        shapes["P"] = (d_s, cfg.d_h)
    if cfg.kind in ("luong_general", "luong_local"):
        shapes["W_a"] = (d_s, cfg.d_h)
    if cfg.kind == "luong_local":
        shapes.update({"W_p": (cfg.d_a, d_s), "v_p": (cfg.d_a,)})
    shapes.update({"W_c": (d_s, read_width(cfg) + d_s), "W_o": (cfg.V_tgt, d_s), "b_o": (cfg.V_tgt,)})
    return shapes


def init_params(cfg: Config, seed: int = 0) -> Params:
    """Seeded initial weights as :func:`core.translator.bahdanau.init_params`; W_a (std 0.001) and v_p (0.01) start
    small: the first scores are near 0 and the first positions p_t near T_x / 2."""
    return init_from_shapes(parameter_shapes(cfg), seed, {"W_a": 0.001, "v_p": 0.01})


# --- Reading ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Memory:
    """What every step of a batch reads: keys K (B, T, d_s), values V (B, T, d_r), mask (B, T), lengths T_x (B,)."""

    K: np.ndarray
    V: np.ndarray
    mask: np.ndarray
    lengths: np.ndarray


def memory(params: Params, cfg: Config, H: np.ndarray, mask: np.ndarray) -> Memory:
    """Keys and values from the annotations H (B, T, 2d): dot h_j or P h_j for both; else W_a h_j and h_j."""
    _check_kind(cfg)
    if cfg.kind == "luong_dot":
        V = H @ params["P"].T if projects(cfg) else H  # (B, T, d_r)
        K = V  # (B, T, d_s): d_r = d_s
    else:
        V = H  # (B, T, 2d)
        K = H @ params["W_a"].T  # (B, T, d_s): W_a h_j
    return Memory(K, V, mask, mask.sum(axis=1).astype(np.float64))


def memory_backward(
    params: Params, cfg: Config, H: np.ndarray, dK: np.ndarray, dV: np.ndarray, grads: Params
) -> np.ndarray:
    """dL/dK (B, T, d_s) and dL/dV (B, T, d_r) -> the scorer's gradients (added to ``grads``) and dL/dH (B, T, 2d)."""
    d_h = H.shape[2]
    if cfg.kind == "luong_dot":
        dV = dV + dK  # (B, T, d_s): K is V
        if not projects(cfg):
            return dV
        grads["P"] += dV.reshape(-1, dV.shape[2]).T @ H.reshape(-1, d_h)  # (d_s, 2d)
        return dV @ params["P"]  # (B, T, 2d)
    grads["W_a"] += dK.reshape(-1, dK.shape[2]).T @ H.reshape(-1, d_h)  # (d_s, 2d)
    return dV + dK @ params["W_a"]  # (B, T, 2d): read path + scorer path


@dataclass(frozen=True)
class Read:
    """One step's reading for a batch.

    e (B, T): scores, -inf where not read (padding; outside the window); alpha (B, T): weights;
    c (B, d_r): the context. Local model only (else None): position p_t (B,) (1-based), its
    relative place sigmoid(v_p^T q) = p_t / T_x (B,), q = tanh(W_p s_t) (B, d_a), the window's
    Softmax a_t (B, T) and the Gaussian (B, T), so that alpha = a_t * Gaussian.
    """

    e: np.ndarray
    alpha: np.ndarray
    c: np.ndarray
    position: np.ndarray | None = None
    relative: np.ndarray | None = None
    q: np.ndarray | None = None
    window: np.ndarray | None = None
    gauss: np.ndarray | None = None


def read(params: Params, cfg: Config, mem: Memory, s: np.ndarray) -> Read:
    """Score, weigh and read with the state s_t (B, d_s): see the module docstring."""
    scores = (mem.K @ s[:, :, None])[:, :, 0]  # (B, T): s_t^T k_j
    if cfg.kind != "luong_local":
        e = np.where(mem.mask > 0, scores, -np.inf)  # (B, T)
        alpha = softmax_unchecked(e)  # (B, T)
        return Read(e, alpha, (alpha[:, None, :] @ mem.V)[:, 0])  # c_t: (B, d_r)
    q = np.tanh(s @ params["W_p"].T)  # (B, d_a)
    relative = gru.sigmoid(q @ params["v_p"])  # (B,)
    p = mem.lengths * relative  # (B,): p_t in (0, T_x)
    dist = np.arange(1, mem.mask.shape[1] + 1)[None, :] - p[:, None]  # (B, T): j - p_t
    inside = (np.abs(dist) <= LOCAL_D) & (mem.mask > 0)  # (B, T): never empty, as D >= 1 and p_t in (0, T_x)
    e = np.where(inside, scores, -np.inf)  # (B, T)
    window = softmax_unchecked(e)  # (B, T): a_t
    gauss = np.exp(-(dist**2) / (2.0 * LOCAL_SIGMA**2))  # (B, T)
    alpha = window * gauss  # (B, T)
    return Read(e, alpha, (alpha[:, None, :] @ mem.V)[:, 0], p, relative, q, window, gauss)


def position_gradient(dalpha: np.ndarray, r: Read) -> np.ndarray:
    """dL/dp_t (B,) through the Gaussian: d alpha_tj / d p_t = alpha_tj (j - p_t) / sigma^2; dalpha (B, T)."""
    dist = np.arange(1, dalpha.shape[1] + 1)[None, :] - r.position[:, None]  # (B, T): j - p_t
    return np.sum(dalpha * r.alpha * dist, axis=1) / LOCAL_SIGMA**2


@dataclass(frozen=True)
class ReadGradient:
    """Backward through one :func:`read`: dL/de (B, T), dL/ds_t through the read (B, d_s); local only:
    dL/d(v_p^T q) (B,) and dL/d(W_p s_t) (B, d_a), else None."""

    de: np.ndarray
    ds: np.ndarray
    dpre: np.ndarray | None = None
    dWs: np.ndarray | None = None


def read_backward(params: Params, cfg: Config, mem: Memory, r: Read, g: np.ndarray) -> ReadGradient:
    """From dL/dc_t = g (B, d_r) to the scores and the state; the keys' and values' gradients are summed
    over steps by the caller (dK_j = sum_t de_tj s_t, dV_j = sum_t alpha_tj g_t)."""
    if cfg.kind != "luong_local":
        de = attention.scores_gradient(mem.V, r.alpha, r.c, g)  # (B, T): alpha_tj g^T (v_j - c_t)
        return ReadGradient(de, (de[:, None, :] @ mem.K)[:, 0])  # (B, d_s): sum_j de_tj k_j
    dalpha = (mem.V @ g[:, :, None])[:, :, 0]  # (B, T): g^T v_j
    dwindow = dalpha * r.gauss  # (B, T): into a_t
    de = r.window * (dwindow - np.sum(r.window * dwindow, axis=1, keepdims=True))  # (B, T): through the Softmax
    dp = position_gradient(dalpha, r)  # (B,)
    dpre = dp * r.position * (1.0 - r.relative)  # (B,): p = T_x sigmoid(pre), dp/dpre = p (1 - sigmoid)
    dWs = dpre[:, None] * params["v_p"] * (1.0 - r.q**2)  # (B, d_a): through tanh
    ds = (de[:, None, :] @ mem.K)[:, 0] + dWs @ params["W_p"]  # (B, d_s)
    return ReadGradient(de, ds, dpre, dWs)


# --- Decoder with teacher forcing ---------------------------------------------------------------------


@dataclass
class Decoded:
    """A teacher-forced decoding: S (B, U + 1, d_s) with s_0 in row 0; Ht (B, U + 1, d_s) attentional states
    with h~_0 = 0 in row 0; C (B, U, d_r); A (B, U, T) weights; positions (B, U) p_t (local) or None;
    EY (B, U, d_e); the memory read; per step the GRU's caches and the reads."""

    S: np.ndarray
    Ht: np.ndarray
    C: np.ndarray
    A: np.ndarray
    positions: np.ndarray | None
    EY: np.ndarray
    mem: Memory
    steps: list
    reads: list


def _split_inputs(params: Params, cfg: Config) -> tuple[np.ndarray, np.ndarray]:
    """dec.W_x's columns for e_tgt(y_{t-1}) (3d_s, d_e) and for h~_{t-1} (3d_s, d_s)."""
    return params["dec.W_x"][:, : cfg.d_e], params["dec.W_x"][:, cfg.d_e :]


def _advance(
    params: Params, cfg: Config, mem: Memory, xg: np.ndarray, s: np.ndarray, ht: np.ndarray
) -> tuple[np.ndarray, gru.StepCache, Read, np.ndarray]:
    """One step from the y_{t-1} term xg (B, 3d_s), s_{t-1} and h~_{t-1} (B, d_s): s_t, its cache, the read, h~_t."""
    d_r = mem.V.shape[2]
    W_xh = params["dec.W_x"][:, cfg.d_e :]  # (3d_s, d_s)
    s_new, cache = gru.step(xg + ht @ W_xh.T, s, params["dec.W_h"])  # s_t: update first
    r = read(params, cfg, mem, s_new)  # then read with s_t
    W_c = params["W_c"]
    ht_new = np.tanh(r.c @ W_c[:, :d_r].T + s_new @ W_c[:, d_r:].T)  # (B, d_s): tanh(W_c [c_t; s_t])
    return s_new, cache, r, ht_new


def decode(params: Params, cfg: Config, enc: Encoded, src_mask: np.ndarray, Y_in: np.ndarray) -> Decoded:
    """Run the decoder fed the inputs y_{t-1} Y_in (B, U)."""
    _check_kind(cfg)
    B, U = Y_in.shape
    mem = memory(params, cfg, enc.H, src_mask)
    EY = params["E_tgt"][Y_in]  # (B, U, d_e)
    XG = EY @ _split_inputs(params, cfg)[0].T + params["dec.b"]  # (B, U, 3d_s): the y_{t-1} part of each input
    S = np.empty((B, U + 1, cfg.d_s))
    S[:, 0] = enc.s0
    Ht = np.zeros((B, U + 1, cfg.d_s))  # row 0: h~_0 = 0
    C = np.empty((B, U, read_width(cfg)))
    A = np.empty((B, U, enc.H.shape[1]))
    positions = np.empty((B, U)) if cfg.kind == "luong_local" else None
    steps, reads = [], []
    for t in range(U):  # sequential by definition
        S[:, t + 1], cache, r, Ht[:, t + 1] = _advance(params, cfg, mem, XG[:, t], S[:, t], Ht[:, t])
        C[:, t], A[:, t] = r.c, r.alpha
        if positions is not None:
            positions[:, t] = r.position
        steps.append(cache)
        reads.append(r)
    return Decoded(S, Ht, C, A, positions, EY, mem, steps, reads)


def decode_backward(
    params: Params, cfg: Config, enc: Encoded, dec: Decoded, Y_in: np.ndarray, dHt: np.ndarray, grads: Params
) -> tuple[np.ndarray, np.ndarray]:
    """Backward through :func:`decode` for dL/dh~_t = dHt (B, U, d_s) from the output layer, steps last to first.

    Adds the decoder's, scorer's and W_c's gradients to ``grads``; returns dL/dH (B, T, 2d) and dL/ds_0 (B, d_s)
    for :func:`core.translator.encoder.encode_backward`.
    """
    B, U, d_s = dHt.shape
    d_r, d_e = read_width(cfg), cfg.d_e
    W_xy, W_xh = _split_inputs(params, cfg)
    W_c = params["W_c"]
    mem = dec.mem
    local = cfg.kind == "luong_local"
    dXG = np.empty((B, U, 3 * d_s))  # dL/d(x_t W_x^T + b)
    dHG = np.empty((B, U, 3 * d_s))  # dL/d(s_{t-1} W_h^T)
    dA = np.empty((B, U, d_s))  # dL/d(W_c [c_t; s_t]), before the tanh
    dC = np.empty((B, U, d_r))  # dL/dc_t
    dE = np.empty((B, U, mem.K.shape[1]))  # dL/de_tj
    if local:
        dpre, dWs = np.empty((B, U)), np.empty((B, U, cfg.d_a))
    ds = np.zeros((B, d_s))  # dL/ds_t through the later steps
    dht = np.zeros((B, d_s))  # dL/dh~_t through the next step's input (input feeding)
    for t in range(U - 1, -1, -1):  # the forward order, reversed
        dA[:, t] = (dHt[:, t] + dht) * (1.0 - dec.Ht[:, t + 1] ** 2)  # through tanh
        dcs = dA[:, t] @ W_c  # (B, d_r + d_s)
        dC[:, t] = dcs[:, :d_r]
        rg = read_backward(params, cfg, mem, dec.reads[t], dC[:, t])
        dE[:, t] = rg.de
        if local:
            dpre[:, t], dWs[:, t] = rg.dpre, rg.dWs
        ds = ds + dcs[:, d_r:] + rg.ds  # (B, d_s): later steps, the attentional state, the read
        dXG[:, t], ds, dHG[:, t] = gru.step_backward(ds, dec.steps[t], params["dec.W_h"])  # ds is now dL/ds_{t-1}
        dht = dXG[:, t] @ W_xh  # (B, d_s): h~_{t-1} was this step's input
    S_t = dec.S[:, 1:]  # (B, U, d_s)
    grads["W_c"] += dA.reshape(-1, d_s).T @ np.concatenate([dec.C, S_t], axis=2).reshape(-1, d_r + d_s)
    grads["dec.W_h"] += dHG.reshape(-1, 3 * d_s).T @ dec.S[:, :-1].reshape(-1, d_s)
    grads["dec.W_x"] += dXG.reshape(-1, 3 * d_s).T @ np.concatenate([dec.EY, dec.Ht[:, :-1]], axis=2).reshape(
        -1, d_e + d_s
    )
    grads["dec.b"] += dXG.sum(axis=(0, 1))
    np.add.at(grads["E_tgt"], Y_in, dXG @ W_xy)  # (V_tgt, d_e)
    if local:
        grads["v_p"] += np.einsum("bu,bua->a", dpre, np.stack([r.q for r in dec.reads], axis=1))  # (d_a,)
        grads["W_p"] += dWs.reshape(-1, cfg.d_a).T @ S_t.reshape(-1, d_s)  # (d_a, d_s)
    dK = dE.transpose(0, 2, 1) @ S_t  # (B, T, d_s): sum_t de_tj s_t
    dV = dec.A.transpose(0, 2, 1) @ dC  # (B, T, d_r): sum_t alpha_tj dc_t
    return memory_backward(params, cfg, enc.H, dK, dV, grads), ds


def logits(params: Params, dec: Decoded) -> np.ndarray:
    """W_o h~_t + b_o: (B, U, V_tgt)."""
    return dec.Ht[:, 1:] @ params["W_o"].T + params["b_o"]


def loss(params: Params, cfg: Config, batch: Batch) -> float:
    """Mean cross-entropy per real target token (forward only)."""
    enc = encode(params, batch.X, batch.src_mask)
    return cross_entropy(logits(params, decode(params, cfg, enc, batch.src_mask, batch.Y_in)), batch)[0]


def loss_and_gradients(params: Params, cfg: Config, batch: Batch) -> tuple[float, Params]:
    """The loss and dL/d(every parameter), by the hand-written backward pass."""
    grads = {name: np.zeros_like(value) for name, value in params.items()}
    enc = encode(params, batch.X, batch.src_mask)
    dec = decode(params, cfg, enc, batch.src_mask, batch.Y_in)
    value, dz = cross_entropy(logits(params, dec), batch)  # dz: (B, U, V_tgt)
    grads["W_o"] += dz.reshape(-1, dz.shape[2]).T @ dec.Ht[:, 1:].reshape(-1, cfg.d_s)  # (V_tgt, d_s)
    grads["b_o"] += dz.sum(axis=(0, 1))
    dH, ds0 = decode_backward(params, cfg, enc, dec, batch.Y_in, dz @ params["W_o"], grads)
    encode_backward(params, batch.X, enc, dH, ds0, grads)
    return value, grads


def teacher_forced_weights(params: Params, cfg: Config, batch: Batch) -> np.ndarray:
    """alpha_tj while reading the reference translation: (B, U, T)."""
    enc = encode(params, batch.X, batch.src_mask)
    return decode(params, cfg, enc, batch.src_mask, batch.Y_in).A


def teacher_forced_positions(params: Params, cfg: Config, batch: Batch) -> np.ndarray:
    """The local model's aligned positions p_t (1-based, in (0, T_x)) while reading the reference: (B, U)."""
    if cfg.kind != "luong_local":
        raise ValueError(f"cfg: only 'luong_local' predicts aligned positions, got {cfg.kind!r}")
    return teacher_forced_reads(params, cfg, batch)[1]


def teacher_forced_reads(params: Params, cfg: Config, batch: Batch) -> tuple[np.ndarray, np.ndarray | None]:
    """The weights (B, U, T) while reading the reference and, for the local model, its aligned positions p_t
    (B, U) from the same pass (None for the others)."""
    enc = encode(params, batch.X, batch.src_mask)
    dec = decode(params, cfg, enc, batch.src_mask, batch.Y_in)
    return dec.A, dec.positions


# --- Inference ---------------------------------------------------------------------------------------


def step(
    params: Params, cfg: Config, mem: Memory, y: np.ndarray, s: np.ndarray, ht: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, Read]:
    """One decoding step fed y_{t-1} (B,) ids: s_t, h~_t (B, d_s), logits (B, V_tgt) and the read."""
    xg = params["E_tgt"][y] @ _split_inputs(params, cfg)[0].T + params["dec.b"]  # (B, 3d_s)
    s, _, r, ht = _advance(params, cfg, mem, xg, s, ht)
    return s, ht, ht @ params["W_o"].T + params["b_o"], r


def greedy(params: Params, cfg: Config, X: np.ndarray, src_mask: np.ndarray, max_len: int | None = None) -> Translation:
    """Greedy decoding as :func:`core.translator.bahdanau.greedy`: weights (B, L, T); the local model's p_t (B, L)."""
    _check_kind(cfg)
    B, T = X.shape
    max_len = max_len or 2 * T + 4
    enc = encode(params, X, src_mask)
    mem = memory(params, cfg, enc.H, src_mask)
    s, ht = enc.s0, np.zeros((B, cfg.d_s))  # s_0, h~_0 = 0
    y = np.full(B, START_ID)
    ids = np.zeros((B, max_len), dtype=np.int64)
    weights = np.zeros((B, max_len, T))
    positions = np.zeros((B, max_len)) if cfg.kind == "luong_local" else None
    done = np.zeros(B, dtype=bool)
    for t in range(max_len):
        s, ht, z, r = step(params, cfg, mem, y, s, ht)
        weights[:, t] = r.alpha
        if positions is not None:
            positions[:, t] = r.position
        y = np.where(done, 0, z.argmax(axis=1))
        ids[:, t] = y
        done |= y == END_ID
        if done.all():
            break
    L = t + 1
    return Translation(ids[:, :L], weights[:, :L], None if positions is None else positions[:, :L])


def decode_fed(
    params: Params, cfg: Config, X: np.ndarray, mask: np.ndarray, Y: np.ndarray, own: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`core.translator.forcing.decode_fed` for a Luong model: one sentence X, mask (1, T), reference Y (U,);
    fed ids, predicted ids and -log p(Y_t | fed, x), (U,) each, fed Y (own=False) or its own argmax."""
    _check_kind(cfg)
    enc = encode(params, X, mask)
    mem = memory(params, cfg, enc.H, mask)
    s, ht = enc.s0, np.zeros((1, cfg.d_s))
    U = len(Y)
    fed, predicted, nll = np.empty(U, dtype=np.int64), np.empty(U, dtype=np.int64), np.empty(U)
    y = START_ID
    for t in range(U):  # sequential by definition
        fed[t] = y
        s, ht, z, _ = step(params, cfg, mem, np.array([y]), s, ht)
        z = z[0]  # (V_tgt,)
        log_p = z - (z.max() + np.log(np.exp(z - z.max()).sum()))  # log Softmax
        nll[t] = -log_p[Y[t]]
        predicted[t] = int(z.argmax())
        y = predicted[t] if own else Y[t]
    return fed, predicted, nll
