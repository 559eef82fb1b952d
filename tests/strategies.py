"""Hypothesis strategies for attention problems of random shape."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core import AdditiveParams

finite = st.floats(-3.0, 3.0, allow_nan=False, allow_infinity=False, width=64)


def matrix(rows: int, cols: int) -> st.SearchStrategy[np.ndarray]:
    return arrays(np.float64, (rows, cols), elements=finite)


@dataclass
class Problem:
    H: np.ndarray  # (T, d_h)
    S: np.ndarray  # (N, d_s)
    params: AdditiveParams


@st.composite
def problems(draw, max_T: int = 20, max_width: int = 8, max_N: int = 5) -> Problem:
    T = draw(st.integers(1, max_T))
    d_h, d_s, d_a = (draw(st.integers(1, max_width)) for _ in range(3))
    N = draw(st.integers(1, max_N))
    params = AdditiveParams.checked(
        W=draw(matrix(d_a, d_h)),
        U=draw(matrix(d_a, d_s)),
        v=draw(arrays(np.float64, d_a, elements=finite)),
        b=draw(arrays(np.float64, d_a, elements=finite)),
    )
    return Problem(H=draw(matrix(T, d_h)), S=draw(matrix(N, d_s)), params=params)
