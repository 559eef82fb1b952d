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
before the widgets' callbacks run) keep only the values a control could have sent: under an element's id, in the
field its widget holds, one of its choices (a radio, a select box, tabs, a select slider) or within its range (a
slider), as the session's last run drew it; a widget the session has not drawn yet is Streamlit's to check. The
widget keeps its last value and its callback does not run; :func:`say_ignored` tells the reader, once. (What a
control's own value may hold for the page, a number field's say, the page checks where it reads it:
:func:`ui.widgets.bound`.)

A text longer than :data:`MAX_TEXT` characters (a paste of a book into the sentence field) is not taken in either,
control or not: each session kept every such text in its state, and four sessions sending 8 MB texts took the
server from 440 to 810 MB. The reader is told the text was too long to read (:func:`say_ignored`). A message
longer than Streamlit's ``server.maxMessageSize`` (``.streamlit/config.toml``) is refused before it is read.

The first request a server process reads is taken in before the app's script has run to install the check.
"""

from __future__ import annotations

import math
import re
from typing import Any

import streamlit as st
from streamlit.elements.widgets.number_input import NumberInputSerde
from streamlit.elements.widgets.radio import RadioSerde
from streamlit.elements.widgets.select_slider import SelectSliderSerde
from streamlit.elements.widgets.selectbox import SelectboxSerde
from streamlit.elements.widgets.slider import SliderSerde
from streamlit.elements.widgets.text_widgets import TextAreaSerde, TextInputSerde
from streamlit.proto.NumberInput_pb2 import NumberInput
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.runtime.state.session_state import SessionState

from ui.text import t

ELEMENT_ID = re.compile(r"\$\$ID-[0-9a-f]{32}-.{1,200}", re.S)  # Streamlit's id of an element: its hash, its key
ALWAYS_HOLD = (RadioSerde, SelectboxSerde, SliderSerde, SelectSliderSerde)  # unless cleared: never sent empty
DROPPED = "_forged_dropped"  # in the session: how many values the last request sent that no control could send
TOO_LONG = "_too_long_dropped"  # in the session: the length of the longest text the last request sent past MAX_TEXT
MAX_TEXT = 20_000  # characters a text may have where it enters a session (a sentence of 40 words takes about 300)
# The field each kind of control that can show no value (a list's placeholder, an empty number or text field) sends
# once it shows one.
SENDS = {
    RadioSerde: "string_value",
    SelectboxSerde: "string_value",
    TextInputSerde: "string_value",
    TextAreaSerde: "string_value",
    NumberInputSerde: "double_value",
}


def sent_by_a_control(session: SessionState, widget: WidgetState) -> bool:
    """Whether a browser's control could have sent ``widget``: an element's id, the field its widget holds, and a
    value it offers (as the session last drew it)."""
    if not ELEMENT_ID.fullmatch(widget.id):
        return False
    field = widget.WhichOneof("value")
    metadata = session._new_widget_state.widget_metadata.get(widget.id)
    if metadata is None:  # a widget this session has not drawn yet
        return True
    serde = getattr(metadata.deserializer, "__self__", None)  # the widget's own reader of its values
    if field is None:  # no value: a list showing its placeholder, not one that always holds a choice or a number
        return metadata.clearable or not isinstance(serde, ALWAYS_HOLD)
    # Streamlit notes the field of the value it last read for a widget, none for an empty one (a list showing its
    # placeholder, read by a section's run that does not draw the list again): then the field its kind sends.
    held = metadata.value_type or sends(serde)
    if held is not None and field != held:
        return False
    sent = getattr(widget, field)
    if isinstance(serde, SliderSerde):
        values = list(sent.data)
        inside = all(math.isfinite(x) and serde.min_value <= x <= serde.max_value for x in values)
        return inside and len(values) == (1 if serde.single_value else 2)
    if isinstance(serde, SelectSliderSerde):
        return len(sent.data) in (1, 2) and all(x in serde.formatted_option_to_index for x in sent.data)
    if metadata.formatted_options is not None and field == "string_value":  # a radio, a select box, tabs
        return sent in metadata.formatted_options
    if metadata.formatted_options is not None and field == "string_array_value":  # a multiselect, pills
        return all(x in metadata.formatted_options for x in sent.data)
    return True


def sends(serde: object) -> str | None:
    """The field a control that can show no value sends once it shows one (None: a kind not known here)."""
    if isinstance(serde, NumberInputSerde) and serde.data_type == NumberInput.INT:
        return "int_value"
    return SENDS.get(type(serde))


# Streamlit's own, also when this module is imported again after install()
_STREAMLITS = getattr(SessionState.set_widgets_from_proto, "streamlits", SessionState.set_widgets_from_proto)


def set_widgets_checked(session: SessionState, widget_states: WidgetStates) -> None:
    """Streamlit's ``set_widgets_from_proto``, given only the values a control could have sent."""
    long = [len(w.string_value) for w in widget_states.widgets if too_long(w)]
    kept = [w for w in widget_states.widgets if not too_long(w) and sent_by_a_control(session, w)]
    dropped = len(widget_states.widgets) - len(kept) - len(long)
    if dropped or long:
        widget_states = WidgetStates(widgets=kept)
    if dropped:
        session[DROPPED] = dropped
    if long:
        session[TOO_LONG] = max(long)
    _STREAMLITS(session, widget_states)


def too_long(widget: WidgetState) -> bool:
    """A text past MAX_TEXT characters (a typed field's value, a table's edits)."""
    return widget.WhichOneof("value") == "string_value" and len(widget.string_value) > MAX_TEXT


set_widgets_checked.streamlits = _STREAMLITS  # type: ignore[attr-defined]


def install() -> None:
    """Check every request's widget values at the door (idempotent: every run calls it)."""
    SessionState.set_widgets_from_proto = set_widgets_checked  # type: ignore[method-assign]


def say_ignored(into: Any = st) -> None:
    """Tell the reader, once, that values no control could have sent, or texts too long to read, were ignored (drawn
    in ``into``)."""
    if st.session_state.get(DROPPED):
        del st.session_state[DROPPED]
        into.warning(t("widget.forged"), icon=":material/warning:")
    if st.session_state.get(TOO_LONG):
        into.warning(t("widget.too_long", n=st.session_state.pop(TOO_LONG), most=MAX_TEXT), icon=":material/warning:")
