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


def pytest_collection_modifyitems(items) -> None:
    """Under pytest-xdist (``dev.py test`` runs three workers) the browser tests run in three groups, each one test
    after another on one worker: the accessibility audits, the Cloud rehearsal and the rest. A worker takes the
    next group or test without a browser when it is done with one, so no more than three Chromiums and app servers
    run at once."""
    groups = {"test_accessibility.py": "axe", "test_cloud.py": "cloud"}
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group(groups.get(item.path.name, "browser")))
