"""Switches of the leading source position along a sweep, and near-ties (core/switches.py)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import AdditiveParams, attend
from core.example import worked_example
from core.softmax import softmax
from core.sweep import linspace_states, sweep_states
from core.switches import NO_LEADER, TIE_TOLERANCE, find_leads, margins

EX = worked_example()


def weights_at_for(H, params):
    return lambda s: attend(H, np.asarray(s)[:, None], params).weights


@pytest.mark.parametrize(
    "low, high, points", [(-3.0, 3.0, 301), (-3.0, 3.0, 20), (-2.0, 5.0, 2000), (-1.0, 2.0, 37), (-0.4, 0.4, 3)]
)
def test_the_examples_switches_are_at_minus_and_plus_one_third(low, high, points):
    sw = sweep_states(EX.H, EX.params, linspace_states(low, high, points))
    found = [(EX.tokens[x.before], EX.tokens[x.after]) for x in sw.leads.switches]
    assert found == [("I", "like"), ("like", "cats")]
    np.testing.assert_allclose([x.s for x in sw.leads.switches], [-1 / 3, 1 / 3], rtol=0, atol=1e-15)
    assert sw.leads.ties == ()


def test_at_the_root_the_two_weights_are_equal_and_the_scores_too():
    sw = sweep_states(EX.H, EX.params, linspace_states(-3.0, 3.0, 301))
    for x in sw.leads.switches:
        r = attend(EX.H, [x.s], EX.params)
        assert abs(r.weights[x.before] - r.weights[x.after]) < 1e-15
        assert r.weights[x.before] > r.weights[3 - x.before - x.after]  # the third position is behind both


def test_a_near_tie_is_reported_as_a_tie_not_a_switch():
    # From -4 to about -2.4 the three weights stay within 0.01 of 1/3; the grid's argmax changes near -3.
    sw = sweep_states(EX.H, EX.params, linspace_states(-4.0, 3.0, 301))
    assert len(np.unique(sw.winner[sw.s < -2.5])) > 1  # a naive reading would claim a switch here
    np.testing.assert_allclose([x.s for x in sw.leads.switches], [-1 / 3, 1 / 3], rtol=0, atol=1e-15)
    (tie,) = sw.leads.ties
    assert tie.low == -4.0 and -2.5 < tie.high < -2.3 and tie.positions == (0, 1, 2)
    inside = (sw.s >= tie.low) & (sw.s <= tie.high)
    assert np.all(margins(sw.weights[inside]) < TIE_TOLERANCE)
    assert np.all(sw.leads.leader[inside] == NO_LEADER)


def test_an_interval_where_nothing_leads_is_one_tie_over_all_of_it():
    sw = sweep_states(EX.H, EX.params, linspace_states(-4.0, -3.5, 50))
    assert len(np.unique(sw.winner)) == 1  # the argmax never changes, yet no weight stands out
    assert sw.leads.switches == ()
    assert [(t.low, t.high) for t in sw.leads.ties] == [(-4.0, -3.5)]


def test_an_unsorted_set_of_states_gets_no_switches():
    sw = sweep_states(EX.H, EX.params, [1.0, -1.0, 0.0])
    assert sw.leads.switches == () and sw.leads.ties == ()


@settings(max_examples=60, deadline=None)
@given(
    r=st.floats(-3.0, 3.0),
    slope=st.floats(0.5, 20.0),
    left=st.floats(1.0, 4.0),
    right=st.floats(1.0, 4.0),
    points=st.integers(2, 400),
    offset=st.floats(-2.0, 2.0),
)
def test_a_known_crossing_is_found_to_float_resolution(r, slope, left, right, points, offset):
    # Position 1 overtakes position 0 exactly at s = r; position 2 stays far behind.
    def weights_at(s):
        e = np.stack([np.zeros_like(s), slope * (s - r), np.full_like(s, -50.0)], axis=-1)  # (M, 3)
        return softmax(e + offset)

    s = np.linspace(r - left, r + right, points)
    leads = find_leads(s, weights_at(s), weights_at)
    (switch,) = leads.switches
    assert (switch.before, switch.after) == (0, 1)
    assert abs(switch.s - r) <= 1e-13 * max(1.0, abs(r))
    assert leads.ties == ()


@st.composite
def scalar_state_problems(draw):
    """Random additive scorers with a scalar state (d_s = 1), as the sweep screen uses, and an increasing grid.

    The entries are Gaussian (from a drawn seed) so that most problems really depend on s; sizes, interval
    and grid come from hypothesis.
    """
    T, d_h, d_a = draw(st.integers(1, 6)), draw(st.integers(1, 4)), draw(st.integers(1, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    scale = draw(st.sampled_from([1.0, 2.0, 3.0]))
    W, U, v, b = (scale * rng.standard_normal(shape) for shape in ((d_a, d_h), (d_a, 1), (d_a,), (d_a,)))
    width = draw(st.floats(1.0, 10.0))
    low = draw(st.floats(-5.0, 5.0 - width))
    s = np.linspace(low, low + width, draw(st.integers(2, 300)))
    return scale * rng.standard_normal((T, d_h)), AdditiveParams.checked(W=W, U=U, v=v, b=b), s


@settings(max_examples=150, deadline=None)
@given(scalar_state_problems())
def test_every_change_of_the_grid_argmax_is_a_switch_or_a_tie_and_every_switch_is_a_crossing(problem):
    H, params, s = problem
    weights_at = weights_at_for(H, params)
    w = weights_at(s)  # (N, T)
    leads = find_leads(s, w, weights_at)
    lead, margin = leads.leader, margins(w)
    # a position leads exactly where its weight beats every other by the tolerance
    assert np.all((lead != NO_LEADER) == (margin >= TIE_TOLERANCE))
    assert np.all(lead[lead != NO_LEADER] == w.argmax(axis=1)[lead != NO_LEADER])
    roots = [x.s for x in leads.switches]
    assert roots == sorted(roots)
    for x in leads.switches:
        assert s[0] <= x.s <= s[-1] and x.before != x.after
        at_root = weights_at(np.array([x.s]))[0]  # the two curves cross there, and no third lies above them
        assert abs(at_root[x.before] - at_root[x.after]) <= 1e-9
        assert at_root.max() <= max(at_root[x.before], at_root[x.after]) + 1e-9
    for tie in leads.ties:
        assert s[0] <= tie.low <= tie.high <= s[-1]
        assert np.all(margins(weights_at(np.array([tie.low, tie.high]))) < TIE_TOLERANCE)
    leading = np.flatnonzero(lead != NO_LEADER)
    for i in np.flatnonzero(np.diff(w.argmax(axis=1))):  # cells where a naive reading sees a switch
        a = leading[leading <= i].max(initial=0)  # the stretch with no leader around the cell
        b = leading[leading >= i + 1].min(initial=len(s) - 1)
        switch = any(s[a] <= x.s <= s[b] for x in leads.switches)
        tie = any(t.low <= s[b] and t.high >= s[a] for t in leads.ties)
        assert switch or tie, (s[i], s[i + 1])


def test_a_cell_that_hides_a_third_leader_is_searched_again():
    # Two grid points, I leading at one and cats at the other: like leads in between, two switches.
    sw = sweep_states(EX.H, EX.params, linspace_states(-0.4, 0.4, 2))
    assert [(x.before, x.after) for x in sw.leads.switches] == [(0, 1), (1, 2)]
    np.testing.assert_allclose([x.s for x in sw.leads.switches], [-1 / 3, 1 / 3], rtol=0, atol=1e-15)
