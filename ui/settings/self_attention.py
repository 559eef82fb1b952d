"""Screen 8's link settings: the sentences and encoder whose masks are drawn, the projections W_K, W_V, W_Q, the
mask of self-attention and the open tab."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from core.example import TARGET_TOKENS, TOKENS
from core.masks import ENCODERS
from ui import codec
from ui.links import Binding, choice, parse_source, parse_target, switch
from ui.text import t

PROJECTION_LIMIT = 100.0  # |entry| of W_K, W_V, W_Q the screen accepts


Matrix = tuple[tuple[float, ...], ...]  # a small matrix as a value that compares with ==


def projection_parser(rows: int, cols: int) -> Callable[[str], Matrix]:
    """A parser for a rows x cols matrix written '1,0;0,1', entries at most PROJECTION_LIMIT in size."""

    def parse(text: str) -> Matrix:
        X = codec.parse_matrix(str(text), max_rows=8, max_cols=8)  # any small shape, then the one it must be
        if X.shape != (rows, cols):
            raise ValueError(t("sa.bad_shape", rows=rows, cols=cols, shape=f"{X.shape[0]} x {X.shape[1]}"))
        if np.abs(X).max() > PROJECTION_LIMIT:
            raise ValueError(t("sa.bad_size", limit=f"{PROJECTION_LIMIT:g}"))
        return tuple(tuple(float(x) for x in row) for row in X)

    return parse


SA_MASKS = ("none", "causal")
MASK_SOURCE = Binding("mask_source", list(TOKENS), parse_source, codec.joined, reading="source")
MASK_TARGET = Binding("mask_target", list(TARGET_TOKENS), parse_target, codec.joined, reading="target")
MASK_ENCODER = Binding("mask_encoder", ENCODERS[0], choice(ENCODERS))
KV_SEPARATE = switch("kv")
W_K = Binding("wk", ((-1.0, 0.0), (0.0, -1.0)), projection_parser(2, 2), codec.format_matrix)  # k_j = -h_j
W_V = Binding("wv", ((1.0, 0.0), (0.0, 1.0)), projection_parser(2, 2), codec.format_matrix)
W_Q = Binding("wq", ((1.0, 1.0),), projection_parser(1, 2), codec.format_matrix)  # q_i = h_i1 + h_i2
SA_MASK = Binding("sa_mask", SA_MASKS[0], choice(SA_MASKS))
SA_TABS = ("masks", "keys", "self")  # screen 8's parts, one a tab, in the link
SA_TAB = Binding("sa_tab", SA_TABS[0], choice(SA_TABS))
