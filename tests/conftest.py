"""Settings shared by every test."""

from hypothesis import settings

from ui import kept
from ui.charts import template

# Every chart drawn again from what was kept for its inputs is built again and compared (see ui/kept.py): a key
# that misses an input fails the test that drew it. In this process only: the servers tests start are as a reader's.
kept.CHECK = True
# Every chart whose labels were put in late is built with them too and compared (see ui/charts/template.py): a
# family that measures or branches on a label it takes late fails the test that drew it.
template.CHECK_LATE = True

# A property test's verdict must not depend on how busy the machine is: no per-example time limit.
settings.register_profile("project", deadline=None)
settings.load_profile("project")
