"""A reader's browser, reduced to Streamlit's websocket protocol: one session, reruns, widget values.

The browser speaks to ``ws://HOST/_stcore/stream`` (subprotocol ``streamlit``)
in protobufs: it sends a ``BackMsg`` whose ``rerun_script`` is a
``ClientState`` (the query string, the screen by ``page_name`` on a deep link or
``page_script_hash`` afterwards, the widget values), and the server streams
``ForwardMsg`` s back until ``script_finished``. This client does the same, and
keeps what a browser would keep between reruns:

- the query string the app last wrote (``page_info_changed``), sent with the next rerun;
- the hashes of the last run's cacheable elements (``cached_message_hashes``),
  so the server sends a ``ref_hash`` instead of an element the reader already has;
- the widgets drawn in the last run, by id, so a caller can find one by its user key.

A run fails (:attr:`Run.exceptions`) when a delta carries an exception element
that is not a warning, or the script does not compile. An uncaught exception
in the script still ends with ``FINISHED_SUCCESSFULLY``: the exception element
is the only sign of it.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from websockets.asyncio.client import ClientConnection, connect

FINISHED = ForwardMsg.ScriptFinishedStatus
EARLY_FOR_RERUN = FINISHED.FINISHED_EARLY_FOR_RERUN  # another run follows in the same request
COMPILE_ERROR = FINISHED.FINISHED_WITH_COMPILE_ERROR


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


def stream_url(http_url: str) -> str:
    """``http://host:port[/base]`` -> ``ws://host:port[/base]/_stcore/stream``."""
    base = http_url.rstrip("/")
    return base.replace("https://", "wss://", 1).replace("http://", "ws://", 1) + "/_stcore/stream"


class Session:
    """One browser tab's session; use ``async with Session(url) as s: await s.rerun(page_name="scoring")``."""

    def __init__(self, url: str, query_string: str = "", open_timeout: float | None = 10) -> None:
        self.url = url
        self.open_timeout = open_timeout
        self.query_string = query_string
        self.page_script_hash = ""  # the screen the server last ran
        self.pages: dict[str, str] = {}  # url pathname ("" for the main page) -> page_script_hash
        self.widgets: dict[str, Element] = {}  # id -> element, from the last full run
        self.fragments: dict[str, float] = {}  # fragment id -> seconds between automatic reruns
        self._cache: dict[str, ForwardMsg] = {}  # hash -> cacheable message of the last run
        self._ws: ClientConnection | None = None

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
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._ws is not None:
            await self._ws.close()

    def widget(self, kind: str, user_key: str) -> Element | None:
        """The widget of type ``kind`` ("slider", "button"...) whose id ends with ``user_key``.

        Streamlit builds an id from a hash and, when the script gives one, the
        user key: ``$$ID-<hash>-<key>``.
        """
        for wid, el in self.widgets.items():
            if el.WhichOneof("type") == kind and wid.endswith("-" + user_key):
                return el
        return None

    async def rerun(
        self,
        page_name: str | None = None,
        page_script_hash: str | None = None,
        widgets: list[WidgetState] | None = None,
        fragment_id: str = "",
    ) -> Run:
        """Ask for a rerun and read the answer up to ``script_finished``.

        The screen is ``page_name`` (a URL path, as a deep link gives it),
        else ``page_script_hash``, else the screen of the last run.
        ``fragment_id`` reruns one fragment, as the browser does on a
        fragment's ``run_every`` timer.
        """
        assert self._ws is not None, "use the session in an async with block"
        state = ClientState(
            query_string=self.query_string,
            widget_states=WidgetStates(widgets=widgets or []),
            cached_message_hashes=list(self._cache),
        )
        if page_name is not None:
            state.page_name = page_name
        else:
            state.page_script_hash = page_script_hash or self.page_script_hash
        if fragment_id:
            state.fragment_id, state.is_auto_rerun = fragment_id, True
        start = time.perf_counter()
        await self._ws.send(BackMsg(rerun_script=state).SerializeToString())
        run = Run(0.0, 0)
        cache: dict[str, ForwardMsg] = {}
        widgets_seen: dict[str, Element] = {}
        full = not fragment_id  # whether the run that answers redraws the whole page
        while True:
            msg = ForwardMsg()
            msg.ParseFromString(await self._ws.recv(decode=False))
            kind = msg.WhichOneof("type")
            if kind == "ref_hash":
                msg = self._cache[msg.ref_hash]
                kind = msg.WhichOneof("type")
            if msg.metadata.cacheable:
                cache[msg.hash] = msg
            if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
                self._element(msg.delta.new_element, run, widgets_seen)
            elif kind == "new_session":
                # A fragment's st.rerun() is answered by a full run; a run cut short for it drew what was seen.
                full = not msg.metadata.run.fragment_ids
                widgets_seen.clear()
                if full:
                    self.fragments.clear()  # a full run registers its timers again
            elif kind == "navigation":
                # A multipage app gets its screens and the one running here from this message;
                # new_session's page_script_hash is the main script's.
                nav = msg.navigation
                self.page_script_hash = nav.page_script_hash
                self.pages = {p.url_pathname: p.page_script_hash for p in nav.app_pages}
            elif kind == "page_info_changed":
                self.query_string = msg.page_info_changed.query_string
            elif kind == "auto_rerun":
                self.fragments[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
            elif kind == "stop_auto_rerun":
                self.fragments.clear()
            elif kind == "page_not_found":
                raise ProtocolError(f"no page {msg.page_not_found.page_name!r} on {self.url}")
            elif kind == "script_finished":
                run.status = msg.script_finished
                if run.status == COMPILE_ERROR:
                    run.exceptions.append("compile error")
                if run.status != EARLY_FOR_RERUN:
                    break
        run.seconds = time.perf_counter() - start
        if full:
            self._cache, self.widgets = cache, widgets_seen
        else:  # a fragment redraws only itself: the rest of the page stays
            self._cache.update(cache)
            self.widgets.update(widgets_seen)
        return run

    @staticmethod
    def _element(el: Element, run: Run, widgets: dict[str, Element]) -> None:
        kind = el.WhichOneof("type")
        run.kinds[kind or ""] += 1
        if kind == "exception" and not el.exception.is_warning:
            run.exceptions.append(f"{el.exception.type}: {el.exception.message}")
        elif kind == "progress":
            run.progress.append(el.progress.text)
        wid = getattr(getattr(el, kind), "id", "") if kind else ""
        if isinstance(wid, str) and wid:
            widgets[wid] = el


def slider_value(widget_id: str, value: float) -> WidgetState:
    """A slider's new value, as the browser sends it (a one-element double array)."""
    return WidgetState(id=widget_id, double_array_value={"data": [value]})


def click(widget_id: str) -> WidgetState:
    """A button press: its trigger, true for exactly one rerun."""
    return WidgetState(id=widget_id, trigger_value=True)
