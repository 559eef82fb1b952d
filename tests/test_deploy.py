"""Two replicas behind HAProxy, started with ``deploy/run.py``: affinity by cookie.

New readers are spread over the replicas, and a reader whose websocket drops comes back to the
replica that holds their session. HAProxy is Debian's package; where it is missing the test skips
with a message, except when ``ATTENTION_REQUIRE_BROWSER=1`` (set by CI), where it fails.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from deploy.run import BACKEND, find_haproxy, free_port, healthy, runtime_api, show_stat
from tests.browser import ARTIFACTS, ROOT, browser, chromium_path
from ui.text import t, template

pytestmark = [pytest.mark.browser, pytest.mark.long]

READERS = 6
# The script run has ended on a live connection and the page is drawn.
READY = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    return app && app.getAttribute('data-test-script-state') === 'notRunning'
        && app.getAttribute('data-test-connection-state') === 'CONNECTED'
        && document.querySelector('h1');
}"""
# From now on, record every state the connection and the script pass through: each change's old value (a state
# held between two changes the observer sees at once, a rerun of a few milliseconds) and the state after them.
RECORD = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    const connection = 'data-test-connection-state', script = 'data-test-script-state';
    window.seen = [];
    new MutationObserver((changes) => {
        for (const c of changes) {
            window.seen.push(c.attributeName === connection ? [c.oldValue, null] : [null, c.oldValue]);
        }
        window.seen.push([app.getAttribute(connection), app.getAttribute(script)]);
    }).observe(app, {attributes: true, attributeOldValue: true, attributeFilter: [connection, script]});
}"""


def haproxy_path() -> str:
    """HAProxy, or a skip (a failure where CI requires the browser tests to run)."""
    path = find_haproxy()
    if path:
        return path
    message = "HAProxy not found: the deployment test needs Debian's haproxy package (apt-get install haproxy)."
    if os.environ.get("ATTENTION_REQUIRE_BROWSER") == "1":
        pytest.fail(message + " ATTENTION_REQUIRE_BROWSER=1 makes this a failure.")
    pytest.skip(message)


@contextmanager
def deployment(
    replicas: int, timeout: float = 90, env: dict[str, str] | None = None
) -> Iterator[Callable[[], tuple[str, Path]]]:
    """Start ``deploy/run.py`` on a free port; yield a wait for it to say ready, which gives the URL and socket.
    ``env``: its environment, which it passes on to the replicas (this process's by default)."""
    port = free_port()
    run_dir = ARTIFACTS / f"deploy-{port}"
    out = run_dir / "run.out"
    run_dir.mkdir(parents=True)
    command = [sys.executable, "deploy/run.py", "--replicas", str(replicas), "--port", str(port)]
    with open(out, "w") as log:
        proc = subprocess.Popen(
            [*command, "--run-dir", str(run_dir)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + timeout

    def ready() -> tuple[str, Path]:
        while "ready: " not in out.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"deploy/run.py did not get ready; see {out}")
            time.sleep(0.2)
        return f"http://127.0.0.1:{port}", run_dir / "haproxy.sock"

    try:
        yield ready
    finally:
        proc.send_signal(signal.SIGTERM)  # run.py stops HAProxy and the replicas
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            raise
    assert proc.returncode == 0, f"deploy/run.py did not stop cleanly; see {out}"


def current_sessions(stats_socket: Path) -> dict[str, int]:
    """Connections each replica holds now, as HAProxy counts them (an open websocket is one)."""
    return {name: int(row["scur"]) for name, row in show_stat(stats_socket).items()}


def status_line(n: int) -> str:
    """The learning screen's status as drawn after ``n`` steps, up to and with its colon: 'At step 1:'."""
    return template("learn.status").split(":")[0].replace("**", "").format(n=n) + ":"


def status(page) -> str:
    """The learning screen's status as drawn now."""
    before, after = status_line(0).split("0")
    return page.get_by_text(re.compile(f"^{re.escape(before)}\\d+{re.escape(after)}")).inner_text()


def test_readers_spread_over_replicas_and_a_session_survives_a_websocket_reconnect():
    executable = chromium_path()
    haproxy_path()
    ARTIFACTS.mkdir(exist_ok=True)
    with deployment(replicas=2) as started, browser(executable) as b:
        url, stats_socket = started()  # Chromium started while the replicas did
        contexts = [b.new_context(viewport={"width": 1400, "height": 900}) for _ in range(READERS)]
        pages = [c.new_page() for c in contexts]
        sockets: list[str] = []
        pages[0].on("websocket", lambda ws: (sockets.append("open"), ws.on("close", lambda _: sockets.append("close"))))
        # Each reader's first response carries the replica HAProxy chose for them.
        pages[0].goto(url + "/learning?learn_tab=train", wait_until="commit")
        for page in pages[1:]:
            page.goto(url + "/", wait_until="commit")
        chosen = [{c["name"]: c["value"] for c in context.cookies()}.get("SERVERID") for context in contexts]
        for context in contexts[1:]:
            context.close()
        servers = set(show_stat(stats_socket))
        assert servers == {"r1", "r2"}
        assert set(chosen) == servers, f"{READERS} new readers all went to {chosen}"

        # Reader 0 takes one training step: a state only their session on the server holds.
        page, mine = pages[0], chosen[0]
        (other,) = servers - {mine}
        page.wait_for_function(READY, timeout=60_000)
        page.get_by_text(status_line(0)).wait_for()
        page.get_by_role("button", name=t("learn.step"), exact=True).click()
        page.get_by_text(status_line(1)).wait_for()
        # Their websocket is held by the replica their cookie names (the other readers have left).
        deadline = time.monotonic() + 10
        while (now := current_sessions(stats_socket)) != {mine: 1, other: 0}:
            assert time.monotonic() < deadline, f"current sessions: {now}"
            time.sleep(0.1)
        assert sockets == ["open"]

        # HAProxy cuts every connection to that replica; the browser sees its websocket close and reconnects.
        page.evaluate(RECORD)
        assert runtime_api(stats_socket, f"shutdown sessions server {BACKEND}/{mine}").strip() == ""
        reconnected = f"() => window.seen.some(([c]) => c && c !== 'CONNECTED') && ({READY})()"
        page.wait_for_function(reconnected, timeout=20_000)
        assert sockets == ["open", "close", "open"]
        assert {c["name"]: c["value"] for c in contexts[0].cookies()}["SERVERID"] == mine

        # A rerun on the new websocket draws what the server's session holds: still one step. The frontend
        # does not rerun by itself after a reconnect; without one the page would keep its old drawing
        # whatever the server holds, and this check would pass without affinity.
        page.evaluate(RECORD)
        # A rerun shows as the script running, or, when it is quick, as the rerun request ending (the state
        # goes from rerunRequested to notRunning without a running between: seen as an old value).
        left_request = "window.seen.some(([c, s]) => c === null && s === 'rerunRequested')"
        reran = f"() => (window.seen.some(([, s]) => s === 'running') || {left_request}) && ({READY})()"
        deadline = time.monotonic() + 20
        while True:  # on a busy machine the page may take a moment after reconnecting to act on the key
            page.locator("body").press("r")  # Streamlit's rerun key
            try:
                page.wait_for_function(reran, timeout=3_000)
                break
            except PlaywrightTimeout:
                seen = page.evaluate("window.seen")
                assert time.monotonic() < deadline, f"no rerun after pressing r for 20 s: {seen}"
        assert status(page).startswith(status_line(1)), status(page)


def replica_pid(port: str) -> int:
    """The Streamlit server of the replica serving ``port`` (the process that holds its sessions: the one running
    ``app.py``, started by ``serve.py``, not ``dev.py`` which started it)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"app.py" in argv and b"--server.port" in argv and argv[argv.index(b"--server.port") + 1] == port.encode():
            return int(proc.name)
    raise LookupError(f"no Streamlit server on port {port}")


def test_a_replica_killed_under_load_comes_back_and_no_reader_sees_an_error():
    import asyncio
    import threading
    import urllib.error
    import urllib.request
    from http.cookies import SimpleCookie

    from bench.streamlit_client import Session, slider_value

    haproxy_path()
    with deployment(replicas=2) as started:
        url, stats_socket = started()
        out = stats_socket.parent / "run.out"
        ports = dict(re.findall(r"replica (r\d): http://127\.0\.0\.1:(\d+)", out.read_text()))
        statuses: list[int] = []
        stop = threading.Event()

        def readers_arriving() -> None:  # new readers all along: each a first request without a cookie
            while not stop.is_set():
                try:
                    with urllib.request.urlopen(url + "/", timeout=10) as r:
                        statuses.append(r.status)
                except urllib.error.HTTPError as e:
                    statuses.append(e.code)
                time.sleep(0.05)

        async def session_on(replica: str) -> Session:
            """A reader's session (its websocket) on ``replica``: opened until HAProxy's turn gives that one."""
            for _ in range(10):
                s = Session(url)
                await s.__aenter__()
                cookie = SimpleCookie(s._ws.response.headers.get("Set-Cookie", ""))
                if cookie.get("SERVERID") and cookie["SERVERID"].value == replica:
                    await s.rerun(page_name="revisitable_source")  # a screen with the state slider
                    return s
                await s.__aexit__()
            raise AssertionError(f"no websocket reached {replica}")

        async def scenario() -> tuple[str, str]:
            survivor = await session_on("r2")
            slider = survivor.widget("slider", "w_s")
            await survivor.rerun(widgets=[slider_value(slider.id, 2.0)])  # a state only r2's session holds
            before = survivor.query_string
            os.kill(replica_pid(ports["r1"]), signal.SIGKILL)
            deadline, up_since = time.monotonic() + 90, None

            def back() -> bool:  # started again, answering, and HAProxy counting it up
                started = "started again" in out.read_text() and healthy(f"127.0.0.1:{ports['r1']}")
                return started and show_stat(stats_socket)["r1"]["status"] == "UP"

            # Back for good: HAProxy may still count it up just after the kill, before two failed checks (4 s)
            # take it out, so it must stay up past that.
            while up_since is None or time.monotonic() - up_since < 6:
                assert time.monotonic() < deadline, f"r1 not back: {show_stat(stats_socket)['r1']['status']}"
                up_since = (up_since or time.monotonic()) if back() else None
                await asyncio.sleep(0.5)
            run = await survivor.rerun()  # the same session, on the same websocket, after all that
            after = survivor.query_string
            await survivor.__aexit__()
            assert run.exceptions == []
            return before, after

        arriving = threading.Thread(target=readers_arriving, daemon=True)
        arriving.start()
        try:
            before, after = asyncio.run(scenario())
            time.sleep(1)
        finally:
            stop.set()
            arriving.join(15)
        assert "s=2" in before and after == before  # the session on the other replica kept its state
        assert statuses and not [s for s in statuses if s >= 500], f"{len(statuses)} requests: {set(statuses)}"
        assert "replica r1 exited" in out.read_text()
        chosen = set()
        for _ in range(6):  # new readers go to both replicas again
            with urllib.request.urlopen(url + "/", timeout=10) as r:
                chosen.add(SimpleCookie(r.headers.get("Set-Cookie", ""))["SERVERID"].value)
        assert chosen == {"r1", "r2"}
