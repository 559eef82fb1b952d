"""Rows held as core's arrays (``ui/charts/state_rows.py``) read as the dicts they stand for, and every chart filled
from them is the chart filled from those dicts: the lookup tables, the pinned domains, the numbers at a state."""

from __future__ import annotations

import pickle

import hypothesis
import hypothesis.strategies as st
import numpy as np
import pytest

from tests.chart_meaning import transformed
from ui import charts
from ui.charts import template
from ui.charts.state_rows import StateRows, column
from ui.format import at_state, state_groups, state_rows
from ui.palette import position_labels
from ui.scrub import Channel, Scrub

CHANNEL = Channel("w_s", "s")


def plain_rows(tokens, states, groups) -> list[dict]:
    """The rows written out one dict at a time, as the screens wrote them before."""
    labels = position_labels(tokens)
    return [
        {**tags, "s": float(v), "position": label, **{name: float(values[n, j]) for name, values in columns.items()}}
        for tags, columns in groups
        for n, v in enumerate(states)
        for j, label in enumerate(labels)
    ]


@st.composite
def readings(draw):
    """Tokens, states and one or two readings' columns: a column may be the same at every state, a reading may
    lack a column the other has, states may repeat."""
    tokens = tuple(draw(st.lists(st.sampled_from(["I", "like", "cats", "le", "chat"]), min_size=1, max_size=4)))
    states = draw(
        st.lists(st.sampled_from([-5.0, -1.0, -0.35, 0.0, 0.5, 1.0, 2.25]), min_size=1, max_size=5, unique=True)
    )
    if draw(st.booleans()) and len(states) > 1:
        states.append(states[0])  # a state twice: the lookup needs one group a state, so the rows go the plain way
    shape = (len(states), len(tokens))
    values = st.floats(-3, 3, allow_nan=False, width=32)

    def column():
        if draw(st.booleans()):  # the same at every state
            return np.repeat(np.array(draw(st.lists(values, min_size=shape[1], max_size=shape[1])))[None], shape[0], 0)
        return np.array(draw(st.lists(values, min_size=shape[0] * shape[1], max_size=shape[0] * shape[1]))).reshape(
            shape
        )

    if draw(st.booleans()):
        groups = [({}, {"w": column(), **({"e": column()} if draw(st.booleans()) else {})})]
    else:
        groups = [({"reading": "a"}, {"w": column()}), ({"reading": "b"}, {"w": column(), "e": column()})]
    return tokens, np.array(states), groups


def held(tokens, states, groups) -> StateRows:
    return StateRows.of(position_labels(tokens), states, groups)


@hypothesis.given(readings())
def test_rows_held_as_columns_read_as_the_dicts_they_stand_for(case):
    tokens, states, groups = case
    rows, plain = held(*case), plain_rows(*case)
    assert list(rows) == plain and len(rows) == len(plain) and rows == plain
    assert rows.fields() == list(dict.fromkeys(k for r in plain for k in r))
    for field in [*rows.fields(), "missing"]:
        assert column(rows, field) == [r.get(field) for r in plain]
    for s in [*states.tolist(), 99.0]:
        assert at_state(rows, s) == at_state(plain, s)
    assert pickle.dumps(held(*case)) == pickle.dumps(rows)  # made into dicts or not, the same rows pickle the same


# a column the same at the first two states and not at the third: alike only if every state is looked at
LATE_CHANGE = (("I", "cats"), np.array([-1.0, 0.0, 1.0]), [({}, {"w": np.array([[0.1, 0.9], [0.1, 0.9], [0.2, 0.8]])})])


@hypothesis.example(LATE_CHANGE)
@hypothesis.given(readings())
def test_the_lookup_from_the_columns_is_the_lookup_from_the_dicts(case):
    assert template.looked_up(held(*case), CHANNEL) == template.looked_up(plain_rows(*case), CHANNEL)


@hypothesis.settings(max_examples=30)
@hypothesis.given(readings())
def test_a_chart_filled_from_the_columns_is_the_chart_filled_from_the_dicts(case):
    tokens, states, groups = case
    scrub = Scrub(CHANNEL, float(states[0]))
    if "reading" in groups[0][0]:
        build = lambda rows: charts.grouped_bars(rows, "w", "reading", "weight", tokens, domain=None, scrub=scrub)  # noqa: E731
    else:
        build = lambda rows: charts.bars_by_position(rows, "w", "weight", tokens, scrub=scrub)  # noqa: E731
    assert build(held(*case)) == build(plain_rows(*case))


def test_the_screens_helpers_hold_their_rows_as_columns():
    over, w = np.array([-1.0, 0.0, 1.0]), np.arange(6.0).reshape(3, 2)
    rows = state_rows(("I", "cats"), over, w=w)
    assert isinstance(rows, StateRows) and rows == plain_rows(("I", "cats"), over, [({}, {"w": w})])
    both = state_groups(("I", "cats"), over, "version", [("e", {"w": w}), ("e + 1", {"w": w + 1})])
    assert both == plain_rows(("I", "cats"), over, [({"version": "e"}, {"w": w}), ({"version": "e + 1"}, {"w": w + 1})])
    with pytest.raises(ValueError, match="shape"):
        state_rows(("I", "cats"), over, w=w[:2])


@pytest.mark.parametrize("changing", [False, True])
def test_rows_of_some_slider_values_are_drawn_at_those_values_only(changing):
    """A layer whose rows hold some of the slider's values (a mark shown at one state only) draws nothing at the
    others, whether or not its rows differ between the values they hold."""
    rows = [{"s": s, "x": 1.0, "y": (s if changing else 2.0)} for s in (0.5, 1.0)]
    drawn, transforms = template.looked_up(rows, CHANNEL)  # in place of the layer's test of the slider's value
    for value, want in ((0.5, 1), (1.0, 1), (0.0, 0), (2.0, 0)):
        at = transformed(drawn, transforms, {"w_s": value})
        assert len(at) == want, value
        assert all(r["y"] == (value if changing else 2.0) and r["s"] == value for r in at)
