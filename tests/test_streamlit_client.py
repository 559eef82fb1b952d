"""The load test's client speaks as Chromium does: every widget's value, fragments, screens, held messages.

A scratch app (``st.navigation``: a switch drawn by the main script, a screen
with a fragment, a second screen) is served by a real server; the client
speaks to it over the websocket. The last test drives Chromium through the
same changes and requires the client to have sent the same requests, frame for
frame.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from google.protobuf.json_format import MessageToDict
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench import interactions, load
from bench.streamlit_client import Session, Widget, click, slider_value, value

FRAGMENT_RUN = ForwardMsg.ScriptFinishedStatus.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
APP = """
import streamlit as st

st.sidebar.radio("lang", ["en", "fr"], key="lang")


@st.fragment
def part():
    st.session_state.fragment_runs = st.session_state.get("fragment_runs", 0) + 1
    st.progress(0, text=f"fragment runs {st.session_state.fragment_runs}")
    inner = st.slider("inner", 0, 10, 4, key="inner")
    st.toggle("flag", key="flag")
    if inner % 2 == 0:
        st.checkbox("even", key="even")
    st.markdown("y" * 12_000)  # over 10 kB: a message the browser holds, drawn in the fragment
    st.button("press", key="press")


def one():
    st.session_state.page_runs = st.session_state.get("page_runs", 0) + 1
    st.progress(0, text=f"page runs {st.session_state.page_runs}")
    outer = st.slider("outer", 0, 10, 3, key="outer")
    st.radio("pick", ["a", "b"], index=None, key="pick")
    if outer < 5:
        st.markdown("x" * 12_000)  # held by the browser, outside the fragment
    part()


@st.fragment
def deep():
    st.slider("deep", 0, 10, 2, key="deep")


@st.fragment
def shell():
    if st.toggle("show", value=True, key="show"):
        deep()  # a fragment nested in another: hidden when the outer one reruns without it


def two():
    st.slider("two", 0, 10, 5, key="two")
    shell()


pages = [st.Page(one, title="one", default=True), st.Page(two, title="two", url_path="two")]
screen = st.navigation(pages)
st.sidebar.page_link(pages[1], label="to two")  # the project's config hides Streamlit's own page list
screen.run()
"""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    script = tmp_path_factory.mktemp("fragments") / "fragments.py"
    script.write_text(APP)
    with load.servers(["-m", "streamlit", "run", str(script)]) as (server,):
        yield server.url


def sent(request: ClientState) -> dict[str, object]:
    """A request's widget values by key (``None`` for a widget sent without a value)."""
    return {w.id.split("-", 2)[2]: value(w) for w in request.widget_states.widgets}


def by_key(s: Session, key: str) -> Widget:
    w = next((w for w in s.widgets.values() if w.key == key), None)
    assert w is not None, f"no widget {key!r} among {[w.key for w in s.widgets.values()]}"
    return w


async def opened(url: str, query: str = "") -> Session:
    s = Session(url, query)
    await s.__aenter__()
    await s.rerun(page_name="")
    return s


def test_every_widget_value_goes_with_each_rerun_and_a_press_once(app: str) -> None:
    async def go() -> tuple[ClientState, ClientState, ClientState]:
        s = await opened(app)
        try:
            await s.rerun()
            plain = s.last_request
            await s.rerun(widgets=[click(by_key(s, "press").id)])
            pressed = s.last_request
            await s.rerun()
            return plain, pressed, s.last_request
        finally:
            await s.__aexit__()

    plain, pressed, after = asyncio.run(go())
    # The values the elements were drawn with, a radio drawn with index=None as a state without a value.
    expected = {"lang": "en", "outer": [3.0], "pick": None, "inner": [4.0], "flag": False, "even": False}
    assert sent(plain) == expected
    assert sent(pressed) == expected | {"press": True}
    assert sent(after) == expected  # a press is sent once
    assert plain.page_script_hash and not plain.fragment_id and not plain.page_name


def test_a_fragments_slider_reruns_only_the_fragment(app: str) -> None:
    async def go():
        s = await opened(app)
        try:
            inner, outer = by_key(s, "inner"), by_key(s, "outer")
            moved = await s.rerun(widgets=[slider_value(inner.id, 5.0)])  # odd: the fragment drops "even"
            request = s.last_request
            kept = sorted(w.key for w in s.widgets.values())
            states = sorted(s.states[i].id.split("-", 2)[2] for i in s.states)
            whole = await s.rerun(widgets=[slider_value(outer.id, 4.0)])
            return inner, outer, moved, request, kept, states, whole, s.last_request
        finally:
            await s.__aexit__()

    inner, outer, moved, request, kept, states, whole, whole_request = asyncio.run(go())
    assert inner.fragment_id and not outer.fragment_id
    # The request: the fragment's id, not an automatic rerun, and every widget's value.
    assert request.fragment_id == inner.fragment_id and not request.is_auto_rerun
    assert sent(request) == {"lang": "en", "outer": [3.0], "pick": None, "inner": [5.0], "flag": False, "even": False}
    # The server ran the fragment alone: its counter moved, the page's was not drawn.
    assert moved.status == FRAGMENT_RUN and moved.fragment_ids == [inner.fragment_id]
    assert moved.progress == ["fragment runs 2"]
    assert moved.kinds["slider"] == 1 and moved.kinds["radio"] == 0
    # The page outside the fragment stays; the fragment's widget it did not draw again goes.
    assert kept == ["flag", "inner", "lang", "outer", "pick", "press"]
    assert states == ["flag", "inner", "lang", "outer", "pick"]
    # A widget outside the fragment reruns the whole page, the fragment in it.
    assert not whole_request.fragment_id and whole.fragment_ids == []
    assert whole.progress == ["page runs 2", "fragment runs 3"]


def test_moving_to_another_screen_keeps_only_the_main_scripts_widgets(app: str) -> None:
    async def go():
        s = await opened(app, "x=1")
        try:
            first = s.last_request
            await s.rerun(widgets=[WidgetState(id=by_key(s, "lang").id, string_value="fr")])
            two = s.pages["two"]
            await s.rerun(page_script_hash=two)
            return first, s.last_request, two, s
        finally:
            await s.__aexit__()

    first, move, two, s = asyncio.run(go())
    assert first.page_name == "" and first.query_string == "x=1" and not first.widget_states.widgets
    assert move.page_script_hash == two and move.query_string == ""
    assert sent(move) == {"lang": "fr"}  # the main script's switch, not the old screen's widgets
    assert sorted(w.key for w in s.widgets.values()) == ["deep", "lang", "show", "two"]
    assert move.context_info.url == app + "/"  # the address of the screen it leaves
    assert s.path == "two" and s.query_string == ""  # the link's parameters went with the old screen


def test_a_fragment_that_no_longer_draws_a_nested_one_drops_its_widgets(app: str) -> None:
    async def go():
        s = await opened(app)
        try:
            await s.rerun(page_script_hash=s.pages["two"])
            deep = by_key(s, "deep")
            await s.rerun(widgets=[slider_value(deep.id, 3.0)])  # the nested fragment alone
            moved = s.last_request
            hidden = await s.rerun(widgets=[WidgetState(id=by_key(s, "show").id, bool_value=False)])
            keys = sorted(w.key for w in s.widgets.values())
            await s.rerun(widgets=[slider_value(by_key(s, "two").id, 6.0)])
            return deep, moved, hidden, keys, s.last_request
        finally:
            await s.__aexit__()

    deep, moved, hidden, keys, after = asyncio.run(go())
    assert moved.fragment_id == deep.fragment_id and sent(moved)["deep"] == [3.0]
    assert hidden.status == FRAGMENT_RUN and deep.fragment_id not in hidden.fragment_ids
    assert keys == ["lang", "show", "two"]  # the outer fragment's run did not draw the nested slider again
    assert sent(after) == {"lang": "en", "two": [6.0], "show": False}


def test_held_messages_age_as_in_the_browser_and_a_fragments_run_ages_only_its_own(app: str) -> None:
    async def go():
        s = await opened(app)
        try:
            held_first = set(s._cache)
            inner, outer = by_key(s, "inner"), by_key(s, "outer")
            for x in (5.0, 6.0, 5.0, 6.0):  # four fragment runs: the page's big message is not theirs to age
                await s.rerun(widgets=[slider_value(inner.id, x)])
            after_fragments = set(s.last_request.cached_message_hashes)
            again = await s.rerun(widgets=[slider_value(outer.id, 4.0)])  # both drawn again, from what is held
            hidden = []
            for x in (6.0, 7.0, 6.0):  # the page's big message is no longer drawn
                await s.rerun(widgets=[slider_value(outer.id, x)])
                hidden.append(set(s.last_request.cached_message_hashes))
            return held_first, after_fragments, again, hidden
        finally:
            await s.__aexit__()

    held_first, after_fragments, again, hidden = asyncio.run(go())
    assert len(held_first) == 2  # the page's and the fragment's messages over 10 kB
    assert held_first <= after_fragments
    assert again.held == 2  # the server sent both by their hashes
    page_message = next(iter(held_first - hidden[-1]))
    # Last drawn in that run: still held after the next two runs (age 1, 2), dropped after the third (age 3).
    assert [page_message in h for h in hidden] == [True, True, False]


def test_the_interactions_benchmark_says_which_ran_the_fragment_or_the_page(app: str) -> None:
    rows = asyncio.run(interactions.measure_controls(app, "home", 2, 30))
    by_control = {r.control: r for r in rows}
    assert by_control["inner"].reran == "fragment" and by_control["press"].reran == "fragment"
    assert by_control["outer"].reran == "page" and by_control["lang"].reran == "page"
    assert by_control["pick"].reran == "page"  # a radio showing no value: to its first option, then the next
    assert all(len(r.times_ms) == 2 and not r.exceptions for r in rows), rows


def test_a_session_that_acknowledges_at_once_sends_the_same_requests(app: str) -> None:
    async def go(quick_ack: bool) -> tuple[dict[str, object], bool]:
        s = Session(app, quick_ack=quick_ack)
        await s.__aenter__()
        try:
            await s.rerun(page_name="")
            await s.rerun(widgets=[slider_value(by_key(s, "inner").id, 5.0)])
            return sent(s.last_request) | {"fragment": s.last_request.fragment_id}, s._socket is not None
        finally:
            await s.__aexit__()

    (browser_like, plain), (quick, pinned) = asyncio.run(go(False)), asyncio.run(go(True))
    assert browser_like == quick and not plain and pinned


# --- Chromium itself ------------------------------------------------------------------------------


IDLE = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    return app && app.getAttribute('data-test-script-state') === 'notRunning'
        && app.getAttribute('data-test-connection-state') === 'CONNECTED';
}"""


def _summary(request: ClientState) -> dict[str, object]:
    d = MessageToDict(request)
    d["widgetStates"] = sorted(
        (json.dumps(w, sort_keys=True) for w in d.get("widgetStates", {}).get("widgets", [])),
    )
    d["cachedMessageHashes"] = sorted(d.get("cachedMessageHashes", []))
    return d


@pytest.mark.browser
@pytest.mark.long
def test_the_client_sends_what_chromium_sends(app: str) -> None:
    from playwright.sync_api import sync_playwright
    from streamlit.proto.BackMsg_pb2 import BackMsg

    from tests.browser import CHROMIUM_ARGS, chromium_path

    executable = chromium_path()

    def step(page, k: int) -> None:
        page.get_by_role("slider").nth(k).focus()
        page.keyboard.press("ArrowRight")

    # (what the reader does in the browser, what the client is told to do)
    actions = [
        (lambda page: step(page, 1), lambda s: slider_value(by_key(s, "inner").id, 5.0)),
        (lambda page: step(page, 1), lambda s: slider_value(by_key(s, "inner").id, 6.0)),
        (
            lambda page: page.get_by_text("flag").click(),
            lambda s: WidgetState(id=by_key(s, "flag").id, bool_value=True),
        ),
        (lambda page: step(page, 0), lambda s: slider_value(by_key(s, "outer").id, 4.0)),
        (lambda page: step(page, 0), lambda s: slider_value(by_key(s, "outer").id, 5.0)),
        (
            lambda page: page.get_by_role("radiogroup", name="pick").get_by_text("b").click(),
            lambda s: WidgetState(id=by_key(s, "pick").id, string_value="b"),
        ),
        (lambda page: page.get_by_role("button", name="press").click(), lambda s: click(by_key(s, "press").id)),
        (lambda page: page.get_by_role("link", name="to two").click(), None),
        (lambda page: step(page, 0), lambda s: slider_value(by_key(s, "two").id, 6.0)),
        (lambda page: step(page, 1), lambda s: slider_value(by_key(s, "deep").id, 3.0)),
        (
            lambda page: page.get_by_text("show").click(),
            lambda s: WidgetState(id=by_key(s, "show").id, bool_value=False),
        ),
        (lambda page: step(page, 0), lambda s: slider_value(by_key(s, "two").id, 7.0)),
    ]
    frames: list[BackMsg] = []
    chromium: list[list[ClientState]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.on("websocket", lambda ws: ws.on("framesent", lambda data: frames.append(BackMsg.FromString(data))))
            page.goto(app + "/?x=1")
            page.get_by_text("fragment runs 1").wait_for()
            page.wait_for_timeout(1500)
            chromium.append([m.rerun_script for m in frames if m.HasField("rerun_script")])
            for in_browser, _ in actions:
                frames.clear()
                in_browser(page)
                # its rerun sent and answered; then a while longer, for a second request it might send
                deadline = time.monotonic() + 30
                while not any(m.HasField("rerun_script") for m in frames):
                    assert time.monotonic() < deadline, "Chromium sent no rerun"
                    page.wait_for_timeout(50)
                page.wait_for_function(IDLE)
                page.wait_for_timeout(700)
                chromium.append([m.rerun_script for m in frames if m.HasField("rerun_script")])
        finally:
            browser.close()

    async def client() -> list[ClientState]:
        s = await opened(app, "x=1")
        requests = [s.last_request]
        try:
            for _, change in actions:
                if change is None:
                    await s.rerun(page_script_hash=s.pages["two"])
                else:
                    await s.rerun(widgets=[change(s)])
                requests.append(s.last_request)
        finally:
            await s.__aexit__()
        return requests

    with ThreadPoolExecutor(1) as pool:  # Playwright's event loop has ended; the client's runs in a thread
        ours = pool.submit(asyncio.run, client()).result()
    assert [len(c) for c in chromium] == [1] * len(chromium), "Chromium sent one rerun a change"
    for k, (theirs, mine) in enumerate(zip(chromium, ours, strict=True)):
        assert _summary(mine) == _summary(theirs[0]), f"request {k}"
