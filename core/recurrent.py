"""Sections 2 and 3: a fixed summary against a source that can be revisited.

A schematic recurrent encoder-decoder with small fixed weights (seeded, not
trained). It exists to show interfaces, not translations:

- encoder   h_j = tanh(W_x e_src(x_j) + W_h h_{j-1} + b),  h_0 = 0;
- bidirectional annotation h_j = [forward h_j ; backward h_j];
- fixed summary: the forward pass's last state with the backward pass's first;
- decoder   s_t = tanh(W_s s_{t-1} + W_y e_tgt(y_{t-1}) + W_c c_t + b_s),
  where c_t is either the fixed summary at every step, or a new reading
  c_t = sum_j alpha_tj h_j computed from s_{t-1} by the additive scorer.

Arrays: token embeddings (T, d_e); encoder states (T, d) with row j = h_j^T;
annotations (T, 2d); decoder states (U + 1, d_s) with row t = s_t^T
(row 0 is s_0); contexts (U, d_h); weights (U, T).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from core.reading import attend_unchecked
from core.scorers import NONLINEARITIES, AdditiveParams
from core.validate import as_array

START = "<s>"  # y_0, the token that marks the start of the target sequence


def _token_seed(salt: str, token: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{salt}\x00{token}".encode()).digest()[:8], "little")


def embed(tokens: Sequence[str], dim: int, salt: str = "src") -> np.ndarray:
    """A schematic embedding lookup: each distinct token gets a fixed pseudo-random vector.

    The same token always maps to the same row (on every machine); different
    ``salt`` values give the source and target languages separate tables.
    Returns (T, dim).
    """
    check_tokens("tokens", tokens)
    rows = [np.random.default_rng(_token_seed(salt, t)).normal(0.0, 0.8, dim) for t in tokens]
    return np.array(rows).reshape(len(tokens), dim)


def check_tokens(name: str, tokens: Sequence[str], max_tokens: int = 40) -> list[str]:
    """Validate a token list: 1..max_tokens non-empty strings."""
    if isinstance(tokens, str) or not all(isinstance(t, str) and t.strip() for t in tokens):
        raise ValueError(f"{name}: expected a list of non-empty words, got {tokens!r:.80}")
    if not 1 <= len(tokens) <= max_tokens:
        raise ValueError(f"{name}: expected 1 to {max_tokens} tokens, got {len(tokens)}")
    return list(tokens)


@dataclass(frozen=True)
class RecurrentCell:
    """h_new = tanh(W_x x + W_h h + b); W_x: (d, d_e), W_h: (d, d), b: (d,)."""

    W_x: np.ndarray
    W_h: np.ndarray
    b: np.ndarray

    def run(self, X: np.ndarray, reverse: bool = False) -> np.ndarray:
        """States after each input row of X: (T, d_e) -> (T, d), in X's order."""
        X = as_array("X", X, ("T", self.W_x.shape[1]))
        order = range(X.shape[0] - 1, -1, -1) if reverse else range(X.shape[0])
        h = np.zeros(self.W_h.shape[0])
        out = np.empty((X.shape[0], h.size))
        for j in order:  # the recurrence is sequential by definition
            h = np.tanh(self.W_x @ X[j] + self.W_h @ h + self.b)
            out[j] = h
        return out


@dataclass(frozen=True)
class Annotations:
    """Encoder output: forward (T, d), backward (T, d), annotations H = [fwd; bwd] (T, 2d)."""

    forward: np.ndarray
    backward: np.ndarray

    @property
    def H(self) -> np.ndarray:
        return np.concatenate([self.forward, self.backward], axis=1)

    @property
    def summary(self) -> np.ndarray:
        """The fixed-width summary: last forward state and first backward state, (2d,)."""
        return np.concatenate([self.forward[-1], self.backward[0]])


@dataclass(frozen=True)
class SchematicModel:
    """Fixed small weights for the encoder, the decoder and the additive scorer."""

    d_e: int
    forward: RecurrentCell
    backward: RecurrentCell
    decoder: RecurrentCell  # input is [e_tgt(y_{t-1}); c_t], (d_e + 2d)
    scorer: AdditiveParams


DEFAULT_SEED = 2570  # with it, "I like cats" -> "我 喜欢 猫" reads visibly different positions at each step


def schematic_model(d_e: int = 4, d: int = 3, d_s: int = 3, d_a: int = 4, seed: int = DEFAULT_SEED) -> SchematicModel:
    """A reproducible model with weights drawn once from a seeded generator (scale 0.7).

    The weights are not trained. The default seed was picked among seeds so that,
    for the article's example, the attention weights of the three target steps
    differ clearly (and none is close to one-hot); any alignment they suggest
    is an accident of the seed, not a learned one.
    """
    rng = np.random.default_rng(seed)

    def w(*shape: int) -> np.ndarray:
        return rng.normal(0.0, 0.7, shape)

    fwd = RecurrentCell(w(d, d_e), w(d, d), w(d))
    bwd = RecurrentCell(w(d, d_e), w(d, d), w(d))
    dec = RecurrentCell(w(d_s, d_e + 2 * d), w(d_s, d_s), w(d_s))
    scorer = AdditiveParams.checked(W=w(d_a, 2 * d), U=w(d_a, d_s), v=2.0 * w(d_a), b=w(d_a))
    return SchematicModel(d_e, fwd, bwd, dec, scorer)


def encode(model: SchematicModel, tokens: Sequence[str]) -> Annotations:
    """Run both directions over the source tokens."""
    X = embed(check_tokens("source", tokens), model.d_e, "src")  # (T, d_e)
    return Annotations(model.forward.run(X), model.backward.run(X, reverse=True))


@dataclass(frozen=True)
class DecoderTrace:
    """What the decoder saw: states (U + 1, d_s), contexts (U, d_h), weights (U, T) or None."""

    states: np.ndarray
    contexts: np.ndarray
    weights: np.ndarray | None


def decode(model: SchematicModel, annotations: Annotations, targets: Sequence[str], attention: bool) -> DecoderTrace:
    """Teacher-forced decoder over the target tokens, reusing one summary or reading anew.

    At step t the input token is y_{t-1} (y_0 = START). With ``attention`` the
    context c_t is read from s_{t-1}; otherwise every step gets the summary.
    """
    targets = check_tokens("target", targets)
    H = annotations.H  # (T, 2d)
    Y = embed([START, *targets[:-1]], model.d_e, "tgt")  # (U, d_e): e_tgt(y_{t-1})
    d_s = model.decoder.W_h.shape[0]
    states = np.zeros((len(targets) + 1, d_s))
    contexts = np.empty((len(targets), H.shape[1]))
    weights = np.empty((len(targets), H.shape[0])) if attention else None
    for t in range(len(targets)):  # the decoder is sequential by definition
        if attention:
            r = attend_unchecked(H, states[t], model.scorer, NONLINEARITIES["tanh"])  # H, s_{t-1} built here
            contexts[t], weights[t] = r.context, r.weights
        else:
            contexts[t] = annotations.summary
        x = np.concatenate([Y[t], contexts[t]])
        cell = model.decoder
        states[t + 1] = np.tanh(cell.W_x @ x + cell.W_h @ states[t] + cell.b)
    return DecoderTrace(states, contexts, weights)


def step_changes(X: object) -> np.ndarray:
    """How much a per-step vector moves between consecutive steps.

    X: (U, d) with row t = x_t^T (contexts c_t or decoder states s_t).
    Returns (U - 1,): entry t = max_i |x_{t+1, i} - x_{t, i}|, the largest
    component change from one step to the next (empty for a single step).
    """
    X_ = as_array("X", X, ("U", "d"))
    return np.abs(np.diff(X_, axis=0)).max(axis=1, initial=0.0)  # (U - 1,)


def largest_step_change(X: object) -> float:
    """max_t max_i |x_{t+1, i} - x_{t, i}| over X: (U, d); 0 for a single step."""
    return float(step_changes(X).max(initial=0.0))
