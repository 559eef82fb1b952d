"""Widget values no control could have sent, dropped where they enter a session: before any callback or run reads them.

A browser sends each widget's value under the id the server gave the widget (``$$ID-<hash>-<key>``), in the one
field of the ``WidgetState`` message its kind holds (a select box a ``string_value``, a slider a
``double_array_value``, a button a ``trigger_value``...), and only a value the control offers. A reader who writes
the websocket's messages by hand can send anything; Streamlit 1.67 takes it in, and:

- a value under an id that is not an element's (``""``, ``"x"``, a megabyte of text) makes every later widget of
  the session raise ``KeyError`` (``SessionState.filtered_state`` reads it and finds no widget for it) until the
  reader reloads the page;
- a value in another kind's field reaches the script as that field's Python value: a what-if step sent as a
  boolean is ``True``, which numpy reads as a mask; an ``int_value`` for a select box raises inside Streamlit;
- a label a list or a row of tabs does not offer, or a slider's value out of its range (or not finite, or a
  value too many), is put back to the widget's default in silence: the chosen model becomes Bahdanau's, a
  slider goes to its lowest value.

:func:`install` makes ``SessionState.set_widgets_from_proto`` (where a request's widget values enter the session,
before the widgets' callbacks run: :func:`ui.streamlit_private.install_widget_check`) keep only the values a
control could have sent: under an element's id, in the field its widget holds, one of its choices (a radio, a
select box, tabs, a select slider) or within its range (a slider), as the session's last run drew it; a widget the
session has not drawn yet is Streamlit's to check. The widget keeps its last value and its callback does not run;
:func:`say_ignored` tells the reader, once. (What a control's own value may hold for the page, a number field's
say, the page checks where it reads it: :func:`ui.widgets.bound`.)

A text longer than :data:`MAX_TEXT` characters (a paste of a book into the sentence field) is not taken in either,
control or not: each session kept every such text in its state, and four sessions sending 8 MB texts took the
server from 440 to 810 MB. The reader is told the text was too long to read (:func:`say_ignored`), and into which
field: the app names each of its text fields as it draws it (:func:`text_field`, a key to the message that names
it), and the field is the one the session drew under the id the text came in (the session's own mapping of ids to
keys), never a name the request supplies; a text under an id the session did not draw, or a field not named, gets
the notice without a name. A message
longer than Streamlit's ``server.maxMessageSize`` (``.streamlit/config.toml``) is refused before it is read.

The first request a server process reads is taken in before the app's script has run to install the check.
"""

from __future__ import annotations

import math
import re
from typing import Any

import streamlit as st

from ui import streamlit_private
from ui.text import t

ELEMENT_ID = re.compile(r"\$\$ID-[0-9a-f]{32}-.{1,200}", re.S)  # Streamlit's id of an element: its hash, its key
DROPPED = "_forged_dropped"  # in the session: how many values the last request sent that no control could send
TOO_LONG = "_too_long_dropped"  # in the session: the length of the longest text the last request sent past MAX_TEXT
TOO_LONG_IN = "_too_long_field"  # in the session: the message naming the field that text came in, where it is known
MAX_TEXT = 20_000  # characters a text may have where it enters a session (a sentence of 40 words takes about 300)
FIELD_NAMES: dict[str, str] = {}  # the app's text fields: a widget's key -> the message that names it (text_field)


def text_field(key: str, name: str) -> str:
    """Note that the app's text field (or table) keyed ``key`` is named by the message ``name`` (the name its
    notices give it): a text too long to read that comes in it is then said to have come in it. Returns ``key``."""
    FIELD_NAMES[key] = name
    return key


def sent_by_a_control(session: Any, widget: Any) -> bool:
    """Whether a browser's control could have sent ``widget`` (a ``WidgetState``): an element's id, the field its
    widget holds, and a value it offers (as the session last drew it: :func:`ui.streamlit_private.widget_offer`)."""
    if not ELEMENT_ID.fullmatch(widget.id):
        return False
    field = widget.WhichOneof("value")
    offer = streamlit_private.widget_offer(session, widget.id)
    if offer is None:  # a widget this session has not drawn yet
        return True
    if field is None:  # no value: a list showing its placeholder, not one that always holds a choice or a number
        return offer.clearable or not offer.always_holds
    if offer.fields is not None and field not in offer.fields:
        return False
    sent = getattr(widget, field)
    if offer.range is not None:  # a slider
        low, high, count = offer.range
        values = list(sent.data)
        return all(math.isfinite(x) and low <= x <= high for x in values) and len(values) == count
    if offer.steps is not None:  # a select slider
        return len(sent.data) in (1, 2) and all(x in offer.steps for x in sent.data)
    if offer.options is not None and field == "string_value":  # a radio, a select box, tabs
        return sent in offer.options
    if offer.options is not None and field == "string_array_value":  # a multiselect, pills
        return all(x in offer.options for x in sent.data)
    return True


OFFERED = "_forged_offered"  # in the session: each list's id -> every choice it offered at a run of this visit
OFFERS_KEPT = 256  # choices remembered a list, and lists a session: a bound, far above what a screen draws


def _offered_before(session: Any, widgets: list[Any]) -> dict[str, set[str]]:
    """Every choice each list of the request offered at the runs before this request (the last run's included: the
    offers as the session drew them, added now), for :func:`checked`."""
    try:
        offered = session[OFFERED]
    except KeyError:
        offered = {}
    for w in widgets:
        offer = streamlit_private.widget_offer(session, w.id) if ELEMENT_ID.fullmatch(w.id) else None
        if offer is None or offer.options is None:
            continue
        seen = offered.get(w.id)
        if seen is None:
            if len(offered) >= OFFERS_KEPT:
                continue
            seen = offered[w.id] = set()
        if len(seen) < OFFERS_KEPT:
            seen.update(list(offer.options)[: OFFERS_KEPT - len(seen)])
    session[OFFERED] = offered
    return offered


def stale(offered: dict[str, set[str]], widget: Any) -> bool:
    """Whether ``widget`` holds a choice its list offered before the last run changed its choices: a browser that
    sent it before drawing that run (a question's pick, a Skip pressed as the slider's move redrew the question on
    a busy server). Not forged: dropped without a notice."""
    return widget.WhichOneof("value") == "string_value" and widget.string_value in offered.get(widget.id, ())


def checked(session: Any, widgets: list[Any]) -> list[Any]:
    """The widget states of a request a control could have sent, none too long; how many others there were is noted
    in the session, for :func:`say_ignored`. A choice its list offered at an earlier run of the visit, no longer
    offered, is dropped without a notice (:func:`stale`)."""
    offered = _offered_before(session, widgets)
    long = [w for w in widgets if too_long(w)]
    kept, old = [], 0
    for w in widgets:
        if too_long(w):
            continue
        if sent_by_a_control(session, w):
            kept.append(w)
        elif stale(offered, w):
            old += 1
    dropped = len(widgets) - len(kept) - len(long) - old
    if dropped:
        session[DROPPED] = dropped
    if long:
        longest = max(long, key=lambda w: len(w.string_value))
        session[TOO_LONG] = len(longest.string_value)
        session[TOO_LONG_IN] = FIELD_NAMES.get(streamlit_private.widget_key(session, longest.id) or "")
    return kept


def too_long(widget: Any) -> bool:
    """A text past MAX_TEXT characters (a typed field's value, a table's edits)."""
    return widget.WhichOneof("value") == "string_value" and len(widget.string_value) > MAX_TEXT


def install() -> None:
    """Check every request's widget values at the door (idempotent: every run calls it); not where the app keeps
    to Streamlit's public API (:data:`ui.streamlit_private.PUBLIC`), which takes every value in."""
    streamlit_private.install_widget_check(checked)


def say_ignored(into: Any = st) -> None:
    """Tell the reader, once, that values no control could have sent, or texts too long to read, were ignored (drawn
    in ``into``)."""
    if st.session_state.get(DROPPED):
        del st.session_state[DROPPED]
        into.warning(t("widget.forged"), icon=":material/warning:")
    name = st.session_state.pop(TOO_LONG_IN, None)
    if st.session_state.pop(TOO_LONG, None):
        said = t("widget.too_long_in", field=t(name), most=MAX_TEXT) if name else t("widget.too_long", most=MAX_TEXT)
        into.warning(said, icon=":material/warning:")
