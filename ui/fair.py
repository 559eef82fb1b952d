"""Fair shares of the server's expensive work: each client in turn, so that a flood delays only its sender.

One server process runs every session's script in a thread of one interpreter: CPU-bound work serialises on its
lock. Twenty sessions each sending a fresh sentence through the five translators ran twenty such threads at once,
and a reader's cheap rerun of another screen waited behind all of them (p95 3.2 s instead of 30 ms). Here the work
that costs real CPU (a sentence the caches do not hold, through the models: translations, alignments, decoding
orders, what-if) takes a turn of :data:`GATE` first: at most :data:`SLOTS` such computations run at a time, the
others wait asleep (a waiting thread holds no lock), and turns go round the clients waiting, one each, so a
client's second computation waits behind every other client's first. What the caches hold is read without a turn,
and a screen's cheap reruns never take one: they compete with at most one expensive computation, not with a flood.
A waiting computation gives up its place as soon as its reader asks for another rerun (or leaves).

Who is a client (:func:`client_key`): the browser, by the XSRF token Streamlit sets in a cookie on the first
request every page makes (``/_stcore/health``) and which every later request, the websocket's included, carries;
a connection without it (a script, not a browser that loaded the page) is its network address, where a trusted
proxy's ``X-Forwarded-For`` names it. A class behind one school address (two hundred students on one NAT) is two
hundred browsers, two hundred cookies: two hundred clients, none punished for sharing the address. A script that
throws its cookies away shares one turn with everything else from its address; one that makes up a new cookie for
every session is as many clients as it holds sessions open, which the front's per-address limits bound
(``deploy/haproxy.cfg.in``).
"""

from __future__ import annotations

import binascii
import hashlib
import os
import threading
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import TypeVar

R = TypeVar("R")

SLOTS = 1  # expensive computations at a time in one process (its interpreter runs one thread at a time anyway)
POLL = 0.1  # seconds a waiting computation sleeps between looks at whether its reader has moved on
XSRF_COOKIE = "_streamlit_xsrf"  # Streamlit's token cookie, one per browser, "2|mask|masked token|time"
TRUSTED_SETTING = "ATTENTION_TRUSTED_PROXIES"  # comma-separated addresses whose X-Forwarded-For is believed
TRUSTED_DEFAULT = "127.0.0.1,::1"  # HAProxy on the same machine (deploy/run.py)


class Left(Exception):
    """The reader moved on (a new rerun, or the page closed) while their computation waited for its turn."""


class FairGate:
    """At most ``slots`` holders at a time. A free slot goes to the first waiting computation of the key with the
    fewest computations running, of those the one served longest ago (a key not served since it was last idle
    first), of those the first to arrive: each key's second waits behind every other key's first.

    A thread that holds a turn and asks for another is refused (RuntimeError): see :func:`expensive`.
    """

    def __init__(self, slots: int = SLOTS) -> None:
        self.slots = slots
        self._cond = threading.Condition()
        self._running = 0
        self._waiting: OrderedDict[str, deque[list[bool]]] = OrderedDict()  # key -> its tickets, first come first
        self._running_by: Counter[str] = Counter()
        self._served: dict[str, int] = {}  # key -> when it was last served (a count of turns given), while not idle
        self._turns = 0
        self._held = threading.local()

    @property
    def waiting(self) -> int:
        with self._cond:
            return sum(len(q) for q in self._waiting.values())

    def _dispatch(self) -> None:
        """Grant free slots (see the class's docstring), under the lock."""
        while self._running < self.slots and self._waiting:
            key = min(self._waiting, key=lambda k: (self._running_by[k], self._served.get(k, -1)))
            tickets = self._waiting[key]
            ticket = tickets.popleft()
            if not tickets:
                del self._waiting[key]
            ticket[0] = True
            self._running += 1
            self._running_by[key] += 1
            self._served[key], self._turns = self._turns, self._turns + 1
        self._cond.notify_all()

    def _forget_if_idle(self, key: str) -> None:
        if not self._running_by[key] and key not in self._waiting:
            del self._running_by[key]
            self._served.pop(key, None)

    @contextmanager
    def turn(self, key: str, left: Callable[[], bool] = lambda: False) -> Iterator[None]:
        """Wait for a turn for ``key``; raise :class:`Left` if ``left()`` becomes true while waiting."""
        if getattr(self._held, "depth", 0):
            raise RuntimeError("a computation that holds a turn asked for another: see ui.fair.expensive")
        ticket = [False]
        with self._cond:
            self._waiting.setdefault(key, deque()).append(ticket)
            self._dispatch()
            while not ticket[0]:
                self._cond.wait(POLL)
                if not ticket[0] and left():
                    tickets = self._waiting[key]
                    tickets.remove(ticket)
                    if not tickets:
                        del self._waiting[key]
                    self._forget_if_idle(key)
                    raise Left
        self._held.depth = 1
        try:
            yield
        finally:
            self._held.depth = 0
            with self._cond:
                self._running -= 1
                self._running_by[key] -= 1
                self._forget_if_idle(key)
                self._dispatch()


GATE = FairGate()


def _token(cookie: str) -> str | None:
    """The browser's token inside Streamlit's XSRF cookie (the same whatever mask a response drew), hashed."""
    parts = cookie.strip("\"'").split("|")
    try:
        if len(parts) == 4 and parts[0] == "2":
            mask, masked = binascii.a2b_hex(parts[1]), binascii.a2b_hex(parts[2])
            raw = bytes(b ^ mask[i % len(mask)] for i, b in enumerate(masked)) if mask else b""
        else:
            raw = binascii.a2b_hex(parts[0])
    except (binascii.Error, ValueError):
        return None
    return hashlib.sha256(raw).hexdigest()[:16] if raw else None


def key_of(cookies: dict[str, str], peer: str | None, forwarded_for: str | None, trusted: set[str]) -> str:
    """A client's key: its browser's token where it sends one, else its address (the last ``X-Forwarded-For``
    entry where the connection comes from a trusted proxy, which appends the address it saw)."""
    token = _token(cookies.get(XSRF_COOKIE, ""))
    if token is not None:
        return f"browser:{token}"
    address = peer or "local"
    if forwarded_for and peer in trusted:
        address = forwarded_for.split(",")[-1].strip() or address
    return f"address:{address}"


def trusted_proxies() -> set[str]:
    return {a.strip() for a in os.environ.get(TRUSTED_SETTING, TRUSTED_DEFAULT).split(",") if a.strip()}


def client_key() -> str:
    """The key of the client whose script runs in this thread (see the module's docstring)."""
    import streamlit as st

    from ui import streamlit_private

    peer = streamlit_private.client_address()
    try:
        cookies, forwarded = dict(st.context.cookies), st.context.headers.get("X-Forwarded-For")
    except Exception:  # no session (a bare import): one key for all
        cookies, forwarded = {}, None
    return key_of(cookies, peer, forwarded, trusted_proxies())


def reader_left() -> bool:
    """Whether this thread's script run has been asked to stop, or to rerun in a way that ends this run (its reader
    moved on), as the script runner's own yield points judge it."""
    from ui import streamlit_private

    return streamlit_private.reader_left()


def yield_to_the_reader() -> None:
    """Hand the script runner the request that made the reader leave, as its own yield points do."""
    from ui import streamlit_private

    streamlit_private.yield_to_the_reader()


def expensive(fn: Callable[..., R]) -> Callable[..., R]:
    """Run ``fn`` in its client's turn of :data:`GATE`. Put it under the cache (``@st.cache_data``, or
    ``@st.cache_resource`` for a value shared read-only, above it), so that what the cache holds is read without
    waiting.

    ``fn`` must not call another such function: the cache holds a lock on a value while it is computed, taken
    before the turn is asked for, so a computation holding the turn that needed a value another thread was waiting
    for its turn to compute would wait for ever, and the whole server's expensive work with it. A caller that
    loops over values (``outputs.alignments``) takes no turn; each value it computes takes its own. A nested call
    raises instead (:meth:`FairGate.turn`), so the AppTest runs of the pages catch one.
    """

    @wraps(fn)
    def wrapper(*args: object, **kwargs: object) -> R:
        while True:
            try:
                with GATE.turn(client_key(), reader_left):
                    return fn(*args, **kwargs)
            except Left:
                yield_to_the_reader()  # raises the runner's own exception; if the request is gone, wait again

    return wrapper
