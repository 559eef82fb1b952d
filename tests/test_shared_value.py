"""The helper that lets the test processes of one run share a value computes it once for them all."""

from __future__ import annotations

import uuid

import pytest

from tests import shared


def test_the_processes_of_a_run_compute_a_shared_value_once(tmp_path_factory):
    calls = []

    def compute() -> dict:
        calls.append(1)
        return {"value": [1.5, 2.0], "n": len(calls)}

    name = f"probe-{uuid.uuid4().hex}"  # the folder is shared by this run's processes: a name of its own
    first = shared.once_a_run(name, compute, tmp_path_factory, "gw0")
    second = shared.once_a_run(name, compute, tmp_path_factory, "gw1")
    assert first == second == {"value": [1.5, 2.0], "n": 1}
    assert len(calls) == 1


@pytest.mark.skipif(shared.fcntl is None, reason="no file locks here: every process computes its own")
def test_a_run_without_workers_computes_it_every_time(tmp_path_factory):
    calls = []
    name = f"probe-{uuid.uuid4().hex}"
    for _ in range(2):
        shared.once_a_run(name, lambda: calls.append(1) or len(calls), tmp_path_factory, "master")
    assert len(calls) == 2
