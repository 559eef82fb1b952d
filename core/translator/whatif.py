"""What if a trained model had looked elsewhere? One step's reading overridden, the rest decoded by the model.

The article (§6) warns that a large weight is not automatically the full causal importance of an input word.
Seq2Seq-Vis (Strobelt et al., 2018) let researchers edit a trained model's attention and watch the translation
change; this module does the same for our toy translators. At one decoding step t the weights alpha_t (T,) the
model read with are replaced by alpha'_t (:func:`reweighed`): all the step's weight on one source word ("focus"),
one word's weight removed and the rest scaled back up to the step's total ("remove"), or a blend
(1 - lam) alpha_t + lam A_t e_j ("blend"), where A_t = sum_j alpha_tj is the step's own total. A_t is 1 for every
model but Luong's local one, whose windowed weights are a Softmax times a Gaussian, not renormalised (A_t < 1,
see :mod:`core.translator.luong`); an override keeps A_t, so that it moves weight between words and never adds
or takes away weight (which would rescale c_t as well);
the context becomes c'_t = sum_j alpha'_tj h_j (Bahdanau) or sum_j alpha'_tj v_j (Luong's values), and
everything else is the model's own computation: in Bahdanau's order c'_t enters the state update
s_t = GRU(y_{t-1}, c'_t, s_{t-1}) and the output; in Luong's order s_t was updated before the read, and c'_t
enters the attentional state h~_t = tanh(W_c [c'_t; s_t]) and through it the output and the next step's input.

It is an intervention on one node (the weights of one step), not a measure of a word's importance: the
annotations h_j already mix each word's neighbours (a bidirectional encoder), so "all the weight on word j"
still reads something of the words around it.

Arrays: one sentence at a time for the screen (batch axis 1), as the models' own decoders; the whole-test-set
effects (:func:`intervention_effects`) batch every (sentence, step) pair of the test set, teacher-forced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.translator import attention, bahdanau, gru, task
from core.translator import luong as lu
from core.translator.bahdanau import scorer
from core.translator.checkpoint import ALL_MODELS
from core.translator.encoder import LUONG_KINDS, Batch, Config, Params, encode
from core.translator.task import END_ID, START_ID

KINDS = ("focus", "remove", "blend")  # how a step's weights are overridden
PARTS = ("determiner", "adjective", "noun", "verb", "preposition", "conjunction", "none")  # of the source word read


def reweighed(alpha: np.ndarray, j: int, kind: str, share: float = 0.5) -> np.ndarray:
    """alpha'_t from the weights alpha_t (T,) of one step, whose total A = sum_j alpha_tj it keeps: "focus" A e_j,
    "remove" alpha_t with alpha_tj = 0 and the rest scaled to total A, "blend" (1 - share) alpha_t + share A e_j.
    ValueError for a j outside the sentence, a share outside [0, 1], or removing the only word read (nothing left
    to scale)."""
    alpha = np.asarray(alpha, dtype=np.float64)
    T = alpha.shape[0]
    if not 0 <= j < T:
        raise ValueError(f"j: expected a source position 0 to {T - 1}, got {j}")
    total = alpha.sum()  # A: 1, or less for Luong's local model
    one = np.zeros(T)
    one[j] = 1.0
    if kind == "focus":
        return total * one
    if kind == "blend":
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"share: expected a number from 0 to 1, got {share}")
        return (1.0 - share) * alpha + share * total * one
    if kind == "remove":
        rest = alpha * (1.0 - one)
        left = rest.sum()
        if left <= 1e-12 * total:
            raise ValueError(f"j: position {j} holds all the weight; removing it leaves nothing to read")
        return rest * (total / left)
    raise ValueError(f"kind: expected one of {list(KINDS)}, got {kind!r}")


def part_of_speech(word: str) -> str:
    """The toy grammar's part of speech of a source word (one of :data:`PARTS` but "none")."""
    for part, words in (
        ("determiner", task.DETERMINERS),
        ("adjective", task.ADJECTIVES),
        ("noun", task.NOUNS),
        ("verb", {**task.TRANSITIVE, **task.INTRANSITIVE}),
        ("preposition", task.PREPOSITIONS),
        ("conjunction", task.CONJUNCTIONS),
    ):
        if word in words:
            return part
    raise ValueError(f"word: expected a source word, got {word!r}")


@dataclass(frozen=True)
class Decoding:
    """One sentence decoded with (or without) an override: ids (L,) as emitted (ending with END if emitted),
    weights (L, T) as read (the override's at its step), probabilities (L, V_tgt) p(y_t | y_<t, x) per step."""

    ids: tuple[int, ...]
    weights: np.ndarray
    probabilities: np.ndarray


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def decode(
    params: Params,
    cfg: Config,
    X: np.ndarray,
    mask: np.ndarray,
    override: tuple[int, int, str, float] | None = None,
    feed: Sequence[int] | None = None,
) -> Decoding:
    """Decode one sentence X (1, T), mask (1, T) with a model that reads with weights, the step override
    (t, j, kind, share) applied to step t's weights (None: the model's own reading at every step).

    ``feed`` None: greedy, the argmax fed back, up to 2 T + 4 words or END; ``feed`` the reference's ids (U,):
    teacher-forced, y_{t-1} the reference's, U steps (the probabilities then give the reference's loss).
    """
    if not cfg.attention:
        raise ValueError("model: the fixed summary reads no weights to override")
    T = X.shape[1]
    steps = len(feed) if feed is not None else 2 * T + 4
    enc = encode(params, X, mask)
    luong = cfg.kind in LUONG_KINDS
    if luong:
        mem = lu.memory(params, cfg, enc.H, mask)
        W_xy, W_xh = params["dec.W_x"][:, : cfg.d_e], params["dec.W_x"][:, cfg.d_e :]
        d_r = mem.V.shape[2]
        ht = np.zeros((1, cfg.d_s))
    else:
        p = scorer(params)
        K = attention.keys(enc.H, p)
        W_xy, W_xc = params["dec.W_x"][:, : cfg.d_e], params["dec.W_x"][:, cfg.d_e :]
        W_os, W_oc, W_oy = np.split(params["W_o"], [cfg.d_s, cfg.d_s + cfg.d_h], axis=1)
    s, y = enc.s0, START_ID
    ids, weights, probabilities = [], [], []
    for t in range(steps):
        ey = params["E_tgt"][[y]]  # (1, d_e)
        if luong:
            s, _ = gru.step(ey @ W_xy.T + params["dec.b"] + ht @ W_xh.T, s, params["dec.W_h"])  # s_t first
            alpha = lu.read(params, cfg, mem, s).alpha[0]  # (T,): then read with s_t
        else:
            _, a, _ = attention.read_step(K, enc.H, mask, s, p)  # from s_{t-1}
            alpha = a[0]
        if override is not None and override[0] == t:
            alpha = reweighed(alpha, *override[1:])
        if luong:
            c = alpha[None, :] @ mem.V[0]  # (1, d_r)
            W_c = params["W_c"]
            ht = np.tanh(c @ W_c[:, :d_r].T + s @ W_c[:, d_r:].T)  # h~_t
            z = ht @ params["W_o"].T + params["b_o"]
        else:
            c = alpha[None, :] @ enc.H[0]  # (1, 2d)
            s, _ = gru.step(ey @ W_xy.T + params["dec.b"] + c @ W_xc.T, s, params["dec.W_h"])  # s_t
            z = s @ W_os.T + c @ W_oc.T + ey @ W_oy.T + params["b_o"]
        prob = _softmax(z[0])
        weights.append(alpha)
        probabilities.append(prob)
        emitted = int(prob.argmax())
        ids.append(emitted)
        if feed is not None:
            y = int(feed[t])
        else:
            y = emitted
            if emitted == END_ID:
                break
    return Decoding(tuple(ids), np.array(weights), np.array(probabilities))


SMALL = 0.01  # a step whose weight outside its most-weighted word is below this share of its total reads one word


@dataclass(frozen=True)
class Effects:
    """Over every teacher-forced step of a set of sentences, grouped by the part of speech of the source word the
    reference translates at that step ("none": an inserted word or the end): ``steps`` counted, and how many
    changed their output word (the argmax) when the most-weighted word's weight moved to the second-weighted
    (``moved``), when the most-weighted word was removed and the rest scaled back up to the step's total
    (``removed``), and, a control that moves no weight between words but what lay outside the most-weighted one,
    when all the step's weight was put on the word it already read most (``focused``).

    How sharp the reading is, over all those steps (the same for every part): ``rest`` the median share of a step's
    total that lies outside its most-weighted word (what "removed" scales up) and ``rest_small`` the steps where
    that share is below :data:`SMALL`; ``total`` the median and ``total_min`` the least total sum_j alpha_tj of a
    step (1 but for Luong's local model)."""

    steps: dict[str, int]
    moved: dict[str, int]
    removed: dict[str, int]
    focused: dict[str, int]
    rest: float
    rest_small: int
    total: float
    total_min: float

    def as_dict(self) -> dict:
        """What ``checkpoints/whatif.json`` holds of one model."""
        return {
            "steps": self.steps,
            "moved": self.moved,
            "removed": self.removed,
            "focused": self.focused,
            "rest": self.rest,
            "rest_small": self.rest_small,
            "total": self.total,
            "total_min": self.total_min,
        }


def _outputs(
    params: Params, cfg: Config, before: dict[str, np.ndarray], A: np.ndarray, memory: np.ndarray
) -> np.ndarray:
    """The output word (argmax) of every teacher-forced step (B, U) read with the weights A (B, U, T) from
    ``memory`` (B, T, d): the annotations h_j (Bahdanau) or the values v_j (Luong), and what each step had before
    its read (``before``: the state "s" (B, U, d_s) and the fed word's embedding "ey" (B, U, d_e))."""
    c = A @ memory  # (B, U, d): c_t = sum_j alpha_tj h_j (or v_j), every step at once
    if cfg.kind in LUONG_KINDS:
        d_r = c.shape[2]
        W_c = params["W_c"]
        ht = np.tanh(c @ W_c[:, :d_r].T + before["s"] @ W_c[:, d_r:].T)
        z = ht @ params["W_o"].T + params["b_o"]
    else:
        W_xy, W_xc = params["dec.W_x"][:, : cfg.d_e], params["dec.W_x"][:, cfg.d_e :]
        W_os, W_oc, W_oy = np.split(params["W_o"], [cfg.d_s, cfg.d_s + cfg.d_h], axis=1)
        B, U, _ = c.shape
        flat = lambda x: x.reshape(B * U, -1)  # noqa: E731  (gru.step takes a batch of rows)
        s, _ = gru.step(
            flat(before["ey"] @ W_xy.T + params["dec.b"] + c @ W_xc.T), flat(before["s"]), params["dec.W_h"]
        )
        z = s.reshape(B, U, -1) @ W_os.T + c @ W_oc.T + before["ey"] @ W_oy.T + params["b_o"]
    return z.argmax(axis=2)  # (B, U)


def intervention_effects(params: Params, cfg: Config, pairs: Sequence[task.Pair]) -> Effects:
    """:class:`Effects` of the two interventions at every step of ``pairs``, each step alone, teacher-forced (the
    reference fed, so that step t of every sentence is the reference's word t)."""
    if not cfg.attention:
        raise ValueError("model: the fixed summary reads no weights to override")
    batch = Batch.of(list(pairs))
    enc = encode(params, batch.X, batch.src_mask)
    if cfg.kind in LUONG_KINDS:
        dec = lu.decode(params, cfg, enc, batch.src_mask, batch.Y_in)
        S, memory = dec.S[:, 1:], dec.mem.V  # s_t: updated before the read
    else:
        dec = bahdanau.decode(params, cfg, enc, batch.src_mask, batch.Y_in)
        S, memory = dec.S[:, :-1], enc.H  # s_{t-1}: the read comes first
    A = dec.A  # (B, U, T); 0 on padding
    before = {"s": S, "ey": dec.EY}
    total = A.sum(axis=2, keepdims=True)  # (B, U, 1): A_t, kept by every override
    order = np.argsort(-A, axis=2, kind="stable")
    first, second = order[..., :1], order[..., 1:2]  # (B, U, 1): the most- and second-weighted words
    top = np.take_along_axis(A, first, axis=2)
    moved = A.copy()
    np.put_along_axis(moved, first, 0.0, axis=2)
    np.put_along_axis(moved, second, np.take_along_axis(A, second, axis=2) + top, axis=2)
    removed = A.copy()
    np.put_along_axis(removed, first, 0.0, axis=2)
    removed *= total / np.maximum(removed.sum(axis=2, keepdims=True), 1e-300)  # a padded step's row stays 0
    focused = np.zeros_like(A)
    np.put_along_axis(focused, first, total, axis=2)
    own = _outputs(params, cfg, before, A, memory)
    b, t = np.nonzero(batch.tgt_mask > 0)  # every real step: (N,) sentence and step
    changed = {
        name: (_outputs(params, cfg, before, weights, memory) != own)[b, t]
        for name, weights in (("moved", moved), ("removed", removed), ("focused", focused))
    }
    parts = np.array(
        [
            part_of_speech(pairs[i].source[pairs[i].alignment[k]]) if pairs[i].alignment[k] >= 0 else "none"
            for i, k in zip(b, t, strict=True)
        ]
    )
    totals = total[b, t, 0]  # (N,)
    rest = (totals - top[b, t, 0]) / totals  # (N,): the share outside the most-weighted word
    return Effects(
        {p: int((parts == p).sum()) for p in PARTS},
        *({p: int(changed[name][parts == p].sum()) for p in PARTS} for name in ("moved", "removed", "focused")),
        float(np.median(rest)),
        int((rest < SMALL).sum()),
        float(np.median(totals)),
        float(totals.min()),
    )


READERS_FILE = "whatif.json"  # in the checkpoint folder: every reading model's Effects on the test set


def effects_of_every_model(models: object, pairs: Sequence[task.Pair]) -> dict[str, dict]:
    """{model: :meth:`Effects.as_dict`} for every model of ``models`` (a
    :class:`core.translator.api.Models`) that reads with weights, on ``pairs``."""
    out = {}
    for name in ALL_MODELS:
        ckpt = models.get(name)
        if ckpt.cfg.attention:
            out[name] = intervention_effects(ckpt.at(None), ckpt.cfg, pairs).as_dict()
    return out
