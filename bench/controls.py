"""What a reader can do with each widget on a page: plausible changes, as the browser sends them.

    controls(session)                   # the widgets a reader can change, in the order drawn
    there, back = moves(session, w)     # a change of w from what it holds now, and the change back
    change = random_move(session, w, rng)   # a random other value, as a reader choosing at will

One change a widget type, found from the element the server sent
(``bench/streamlit_client.py`` keeps them): a slider (one or two handles,
``select_slider`` included) moves one step on its grid; a radio, selectbox,
segmented control or pills picks another option; a multiselect adds or drops
one; a checkbox or toggle flips; a number input moves one step within its
limits; a text field drops its last word (or, ending in a number, changes that
number by a half); a data editor's first numeric cell is edited, reported as
the JSON the browser writes; tabs (``on_change="rerun"``) open another tab; a
button is pressed. Disabled widgets, widgets in a form and widgets that do not
rerun on a change (a download button, ``on_change="ignore"``) are no controls.
"""

from __future__ import annotations

import json
import math
import random
import re

import pyarrow as pa
from streamlit.proto.ButtonGroup_pb2 import ButtonGroup
from streamlit.proto.NumberInput_pb2 import NumberInput
from streamlit.proto.Slider_pb2 import Slider
from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench.streamlit_client import Session, Widget, click, editor_edits, value

READ_ONLY = 0  # Dataframe.EditingMode.READ_ONLY: a table, not an editor
_NUMBER_AT_END = re.compile(r"^(.*?)(-?\d+(?:\.\d+)?)$", re.S)


def _on_grid(x: float, lo: float, step: float) -> float:
    """``x`` rounded to the widget's grid ``lo + k * step``, without binary noise (0.15, not 0.15000000000000002)."""
    return round(lo + round((x - lo) / step) * step, 10)


def _states(w: Widget, s: Session, values: list) -> WidgetState:
    out = WidgetState(id=w.id)
    if w.kind == "slider" and w.proto.type == Slider.SELECT_SLIDER or w.kind in ("multiselect", "button_group"):
        out.string_array_value.data[:] = values
    else:
        out.double_array_value.data[:] = values
    return out


def _slider(s: Session, w: Widget, rng: random.Random | None) -> list | None:
    p = w.proto
    if p.type == Slider.SELECT_SLIDER:
        grid = list(p.options)
        now = [grid.index(x) for x in value(s.state(w.id)) or []]
    else:
        step = p.step or 1.0
        n = int(round((p.max - p.min) / step))
        grid = [_on_grid(p.min + k * step, p.min, step) for k in range(n + 1)]
        now = [int(round((x - p.min) / step)) for x in value(s.state(w.id)) or []]
    if len(grid) < 2 or not now:
        return None
    if rng is not None:  # a random position (two for a range), other than where it stands
        for _ in range(20):
            new = sorted(rng.randrange(len(grid)) for _ in now)
            if new != now:
                break
    else:  # the last handle one step up, or down at the top (below the other handle's, for a range)
        new = list(now)
        k = new[-1]
        new[-1] = k + 1 if k + 1 < len(grid) else k - 1
        if len(new) == 2 and new[1] < new[0]:
            new = [new[0] - 1, new[0]] if new[0] > 0 else [0, 1]
    return [grid[k] for k in new]


def _choice(options: list[str], now: str | None, rng: random.Random | None) -> str | None:
    if not options or (len(options) == 1 and now == options[0]):
        return None
    others = [o for o in options if o != now]
    if rng is not None:
        return rng.choice(others)
    i = options.index(now) if now in options else -1
    return options[(i + 1) % len(options)] if now in options else options[0]


def _number(s: Session, w: Widget, rng: random.Random | None) -> WidgetState | None:
    p = w.proto
    integer = p.data_type == NumberInput.INT
    step = p.step or (1 if integer else 0.01)
    now = value(s.state(w.id))
    if now is None:
        now = p.default if p.HasField("default") else (p.min if p.has_min else 0)
    lo = p.min if p.has_min else -math.inf
    hi = p.max if p.has_max else math.inf
    k = rng.choice([-2, -1, 1, 2]) if rng is not None else 1
    new = now + k * step
    if not lo <= new <= hi:
        new = now - k * step
    if not lo <= new <= hi:
        return None
    out = WidgetState(id=w.id)
    if integer:
        out.int_value = int(round(new))
    else:
        out.double_value = round(new, 10)
    return out


def _text(now: str, rng: random.Random | None) -> str:
    """A reader's edit of a text field: a number at its end changed by a half, else its last word dropped."""
    if m := _NUMBER_AT_END.match(now):
        x = float(m[2]) + (rng.choice([-1, -0.5, 0.5, 1]) if rng is not None else 0.5)
        return m[1] + (f"{x:g}")
    words = now.split()
    if len(words) >= 2:
        drop = rng.randrange(len(words)) if rng is not None else len(words) - 1
        return " ".join(words[:drop] + words[drop + 1 :])
    return f"{now} {now}".strip() or "x"


def _table(w: Widget) -> pa.Table | None:
    data = w.proto.arrow_data.data
    return pa.ipc.open_stream(data).read_all() if data else None


def _editor_cell(w: Widget, rng: random.Random | None) -> tuple[int, str, float] | None:
    """The cell a reader edits (row, column, its value as drawn): row 1's first numeric column not disabled."""
    table = _table(w)
    if table is None or table.num_rows == 0:
        return None
    config = json.loads(w.proto.columns or "{}")
    hidden = {"__index_level_0__"}
    numeric = [
        f.name
        for f in table.schema
        if f.name not in hidden
        and (pa.types.is_floating(f.type) or pa.types.is_integer(f.type))
        and not config.get(f.name, {}).get("disabled")
    ]
    if not numeric:
        return None
    row = rng.randrange(table.num_rows) if rng is not None else 0
    column = rng.choice(numeric) if rng is not None else numeric[0]
    cell = table.column(column)[row].as_py()
    return row, column, float(cell) if cell is not None else 0.0


def _edited(s: Session, w: Widget, row: int, column: str, drawn: float) -> float:
    """The cell's value as the reader's editor shows it: their last edit of it, else the value drawn."""
    state = s.state(w.id)
    if state is not None and state.HasField("string_value"):
        edited = json.loads(state.string_value).get("edited_rows", {}).get(str(row), {})
        if column in edited and edited[column] is not None:
            return float(edited[column])
    return drawn


def _open_tab(s: Session, w: Widget) -> str:
    now = value(s.state(w.id))
    if now is None:
        p = w.proto
        now = p.default_tab_label or (w.labels[p.default_tab_index] if p.default_tab_index < len(w.labels) else "")
    return now


def random_move(s: Session, w: Widget, rng: random.Random | None = None) -> WidgetState | None:
    """A change of ``w`` from the value it holds now: the neighbouring value, or with ``rng`` a random other one.

    ``None`` where this widget cannot be changed so (one option, no room in its
    limits, a kind this module does not know).
    """
    p, now = w.proto, value(s.state(w.id))
    if getattr(p, "disabled", False) or getattr(p, "ignore_rerun", False) or getattr(p, "form_id", ""):
        return None
    if w.kind == "slider":
        new = _slider(s, w, rng)
        return None if new is None else _states(w, s, new)
    if w.kind in ("radio", "selectbox"):
        new = _choice(list(p.options), now, rng)
        return None if new is None else WidgetState(id=w.id, string_value=new)
    if w.kind in ("checkbox", "expandable"):  # a box ticked, a fold opened (or the reverse)
        return WidgetState(id=w.id, bool_value=not now)
    if w.kind in ("button", "download_button"):
        return click(w.id)
    if w.kind == "number_input":
        return _number(s, w, rng)
    if w.kind in ("text_input", "text_area"):
        return WidgetState(id=w.id, string_value=_text(now or "", rng))
    if w.kind == "multiselect":
        options, chosen = list(p.options), list(now or [])
        pick = rng.choice(options) if rng is not None else options[0] if options else None
        if pick is None:
            return None
        new = [o for o in chosen if o != pick] if pick in chosen else [*chosen, pick]
        return _states(w, s, new)
    if w.kind == "button_group":
        options, chosen = [o.content for o in p.options], list(now or [])
        if p.click_mode == ButtonGroup.MULTI_SELECT:
            pick = rng.choice(options) if rng is not None else options[0]
            return _states(w, s, [o for o in chosen if o != pick] if pick in chosen else [*chosen, pick])
        new = _choice(options, chosen[0] if chosen else None, rng)
        return None if new is None else _states(w, s, [new])
    if w.kind == "dataframe" and p.editing_mode != READ_ONLY:
        cell = _editor_cell(w, rng)
        if cell is None:
            return None
        row, column, drawn = cell
        shown = _edited(s, w, row, column, drawn)
        step = rng.choice([-1.0, -0.5, 0.5, 1.0]) if rng is not None else 0.5
        return editor_edits(w.id, s.state(w.id), row, column, shown + step)
    if w.kind == "tab_container" and len(w.labels) > 1:
        new = _choice(w.labels, _open_tab(s, w), rng)
        return None if new is None else WidgetState(id=w.id, string_value=new)
    return None


def moves(s: Session, w: Widget) -> tuple[WidgetState, WidgetState] | None:
    """A change of ``w`` from what it holds now and the change that takes it back (a button: two presses).

    Alternating the two measures the same change again and again from the same
    page; a widget showing no value, which a reader cannot empty again, goes to
    a first value and then between it and the next. ``None`` where ``w`` is no
    control.
    """
    there = random_move(s, w)
    if there is None:
        return None
    if there.WhichOneof("value") == "trigger_value":
        return there, click(w.id)
    if w.kind == "dataframe":
        row, column, drawn = _editor_cell(w, None)  # type: ignore[misc]  # random_move found it
        back = editor_edits(w.id, there, row, column, _edited(s, w, row, column, drawn))
        return there, back
    if w.kind == "tab_container":
        return there, WidgetState(id=w.id, string_value=_open_tab(s, w))
    now = s.state(w.id)
    if now is None or now.WhichOneof("value") is None:  # showing no value (a radio with index=None): no way
        s.states[w.id] = there  # back to none, so on to the next value from the first, and back to the first
        try:
            on = random_move(s, w)
        finally:
            if now is None:
                del s.states[w.id]
            else:
                s.states[w.id] = now
        return None if on is None else (there, on)
    return there, now


def controls(s: Session, exclude: set[str] = frozenset()) -> list[Widget]:
    """The widgets of the page a reader can change, in the order drawn; keys in ``exclude`` left out."""
    return [w for w in s.widgets.values() if w.key not in exclude and random_move(s, w) is not None]
