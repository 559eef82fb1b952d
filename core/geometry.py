"""Plane geometry for 2-D sources: the convex hull of the h_j.

A context c = sum_j alpha_j h_j with weights alpha_j >= 0 summing to 1 is a
convex combination of the sources, so it always lies in their convex hull; the
source plane draws that hull. Points are rows, as everywhere in ``core``: the
article's column vector h_j is row j of ``H``, shape (T, 2).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from core.validate import as_array

# Where the floating-point cross product is this close to 0, relative to its two products, its sign may be rounding's
# (Shewchuk's bound for orient2d, (3 + 16 eps) eps with eps = 2^-53, doubled), or underflow's below SIGN_FLOOR.
SIGN_BOUND = 2e-15
SIGN_FLOOR = 1e-290


def _cross(o: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    """The z-component of (a - o) x (b - o): > 0 when o -> a -> b turns left (counter-clockwise), with the right sign.

    Where rounding could decide the sign (a product of differences that underflows: points 5e-324 apart dropped a
    corner of the hull), the differences and products are taken exactly, in rationals.
    """
    left = (a[0] - o[0]) * (b[1] - o[1])
    right = (a[1] - o[1]) * (b[0] - o[0])
    det = float(left - right)
    if abs(det) > SIGN_BOUND * (abs(left) + abs(right)) + SIGN_FLOOR:
        return det
    ox, oy, ax, ay, bx, by = (Fraction(float(x)) for x in (o[0], o[1], a[0], a[1], b[0], b[1]))
    exact = (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)
    if not exact:
        return 0.0
    return float(exact) or math.copysign(5e-324, exact)  # the sign, where the value underflows


def _half(points: np.ndarray) -> list[np.ndarray]:
    """One half of the hull (Andrew's monotone chain): keep only left turns along ``points``."""
    chain: list[np.ndarray] = []
    for p in points:  # p: (2,)
        while len(chain) >= 2 and _cross(chain[-2], chain[-1], p) <= 0:
            chain.pop()  # a right turn or a straight line: chain[-1] is not a vertex
        chain.append(p)
    return chain


def convex_hull(points: object) -> np.ndarray:
    """The vertices of the convex hull of ``points``, counter-clockwise (Andrew's monotone chain).

    ``points``: (T, 2) finite, one point a row. Returns (V, 2), each vertex once
    (the polygon is not closed: the last vertex joins back to the first). The
    first vertex is the lexicographically smallest point (least first coordinate,
    then least second); the rest follow counter-clockwise, so every three
    consecutive vertices turn strictly left. Only corners are vertices: a point
    in the middle of an edge is left out.

    Degenerate inputs (duplicates count once):
    - one distinct point: V = 1, that point;
    - all points on one line: V = 2, the two ends of the segment, smallest first.
    """
    P = as_array("points", points, ("T", 2))  # (T, 2)
    P = np.unique(P, axis=0)  # (U, 2): distinct points, sorted by first then second coordinate
    if len(P) < 3:
        return P
    lower = _half(P)  # left to right under the points
    upper = _half(P[::-1])  # right to left over them
    return np.array(lower[:-1] + upper[:-1])  # (V, 2); each half's last point starts the other
