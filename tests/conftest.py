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
    """Under pytest-xdist (``dev.py test`` runs two workers) the browser tests run one after another on one worker,
    but for the accessibility audits, which run one after another on the other worker beside the tests without a
    browser: three Chromiums and app servers at once would crowd two cores, two keep both busy."""
    for item in items:
        if item.get_closest_marker("browser"):
            group = "axe" if item.path.name == "test_accessibility.py" else "browser"
            item.add_marker(pytest.mark.xdist_group(group))
