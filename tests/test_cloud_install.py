"""The Cloud rehearsal's installs (tests/test_cloud.py): one process at a time a version, side by side across
versions, whichever test processes (pytest-xdist workers) the versions' tests land on."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests import test_cloud


@pytest.fixture
def timed_installs(monkeypatch, tmp_path):
    """Installs that take a moment and record which versions were being installed at once."""
    monkeypatch.setattr(test_cloud, "KEPT", tmp_path / "cloud")
    running: list[str] = []
    overlaps: list[list[str]] = []
    guard = threading.Lock()

    def fake(version: str, interpreter: str, tree: Path) -> test_cloud.Install:
        with guard:
            running.append(version)
            overlaps.append(sorted(running))
        time.sleep(0.2)
        with guard:
            running.remove(version)
        return test_cloud.Install(version, interpreter, tree / "python", 0.2)

    monkeypatch.setattr(test_cloud, "_install", fake)
    return overlaps


def test_two_processes_never_install_the_same_version_at_once(timed_installs, tmp_path):
    if test_cloud.fcntl is None:
        pytest.skip("no fcntl here: the rehearsal's installs are not locked")
    with ThreadPoolExecutor(max_workers=2) as pool:  # a thread opens the lock file as another process would
        list(pool.map(lambda _: test_cloud.install("3.12", "python3.12", tmp_path), range(2)))
    assert max(len(o) for o in timed_installs) == 1, timed_installs


def test_different_versions_install_side_by_side(timed_installs, tmp_path):
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(lambda v: test_cloud.install(v, f"python{v}", tmp_path), ["3.11", "3.13"]))
    assert ["3.11", "3.13"] in timed_installs, timed_installs
