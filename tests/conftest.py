"""Settings shared by every test."""

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from streamlit import config as streamlit_config

from tests.apptest import scan_components_once
from tests.browser import ARTIFACTS, ASKED_ELSEWHERE, app_server, browser, chromium_path, record_elsewhere
from ui import kept
from ui.charts import template

# Every chart drawn again from what was kept for its inputs is built again and compared (see ui/kept.py): a key
# that misses an input fails the test that drew it. In this process only: the servers tests start are as a reader's.
kept.CHECK = True
# Every chart whose labels were put in late is built with them too and compared (see ui/charts/template.py): a
# family that measures or branches on a label it takes late fails the test that drew it.
template.CHECK_LATE = True
# The served configuration shows a reader no error's details (.streamlit/config.toml); a failing AppTest run in this
# process shows them in full, for the developer reading the failure. Servers the tests start keep the served value.
streamlit_config.set_option("client.showErrorDetails", "full")
# Installed components are looked for once in this process, not once an AppTest (tests/apptest.py).
scan_components_once()

# The live training run's lock file is the host's (one run at a time across a host's replicas); each test process,
# and the servers it starts, take their own, so that tests running side by side do not refuse each other's runs.
os.environ["ATTENTION_LIVE_LOCK"] = str(Path(tempfile.gettempdir()) / f"attention-live-test-{os.getpid()}.lock")

# A property test's verdict must not depend on how busy the machine is: no per-example time limit.
settings.register_profile("project", deadline=None)
settings.load_profile("project")


# One app server a test process, shared by the browser tests that need no fresh server: each start costs seconds,
# and a warm server answers as a class's server does after its first reader. A test that is about a fresh server
# starts its own. Chromium is shared within a module: Playwright's sync API keeps an event loop running in its
# thread while it is open, and the tests that drive a server with asyncio need that thread without one.
@pytest.fixture(scope="session")
def chromium() -> str:
    ARTIFACTS.mkdir(exist_ok=True)
    return chromium_path()


@pytest.fixture(scope="session")
def server(chromium) -> Iterator[str]:
    with app_server() as url:
        yield url


@pytest.fixture(scope="module")
def chrome(chromium) -> Iterator[object]:
    with browser(chromium) as b:
        yield b


@pytest.fixture(scope="module")
def tab(chrome) -> Iterator[object]:
    """One tab for a module's tests that need no fresh browser, each of which opens its screen afresh (a new session
    of the app) at its own size (``tests.browser.open_screen``): Chromium compiles Streamlit's scripts once for the
    tab rather than once a test, which saves about a third of a screen's load.

    Every request and websocket the tab makes is recorded when it asks a host other than this machine
    (``tests.browser.ASKED_ELSEWHERE``): a test that used the tab fails on one (``_tab_asks_no_other_host``)."""
    context = chrome.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")
    try:
        page = context.new_page()
        record_elsewhere(context, page)
        yield page
    finally:
        context.close()


@pytest.fixture(autouse=True)
def _tab_asks_no_other_host(request: pytest.FixtureRequest) -> Iterator[None]:
    """No page a test opens in the shared tab asks another host for anything: a school's readers are not announced
    to a third party, and the dashboard works offline (tests/test_outside_requests.py opens every view for it)."""
    asked = getattr(request.getfixturevalue("tab"), ASKED_ELSEWHERE, None) if "tab" in request.fixturenames else None
    if asked is None:  # no tab, or a test's own parameter of that name
        yield
        return
    asked.clear()
    yield
    assert asked == [], f"the tab asked hosts other than this machine for: {asked}"


# The long checks (marked ``long``: the Cloud rehearsal, which installs requirements.txt on three interpreters, and
# the replicas behind a load balancer, which take minutes; and browser checks of 10-30 s that a change seldom
# breaks: the walkthrough's steps on a phone, the Chinese first screens, the benchmarks' own runs in Chromium) keep
# a developer's run within five minutes; CI runs them (ATTENTION_LONG=1), a developer's run leaves them out and
# says so.
LONG = os.environ.get("ATTENTION_LONG") == "1"


def pytest_report_header(config: pytest.Config) -> str:
    if LONG:
        return "long checks: included (ATTENTION_LONG=1)"
    return (
        "long checks: left out (the Cloud rehearsal, the replicas, slow browser checks a change seldom breaks); "
        "ATTENTION_LONG=1 python3 dev.py test runs them, as CI does"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Tests that drive a browser or a process of their own (marked ``early``) first, a few seconds each, the many
    # short ones after: a worker that runs out of tests takes the last of another's (dev.py runs "--dist
    # worksteal"), and the run ends with short tests on every worker rather than one long test on one while the
    # others wait.
    items.sort(key=lambda item: "chromium" not in item.fixturenames and not item.get_closest_marker("early"))
    if LONG:
        return
    left_out = [item for item in items if item.get_closest_marker("long")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker("long")]
