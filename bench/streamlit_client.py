"""A reader's browser, reduced to Streamlit's websocket protocol: one session, reruns, widget values.

The browser speaks to ``ws://HOST/_stcore/stream`` (subprotocol ``streamlit``)
in protobufs: it sends a ``BackMsg`` whose ``rerun_script`` is a
``ClientState``, and the server streams ``ForwardMsg`` s back until
``script_finished``. This client sends what Chromium sends (its websocket
frames, read with Streamlit 1.67):

- a deep link's first run: the URL path as ``page_name`` (empty for the main
  page), the link's query string, no widget value;
- every later rerun: the screen's ``page_script_hash``, the query string the
  app last wrote (``page_info_changed``), and the current value of *every*
  widget on the page, not only of the one that changed. A widget's value comes
  from its element when it is first drawn (the element's ``value`` where the
  script set one, ``set_value``, else its ``default``; an empty state where it
  has neither) and stays the reader's from then on; a button's press is a
  ``trigger_value`` in that one request. A data editor and tabs hold no value
  until the reader edits a cell (then the JSON of all its edits) or opens a tab
  (then the open tab's label);
- a change to a widget drawn inside an ``st.fragment`` (its delta's
  ``fragment_id``) reruns that fragment only: the same request with
  ``fragment_id`` set. ``is_auto_rerun`` is set only by a fragment's
  ``run_every`` timer;
- moving to another screen: its ``page_script_hash``, the query string reduced
  to the parameters bound to widgets (``query_param_key``), and only the values
  of widgets the main script drew (``st.navigation``'s entry point; in a
  ``pages/`` app none), not the old screen's;
- with every request ``context_info`` (time zone, locale, the page's address
  without its query, theme) and the hashes of the cacheable messages it holds
  (``cached_message_hashes``), so the server sends a ``ref_hash`` instead of an
  element the reader already has. A message stays held while it was received or
  referred to within the last ``max_cached_message_age`` runs (the server's
  setting, 2); a fragment's run ages only that fragment's messages.

After a run the client, as the browser, forgets the widgets the run did not
draw again and their values: every such widget after a full run, only the
fragment's after a fragment's run (the rest of the page stays).

A run fails (:attr:`Run.exceptions`) when a delta carries an exception element
that is not a warning, or the script does not compile. An uncaught exception
in the script still ends with ``FINISHED_SUCCESSFULLY``: the exception element
is the only sign of it.
"""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urlsplit

from google.protobuf.message import Message
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState, ContextInfo
from streamlit.proto.Delta_pb2 import Delta
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg, ForwardMsgMetadata
from streamlit.proto.NumberInput_pb2 import NumberInput
from streamlit.proto.Slider_pb2 import Slider
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from websockets.asyncio.client import ClientConnection, connect

FINISHED = ForwardMsg.ScriptFinishedStatus
EARLY_FOR_RERUN = FINISHED.FINISHED_EARLY_FOR_RERUN  # another run follows in the same request
COMPILE_ERROR = FINISHED.FINISHED_WITH_COMPILE_ERROR
SUCCEEDED = (FINISHED.FINISHED_SUCCESSFULLY, FINISHED.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
TRIGGERS = ("trigger_value", "string_trigger_value", "json_trigger_value")  # a press: sent once, not held
XSRF_COOKIE = "_streamlit_xsrf"  # the token Streamlit sets for each browser, sent back with its websocket
MAX_CACHED_MESSAGE_AGE = 2  # the server's global.maxCachedMessageAge, until new_session says otherwise
# What Chromium sends as context_info on this machine (headless, no locale or time zone of its own).
CONTEXT = {"timezone": "UTC", "timezone_offset": 0, "locale": "en-US", "is_embedded": False, "color_scheme": "light"}


class ProtocolError(RuntimeError):
    """The server answered something a browser could not show (no such page, closed stream)."""


@dataclass
class Run:
    """One rerun as the reader saw it."""

    seconds: float  # from sending the BackMsg to the last script_finished
    status: int  # the last ScriptFinishedStatus
    exceptions: list[str] = field(default_factory=list)  # "Type: message" of each exception element
    kinds: Counter[str] = field(default_factory=Counter)  # elements drawn by type ("alert", "slider"...)
    progress: list[str] = field(default_factory=list)  # the text of each progress bar
    alerts: list[str] = field(default_factory=list)  # the Markdown of each alert (an error, a warning, a notice)
    texts: list[str] = field(default_factory=list)  # what it wrote as Markdown: prose, headings, alerts, labels, tabs
    fragment_ids: list[str] = field(default_factory=list)  # the fragments this run redrew; empty for the whole page
    held: int = 0  # elements the server sent by reference (ref_hash), drawn from what the reader held
    drawn_in: set[str] = field(default_factory=set)  # the fragments whose elements this run drew
    started: int = 0  # the script runs the request saw begin (each begins with new_session): 2 for a section's run
    # that reruns the page


@dataclass
class Widget:
    """A widget on the reader's page: an element (or a block, for tabs) with an id."""

    id: str
    kind: str  # the element's type ("slider", "radio", "button", "dataframe"...) or the block's ("tab_container")
    proto: Message  # the element's own message (``Element.slider``...) as last drawn
    fragment_id: str = ""  # the fragment it was drawn in; empty outside any
    path: tuple[int, ...] = ()  # where it is on the page (the message's delta path)
    script_hash: str = ""  # the script that drew it (the message's active_script_hash)
    labels: list[str] = field(default_factory=list)  # a tab container's tabs, in order

    @property
    def key(self) -> str:
        """The script's key for it: Streamlit builds an id ``$$ID-<hash>-<key>`` from a user key."""
        parts = self.id.split("-", 2)
        return parts[2] if len(parts) == 3 and parts[0] == "$$ID" else ""


@dataclass
class _Cached:
    delta: Delta
    run: int  # the run count when it was last received or referred to
    fragment_id: str


def stream_url(http_url: str) -> str:
    """``http://host:port[/base]`` -> ``ws://host:port[/base]/_stcore/stream``."""
    base = http_url.rstrip("/")
    return base.replace("https://", "wss://", 1).replace("http://", "ws://", 1) + "/_stcore/stream"


def browser_cookie(http_url: str, timeout: float = 10, source: str | None = None) -> str:
    """The cookie a browser holds once it has loaded the page: the XSRF token Streamlit sets on the health check the
    page makes before it opens its websocket (``_streamlit_xsrf=...``), as a Cookie header's value.

    Each call is a browser of its own (a token drawn for it); a browser sends its token with every request after.
    ``source``: the local address to ask from (127.0.0.2, ...).
    """
    parts = urlsplit(http_url)
    connection = http.client.HTTPConnection(
        parts.hostname, parts.port, timeout=timeout, source_address=(source, 0) if source else None
    )
    try:
        connection.request("GET", parts.path.rstrip("/") + "/_stcore/health")
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise ProtocolError(f"the health check answered {response.status}")
        cookies = [c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie") or []]
    finally:
        connection.close()
    return "; ".join(c for c in cookies if c.startswith(XSRF_COOKIE + "="))


def _js_number(x: float) -> float | int:
    """A number as JavaScript's JSON writes it: 5, not 5.0."""
    return int(x) if float(x).is_integer() and abs(x) < 2**53 else x


def initial_state(w: Widget) -> WidgetState | None:
    """The value the browser gives a widget when it is drawn for the first time (or the script sets it).

    ``None`` for widgets that hold none until the reader acts (buttons, data
    editors, tabs) and for kinds this client does not know; an empty state
    (only the id) where the widget shows no value (a radio with ``index=None``).
    """
    p, out = w.proto, WidgetState(id=w.id)
    if w.kind == "slider":
        if p.type == Slider.SELECT_SLIDER:
            labels = list(p.raw_value) if p.set_value else [p.options[int(i)] for i in p.default]
            out.string_array_value.data[:] = labels
        else:
            out.double_array_value.data[:] = list(p.value if p.set_value else p.default)
    elif w.kind == "checkbox":
        out.bool_value = p.value if p.set_value else p.default
    elif w.kind in ("radio", "selectbox"):
        if p.set_value:
            if p.HasField("raw_value"):
                out.string_value = p.raw_value
        elif p.HasField("default") and p.default < len(p.options):
            out.string_value = p.options[p.default]
    elif w.kind == "multiselect":
        out.string_array_value.data[:] = list(p.raw_values) if p.set_value else [p.options[i] for i in p.default]
    elif w.kind == "button_group":
        chosen = list(p.raw_values) if p.set_value else [p.options[i].content for i in p.default]
        out.string_array_value.data[:] = chosen
    elif w.kind == "number_input":
        source = "value" if p.set_value else "default"
        if p.HasField(source):
            x = getattr(p, source)
            if p.data_type == NumberInput.INT:
                out.int_value = int(x)
            else:
                out.double_value = x
    elif w.kind in ("text_input", "text_area", "color_picker"):
        source = "value" if p.set_value else "default"
        if p.HasField(source):
            out.string_value = getattr(p, source)
    elif w.kind == "expandable":  # a fold that reruns the script when opened or closed: whether it is open
        out.bool_value = p.expanded
    else:
        return None
    return out


def value(state: WidgetState | None) -> object:
    """The Python value a widget state carries (a list for array values, a str for strings); ``None`` if empty."""
    if state is None or state.WhichOneof("value") is None:
        return None
    kind = state.WhichOneof("value")
    v = getattr(state, kind)
    return list(v.data) if kind.endswith("_array_value") else v


class Session:
    """One browser tab's session; use ``async with Session(url) as s: await s.rerun(page_name="scoring")``."""

    def __init__(
        self,
        url: str,
        query_string: str = "",
        open_timeout: float | None = 10,
        quick_ack: bool = False,
        cookie: str = "",
        source: str | None = None,
    ) -> None:
        self.url = url
        self.source = source  # the local address the connection comes from (127.0.0.2, ...); None: the system's
        self.cookie = cookie  # the Cookie header of the websocket's request: a browser's (browser_cookie), or none
        self.quick_ack = quick_ack  # acknowledge every TCP segment at once: see quick_ack()
        self.open_timeout = open_timeout
        self.query_string = query_string
        self.page_script_hash = ""  # the screen the server last ran
        self.main_script_hash = ""  # the app's main script (new_session)
        self.path = ""  # the URL path of the screen shown ("" for the main page)
        self.pages: dict[str, str] = {}  # url pathname ("" for the main page) -> page_script_hash
        self.widgets: dict[str, Widget] = {}  # id -> widget, on the page as the reader sees it
        self.states: dict[str, WidgetState] = {}  # id -> the value the reader's widget holds
        self.fragments: dict[str, float] = {}  # fragment id -> seconds between automatic reruns
        self.roots: dict[str, tuple[int, ...]] = {}  # fragment id -> the delta path of the block it draws in
        self._cache: dict[str, _Cached] = {}  # hash -> cacheable delta the reader holds
        self._runs = 0  # finished runs, for the cache's ages
        self._max_age = MAX_CACHED_MESSAGE_AGE
        self.last_request: ClientState | None = None  # what the last rerun sent
        self._ws: ClientConnection | None = None
        self._socket: socket.socket | None = None

    async def __aenter__(self) -> Session:
        # The browser passes the XSRF token and a session id to reconnect as the 2nd and 3rd
        # subprotocol entries; a first connection without cookies needs neither. A browser never
        # pings: only the server does, and the client answers (no client keepalive to time out).
        self._ws = await connect(
            stream_url(self.url),
            subprotocols=["streamlit"],
            max_size=None,
            compression=None,
            ping_interval=None,
            open_timeout=self.open_timeout,
            additional_headers={"Cookie": self.cookie} if self.cookie else None,
            **({"local_addr": (self.source, 0)} if self.source else {}),
        )
        if self.quick_ack and hasattr(socket, "TCP_QUICKACK"):
            self._socket = self._ws.transport.get_extra_info("socket")
        return self

    def _ack_at_once(self) -> None:
        """With ``quick_ack``: the kernel acknowledges what arrives next at once instead of delaying its ACK.

        No browser does this. Streamlit 1.67's server writes its frames without
        TCP_NODELAY (it makes its listening socket with protocol 0, and asyncio
        sets TCP_NODELAY only on sockets made with IPPROTO_TCP), so after its
        first frame of a rerun the rest wait for the reader's ACK, which Linux
        delays by up to 40 ms. Measured so, a rerun shows the server's own time.
        """
        if self._socket is not None:
            self._socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)

    async def __aexit__(self, *exc: object) -> None:
        if self._ws is not None:
            await self._ws.close()

    def widget(self, kind: str, user_key: str) -> Widget | None:
        """The widget of type ``kind`` ("slider", "button", "tab_container"...) drawn with the key ``user_key``."""
        for w in self.widgets.values():
            if w.kind == kind and w.key == user_key:
                return w
        return None

    def state(self, widget_id: str) -> WidgetState | None:
        """The value the reader's widget holds now (``None`` for one that holds none yet)."""
        return self.states.get(widget_id)

    def _request(self, page_name: str | None, page_script_hash: str | None, changes: list[WidgetState]) -> ClientState:
        moving = page_script_hash not in (None, self.page_script_hash)
        state = ClientState(cached_message_hashes=list(self._cache))
        state.context_info.CopyFrom(ContextInfo(url=f"{self.url.rstrip('/')}/{self.path}", **CONTEXT))
        if page_name is not None:  # a deep link: the address bar's path and query, nothing held yet
            state.page_name, state.query_string = page_name, self.query_string
            self.path = page_name
            return state
        state.page_script_hash = page_script_hash or self.page_script_hash
        if moving:  # the old screen's widgets go; the main script's and the widget-bound parameters stay
            bound = {getattr(w.proto, "query_param_key", "") for w in self.widgets.values()} - {""}
            self.query_string = urlencode([(k, v) for k, v in parse_qsl(self.query_string) if k in bound])
            state.query_string = self.query_string
            main = {i for i, w in self.widgets.items() if w.script_hash == self.main_script_hash}
            kept = [s for i, s in self.states.items() if i in main]
            state.widget_states.CopyFrom(WidgetStates(widgets=kept))
            return state
        state.query_string = self.query_string
        pressed = []
        for change in changes:
            if change.WhichOneof("value") in TRIGGERS:
                pressed.append(change)
            else:
                self.states[change.id] = change
        state.widget_states.CopyFrom(WidgetStates(widgets=[*self.states.values(), *pressed]))
        return state

    async def rerun(
        self,
        page_name: str | None = None,
        page_script_hash: str | None = None,
        widgets: list[WidgetState] | None = None,
        fragment_id: str = "",
    ) -> Run:
        """Ask for a rerun and read the answer up to ``script_finished``.

        ``page_name`` opens a screen as a deep link does (a URL path); a
        ``page_script_hash`` other than the current one moves to that screen;
        otherwise the current screen reruns with every widget's value, after
        applying ``widgets``, the reader's changes (a press is a state with
        ``trigger_value``). A change to a widget drawn in a fragment reruns
        that fragment, as the browser does; ``fragment_id`` reruns one
        fragment as its ``run_every`` timer does.
        """
        assert self._ws is not None, "use the session in an async with block"
        changes = widgets or []
        same_screen = page_name is None and page_script_hash in (None, self.page_script_hash)
        state = self._request(page_name, page_script_hash, changes)
        if fragment_id:
            state.fragment_id, state.is_auto_rerun = fragment_id, True
        elif changes and same_screen:
            drawn_in = {self.widgets[c.id].fragment_id if c.id in self.widgets else "" for c in changes}
            if len(drawn_in) == 1:
                state.fragment_id = drawn_in.pop()
        self.last_request = state
        self._ack_at_once()
        start = time.perf_counter()
        await self._ws.send(BackMsg(rerun_script=state).SerializeToString())
        return await self._answer(start)

    async def each_fragment_alone(self) -> dict[str, Run]:
        """Rerun each fragment of the page alone, as its timer reruns it, once each: a fragment nested in another
        at the id the outer one's last run gave it."""
        runs: dict[str, Run] = {}
        while todo := [f for f in self.roots if f not in runs]:
            if len(runs) > 4 * (len(self.roots) + 1):
                raise ProtocolError(f"fragments keep taking new ids: {list(self.roots)}")
            runs[todo[0]] = await self.rerun(fragment_id=todo[0])
        return runs

    async def _answer(self, start: float) -> Run:
        assert self._ws is not None
        run = Run(0.0, 0)
        seen: dict[str, Widget] = {}
        tabs: dict[tuple[int, ...], Widget] = {}  # a tab container's delta path -> the container
        new_session = False
        while True:
            msg = ForwardMsg()
            self._ack_at_once()
            msg.ParseFromString(await self._ws.recv(decode=False))
            kind = msg.WhichOneof("type")
            meta = msg.metadata
            if kind == "ref_hash":  # an element the reader holds, by its hash; where it goes is in this message
                held = self._cache[msg.ref_hash]
                held.run = self._runs
                run.held += 1
                self._delta(held.delta, meta, run, seen, tabs)
                continue
            if kind == "delta":
                if meta.cacheable and msg.hash:
                    if msg.hash in self._cache:
                        self._cache[msg.hash].run = self._runs
                    else:
                        self._cache[msg.hash] = _Cached(msg.delta, self._runs, msg.delta.fragment_id)
                self._delta(msg.delta, meta, run, seen, tabs)
            elif kind == "new_session":
                new_session = True
                run.started += 1
                # A fragment's st.rerun() is answered by a full run; a run cut short for it drew what was seen.
                run.fragment_ids = list(meta.run.fragment_ids)
                self.main_script_hash = msg.new_session.main_script_hash or self.main_script_hash
                self.page_script_hash = msg.new_session.page_script_hash or self.page_script_hash
                self._max_age = msg.new_session.config.max_cached_message_age or self._max_age
                seen.clear()
                tabs.clear()
                if not run.fragment_ids:
                    self.fragments.clear()  # a full run registers its timers again
            elif kind == "navigation":
                # A multipage app gets its screens and the one running here from this message;
                # new_session's page_script_hash is the main script's.
                nav = msg.navigation
                self.page_script_hash = nav.page_script_hash
                self.pages = {p.url_pathname: p.page_script_hash for p in nav.app_pages}
                self.path = next((p for p, h in self.pages.items() if h == nav.page_script_hash), self.path)
            elif kind == "page_info_changed":
                self.query_string = msg.page_info_changed.query_string
            elif kind == "auto_rerun":
                self.fragments[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
            elif kind == "stop_auto_rerun":  # the timers of the sections it names, those a run no longer drew
                stopped = set(msg.stop_auto_rerun.fragment_ids)
                self.fragments = {f: s for f, s in self.fragments.items() if stopped and f not in stopped}
            elif kind == "page_not_found":
                raise ProtocolError(f"no page {msg.page_not_found.page_name!r} on {self.url}")
            elif kind == "script_finished":
                run.status = msg.script_finished
                if run.status == COMPILE_ERROR:
                    run.exceptions.append("compile error")
                if run.status != EARLY_FOR_RERUN:
                    break
        run.seconds = time.perf_counter() - start
        if run.status in SUCCEEDED:  # the browser drops what the run did not draw again
            redrawn = set(run.fragment_ids)
            kept = {i: w for i, w in self.widgets.items() if redrawn and not self._within(w, redrawn)}
            self.widgets = kept | seen
            self.states = {i: s for i, s in self.states.items() if i in self.widgets}
            self._forget_fragments(run)
        if new_session:
            self._age_cache(set(run.fragment_ids))
        return run

    def _forget_fragments(self, run: Run) -> None:
        """Forget the fragments a run did not draw again where it drew: after a whole page's run, every one it did
        not draw; after a fragment's, those nested in it (a fragment defined inside another's run takes a new id each
        time the outer one runs, and the server answers no rerun of its old one)."""
        redrawn = set(run.fragment_ids)
        gone = [
            f
            for f, path in self.roots.items()
            if f not in run.drawn_in and (not redrawn or (f not in redrawn and self._within_path(path, redrawn)))
        ]
        for f in gone:
            del self.roots[f]
            self.fragments.pop(f, None)

    def _within_path(self, path: tuple[int, ...], fragment_ids: set[str]) -> bool:
        """Whether ``path`` lies in the block of one of ``fragment_ids``."""
        roots = [self.roots[f] for f in fragment_ids if f in self.roots]
        return any(path[: len(r)] == r for r in roots)

    def _within(self, w: Widget, fragment_ids: set[str]) -> bool:
        """Whether ``w`` was drawn in one of ``fragment_ids`` or in a fragment nested in one (whose block lies in
        theirs): a fragment's rerun draws again, or drops, all that is in its block."""
        return w.fragment_id in fragment_ids or self._within_path(w.path, fragment_ids)

    def _age_cache(self, fragment_ids: set[str]) -> None:
        """Drop the messages not seen for more than the server's maximum age (in a fragment's run: its own only)."""
        self._runs += 1
        for h, held in list(self._cache.items()):
            if fragment_ids and held.fragment_id not in fragment_ids:
                continue
            if self._runs - held.run > self._max_age:
                del self._cache[h]

    def _delta(
        self,
        delta: Delta,
        meta: ForwardMsgMetadata,
        run: Run,
        seen: dict[str, Widget],
        tabs: dict[tuple[int, ...], Widget],
    ) -> None:
        kind = delta.WhichOneof("type")
        path = tuple(meta.delta_path)
        if delta.fragment_id:  # a fragment draws in a container it adds first, the fragment's own message
            run.drawn_in.add(delta.fragment_id)
            root = self.roots.get(delta.fragment_id)
            if root is None or len(path) < len(root):
                self.roots[delta.fragment_id] = path
        if kind == "new_element":
            el: Element = delta.new_element
            what = el.WhichOneof("type") or ""
            run.kinds[what] += 1
            if what == "exception" and not el.exception.is_warning:
                run.exceptions.append(f"{el.exception.type}: {el.exception.message}")
            elif what == "progress":
                run.progress.append(el.progress.text)
            elif what == "alert":
                run.alerts.append(el.alert.body)
            proto = getattr(el, what) if what else None
            if what in ("markdown", "alert", "heading"):
                run.texts.append(proto.body)  # type: ignore[union-attr]
            elif isinstance(getattr(proto, "label", None), str):
                run.texts.append(proto.label)  # type: ignore[union-attr]
            wid = getattr(proto, "id", "")
            if isinstance(wid, str) and wid:
                self._drawn(Widget(wid, what, proto, delta.fragment_id, path, meta.active_script_hash), seen)
        elif kind == "add_block":
            what = delta.add_block.WhichOneof("type") or ""
            proto = getattr(delta.add_block, what) if what else None
            if what == "tab" and path[:-1] in tabs:
                tabs[path[:-1]].labels.append(delta.add_block.tab.label)
            if what in ("tab", "expandable"):
                run.texts.append(proto.label)  # type: ignore[union-attr]
            wid = getattr(proto, "id", "")
            if isinstance(wid, str) and wid:
                w = Widget(wid, what, proto, delta.fragment_id, path, meta.active_script_hash)
                if what == "tab_container":
                    tabs[path] = w
                self._drawn(w, seen)

    def _drawn(self, w: Widget, seen: dict[str, Widget]) -> None:
        """A widget drawn: the browser takes the element's value where the script set one or it holds none."""
        seen[w.id] = w
        if w.id not in self.states or getattr(w.proto, "set_value", False):
            state = initial_state(w)
            if state is not None:
                self.states[w.id] = state


def slider_value(widget_id: str, value: float) -> WidgetState:
    """A slider's new value, as the browser sends it (a one-element double array)."""
    return WidgetState(id=widget_id, double_array_value={"data": [value]})


def click(widget_id: str) -> WidgetState:
    """A button press: its trigger, true for exactly one rerun."""
    return WidgetState(id=widget_id, trigger_value=True)


def editor_edits(widget_id: str, state: WidgetState | None, row: int, column: str, new: object) -> WidgetState:
    """A data editor's state after one more cell edit, as the browser writes it (compact JSON, rows by position).

    ``state`` is the editor's state before (``None`` before any edit): the
    browser sends all the edits made so far, not only the last.
    """
    edits = {"edited_rows": {}, "added_rows": [], "deleted_rows": []}
    if state is not None and state.HasField("string_value"):
        edits = json.loads(state.string_value)
    value_ = _js_number(new) if isinstance(new, float) else new
    edits["edited_rows"].setdefault(str(row), {})[column] = value_
    return WidgetState(id=widget_id, string_value=json.dumps(edits, separators=(",", ":")))
