import math

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.geometry import convex_hull
from tests.strategies import finite

# Floats in [-3, 3]; and small whole numbers, whose cross products are exact, with many
# duplicates and collinear points.
clouds = arrays(np.float64, st.tuples(st.integers(1, 30), st.just(2)), elements=finite)
grids = arrays(np.float64, st.tuples(st.integers(1, 30), st.just(2)), elements=st.integers(-5, 5).map(float))
TOL = 1e-12  # cross products of points in [-3, 3] are exact to about 1e-14


def cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def turns(hull: np.ndarray) -> np.ndarray:
    """Cross product at each vertex of the closed polygon: > 0 where it turns left."""
    n = len(hull)
    return np.array([cross(hull[i - 1], hull[i], hull[(i + 1) % n]) for i in range(n)])


def encloses(hull: np.ndarray, P: np.ndarray, tol: float = 0.0) -> bool:
    """Every row of P inside or on the polygon (a segment, or a point, when the hull is degenerate)."""
    if len(hull) == 1:
        return bool(np.all(P == hull[0]))
    if len(hull) == 2:
        a, b = hull
        on_line = all(abs(cross(a, b, p)) <= tol for p in P)
        between = np.all((P - a) @ (b - a) >= -tol) and np.all((P - b) @ (a - b) >= -tol)
        return bool(on_line and between)
    return all(cross(hull[i - 1], hull[i], p) >= -tol for i in range(len(hull)) for p in P)


def convex_counter_clockwise(hull: np.ndarray) -> bool:
    """A strict left turn at every vertex, and the turns add up to one full circle (no star polygon)."""
    if len(hull) < 3:
        return True
    edges = np.roll(hull, -1, axis=0) - hull  # (V, 2): edge i runs from vertex i to vertex i + 1
    heading = np.arctan2(edges[:, 1], edges[:, 0])  # (V,)
    turning = np.mod(np.roll(heading, -1) - heading, 2 * math.pi)  # (V,): each turn in [0, 2π)
    return bool(np.all(turns(hull) > 0) and math.isclose(turning.sum(), 2 * math.pi))


def vertices_are_inputs(hull: np.ndarray, P: np.ndarray) -> bool:
    return all(np.any(np.all(P == v, axis=1)) for v in hull)


def starts_lowest_left(hull: np.ndarray, P: np.ndarray) -> bool:
    return tuple(hull[0]) == min(map(tuple, P))


def brute_force_edges(P: np.ndarray) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    """Directed edges (a, b) with every point strictly left of a -> b or on the closed segment [a, b].

    Exact for whole-numbered points. An independent oracle: O(T^3), no sorting, no chain.
    """
    pts = set(map(tuple, P))
    edges = set()
    for a in pts:
        for b in pts:
            if a == b:
                continue
            ok = True
            for r in pts:
                c = cross(a, b, r)
                inside = min(a[0], b[0]) <= r[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= r[1] <= max(a[1], b[1])
                if c < 0 or (c == 0 and not inside):
                    ok = False
                    break
            if ok:
                edges.add((a, b))
    return edges


@given(clouds)
@example(np.array([[5e-324, 0.0], [0.0, 0.5], [-1.0, 0.0], [0.0, 0.0]]))  # a turn whose cross product underflows
def test_every_point_lies_inside_or_on_the_hull(P):
    assert encloses(convex_hull(P), P, TOL)


@given(grids)
def test_every_whole_numbered_point_lies_inside_or_on_the_hull_exactly(P):
    assert encloses(convex_hull(P), P)


@given(clouds)
def test_the_vertices_are_input_points_each_once(P):
    hull = convex_hull(P)
    assert hull.ndim == 2 and hull.shape[1] == 2 and 1 <= len(hull) <= len(P)
    assert vertices_are_inputs(hull, P)
    assert len(set(map(tuple, hull))) == len(hull)


@given(grids)
def test_the_hull_is_convex_and_counter_clockwise_from_its_lowest_left_point(P):
    hull = convex_hull(P)
    assert convex_counter_clockwise(hull)
    assert starts_lowest_left(hull, P)


@given(grids)
def test_the_hull_has_the_edges_a_brute_force_search_finds(P):
    hull = convex_hull(P)
    found = brute_force_edges(P)
    if len(hull) == 1:
        assert found == set()
    else:
        assert found == {(tuple(hull[i]), tuple(hull[(i + 1) % len(hull)])) for i in range(len(hull))}


@given(clouds, st.randoms(use_true_random=False))
def test_the_hull_does_not_depend_on_the_order_of_the_points(P, random):
    order = list(range(len(P)))
    random.shuffle(order)
    np.testing.assert_array_equal(convex_hull(P[order]), convex_hull(P))


def test_a_triangle_with_a_point_inside():
    P = np.array([[0.0, 1.0], [1.0, -1.0], [0.0, 0.0], [-1.0, 0.0]])
    # from the lowest-left point (-1, 0): down-right to (1, -1), up-left to (0, 1); (0, 0) is inside
    np.testing.assert_array_equal(convex_hull(P), [[-1.0, 0.0], [1.0, -1.0], [0.0, 1.0]])


@pytest.mark.parametrize(
    ("P", "hull"),
    [
        ([[0.5, -0.25]], [[0.5, -0.25]]),  # one point
        ([[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]], [[1.0, 2.0]]),  # one point, three times
        ([[1.0, 2.0], [0.0, 0.0], [1.0, 2.0]], [[0.0, 0.0], [1.0, 2.0]]),  # two points, one repeated
        ([[2.0, 2.0], [0.0, 0.0], [3.0, 3.0], [1.0, 1.0]], [[0.0, 0.0], [3.0, 3.0]]),  # collinear: the two ends
        ([[1.0, 0.0], [1.0, 3.0], [1.0, -1.0]], [[1.0, -1.0], [1.0, 3.0]]),  # on a vertical line
        (  # a square with points on its edges and inside: only the corners
            [[0.5, 0.0], [0.0, 0.0], [1.0, 1.0], [0.0, 0.5], [1.0, 0.0], [0.5, 0.5], [0.0, 1.0], [0.0, 0.0]],
            [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
        ),
    ],
    ids=["one", "repeated", "two", "collinear", "vertical", "square"],
)
def test_degenerate_inputs(P, hull):
    np.testing.assert_array_equal(convex_hull(P), hull)


@pytest.mark.parametrize("P", [[], [1.0, 2.0], [[1.0, 2.0, 3.0]], [[0.0, np.nan]], "ab"])
def test_bad_points_are_refused_by_name(P):
    with pytest.raises(ValueError, match="points"):
        convex_hull(P)


def test_the_checks_fail_on_a_broken_hull():
    # A pentagon with a point inside and one on an edge: each check must notice its own fault.
    P = np.array([[0.0, -2.0], [2.0, 0.0], [1.0, 2.0], [-1.0, 2.0], [-2.0, 0.0], [0.0, 0.0], [1.0, -1.0]])
    hull = convex_hull(P)
    assert encloses(hull, P) and convex_counter_clockwise(hull) and vertices_are_inputs(hull, P)
    assert starts_lowest_left(hull, P) and len(brute_force_edges(P)) == len(hull)
    assert not encloses(hull[:-1], P)  # a vertex dropped
    assert not convex_counter_clockwise(hull[::-1])  # clockwise
    assert not convex_counter_clockwise(np.insert(hull, 1, [-1.0, -1.0], axis=0))  # a point on an edge kept
    assert not convex_counter_clockwise(hull[[0, 2, 4, 1, 3]])  # a star: left turns, twice round
    assert not vertices_are_inputs(hull * 1.01, P)
    assert not starts_lowest_left(np.roll(hull, 1, axis=0), P)
