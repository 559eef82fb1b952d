"""Settings shared by every test."""

import pytest
from hypothesis import settings

from ui import kept

# Every chart drawn again from what was kept for its inputs is built again and compared (see ui/kept.py): a key
# that misses an input fails the test that drew it. In this process only: the servers tests start are as a reader's.
kept.CHECK = True

# A property test's verdict must not depend on how busy the machine is: no per-example time limit.
settings.register_profile("project", deadline=None)
settings.load_profile("project")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook, which reads the groups into the test ids
def pytest_collection_modifyitems(items) -> None:
    """Under pytest-xdist (``dev.py test`` runs three workers) the Cloud rehearsal's tests run one after another
    on one worker: they share the environments one fixture installs into ``.cache/cloud``, and two workers would
    install them over each other. Every other test, browser tests included, goes to whichever worker is free."""
    for item in items:
        if item.path.name == "test_cloud.py":
            item.add_marker(pytest.mark.xdist_group("cloud"))
