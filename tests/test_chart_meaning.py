"""Every screen's charts mean what they meant before they were authored in Altair: the same marks, encodings and
rows (``tests/chart_meaning.py``; a chart a slider scrubs is compared at the slider's value)."""

from __future__ import annotations

import json

import pytest

from tests.chart_meaning import CASES, GOLDEN, case_meanings, merged

RECORDED = json.loads(GOLDEN.read_text())
# Screen 2 drew every tab's charts; it draws only the open tab's (the raw scores' by default).
TABS = {
    "raw": {"raw_weights", "raw_read_plane"},
    "hard": {"hard_weights"},
    "vocab": set(),
    "same": {"identical_sources_weights", "identical_sources_plane"},
}
CLOSED = {
    name: set().union(*(charts for tab, charts in TABS.items() if tab != query.get("rev_tab", "raw")))
    for name, address, query in CASES
    if address == "revisitable_source"
}


# The raw read's plane spans its points at every state (its axes hold still while the slider moves), and its
# labels sit a step of that span from their points: the same labels, a little further out than when the span
# was that of the one state drawn.
SPANNED = {"raw_read_plane"}


def placed_anywhere(views: list[dict]) -> list[dict]:
    """The views with the labels' places left out (their texts kept)."""
    return [v | {"rows": [{k: x for k, x in r.items() if k not in ("x", "y")} for r in v["rows"]]} for v in views]


@pytest.mark.parametrize(("name", "address", "query"), CASES, ids=[c[0] for c in CASES])
def test_charts_mean_what_they_meant(name, address, query):
    now = case_meanings(address, query)
    before = RECORDED[name]
    assert set(now) == set(before) - CLOSED.get(name, set()), "the same charts, by name"
    for chart in now:
        a, b = merged(now[chart]), merged(before[chart])
        if chart in SPANNED:
            a, b = placed_anywhere(a), placed_anywhere(b)
        assert a == b, f"{chart} in {name}"
