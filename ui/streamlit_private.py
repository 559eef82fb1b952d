"""Every use the app makes of Streamlit's private internals, behind one door, with a public way round each.

Streamlit is pinned (``streamlit==1.67.0`` in ``requirements.txt``). Where its public API was too slow or could
not say what the app needed, the app reaches inside 1.67: it sends a kept chart's message itself, hashes messages
without letting go of the interpreter, checks widget values where they enter a session, and reads the script run's
context. Each such use is a function of this module, and each has a public way round it, which this module takes
instead when :data:`PUBLIC` is set:

=================================  =============================================  ===================================
function                           inside 1.67                                    public way round
=================================  =============================================  ===================================
:func:`chart_message`,             ``st.vega_lite_chart``'s own steps, and        ``st.vega_lite_chart`` for every
:func:`send_chart`                 ``_enqueue`` of the message they build         chart, built on every run
:func:`install_hasher`             ``streamlit.util.create_fast_hasher``          Streamlit's hasher
:func:`install_theme_cache`        ``app_session._populate_theme_msg``            the theme read on every run
:func:`install_widget_check`       ``SessionState.set_widgets_from_proto``        every value Streamlit takes in
:func:`sections_alone`             the run context's ``fragment_ids_this_run``    a flag :func:`whole_run` sets
:func:`section_on_page`,           the fragment storage's ``_ids_by_target_key``  every section counts as drawn,
:func:`rerun_sections`                                                            a key refused: a whole rerun
:func:`session_id`                 the run context's ``session_id``               an id kept in the session's state
:func:`in_a_session`               ``get_script_run_ctx``                         ``st.runtime.exists()``
:func:`client_address`             ``_get_client_context().remote_ip``            ``st.context.ip_address``
:func:`reader_left`                the script requests' ``_state``                a reader never leaves a queue early
=================================  =============================================  ===================================

:data:`PUBLIC` is set where the installed Streamlit is not :data:`PINNED` (the log and the sidebar say so and say
what to do: :func:`notice`), or by ``ATTENTION_PUBLIC_STREAMLIT=1``. An upgrade then costs speed, not correctness:
``tests/test_public_streamlit.py`` runs every screen both ways and finds the same page.
``docs/upgrading-streamlit.md`` lists what each costs and the tests that catch its breakage.
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NoReturn

import streamlit as st
from streamlit.errors import StreamlitAPIException

PINNED = "1.67.0"  # the version every private use below was written against (requirements.txt)
SETTING = "ATTENTION_PUBLIC_STREAMLIT"  # "1": the public way round every private use, whatever the version
INSTALLED = st.__version__
PUBLIC = os.environ.get(SETTING) == "1" or INSTALLED != PINNED
ChartMessage = Any  # the message Streamlit sends for a chart (its VegaLiteChart protobuf; None where PUBLIC)
SESSION_ID = "_public_session_id"  # in the session's state: its id, where the run context is not read

_log = logging.getLogger(__name__)


def notice(installed: str | None = None) -> str | None:
    """What the maintainer is told where the installed Streamlit (``installed``, by default :data:`INSTALLED`) is
    not the pinned one (None where it is)."""
    installed = INSTALLED if installed is None else installed
    if installed == PINNED:
        return None
    return (
        f"Streamlit {installed} is installed; this app reaches inside Streamlit {PINNED} to be quicker, and runs "
        "on the public API instead: correct, slower. To be quick again, install the pinned version "
        f"(`pip install -r requirements.txt`), or bring ui/streamlit_private.py to {installed} as "
        "docs/upgrading-streamlit.md says, then change the pin."
    )


if notice() is not None:
    _log.warning(notice())
elif PUBLIC:
    _log.info("%s=1: Streamlit's public API only (slower, the same pages)", SETTING)


def show_notice() -> None:
    """The version notice, at the top of the sidebar, where the installed Streamlit is not the pinned one."""
    said = notice()
    if said is not None:
        st.sidebar.warning(said, icon=":material/build:")


# --- Charts: the message st.vega_lite_chart sends, built once and sent again ----------------------------------------


def chart_message(
    spec: dict[str, Any], text: Callable[[dict[str, Any]], str], renamed: Callable[[str], bool]
) -> ChartMessage:
    """The message ``st.vega_lite_chart(spec, width="stretch")`` sends for ``spec``, built with Streamlit 1.67's own
    steps but for the spec's text, which ``text`` writes; its last step (renaming the names Altair counts) is run
    only where the spec set data aside or ``renamed(text)`` says it holds such a name. None where :data:`PUBLIC`."""
    if PUBLIC:
        return None
    from streamlit.elements import vega_charts
    from streamlit.proto.VegaLiteChart_pb2 import VegaLiteChart

    prepared = vega_charts._prepare_vega_lite_spec(spec, True)
    proto = VegaLiteChart()
    vega_charts._marshall_chart_data(proto, prepared, None)
    written = text(prepared)
    data = prepared.get("data")
    set_aside = "datasets" in prepared or (isinstance(data, dict) and "values" in data)
    proto.spec = vega_charts._stabilize_vega_json_spec(written) if set_aside or renamed(written) else written
    proto.theme = "streamlit"
    return proto


def send_chart(message: ChartMessage) -> None:
    """Send a chart's message (:func:`chart_message`) where the script is writing (a column, a tab, a fragment's
    container), as ``st.vega_lite_chart(spec, width="stretch")`` would."""
    from streamlit.delta_generator_singletons import get_dg_singleton_instance
    from streamlit.elements.lib.layout_utils import LayoutConfig

    stretched = LayoutConfig(width="stretch", height="content")
    get_dg_singleton_instance().main_dg._enqueue("vega_lite_chart", message, layout_config=stretched)


def recording() -> bool:
    """Whether Streamlit's agent API records the page now (it describes a chart as ``st.vega_lite_chart`` draws
    it): charts then go through ``st.vega_lite_chart``. Always true where :data:`PUBLIC`."""
    if PUBLIC:
        return True
    from streamlit.elements.lib import agent_spec

    return agent_spec.is_recording()


# --- Hashing: Streamlit's digests, fed in pieces -------------------------------------------------------------------


def streamlits_hasher() -> Callable[[], Any]:
    """Streamlit's own fast hasher (BLAKE2b), whether or not :func:`install_hasher` replaced it (a replacement
    names it as its ``streamlits``)."""
    from streamlit import util

    return getattr(util.create_fast_hasher, "streamlits", util.create_fast_hasher)


def install_hasher(hasher: Callable[[], Any]) -> None:
    """Make Streamlit hash messages and element ids through ``hasher`` (``streamlit.util.create_fast_hasher``,
    which ``streamlit.util.calc_hash``, the message cache and element ids call through the module), or, where
    :data:`PUBLIC`, through its own again. Idempotent: every whole run calls it."""
    from streamlit import util

    util.create_fast_hasher = streamlits_hasher() if PUBLIC else hasher  # type: ignore[assignment]


# --- The theme of the message that starts every run, built once ---------------------------------------------------


def install_theme_cache() -> None:
    """Make Streamlit write the theme into the message that starts every run (a section's alone, a class's poll
    included) from a copy built once, rather than reading its whole configuration six times a run, once for each
    part of the theme (``app_session._populate_theme_msg``, 8 % of a class's server time in 1.67); or, where
    :data:`PUBLIC`, as Streamlit does. The copy is of the configuration as it is loaded: a reload of it (a changed
    ``config.toml`` with the file watcher on) gives a new copy; ``st.set_option`` of a theme's colour while serving,
    which the app never does, would not reach it. Idempotent: every whole run calls it."""
    from streamlit import config
    from streamlit.runtime import app_session

    own = getattr(app_session._populate_theme_msg, "streamlits", app_session._populate_theme_msg)
    if PUBLIC:
        app_session._populate_theme_msg = own
        return
    if own is not app_session._populate_theme_msg:
        return
    built: dict[tuple[int, str], bytes] = {}  # (the loaded configuration, the theme's part) -> the message's bytes

    def populate_once(msg: Any, section: str = "theme") -> None:
        key = (id(config.get_config_options()), section)
        data = built.get(key)
        if data is None:
            fresh = type(msg)()
            own(fresh, section)
            data = built[key] = fresh.SerializeToString()
        msg.MergeFromString(data)

    populate_once.streamlits = own  # type: ignore[attr-defined]
    app_session._populate_theme_msg = populate_once


# --- Widget values where they enter a session ------------------------------------------------------------------


@dataclass(frozen=True)
class Offer:
    """What a control drawn in a session can send, as the session's last run drew it (Streamlit's widget metadata
    read into plain values, for :mod:`ui.forged`)."""

    clearable: bool  # it may send no value (a list showing its placeholder)
    always_holds: bool  # a radio, a select box, a slider, a select slider: never sent empty unless clearable
    fields: frozenset[str] | None  # the WidgetState fields its value may come in (None: not known here)
    options: frozenset[str] | None  # the labels it offers (a radio, a select box, tabs, a multiselect, pills)
    steps: frozenset[str] | None  # a select slider's options
    range: tuple[float, float, int] | None  # a slider's lowest and highest value and how many values it sends


NUMBER_FIELDS = frozenset({"int_value", "double_value"})


def widget_offer(session: Any, widget_id: str) -> Offer | None:
    """What the control ``widget_id`` can send, as ``session`` (Streamlit's ``SessionState``) last drew it; None
    for a control it has not drawn yet."""
    from streamlit.elements.widgets.number_input import NumberInputSerde
    from streamlit.elements.widgets.radio import RadioSerde
    from streamlit.elements.widgets.select_slider import SelectSliderSerde
    from streamlit.elements.widgets.selectbox import SelectboxSerde
    from streamlit.elements.widgets.slider import SliderSerde
    from streamlit.elements.widgets.text_widgets import TextAreaSerde, TextInputSerde

    metadata = session._new_widget_state.widget_metadata.get(widget_id)
    if metadata is None:
        return None
    serde = getattr(metadata.deserializer, "__self__", None)  # the widget's own reader of its values
    # The fields a value may come in. A number field: Chromium's control sends a whole number as int_value, any
    # other as double_value, and Streamlit (which notes double_value for every number field) reads either. Any
    # other: the field Streamlit notes of the value it last read, none for an empty one (a list showing its
    # placeholder, read by a section's run that does not draw the list again), when the field its kind sends
    # once it shows a value.
    if isinstance(serde, NumberInputSerde):
        fields: frozenset[str] | None = NUMBER_FIELDS
    else:
        texts = type(serde) in (RadioSerde, SelectboxSerde, TextInputSerde, TextAreaSerde)
        field = metadata.value_type or ("string_value" if texts else None)
        fields = frozenset({field}) if field is not None else None
    slider = isinstance(serde, SliderSerde)
    options = metadata.formatted_options
    return Offer(
        clearable=bool(metadata.clearable),
        always_holds=isinstance(serde, (RadioSerde, SelectboxSerde, SliderSerde, SelectSliderSerde)),
        fields=fields,
        options=frozenset(options) if options is not None else None,
        steps=frozenset(serde.formatted_option_to_index) if isinstance(serde, SelectSliderSerde) else None,
        range=(serde.min_value, serde.max_value, 1 if serde.single_value else 2) if slider else None,
    )


def widget_key(session: Any, widget_id: str) -> str | None:
    """The key the app gave the widget ``widget_id`` where ``session`` (Streamlit's ``SessionState``) drew it with one;
    None for an id the session has not drawn (whatever key the id itself spells)."""
    return session._key_id_mapper.id_key_mapping.get(widget_id)


def install_widget_check(check: Callable[[Any, list[Any]], list[Any]]) -> None:
    """Make every request's widget values pass ``check(session, widgets)`` where they enter a session
    (``SessionState.set_widgets_from_proto``, before the widgets' callbacks run): the session takes the widget
    states it returns. Where :data:`PUBLIC`, Streamlit's own again (it takes every value in). Idempotent."""
    from streamlit.proto.WidgetStates_pb2 import WidgetStates
    from streamlit.runtime.state.session_state import SessionState

    own = getattr(SessionState.set_widgets_from_proto, "streamlits", SessionState.set_widgets_from_proto)
    if PUBLIC:
        SessionState.set_widgets_from_proto = own  # type: ignore[method-assign]
        return

    def set_widgets_checked(session: SessionState, widget_states: WidgetStates) -> None:
        kept = check(session, list(widget_states.widgets))
        if len(kept) != len(widget_states.widgets):
            widget_states = WidgetStates(widgets=kept)
        own(session, widget_states)

    set_widgets_checked.streamlits = own  # type: ignore[attr-defined]
    SessionState.set_widgets_from_proto = set_widgets_checked  # type: ignore[method-assign]


# --- The run: whole or sections alone, the sections on the page, the session ---------------------------------------

_whole = threading.local()  # whether this thread runs the whole app now (where PUBLIC)


@contextmanager
def whole_run() -> Iterator[None]:
    """Around the app's whole run (``app.py``): what tells :func:`sections_alone` a whole run from a run of
    sections alone where the run context is not read."""
    _whole.on = True
    try:
        yield
    finally:
        _whole.on = False


def _ctx() -> Any:
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    return get_script_run_ctx(suppress_warning=True)


def sections_alone() -> bool:
    """Whether this run reruns sections only (fragments, rerun by a control in one of them), not the whole app."""
    if PUBLIC:
        return not getattr(_whole, "on", False)
    ctx = _ctx()
    return bool(ctx and ctx.fragment_ids_this_run)


def section_on_page(key: str) -> bool | None:
    """Whether the section keyed ``key`` is on the page now (Streamlit keeps the fragments a run drew, by key), or
    None where that cannot be read (where :data:`PUBLIC`, or outside a run)."""
    if PUBLIC:
        return None
    ctx = _ctx()
    known = getattr(ctx.fragment_storage, "_ids_by_target_key", None) if ctx is not None else None
    return None if known is None else bool(known.get(key))


def rerun_sections(keys: list[str]) -> NoReturn:
    """From a widget's callback: rerun the sections (fragments) keyed ``keys``, nothing else. Streamlit refuses a key
    it no longer has (a section the last run did not draw), which :func:`section_on_page` tells; where that cannot be
    read (:data:`PUBLIC`), a refused key makes it a whole rerun, which draws every section there is."""
    if not PUBLIC:
        st.rerun(keys)
    try:
        st.rerun(keys)
    except StreamlitAPIException:
        st.rerun()


def in_a_session() -> bool:
    """Whether this thread runs a session's script (a run or a widget's callback)."""
    if PUBLIC:
        return st.runtime.exists()
    return _ctx() is not None


def session_id() -> str | None:
    """The id of the session whose script runs in this thread (None outside one)."""
    if PUBLIC:
        if not st.runtime.exists():
            return None
        return st.session_state.setdefault(SESSION_ID, uuid.uuid4().hex)
    ctx = _ctx()
    return ctx.session_id if ctx is not None else None


def client_address() -> str | None:
    """The address the session's browser connects from (its websocket's peer), None where there is none."""
    if PUBLIC:
        try:
            address = st.context.ip_address
        except Exception:  # no session
            return None
        return address if address is not None or not st.runtime.exists() else "127.0.0.1"  # it says None for these
    from streamlit.runtime.context import _get_client_context

    client = _get_client_context()
    return client.remote_ip if client is not None else None


def reader_left() -> bool:
    """Whether this thread's script run has been asked to stop, or to rerun in a way that ends this run (its reader
    moved on), as the script runner's own yield points judge it. Never where :data:`PUBLIC`: a reader who moved on
    keeps their turn until it comes."""
    if PUBLIC:
        return False
    from streamlit.runtime.scriptrunner_utils import script_requests as requests

    asked = getattr(_ctx(), "script_requests", None)
    if asked is None or asked._state == requests.ScriptRequestType.CONTINUE:
        return False
    if asked._state == requests.ScriptRequestType.STOP:
        return True
    data = asked._rerun_data
    return not requests._fragment_run_should_not_preempt_script(data.fragment_id_queue, data.is_fragment_scoped_rerun)


def yield_to_the_reader() -> None:
    """Hand the script runner the request that made the reader leave (:func:`reader_left`), as its own yield points
    do: raises the runner's own exception; returns where the request is gone."""
    from streamlit.runtime.scriptrunner_utils.exceptions import RerunException, StopException
    from streamlit.runtime.scriptrunner_utils.script_requests import ScriptRequestType

    ctx = _ctx()
    request = ctx.script_requests.on_scriptrunner_yield() if ctx and ctx.script_requests else None
    if request is None:
        return
    if request.type == ScriptRequestType.RERUN:
        raise RerunException(request.rerun_data)
    raise StopException()
