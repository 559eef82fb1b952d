"""A rehearsal of Streamlit Community Cloud: the committed tree, ``requirements.txt`` alone, each Python.

Cloud installs ``requirements.txt`` and nothing else, then runs ``app.py`` from
the repository root with its ``.streamlit/config.toml``. For each Python of
3.11-3.13 found on this machine, the test copies the committed tree
(``git archive``; nothing from ``.venv`` or caches), creates a fresh virtual
environment, installs ``requirements.txt`` into it, starts the app the way
Cloud does and opens every screen: first a deep link to a screen on the fresh
server, then every screen as the sidebar's links open them. It fails on an
exception block, a chart fewer or more than AppTest counts on that screen, or
a traceback in the server's log. On the Python the tests run on, Chromium
opens the screens (headings and drawn charts included); on the others, a
reader's session over Streamlit's websocket protocol does
(``bench/streamlit_client.py``: the messages Chromium would receive), for what
depends on the server's Python is the server's side: the page's scripts are
the same files of the same Streamlit whatever Python serves them, and a walk
in Chromium costs about twice the server's work again.

Each version's test installs that version's environment, under a lock of its
own, so that tests on several workers install side by side and no version is
installed twice. As Cloud does, it installs ``requirements.txt`` with uv and
falls back to pip where uv fails (the test then warns and says why); uv
comes with ``requirements-dev.txt``, and keeps what it downloads in
``.cache/cloud/uv-cache``. Neither compiles the installed modules to bytecode
(the server compiles what it imports). An environment is
kept in ``.cache/cloud`` for the interpreter and
the exact bytes of ``requirements.txt`` it was installed from, as ``dev.py``
keeps ``.venv``: a later run with the same two reuses it, a changed
requirements file or Python installs afresh, and so does every CI run (a
clean clone has no ``.cache``) or ``ATTENTION_CLOUD_FRESH=1``. Timings go to
``artifacts/cloud-timings.json``. ``ATTENTION_CLOUD_REF`` names another
commit to rehearse (default ``HEAD``; ``git stash create`` gives one for
uncommitted work).
"""

from __future__ import annotations

import asyncio
import functools
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app import SCREENS
from bench.streamlit_client import SUCCEEDED, Session
from tests.apptest import charts, run_page
from tests.browser import (
    ARTIFACTS,
    ROOT,
    SIDEBAR_LINKS,
    browser,
    chromium_path,
    free_port,
    served,
    wait_for_app,
    wait_for_links,
)
from ui.text import t

try:
    import fcntl
except ImportError:  # Windows: the timings file is then written without a lock
    fcntl = None

pytestmark = [pytest.mark.browser, pytest.mark.long]

VERSIONS = ("3.11", "3.12", "3.13")
TIMINGS = ARTIFACTS / "cloud-timings.json"
# Variables of the test's own environment that would reach into a fresh one.
LEAKY = ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "__PYVENV_LAUNCHER__")


ADDRESS = {s.script: s.url_path for s in SCREENS}  # a screen's script -> its address


def heading_of(path: str, key: str) -> str:
    return t("app.title") if not ADDRESS[path] else t(key)


def candidates() -> list[str]:
    found = [sys.executable] if sys.version_info >= (3, 11) else []
    found += [p for p in (shutil.which("python3.12"), shutil.which("python3.13")) if p]
    return found + sorted(glob.glob("/root/.pyenv/versions/3.1*/bin/python3"))


@functools.cache
def interpreters() -> dict[str, str]:
    """Python version (``"3.12"``) → an interpreter that runs, one per version of 3.11-3.13."""
    by_version: dict[str, str] = {}
    for path in candidates():
        try:
            out = subprocess.run(
                [path, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                capture_output=True,
                text=True,
                timeout=30,
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        version = out.stdout.strip()
        if out.returncode == 0 and version in VERSIONS:
            by_version.setdefault(version, path)
    return by_version


def clean_env(venv: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LEAKY}
    env["PYTHONUNBUFFERED"] = "1"
    if venv is not None:
        env["VIRTUAL_ENV"] = str(venv)
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


KEPT = ROOT / ".cache" / "cloud"
INSTALLED = "installed-from"  # written inside an environment once its install has succeeded


@dataclass
class Install:
    version: str
    interpreter: str
    python: Path
    seconds: float
    error: str = ""
    reused: bool = False
    installer: str = ""  # "uv", or "pip" where uv failed (``uv_error`` says why)
    uv_error: str = ""


def identity(interpreter: str, requirements: bytes) -> str:
    """What an environment was installed from: the interpreter's full version and path, and the requirements."""
    out = subprocess.run([interpreter, "-c", "import sys; print(sys.version)"], capture_output=True, text=True)
    return f"{interpreter}\n{out.stdout.strip()}\n" + hashlib.sha256(requirements).hexdigest()


def install(version: str, interpreter: str, tree: Path) -> Install:
    """A virtual environment with ``requirements.txt`` alone installed into it, timed: the one kept for this
    interpreter and these requirements, or a fresh one (whatever was kept for this version is removed first).
    One process at a time a version: another test process (a pytest-xdist worker) waits, then finds it kept."""
    KEPT.mkdir(parents=True, exist_ok=True)
    with open(KEPT / f"venv-{version}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        return _install(version, interpreter, tree)


def _install(version: str, interpreter: str, tree: Path) -> Install:
    venv = KEPT / f"venv-{version}"
    python = venv / "bin" / "python"
    made_from = identity(interpreter, (tree / "requirements.txt").read_bytes())
    stamp = venv / INSTALLED
    fresh = os.environ.get("ATTENTION_CLOUD_FRESH") == "1"
    if not fresh and python.exists() and stamp.exists() and stamp.read_text() == made_from:
        return Install(version, interpreter, python, 0.0, reused=True)
    start = time.perf_counter()
    # Cloud installs requirements.txt with uv and falls back to pip where uv fails; so does the rehearsal.
    uv_error = "uv not found beside the tests' Python or on PATH" if UV is None else ""
    if UV is not None:
        shutil.rmtree(venv, ignore_errors=True)
        uv_error = _steps(tree, _uv_steps(interpreter, venv, python), env={"UV_CACHE_DIR": str(KEPT / "uv-cache")})
    installer, error = "uv", ""
    if uv_error:
        shutil.rmtree(venv, ignore_errors=True)
        installer, error = "pip", _steps(tree, _pip_steps(interpreter, venv, python))
    if not error:
        stamp.write_text(made_from)
    return Install(
        version, interpreter, python, time.perf_counter() - start, error, installer=installer, uv_error=uv_error
    )


# uv beside the tests' Python (requirements-dev.txt installs it), or on PATH.
UV = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")


def _uv_steps(interpreter: str, venv: Path, python: Path) -> list[list[str]]:
    """A virtual environment for ``interpreter`` and requirements.txt installed into it, by uv (which compiles
    nothing to bytecode unless asked, and never fetches a Python of its own here)."""
    return [
        [UV, "venv", "-q", "--python", interpreter, "--python-preference", "only-system", str(venv)],
        [UV, "pip", "install", "-q", "--python", str(python), "-r", "requirements.txt"],
    ]


def _pip_steps(interpreter: str, venv: Path, python: Path) -> list[list[str]]:
    """The same by venv and pip, skipping the compiling of every installed module to bytecode (the server
    compiles what it imports). venv's own call of ensurepip hides that call's output; made here, a failure
    says why."""
    return [
        [interpreter, "-m", "venv", "--without-pip", str(venv)],
        [str(python), "-m", "ensurepip", "--upgrade", "--default-pip"],
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-compile"]
        + ["-r", "requirements.txt"],
    ]


def _steps(tree: Path, steps: list[list[str]], env: dict[str, str] | None = None) -> str:
    """Run ``steps`` in ``tree`` one after another; the first failure, said with its output, or ""."""
    for step in steps:
        done = subprocess.run(
            step, cwd=tree, env=clean_env() | (env or {}), capture_output=True, text=True, timeout=1200
        )
        if done.returncode != 0:
            return f"{' '.join(step)} exited with {done.returncode}:\n{(done.stdout + done.stderr)[-4000:]}"
    return ""


def record(version: str, **figures: float | str) -> None:
    """Add a version's figures to the timings file, which the versions' tests (on several workers at once)
    share: one at a time, under a lock, and each written whole before it takes the file's name."""
    with open(TIMINGS.with_suffix(".lock"), "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        timings = json.loads(TIMINGS.read_text()) if TIMINGS.exists() else {}
        timings.setdefault(version, {}).update(
            {k: round(v, 1) if isinstance(v, float) else v for k, v in figures.items()}
        )
        written = TIMINGS.with_suffix(f".{os.getpid()}.tmp")
        written.write_text(json.dumps(timings, indent=2, sort_keys=True) + "\n")
        os.replace(written, TIMINGS)


@pytest.fixture(scope="module")
def chromium() -> str:
    ARTIFACTS.mkdir(exist_ok=True)
    TIMINGS.unlink(missing_ok=True)
    return chromium_path()


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    where = Path(tempfile.mkdtemp(prefix="attention-cloud-"))
    try:
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)


@pytest.fixture(scope="module")
def tree(workdir: Path) -> Path:
    """The committed files alone, as a clone on Cloud has them."""
    ref = os.environ.get("ATTENTION_CLOUD_REF", "HEAD")
    archive = subprocess.run(["git", "archive", "--format=tar", ref], cwd=ROOT, capture_output=True, timeout=120)
    if archive.returncode != 0:
        pytest.fail(f"git archive {ref} failed: {archive.stderr.decode(errors='replace')}")
    target = workdir / "tree"
    target.mkdir()
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True, timeout=120)
    return target


@pytest.fixture(scope="module")
def expected_charts() -> dict[str, int]:
    """How many charts each screen draws, counted by AppTest in this process."""
    return {s.script: len(charts(run_page(s.script))) for s in SCREENS}


@pytest.fixture(scope="module")
def chrome(chromium: str, expected_charts) -> Iterator[object]:
    with browser(chromium) as b:
        yield b


@contextmanager
def cloud_server(python: Path, tree: Path, log_path: Path, timeout: float = 120) -> Iterator[str]:
    """``streamlit run app.py`` from the tree's root, as Cloud starts it; yield its URL."""
    port = free_port()
    command = [str(python), "-m", "streamlit", "run", "app.py"]
    command += ["--server.headless", "true", "--server.port", str(port), "--server.address", "127.0.0.1"]
    with served(command, tree, log_path, timeout, env=clean_env(python.parents[1])) as url:
        yield url


# The script run has ended on a screen that drew its heading or an exception.
RUN_ENDED = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    return app && app.getAttribute('data-test-script-state') === 'notRunning'
        && app.getAttribute('data-test-connection-state') === 'CONNECTED'
        && document.querySelector('h1, [data-testid="stException"]');
}"""
# A screen reached through the sidebar has started: the address and the heading (or an exception) are its own.
ARRIVED = """([pathname, heading]) => location.pathname === pathname
    && (document.querySelector('h1')?.innerText.trim() === heading
        || document.querySelector('[data-testid="stException"]'))"""


def check_screen(page, path: str, key: str, expected: int) -> None:
    """The screen's run ends without an exception, with its heading and AppTest's number of charts drawn."""
    where = ADDRESS[path] or "home"
    page.wait_for_function(RUN_ENDED, timeout=60_000)
    exceptions = page.locator('[data-testid="stException"]')
    assert exceptions.count() == 0, f"{where}: {exceptions.all_inner_texts()}"
    assert page.locator("h1").first.inner_text().strip() == heading_of(path, key), where
    rendered = page.locator('[data-testid="stVegaLiteChart"]')
    try:
        wait_for_app(page, charts=expected, timeout=60_000)
    except PlaywrightTimeout:
        pytest.fail(f"{where}: {rendered.count()} charts drawn after a minute, AppTest counts {expected}")
    assert rendered.count() == expected, f"{where}: {rendered.count()} charts, AppTest counts {expected}"


def walk(chrome, url: str, expected: dict[str, int]) -> None:
    """A deep link to the last screen on the fresh server, then every screen through the sidebar."""
    context = chrome.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    try:
        deep = SCREENS[-1]
        page.goto(f"{url}/{deep.url_path}")
        check_screen(page, deep.script, deep.title, expected[deep.script])
        wait_for_links(page, len(SCREENS))
        for i, s in enumerate(SCREENS):
            page.locator(SIDEBAR_LINKS).nth(i).click()
            page.wait_for_function(ARRIVED, arg=["/" + s.url_path, heading_of(s.script, s.title)], timeout=60_000)
            check_screen(page, s.script, s.title, expected[s.script])
    finally:
        context.close()


def walk_protocol(url: str, expected: dict[str, int]) -> None:
    """The same walk as one reader's session over Streamlit's websocket protocol: each screen's run ends without an
    exception, drawing its heading and AppTest's number of charts."""

    async def runs() -> list[tuple[str, object]]:
        async with Session(url, open_timeout=60) as s:
            deep = SCREENS[-1]
            done = [(deep.script, await asyncio.wait_for(s.rerun(page_name=deep.url_path), 120))]
            for screen in SCREENS:
                run = await asyncio.wait_for(s.rerun(page_script_hash=s.pages[screen.url_path]), 120)
                done.append((screen.script, run))
            return done

    with ThreadPoolExecutor(max_workers=1) as own_loop:  # not in Playwright's thread, which runs an event loop
        walked = own_loop.submit(asyncio.run, runs()).result()
    for path, run in walked:
        where = ADDRESS[path] or "home"
        assert run.status in SUCCEEDED and run.exceptions == [], f"{where}: {run.exceptions}"
        assert run.kinds["heading"] >= 1, f"{where}: no heading"
        assert run.kinds["vega_lite_chart"] == expected[path], f"{where}: {run.kinds}, AppTest counts {expected[path]}"


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("version", VERSIONS)
def test_the_committed_tree_installs_from_requirements_alone_and_serves_every_screen(version, chromium, request):
    found = interpreters()
    if version not in found:
        message = f"Python {version} not found (looked at {', '.join(candidates()) or 'nothing'})."
        if not found and os.environ.get("ATTENTION_REQUIRE_BROWSER") == "1":
            pytest.fail(message + f" None of {', '.join(VERSIONS)} runs here; ATTENTION_REQUIRE_BROWSER=1 needs one.")
        pytest.skip(message)
    tree = request.getfixturevalue("tree")
    setup = install(version, found[version], tree)
    record(version, install_seconds=setup.seconds, reused=float(setup.reused), installer=setup.installer)
    assert not setup.error, setup.error
    if setup.uv_error:  # as on Cloud, pip installed what uv could not: the deploy works, but say so
        warnings.warn(f"Python {version}: uv failed, pip installed requirements.txt: {setup.uv_error}", stacklevel=1)
    expected = request.getfixturevalue("expected_charts")
    log_path = ARTIFACTS / f"cloud-server-{version}.log"
    start = time.perf_counter()
    with cloud_server(setup.python, tree, log_path) as url:
        if version == f"{sys.version_info[0]}.{sys.version_info[1]}":
            walk(request.getfixturevalue("chrome"), url, expected)
        else:
            walk_protocol(url, expected)
    record(version, walk_seconds=time.perf_counter() - start)
    log = log_path.read_text(errors="replace")
    assert "Traceback" not in log, f"the server logged an error (Python {version}):\n{log[-4000:]}"
