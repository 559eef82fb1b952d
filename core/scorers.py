"""Scoring functions a(s, h_j) -> e_j (article section 5).

Column-vector convention of the article, mapped to arrays as follows:

- the T source representations h_j in R^{d_h} are the rows of ``H``: (T, d_h);
- a batch of N decoder states s in R^{d_s} are the rows of ``S``: (N, d_s);
  a single state may be passed as a 1-D array (d_s,);
- the parameters keep the article's orientation: W: (d_a, d_h), U: (d_a, d_s),
  v and b: (d_a,), so W h_j is ``W @ h`` and, for all positions at once,
  ``H @ W.T``;
- scores come back as rows e[n, j] = a(s_n, h_j): (N, T), or (T,) for one state.

Every scorer evaluates all N states against all T positions in one vectorised
expression (no Python loop over states or positions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.validate import as_array, same_length, wrong_shape

# --- Nonlinearities: f and its derivative written from f's output or input ---------------


@dataclass(frozen=True)
class Nonlinearity:
    """An elementwise f with its derivative f'(a), for the backward pass, and how an expression writes f(.)."""

    name: str
    f: Callable[[np.ndarray], np.ndarray]
    df: Callable[[np.ndarray], np.ndarray]
    latex: str  # the name before the bracket in LaTeX; "" for the identity
    plain: str  # the same in plain text


def _relu(a: np.ndarray) -> np.ndarray:
    return np.maximum(a, 0.0)


NONLINEARITIES: dict[str, Nonlinearity] = {
    "tanh": Nonlinearity("tanh", np.tanh, lambda a: 1.0 - np.tanh(a) ** 2, r"\tanh", "tanh"),
    "identity": Nonlinearity("identity", lambda a: a, np.ones_like, "", ""),
    "relu": Nonlinearity("relu", _relu, lambda a: (a > 0).astype(np.float64), r"\operatorname{ReLU}", "relu"),
}


def nonlinearity(name: str) -> Nonlinearity:
    """Look up a nonlinearity by name, with a clear error for unknown names."""
    try:
        return NONLINEARITIES[name]
    except KeyError:
        raise ValueError(f"nonlinearity: expected one of {sorted(NONLINEARITIES)}, got {name!r}") from None


CHUNK_ELEMENTS = 2**18  # entries of the (chunk, T, d_a) intermediate: 2 MB of float64

# --- Additive (Bahdanau) scorer ------------------------------------------------------------


@dataclass(frozen=True)
class AdditiveParams:
    """Parameters phi = (W, U, v, b) of e_j = v^T f(W h_j + U s + b).

    W: (d_a, d_h), U: (d_a, d_s), v: (d_a,), b: (d_a,).
    """

    W: np.ndarray
    U: np.ndarray
    v: np.ndarray
    b: np.ndarray

    @classmethod
    def checked(cls, W: object, U: object, v: object, b: object) -> AdditiveParams:
        """Build from array-likes, validating shapes and values."""
        W_ = as_array("W", W, ("d_a", "d_h"))
        U_ = as_array("U", U, ("d_a", "d_s"))
        v_ = as_array("v", v, ("d_a",))
        b_ = as_array("b", b, ("d_a",))
        same_length("d_a", ("W", W_, 0), ("U", U_, 0), ("v", v_, 0), ("b", b_, 0))
        return cls(W_, U_, v_, b_)

    @property
    def d_a(self) -> int:
        return self.W.shape[0]

    @property
    def d_h(self) -> int:
        return self.W.shape[1]

    @property
    def d_s(self) -> int:
        return self.U.shape[1]


def check_sources(H: object, d_h: int | None = None) -> np.ndarray:
    """Validate source representations H: (T, d_h), T >= 1."""
    H_ = as_array("H", H, ("T", "d_h"))
    if d_h is not None and H_.shape[1] != d_h:
        raise wrong_shape(
            f"H: rows are h_j in R^d_h and W expects d_h = {d_h}, got d_h = {H_.shape[1]} (shape {H_.shape})",
            "H",
            f"(T, {d_h})",
            H_.shape,
        )
    return H_


def check_states(S: object, d_s: int | None = None) -> tuple[np.ndarray, bool]:
    """Validate decoder states: (N, d_s) or one state (d_s,).

    Returns the states as (N, d_s) and whether a single state was given.
    """
    single = np.ndim(S) == 1
    S_ = as_array("s", S, ("d_s",)) if single else as_array("S", S, ("N", "d_s"))
    if d_s is not None and S_.shape[-1] != d_s:
        name = "s" if single else "S"
        raise ValueError(
            f"{name}: states are in R^d_s and U expects d_s = {d_s}, got d_s = {S_.shape[-1]} (shape {S_.shape})"
        )
    return (S_[None, :] if single else S_), single


def source_part(H: np.ndarray, p: AdditiveParams) -> np.ndarray:
    """W h_j + b, the part of the additive preactivation that no state changes, for checked H: (..., T, d_h) ->
    (..., T, d_a) (one sentence's sources, or a batch of them)."""
    return H @ p.W.T + p.b


def additive_preactivation(H: np.ndarray, S: np.ndarray, p: AdditiveParams) -> np.ndarray:
    """a[n, j, :] = (W h_j + b) + U s_n for checked H: (T, d_h), S: (N, d_s) -> (N, T, d_a)."""
    return source_part(H, p)[None, :, :] + (S @ p.U.T)[:, None, :]  # (N, T, d_a)


def chunk_rows(T: int, d_a: int) -> int:
    """States a chunk so that the (chunk, T, d_a) intermediate holds at most CHUNK_ELEMENTS entries (1 at least)."""
    return max(1, CHUNK_ELEMENTS // (T * d_a))


def additive_scores(
    H: object, S: object, params: AdditiveParams, f: str = "tanh", chunk: int | None = None
) -> np.ndarray:
    """Additive scores e[n, j] = v^T f(W h_j + U s_n + b)  (Bahdanau et al.).

    H: (T, d_h); S: (N, d_s) or (d_s,); returns (N, T), or (T,) for one state.
    ``f`` is "tanh" (the article's scorer), "identity" (tanh removed) or "relu".
    States are processed ``chunk`` at a time in one reused (chunk, T, d_a)
    block, so that the intermediate stays small whatever N is; by default
    :func:`chunk_rows` states, at most 2 MB, which keeps it in cache (a
    100,000-state sweep would otherwise need 800 MB at T = 64, d_a = 16).
    """
    g = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    S_, single = check_states(S, params.d_s)
    out = additive_scores_unchecked(H_, S_, params, g, chunk)
    return out[0] if single else out


def additive_scores_unchecked(
    H: np.ndarray, S: np.ndarray, params: AdditiveParams, g: Nonlinearity, chunk: int | None = None
) -> np.ndarray:
    """:func:`additive_scores` for checked H: (T, d_h) and S: (N, d_s) -> (N, T); no input checks."""
    N, T = S.shape[0], H.shape[0]
    sources = source_part(H, params)  # (T, d_a): W h_j + b
    state_part = S @ params.U.T  # (N, d_a)
    out = np.empty((N, T))  # (N, T)
    chunk = min(N, chunk or chunk_rows(T, params.d_a))
    block = np.empty((chunk, T, params.d_a))  # (chunk, T, d_a), reused by every chunk
    for start in range(0, N, chunk):
        stop = min(start + chunk, N)
        a = block[: stop - start]  # (n, T, d_a)
        np.add(state_part[start:stop, None, :], sources[None, :, :], out=a)  # W h_j + U s_n + b
        if g.name == "tanh":
            np.tanh(a, out=a)
        else:
            a = g.f(a)
        np.matmul(a, params.v, out=out[start:stop])  # (n, T): v^T f(.)
    return out


# --- Multiplicative alternatives (Luong et al. 2015) ---------------------------------------


def dot_scores(H: object, S: object) -> np.ndarray:
    """Luong's dot score e[n, j] = s_n^T h_j; needs d_s = d_h.

    H: (T, d_h); S: (N, d_h) or (d_h,); returns (N, T) or (T,).
    """
    H_ = check_sources(H)
    S_, single = check_states(S)
    if S_.shape[1] != H_.shape[1]:
        raise ValueError(f"S: the dot score s^T h_j needs d_s = d_h = {H_.shape[1]}, got d_s = {S_.shape[1]}")
    e = S_ @ H_.T  # (N, T)
    return e[0] if single else e


def general_scores(H: object, S: object, W_a: object) -> np.ndarray:
    """Luong's general score e[n, j] = s_n^T W_a h_j with W_a: (d_s, d_h).

    H: (T, d_h); S: (N, d_s) or (d_s,); returns (N, T) or (T,).
    """
    H_ = check_sources(H)
    S_, single = check_states(S)
    W_a_ = as_array("W_a", W_a, ("d_s", "d_h"))
    same_length("d_h", ("H", H_, 1), ("W_a", W_a_, 1))
    same_length("d_s", ("S", S_, 1), ("W_a", W_a_, 0))
    e = S_ @ W_a_ @ H_.T  # (N, d_s) (d_s, d_h) (d_h, T) -> (N, T)
    return e[0] if single else e


# --- The scorer's parts, for display -----------------------------------------------------


@dataclass(frozen=True)
class AdditiveParts:
    """Every intermediate of e_j = v^T f(W h_j + U s + b) at one state s, or at N states.

    preactivation a[j, k] = (W h_j + U s + b)_k: (T, d_a); activation f(a): (T, d_a);
    contribution v_k f(a)[j, k]: (T, d_a), whose row sums are the scores e_j: (T,).
    At N states each gains a leading axis n: (N, T, d_a) and scores (N, T).
    """

    preactivation: np.ndarray
    activation: np.ndarray
    contribution: np.ndarray
    scores: np.ndarray


def additive_parts(H: object, s: object, params: AdditiveParams, f: str = "tanh") -> AdditiveParts:
    """The additive scorer at one state s: (d_s,), unit by unit, for sources H: (T, d_h)."""
    g = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    s_ = as_array("s", s, (params.d_s,))
    a = additive_preactivation(H_, s_[None, :], params)[0]  # (T, d_a)
    y = g.f(a)  # (T, d_a)
    contribution = y * params.v  # (T, d_a)
    return AdditiveParts(a, y, contribution, contribution.sum(axis=1))


def additive_parts_at(H: object, S: object, params: AdditiveParams, f: str = "tanh") -> AdditiveParts:
    """:func:`additive_parts` at each of N states S: (N, d_s), in one vectorised step (arrays (N, T, d_a))."""
    g = nonlinearity(f)
    H_ = check_sources(H, params.d_h)
    S_ = as_array("S", S, ("N", params.d_s))
    a = additive_preactivation(H_, S_, params)  # (N, T, d_a)
    y = g.f(a)  # (N, T, d_a)
    contribution = y * params.v  # (N, T, d_a)
    return AdditiveParts(a, y, contribution, contribution.sum(axis=2))  # scores: (N, T)


@dataclass(frozen=True)
class LinearDecomposition:
    """With the nonlinearity removed, e_j = (W^T v)^T h_j + v^T U s + v^T b.

    position: (W^T v), (d_h,), the only part that can differ between positions;
    state: v^T U, (d_s,), whose term v^T U s is one offset shared by every position;
    constant: v^T b.
    """

    position: np.ndarray
    state: np.ndarray
    constant: float

    def position_terms(self, H: object) -> np.ndarray:
        """(W^T v)^T h_j for every source position: (T,) for H: (T, d_h)."""
        return check_sources(H, self.position.shape[0]) @ self.position


def linear_decomposition(params: AdditiveParams) -> LinearDecomposition:
    """Split the tanh-free score into its position, state and constant parts."""
    v = params.v
    return LinearDecomposition(position=params.W.T @ v, state=params.U.T @ v, constant=float(v @ params.b))
