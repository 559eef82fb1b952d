"""Every screen's charts mean what they meant before they were authored in Altair: the same marks, encodings and
rows (``tests/chart_meaning.py``; a chart scrubbed by a slider is compared at the slider's value)."""

from __future__ import annotations

import json

import pytest

from tests.chart_meaning import CASES, GOLDEN, case_meanings, merged

RECORDED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize(("name", "address", "query"), CASES, ids=[c[0] for c in CASES])
def test_charts_mean_what_they_meant(name, address, query):
    now = [merged(c) for c in case_meanings(address, query)]
    before = [merged(c) for c in RECORDED[name]]
    assert len(now) == len(before), f"{len(now)} charts now, {len(before)} before"
    for k, (a, b) in enumerate(zip(now, before, strict=True)):
        assert a == b, f"chart {k} of {name}"
