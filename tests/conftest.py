"""Settings shared by every test."""

from hypothesis import settings

# A property test's verdict must not depend on how busy the machine is: no per-example time limit.
settings.register_profile("project", deadline=None)
settings.load_profile("project")
