"""bench.classroom plays a whole class against a server of its own: a smoke test with three students, untimed."""

from __future__ import annotations

import math

import pytest

from bench import classroom

pytestmark = pytest.mark.early


def test_the_class_bench_measures_every_figure_for_a_small_class():
    row = classroom.measure(3, seconds=2.0, answering=1.0, changes=2).summary()
    assert (row["failures"], row["exceptions"]) == (0, 0), row["notes"]
    assert row["step_ms"]["n"] == 3 * 2 and row["step_ms"]["missed"] == 0
    # a follow is the look that sees the move and one run of the page, on the teacher's step: not a run that sees it
    # and a second on the new step
    assert row["follow_runs"] == {2: 3 * 2}, row["follow_runs"]
    assert row["answer_ms"]["n"] == 3 and row["answer_ms"]["missed"] == 0  # the projector counted every answer
    assert row["control_ms"]["n"] >= 3  # each student moved its slider at least once
    assert not math.isnan(row["cpu_ms_per_student_second"]) and row["rss_all_mb"] > 0
    table = classroom.markdown([row], {"date": "today"})
    assert table.splitlines()[2].startswith("| 3 | 1 |")
