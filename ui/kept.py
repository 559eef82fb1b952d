"""Charts kept for the inputs they were built from: a screen drawn again for the same link sends the message it
sent before, without building the chart again.

Building a chart that follows a slider (its rows at every value of the slider's
grid, the lookup table :mod:`ui.charts.template` packs them in) and Streamlit's
serialising it (``json.dumps``, then ``json.loads`` again to check it) are most
of a screen's run. Yet a chart is a function of few things: the link's settings
(:mod:`ui.state` holds them all as text, the language and presenter mode
included), the value its slider was pinned at (:func:`ui.sections.pinned`) and
whatever else its caller names. :func:`kept` keys the chart by exactly those;
the first run with a key builds the chart and its message, every later run
with it, in any session, sends the same message again. The numbers stay
``core``'s: a kept chart is the one ``core``'s numbers built, for the same
inputs.

A key that leaves out something the chart depends on would show a stale chart;
with ``ATTN_CHECK_KEPT=1`` (the test suite sets it) every reuse builds the chart
again and fails loudly if it differs from the one kept.

The kept charts are bounded by their size (:data:`LIMIT_BYTES`: the messages and the pickled specs and rows),
the least recently used dropped first; one lock guards them, as every session's script
thread reads them.
"""

from __future__ import annotations

import json
import os
import pickle
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

import orjson
import streamlit as st

from ui import collector, streamlit_private
from ui.charts import Spec
from ui.streamlit_private import ChartMessage

E = TypeVar("E")
T = TypeVar("T")

LIMIT_BYTES = 48 * 2**20  # of kept messages and their specs and rows, pickled (about as much again as the messages)
CHECK = os.environ.get("ATTN_CHECK_KEPT") == "1"
THROUGH_STREAMLIT = False  # build every chart and draw it with st.vega_lite_chart (what tests compare with)


class Kept(Generic[E]):
    """A chart as built for one key: the message sent, the spec drawn and what its builder returned with it.

    The spec and the extra (a chart's rows at every value of its slider: thousands of dicts and lists) are held
    pickled, as bytes, and unpickled on each look (a file or the handout asks for them; a run that sends the
    message again does not). Held as objects, every kept chart's would be traversed by each of Python's full
    garbage collections: with screen 2's charts kept for a few dozen models, one edit in ten took 60 ms more
    (p90 107 ms against a median of 43, and 46 ms with the collector off). What pickle refuses stays an object.
    """

    __slots__ = ("_held", "message")

    def __init__(self, message: ChartMessage, spec: Spec, extra: E) -> None:
        self.message = message
        try:
            self._held: bytes | tuple[Spec, E] = pickle.dumps((spec, extra), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            self._held = (spec, extra)

    def held_bytes(self) -> int:
        """The size of the pickled spec and extra (0 where they are held as objects)."""
        return len(self._held) if isinstance(self._held, bytes) else 0

    def _thawed(self) -> tuple[Spec, E]:
        return pickle.loads(self._held) if isinstance(self._held, bytes) else self._held

    @property
    def spec(self) -> Spec:
        return self._thawed()[0]

    @property
    def extra(self) -> E:
        return self._thawed()[1]


class KeptChangedError(AssertionError):
    """A chart built again for a key differs from the one kept for it: the key misses an input."""


_KEPT: OrderedDict[Hashable, Kept[object]] = OrderedDict()
_SIZES: dict[Hashable, int] = {}
_LOCK = threading.Lock()


def _said(key: Hashable, limit: int = 300) -> str:
    said = repr(key)
    return said if len(said) <= limit else said[: limit - 1] + "…"


# Names Altair counts or hashes, which Streamlit renames to keep a spec stable (``_stabilize_vega_json_spec``)
_COUNTED_NAME = re.compile(r'"(?:param|view)_[0-9a-f]+(?:_[0-9]+)?"')


def message(spec: Spec) -> ChartMessage:
    """The message ``st.vega_lite_chart(spec, width="stretch")`` sends for ``spec``, built the way it builds it
    (Streamlit 1.67's own steps, :func:`ui.streamlit_private.chart_message`), but for the spec's text: the same
    JSON, written by :func:`spec_text` (``tests/test_kept.py`` checks the two messages are the same for every chart,
    their specs read as JSON). None where the app keeps to Streamlit's public API (every chart then goes through
    ``st.vega_lite_chart``: :func:`through_streamlit`).

    Streamlit's last step renames the names Altair counts: it parses the spec's text again to set its datasets
    and inline values aside, then searches it. A spec left with neither (its data went into the message as
    Arrow) and without such a name comes out of that step as it went in, so the step is skipped for it.
    """
    return streamlit_private.chart_message(spec, spec_text, lambda text: _COUNTED_NAME.search(text) is not None)


def spec_text(spec: Spec) -> str:
    """``spec`` as JSON text with the values ``json.dumps`` gives it, written by orjson: compact, and about fifteen
    times quicker on a chart's rows of floats (an edit of screen 2's sources spent a sixth of its run in
    ``json.dumps``). What orjson does not take (an object json.dumps converts otherwise) goes to ``json.dumps``."""
    try:
        return orjson.dumps(spec, option=orjson.OPT_SERIALIZE_NUMPY).decode()
    except TypeError:
        return json.dumps(spec)


def through_streamlit() -> bool:
    """Whether charts go through ``st.vega_lite_chart`` now: in tests that compare with it, while the agent API
    records the page (it describes charts as ``st.vega_lite_chart`` does), and always where the app keeps to
    Streamlit's public API (:data:`ui.streamlit_private.PUBLIC`: every chart is built on every run)."""
    return THROUGH_STREAMLIT or streamlit_private.recording()


def draw(message: ChartMessage) -> None:
    """Send a chart's message where the script is writing (a column, a tab, a fragment's container)."""
    streamlit_private.send_chart(message)


def draw_spec(spec: Spec) -> None:
    """Draw a chart built for this run alone (not kept, as a training run's charts): the message
    ``st.vega_lite_chart(spec, width="stretch")`` sends, written by :func:`message`. Streamlit writes the spec with
    ``json.dumps`` and reads it back to check it: screen 5's charts of a finished training run (its 5,000 steps' loss
    curve) spent 8 of the rerun's 21 ms there."""
    if through_streamlit():
        st.vega_lite_chart(spec, width="stretch")
    else:
        draw(message(spec))


def _look(key: Hashable) -> Kept[object] | None:
    with _LOCK:
        found = _KEPT.get(key)
        if found is not None:
            _KEPT.move_to_end(key)
        return found


def _keep(key: Hashable, kept: Kept[object]) -> None:
    message = kept.message
    size = sum(m.ByteSize() for m in message) if isinstance(message, tuple) else message.ByteSize()
    size += kept.held_bytes()
    with _LOCK:
        if key in _KEPT:
            return
        _KEPT[key], _SIZES[key] = kept, size
        total = sum(_SIZES.values())
        while total > LIMIT_BYTES and len(_KEPT) > 1:
            old, _ = _KEPT.popitem(last=False)
            total -= _SIZES.pop(old)


_BUILDING: dict[tuple[str, Hashable], threading.Event] = {}  # what a session is building now, and its signal


def _once(table: str, key: Hashable, look: Callable[[], T | None], make: Callable[[], T]) -> tuple[T, bool]:
    """What ``look()`` finds, else what ``make()`` makes (it keeps what it makes), made by one session at a time:
    sessions arriving at once for the same key wait for the first to make it instead of all making it (thirty
    readers opening a screen on a fresh server would share the interpreter thirty ways, each building every chart).
    Returns the thing and whether this call made it. A making that fails wakes the others, and one of them tries.
    (A chart's build may compute a kept value, never the reverse, so two sessions never wait for each other.)"""
    while True:
        found = look()
        if found is not None:
            return found, False
        with _LOCK:
            waiting = _BUILDING.get((table, key))
            if waiting is None:
                _BUILDING[(table, key)] = threading.Event()
        if waiting is not None:
            waiting.wait()
            continue
        try:
            return make(), True
        finally:
            with _LOCK:
                _BUILDING.pop((table, key)).set()


FIRST_WAIT_S = 10.0  # the longest a session waits for another's first run of a screen before running its own
_RUN: set[Hashable] = set()  # the screens this process has run once


@contextmanager
def first_run(screen: Hashable) -> Iterator[None]:
    """A screen's run, the process's first run of it made by one session while the others arriving at once wait.

    A fresh process has every import, every kept chart and every cached value of a screen still to make; thirty
    readers opening it at once would share the interpreter thirty ways, each taking turns on that work, and all
    see their screen at about the end (3.2 s for screen 1 on this machine's two cores). Waiting for the first,
    each then runs a screen whose work is done (1.5 s for the last of them). A first run that fails or takes
    longer than :data:`FIRST_WAIT_S` lets the others go on; later runs never wait.
    """
    if screen in _RUN:
        yield
        return
    with _LOCK:
        waiting = _BUILDING.get(("screens", screen))
        if waiting is None:
            _BUILDING[("screens", screen)] = threading.Event()
    if waiting is not None:
        waiting.wait(FIRST_WAIT_S)
        yield
        return
    try:
        yield
    finally:
        collector.settle_soon()  # what this first run made to keep (imports, templates) set aside from collections
        with _LOCK:
            _RUN.add(screen)
            _BUILDING.pop(("screens", screen)).set()


def kept(key: Hashable, build: Callable[[], tuple[Spec, E]]) -> Kept[E]:
    """Draw the chart ``build`` makes (its spec as drawn, and anything else to keep with it), built only the
    first time ``key`` is seen; returns what was drawn."""
    if through_streamlit():
        spec, extra = build()
        st.vega_lite_chart(spec, width="stretch")
        return Kept(message(spec), spec, extra)

    def made_now() -> Kept[object]:
        spec, extra = build()
        return Kept(message(spec), spec, extra)

    found = _kept_once(key, made_now)
    draw(found.message)  # type: ignore[arg-type]
    return found  # type: ignore[return-value]


def _kept_once(key: Hashable, made_now: Callable[[], Kept[object]]) -> Kept[object]:
    """What is kept for ``key``, else what ``made_now()`` makes, kept (one session making it at a time); with
    :data:`CHECK` made again on reuse and compared."""

    def make() -> Kept[object]:
        made = made_now()
        _keep(key, made)
        return made

    found, made = _once("charts", key, lambda: _look(key), make)
    if not made and CHECK:
        again = made_now()
        if again.message != found.message or again.extra != found.extra:
            raise KeptChangedError(f"the chart kept for {_said(key)} differs from the one its inputs build now")
    return found


def kept_all(key: Hashable, build: Callable[[], tuple[list[Spec], E]]) -> Kept[E]:
    """:func:`kept` for charts drawn together (panels under one caption), built only the first time ``key`` is
    seen: what is kept, its ``message`` the panels' messages, its ``spec`` their specs and its ``extra`` what
    ``build`` returned with them. Draws nothing: the caller places each message (:func:`draw`) in its own column;
    with :data:`THROUGH_STREAMLIT` it draws the specs with ``st.vega_lite_chart``."""

    def made_now() -> Kept[object]:
        specs, extra = build()
        return Kept(tuple(message(spec) for spec in specs), tuple(specs), extra)  # type: ignore[arg-type]

    if through_streamlit():
        return made_now()  # type: ignore[return-value]
    return _kept_once(key, made_now)  # type: ignore[return-value]


V = TypeVar("V")
VALUES = 64  # computed values kept (a sweep, a training run's snapshot), the least recently used dropped first
_VALUES: OrderedDict[Hashable, object] = OrderedDict()


def value(key: Hashable, compute: Callable[[], V]) -> V:
    """What ``compute()`` returns, computed once for ``key`` (for work several charts and sentences of a screen
    read, a function of the link's settings alone); with :data:`CHECK` computed again and compared."""

    def look() -> tuple[object] | None:
        with _LOCK:
            if key not in _VALUES:
                return None
            _VALUES.move_to_end(key)
            return (_VALUES[key],)  # boxed: a kept value may itself be None

    def make() -> tuple[object]:
        made = compute()
        with _LOCK:
            _VALUES[key] = made
            while len(_VALUES) > VALUES:
                _VALUES.popitem(last=False)
        return (made,)

    (found,), made = _once("values", key, look, make)
    if not made and CHECK and pickle.dumps(compute()) != pickle.dumps(found):
        raise KeptChangedError(f"the value kept for {_said(key)} differs from the one its inputs compute now")
    return found  # type: ignore[return-value]


def forget_all() -> None:
    """Drop every kept chart and value (for tests)."""
    with _LOCK:
        _KEPT.clear()
        _SIZES.clear()
        _VALUES.clear()
        _RUN.clear()
