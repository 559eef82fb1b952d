"""Running the app as a reader would: a real server started with the README's command, and Chromium.

The browser is Debian's Chromium (``/usr/bin/chromium``, or the path in
``ATTENTION_CHROMIUM``), driven by Playwright; no test downloads a browser.
Where it is missing the browser tests skip with a message, except when
``ATTENTION_REQUIRE_BROWSER=1`` (set by CI), where a missing browser fails.
The accessibility checker axe-core is installed from npm by ``dev.py test``;
where it is missing the same rule applies.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from app import SCREENS as DECLARED
from bench.load import free_port, listening

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def patient_expectations() -> None:
    """Playwright's ``expect`` retries for up to 30 s, as long as the waits here, on a busy machine too."""
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)


def chromium_path() -> str:
    """The browser to drive, or a skip (a failure where CI requires the browser)."""
    path = os.environ.get("ATTENTION_CHROMIUM", "/usr/bin/chromium")
    if os.path.exists(path) or shutil.which(path):
        return path
    message = (
        f"Chromium not found at {path}: browser tests need Debian's chromium package "
        "(apt-get install chromium) or ATTENTION_CHROMIUM set to a Chromium binary."
    )
    if os.environ.get("ATTENTION_REQUIRE_BROWSER") == "1":
        pytest.fail(message + " ATTENTION_REQUIRE_BROWSER=1 makes this a failure.")
    pytest.skip(message)


def axe_script() -> Path:
    """The axe-core script that ``dev.py test`` installs, in the version dev.py pins, or a skip (a failure where CI
    requires the browser): another version's rules would judge the screens by other standards."""
    from dev import AXE_SCRIPT, AXE_VERSION, installed_axe_version

    installed = installed_axe_version()
    if AXE_SCRIPT.exists() and installed == AXE_VERSION:
        return AXE_SCRIPT
    where = AXE_SCRIPT.relative_to(ROOT)
    found = f"{where} is axe-core {installed}" if installed else f"axe-core not found at {where}"
    message = (
        f"{found}: the accessibility tests need axe-core {AXE_VERSION}; "
        f"`python3 dev.py test` installs it when npm is there (npm install --prefix .cache/axe axe-core@{AXE_VERSION})."
    )
    if os.environ.get("ATTENTION_REQUIRE_BROWSER") == "1":
        pytest.fail(message + " ATTENTION_REQUIRE_BROWSER=1 makes this a failure.")
    pytest.skip(message)


@contextmanager
def served(
    command: list[str], cwd: Path, log_path: Path, timeout: float = 90, env: dict | None = None
) -> Iterator[str]:
    """Start ``command`` (a Streamlit server on a port it names) in a new process group; yield its URL.

    Ready when ``/_stcore/health`` answers and the server's output says it listens on its port (another
    server may hold the port it was given); the whole group is stopped on exit.
    """
    port = command[command.index("--server.port") + 1]
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "w") as log:
        proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                        if r.status == 200 and listening(log_path.read_text(errors="replace"), port):
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the app did not start; see {log_path}")
                time.sleep(0.3)
            yield url
        finally:
            os.killpg(proc.pid, 15)
            proc.wait(timeout=30)


@contextmanager
def app_server(timeout: float = 90, env: dict[str, str] | None = None) -> Iterator[str]:
    """Start the app with the README's command (``python3 dev.py app``) on a free port; yield its URL. ``env``: the
    server's environment (this process's by default)."""
    port = free_port()
    command = [
        sys.executable,
        "dev.py",
        "app",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--server.headless",
        "true",
        "--server.fileWatcherType",
        "none",
    ]
    with served(command, ROOT, ARTIFACTS / f"server-{port}.log", timeout, env) as url:
        yield url


@contextmanager
def browser(executable: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    patient_expectations()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


HERE = ("127.0.0.1", "localhost", "::1")  # the hosts of this machine, where the tests' servers listen
ASKED_ELSEWHERE = "asked_elsewhere"  # the attribute of a tab (conftest's ``tab``) listing what it asked elsewhere


def elsewhere(url: str) -> bool:
    """Whether a page asking for ``url`` reaches past this machine (a ``data:``, ``blob:`` or ``about:`` address
    is the page's own)."""
    parts = urlsplit(url)
    return parts.scheme not in ("data", "blob", "about") and parts.hostname not in HERE


def record_elsewhere(context, page) -> None:
    """Keep, on ``page`` (as :data:`ASKED_ELSEWHERE`), every request of ``context`` and websocket of ``page`` that
    reaches past this machine."""
    asked: list[str] = []
    setattr(page, ASKED_ELSEWHERE, asked)
    keep = lambda r: asked.append(r.url) if elsewhere(r.url) else None  # noqa: E731 (a request or a websocket)
    context.on("request", keep)
    page.on("websocket", keep)


# every screen as the browser tests open it: (its file, its address, its title's message key)
SCREENS = [(s.script, s.url_path, s.title) for s in DECLARED]
DESK = {"width": 1280, "height": 800}  # a laptop's window
IN_SIGHT = 60  # px of a chart a reader must see in the first screenful to know that one is there
FIRST_CHART_TOP = """() => Math.min(...[...document.querySelectorAll('[data-testid="stVegaLiteChart"]')]
    .filter(c => c.checkVisibility()).map(c => c.getBoundingClientRect().top))"""
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


def open_screen(page, url: str, viewport: dict[str, int]) -> None:
    """Open ``url`` in a tab shared by a module's tests (conftest's ``tab``) at ``viewport``, in the light theme."""
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme="light")
    page.goto(url)


def wait_for_run(page, timeout: float = 30_000) -> None:
    """Wait until the script run has finished on a connected page that drew its heading."""
    page.wait_for_function(
        """() => {
            const app = document.querySelector('[data-testid="stApp"]');
            return app && app.getAttribute('data-test-script-state') === 'notRunning'
                && app.getAttribute('data-test-connection-state') === 'CONNECTED'
                && document.querySelector('h1');
        }""",
        timeout=timeout,
    )


def wait_for_app(page, charts: int | None = None, timeout: float = 30_000) -> None:
    """Wait until the script run has finished and the charts have drawn.

    Streamlit loads its chart component lazily, so charts appear a moment after
    the run ends: wait for exactly ``charts`` of them to be drawn when the
    number is known; otherwise until their count has stayed the same for a second.
    """
    wait_for_run(page, timeout)
    drawn = """(n) => {
        const charts = [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')];
        const shown = charts.filter(c => c.getClientRects().length > 0);  // charts in a closed tab draw later
        return charts.length >= n && shown.every(c => c.querySelector('canvas, svg'));
    }"""
    page.wait_for_function(drawn, arg=charts or 0, timeout=timeout)
    if charts is not None:
        return
    last, stable_since = -1, 0
    while stable_since < 4:
        page.wait_for_timeout(250)
        now = page.locator('[data-testid="stVegaLiteChart"]').count()
        stable_since = stable_since + 1 if now == last else 0
        last = now
    page.wait_for_function(drawn, arg=last, timeout=timeout)


def past_the_question(page, k: int | None = None, timeout: float = 30_000) -> None:
    """Skip the walkthrough step's question (step ``k``'s, or the one on the page), as a reader may: a step asks
    before it shows, its chart and the controls that would answer it held back until the reader answers or skips."""
    from playwright.sync_api import expect

    where = f".st-key-q_step{k}_skip" if k is not None else '[class*="st-key-q_step"][class*="_skip"]'
    skip = page.locator(f"{where} button")
    expect(skip).to_be_visible(timeout=timeout)
    skip.click()
    expect(skip).to_have_count(0, timeout=timeout)
    wait_for_app(page, timeout=timeout)


def press_and_move(page, handle, dx: float, steps: int = 10) -> None:
    """Press the middle of ``handle`` (scrolled to the middle of the window) and move it ``dx`` px across in ``steps``
    moves 20 ms apart, as a hand drags: the button stays down. The press waits until the page has stopped moving and
    the handle is what lies under the pointer: on a busy machine the press had missed step 2's slider, under the
    tooltip of the control the pointer rested on after the last click."""
    there = "?"
    for _ in range(5):
        page.mouse.move(0, 0)  # off whatever the last click left it on: a tooltip it opened had covered the handle
        handle.evaluate("e => e.scrollIntoView({block: 'center'})")
        wait_for_layout(page, quiet=300)
        box = handle.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        there = handle.evaluate(
            """(e, [x, y]) => { const at = document.elementFromPoint(x, y);
                return e.contains(at) ? '' : `${at?.tagName} ${at?.className} ${at?.dataset?.testid}`; }""",
            [x, y],
        )
        if not there:
            break
        page.wait_for_timeout(200)
    assert not there, f"the handle is not under the pointer where it was measured: {there} is"
    page.mouse.move(x, y)
    page.mouse.down()
    for k in range(1, steps + 1):
        page.mouse.move(x + dx * k / steps, y)
        page.wait_for_timeout(20)


# The page as a reader sees it once it has drawn: the run over, no element still a skeleton (Streamlit draws an
# element once its component's script has loaded: the page's style, the sidebar's links and widgets, the charts
# come a moment after the run), every chart in view drawn, the fonts loaded (KaTeX sets an equation's width in
# its own), and no box on the page changing size over ``quiet`` ms of animation frames (charts that size to their
# container draw again once they know its width).
SETTLED = """(quiet) => {
    const app = document.querySelector('[data-testid="stApp"]');
    const drawn = app && app.getAttribute('data-test-script-state') === 'notRunning'
        && app.getAttribute('data-test-connection-state') === 'CONNECTED'
        && document.querySelector('h1') && !document.querySelector('[data-testid="stSkeleton"]')
        && document.fonts.status === 'loaded'
        && [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')]
            .filter(c => c.getClientRects().length > 0).every(c => c.querySelector('canvas, svg'));
    const boxes = [document.scrollingElement, ...document.querySelectorAll(
        '[data-testid="stMain"], [data-testid="stSidebarContent"], [data-testid="stElementContainer"]')];
    const sizes = drawn && boxes.map(e => `${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`)
        .join();
    const now = performance.now(), last = window.__settling;
    if (!last || last.sizes !== sizes) {
        window.__settling = {sizes, since: now};
        return false;
    }
    return Boolean(sizes) && now - last.since >= quiet;
}"""


def wait_for_layout(page, quiet: float = 500, timeout: float = 30_000) -> None:
    """Wait until the page has drawn everything and its layout has stayed the same for ``quiet`` ms (see SETTLED)."""
    page.evaluate("() => { delete window.__settling; }")
    page.wait_for_function(SETTLED, arg=quiet, polling="raf", timeout=timeout)


SIDEBAR_LINKS = '[data-testid="stSidebar"] [data-testid="stSidebarNavLink"]'  # st.navigation's links


def wait_for_links(page, n: int, timeout: float = 30_000) -> None:
    """Wait until the sidebar's navigation shows ``n`` screens' links with their labels drawn."""
    page.wait_for_function(
        """([n, selector]) => {
            const links = [...document.querySelectorAll(selector)];
            return links.length === n && links.every(a => a.innerText.trim().length > 0);
        }""",
        arg=[n, SIDEBAR_LINKS],
        timeout=timeout,
    )


# Pictures of whole pages for a person to look at (``artifacts/``), taken where a test offers one only when asked
# (ATTENTION_SCREENSHOTS=1): a tall page's picture costs Chromium a second or two of drawing, which no check reads.
SCREENSHOTS = os.environ.get("ATTENTION_SCREENSHOTS", "").strip() == "1"


def full_screenshot(page, path: Path) -> None:
    """The whole page, if pictures were asked for (:data:`SCREENSHOTS`): Streamlit scrolls inside the app, so grow
    the viewport to the content first."""
    if not SCREENSHOTS:
        return
    height = page.evaluate("() => Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    width = page.viewport_size["width"]
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 12_000)})
    page.wait_for_timeout(600)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size({"width": width, "height": 900})


# An equation wider than its box is cut off at the box's edge (KaTeX scrolls it without a visible bar); one taller
# than its box loses its top or bottom (the box hides what is past it: the bar of a ⊤ on a first line read "v|").
CLIPPED_EQUATIONS = """() => [...document.querySelectorAll('.katex-display')]
    .filter(k => k.getClientRects().length > 0
        && (k.scrollWidth > k.clientWidth + 3 || k.scrollHeight > k.clientHeight + 1))
    .map(k => `${k.querySelector('annotation')?.textContent.slice(0, 60)}: ${k.scrollWidth}x${k.scrollHeight} px`
        + ` in ${k.clientWidth}x${k.clientHeight}`)"""


# Text that starts a line with the comma, full stop or semicolon that closes the inline formula before it (a line
# may break between a formula's box and the text after it): each as the formula's text | the text after it.
MARK_STARTS_A_LINE = """() => [...document.querySelectorAll('.katex')].filter(k => !k.closest('.katex-display'))
    .flatMap(k => {
        const after = k.nextSibling, box = [...k.getClientRects()].pop();
        if (!box || !after || after.nodeType !== 3 || !/^[.,;]/.test(after.textContent)) return [];
        const mark = document.createRange();
        mark.setStart(after, 0);
        mark.setEnd(after, 1);
        const at = mark.getBoundingClientRect();
        return at.width && at.top > box.top + box.height / 2
            ? [`${k.querySelector('annotation')?.textContent.slice(0, 40)} | ${after.textContent.slice(0, 30)}`] : [];
    })"""


def clipped_equations(page) -> list[str]:
    """The screen's display equations that are cut off, once KaTeX's fonts have loaded and set their widths."""
    shown = page.locator(".katex-display:visible")  # not those folded in a closed expander
    if shown.count():  # the screen's equations, drawn with the run
        from playwright.sync_api import expect

        expect(shown.first).to_be_visible()
    page.evaluate("() => document.fonts.ready")
    return page.evaluate(CLIPPED_EQUATIONS)
