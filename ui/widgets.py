"""Inputs shared by several screens: the state s, the sources table and the scorer table.

Each input shows the shared value, checks what the reader typed, stores it
only if it is valid, and otherwise shows an error naming the field while the
screen keeps the last valid values.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.example import STATES
from core.sweep import slider_states
from ui import codec, forged, layout, sections, state, streamlit_private
from ui.charts import Rows, Spec
from ui.format import at_state, plain
from ui.links import Binding
from ui.scrub import Channel, Scrub
from ui.state import Model
from ui.text import t

V = TypeVar("V")


class Field(NamedTuple, Generic[V]):
    """What a bound widget gives back: the last valid value, and whether the widget's own value was valid."""

    value: V
    ok: bool


def field_error(field: str, problem: str) -> None:
    """The problem with what the reader entered in ``field``, shown as text (it may repeat what they typed)."""
    st.error(plain(t("field.error", field=field, problem=problem)), icon=":material/error:")


def bound(
    b: Binding[V],
    draw: Callable[..., object],
    *args: object,
    check: Callable[[object], V] | None = None,
    shown: Callable[[V], object] | None = None,
    field: str = "",
    errors: DeltaGenerator | None = None,
    reruns: Sequence[str] = (),
    **kwargs: object,
) -> Field[V]:
    """Draw the widget that edits the URL-backed setting ``b``, and store what the reader set.

    The one way a screen binds an input to the link: read the setting, seed the
    widget ``b.widget_key`` with it (as ``shown(value)``, the widget's own form)
    the first time it is drawn this visit, draw it with ``draw(*args,
    key=..., **kwargs)``, then check the widget's value with ``check`` and store
    it. A value ``check`` refuses is named under ``field`` (in ``errors`` if
    given) and the last valid value is kept.

    ``reruns`` names the sections a change reruns (its own included), when more
    than its own section depends on it: the widget's callback then stores the
    value before they run (a callback speaks the reader's language: see
    :func:`ui.text.language`).

    A number field is drawn without a default, so that a value it cannot hold
    reaches ``check`` (which it must have) instead of being put back in silence.
    """
    value = state.get(b)
    state.seed(b.widget_key, value if shown is None else shown(value))
    if draw is st.number_input:
        # No default: Streamlit would put a value that is not a finite number (or is past bounds given to it)
        # back to its default in silence; without one it is None, and ``check`` names it.
        if check is None:
            raise TypeError(f"a number field needs a check: {b.key}")
        kwargs.setdefault("value", None)
    if reruns:
        kwargs["on_change"] = _store_and_rerun
        kwargs["args"] = (b, check, tuple(reruns))
    raw = draw(*args, key=b.widget_key, **kwargs)
    try:
        new = raw if check is None else check(raw)
    except ValueError as exc:
        with errors if errors is not None else st.container():
            field_error(field, str(exc))
        return Field(value, False)
    state.put(b, new)
    return Field(new, True)


def _store_and_rerun(b: Binding[V], check: Callable[[object], V] | None, keys: tuple[str, ...]) -> None:
    """A bound widget's callback: store its value (if ``check`` takes it), then rerun the sections ``keys``."""
    raw = st.session_state[b.widget_key]
    try:
        state.put(b, raw if check is None else check(raw))
    except ValueError:
        pass  # refused: the section names the problem when it draws the widget
    streamlit_private.rerun_sections(list(keys))


def forget(*bindings: Binding[object]) -> None:
    """Drop the widget states of ``bindings`` so that each is seeded again from the link when next drawn.

    For a callback that hides widgets drawn by sections nested in the one it reruns (a tab closed, a switch
    that does not apply): Streamlit keeps the state of a widget of a nested section that was not drawn, but the
    widget comes back at its default, not at the link's value.
    """
    for b in bindings:
        st.session_state.pop(b.widget_key, None)


def text_field(b: Binding[V], label: str, field: str, help: str | None = None) -> V:
    """A text field for the URL-backed setting ``b``, showing its value as the link writes it (``b.encode``) and
    reading the reader's text back with ``b.parse``; text it refuses is named under the message ``field`` (also the
    field's name in a notice of a text too long to read: :func:`ui.forged.text_field`) and the last valid value
    kept."""
    forged.text_field(b.widget_key, field)
    return bound(b, st.text_input, label, check=b.parse, shown=b.encode, field=t(field), help=help).value


FIELDS = "fields"  # the key of a row of fields (field_columns) starts with it: the page's style reads it (ui.frame)


def field_columns(name: str, spec: int | Sequence[float], gap: str = "large") -> list[DeltaGenerator]:
    """Columns for fields side by side, ``gap`` apart on a wide screen. A narrow screen stacks them, and Streamlit
    keeps the same gap between the rows: there they are as close as the fields of one column (the frame's style
    reads the key of the container around them, ``fields-<name>``)."""
    with st.container(key=f"{FIELDS}-{name}"):
        return st.columns(spec, gap=gap)


def bound_tabs(b: Binding[str], names: Sequence[str], label: Callable[[str], str]) -> list[DeltaGenerator]:
    """Tabs, one a name in ``names`` titled ``label(name)``, whose open tab is the URL-backed setting ``b``.

    Returns the tabs' containers in the order of ``names``; opening a tab reruns
    the screen, which stores the open tab's name.
    """
    by_label = {label(name): name for name in names}
    panes: list[DeltaGenerator] = []

    def draw(labels: list[str], key: str) -> object:
        panes.extend(st.tabs(labels, key=key, on_change="rerun"))
        return st.session_state[key]

    bound(b, draw, list(by_label), shown=label, check=lambda shown: by_label[str(shown)])
    return panes


def open_tab(b: Binding[str], parts: Mapping[str, Callable[[], None]], label: Callable[[str], str]) -> None:
    """A screen's parts as tabs (:func:`bound_tabs`, one a name of ``parts``, in its order); only the open one is
    drawn, by its ``parts[name]()``."""
    panes = bound_tabs(b, list(parts), label)
    for draw, pane in zip(parts.values(), panes, strict=True):
        if pane.open:
            with pane:
                draw()


SCORER_COLUMNS = ("W_k1", "W_k2", "U_k", "v_k", "b_k")
# what the reader sees above each column: the symbols of the LaTeX on the screens, h_{j,1} as hⱼ,₁
COLUMN_LABELS = {"h1": "hⱼ,₁", "h2": "hⱼ,₂", "W_k1": "Wₖ,₁", "W_k2": "Wₖ,₂", "U_k": "Uₖ", "v_k": "vₖ", "b_k": "bₖ"}


STATE_KEY = "w_s"  # the state slider's widget key, on every screen that has it
STATE_STEP = 0.05  # its step: every value it can show is a point of the charts it scrubs
STATE = Channel(STATE_KEY, "s")  # the charts it scrubs tag their rows with s


@functools.lru_cache(maxsize=64)
def state_grid(s: float) -> np.ndarray:
    """Every value of s the state slider can show, and ``s`` itself (a link may set one between its steps): (N,).
    Made once a state and shared, so read-only."""
    grid = slider_states(*state.S_RANGE, STATE_STEP, also=s)
    grid.flags.writeable = False
    return grid


def state_scrub(m: Model) -> Scrub:
    """How a chart follows the state slider (see :mod:`ui.scrub`), drawn at the value :func:`ui.sections.pinned`."""
    return Scrub(STATE, sections.pinned(STATE_KEY, m.s))


X = TypeVar("X")


def state_chart(
    name: str,
    caption: str,
    m: Model,
    build: Callable[[np.ndarray, Scrub], tuple[Spec, X]],
    rows: Callable[[X], Rows],
    depends: Hashable = (),
    scrubbed: bool = True,
    free: Iterable[str] = (),
) -> None:
    """A chart that follows the state slider, kept for the link's settings but s and ``free``
    (:func:`ui.layout.kept_chart`).

    ``build(over, scrub)`` makes it at every state of the grid ``over`` (:func:`state_grid`), drawn at the
    slider's pinned value, and returns with the spec what ``rows`` picks its numbers at the state ``m.s`` from.
    It depends on s only through the grid (a link's s between the steps is one of its points) and the pinned value.
    A chart not ``scrubbed`` (one whose numbers do not change with s) is described by its numbers.
    """
    over, scrub = state_grid(m.s), state_scrub(m)
    layout.kept_chart(
        name,
        caption,
        lambda: build(over, scrub),
        rows,
        scrubbed=scrubbed,
        free=(state.S_KEY, *free),
        depends=(scrub, over.tobytes(), depends),
    )


def state_rows_chart(
    name: str,
    caption: str,
    m: Model,
    rows: Callable[[np.ndarray], Rows],
    spec: Callable[[Rows, Scrub], Spec],
    shown: Callable[[Rows], Rows] = lambda rows: rows,
    depends: Hashable = (),
) -> None:
    """:func:`state_chart` of a chart drawn from ``rows(over)``, rows tagged with 's' at every state of the grid;
    its numbers are those rows at the state ``m.s`` (as ``shown`` names them for the reader)."""

    def build(over: np.ndarray, scrub: Scrub) -> tuple[Spec, Rows]:
        drawn = rows(over)
        return spec(drawn, scrub), drawn

    state_chart(name, caption, m, build, lambda drawn: shown(at_state(drawn, m.s)), depends)


STATE_OWNER = "_state_owner"  # the key of the section that draws the state slider in this view
PENDING = "_state_pending"  # the state a button set, for the slider to show when its section draws it


def state_control(narrow: bool = False) -> Model:
    """The state slider and its buttons for states A and B, in a section of their own (see :mod:`ui.sections`).

    Moving the slider reruns only what follows it (:func:`ui.sections.follows`); the charts it scrubs have
    moved already, in the browser. Returns the model at the state the slider shows.
    """
    st.session_state[STATE_OWNER] = "state"
    _state_slider_section(narrow)
    return state.model()


@sections.section("state")
def _state_slider_section(narrow: bool = False) -> None:
    state_slider(state.model(), narrow=narrow)


def state_section(box: DeltaGenerator, narrow: bool = False, then: Callable[[], None] | None = None) -> None:
    """The state slider drawn into ``box`` by a section drawn here, after what it scrubs, which also draws
    ``then()`` again on every release (:func:`ui.sections.slider_section`): for a screen whose parts that read
    s are drawn in the places the screen kept for them."""
    st.session_state[STATE_OWNER] = f"slider.{STATE_KEY}"
    sections.slider_section(STATE_KEY, box, lambda: state_slider(state.model(), narrow=narrow).s, then)


def state_slider(m: Model, key: str = STATE_KEY, narrow: bool = False) -> Model:
    """The scalar decoder state s, with buttons for the article's states A and B (in a row below it where
    ``narrow``).

    The slider and the buttons store s in their callbacks, before the script runs, so that whatever draws
    before them in a run reads the state the reader set, and rerun what follows the state.
    """
    if PENDING in st.session_state:  # a button set s: the slider shows it (see _set_state)
        st.session_state[key] = st.session_state.pop(PENDING)
    state.seed(key, m.s)
    lo, hi = state.S_RANGE
    if narrow:  # the buttons in one row below the slider, on a phone too (stacked, they pushed the charts down)
        left = st.container()
        row = st.container(horizontal=True, gap="small")
        a, b = row.container(width="content"), row.container(width="content")
    else:
        left, a, b = st.columns([6, 1, 1], vertical_alignment="bottom")
    with a:
        st.button(
            t("widget.state_a"),
            key=f"{key}_A",
            help=t("widget.state_a_help"),
            on_click=_set_state,
            args=(key, STATES["A"]),
        )
    with b:
        st.button(
            t("widget.state_b"),
            key=f"{key}_B",
            help=t("widget.state_b_help"),
            on_click=_set_state,
            args=(key, STATES["B"]),
        )
    with left:
        s = st.slider(
            t("widget.state"),
            lo,
            hi,
            step=STATE_STEP,
            key=key,
            help=t("widget.state_help"),
            on_change=_set_state,
            args=(key,),
        )
    return Model(m.tokens, m.H, m.params, float(s))


def stored_slider(
    b: Binding[float], label: str, low: float, high: float, step: float, help: str | None = None
) -> float:
    """A slider for the URL-backed number ``b`` that stores its value in its callback, before the script runs, as
    :func:`state_slider` does: for a slider drawn by its own section (:func:`ui.sections.slider_section`) after
    the charts it scrubs, which read the value the reader set from the shared state."""
    state.seed(b.widget_key, state.get(b))
    return float(st.slider(label, low, high, step=step, key=b.widget_key, help=help, on_change=_store, args=(b,)))


def _store(b: Binding[float]) -> None:
    """A stored slider's callback: its value stored (a slider's values are within its range), and the sections
    that follow it rerun (:func:`ui.sections.rerun_followers`)."""
    if b.widget_key not in st.session_state:  # forgotten by a move in the same rerun (see _set_state)
        return
    state.put(b, float(st.session_state[b.widget_key]))
    sections.rerun_followers(b.widget_key)


def _set_state(key: str, s: float | None = None) -> None:
    """The state slider's and its buttons' callback: s stored, and what follows the state rerun, with the slider's
    own section when a button set ``s`` (which then puts the slider at ``s`` as it draws it: a value set in a
    callback before a rerun of sections by their keys does not reach the slider's display in Streamlit 1.67)."""
    if s is None and key not in st.session_state:
        # a drag and a move to another step in one rerun (Next pressed, or a clicker's key, while the slider's
        # value was on its way): the move's callback ran first and forgot the step's widgets; the move wins
        return
    if s is not None:
        st.session_state[PENDING] = s
    state.set_state(s if s is not None else st.session_state[key])
    owner = st.session_state.get(STATE_OWNER, "state")
    sections.rerun_followers(key, also=(owner,) if s is not None else ())


def _finite_table(df: pd.DataFrame, columns: tuple[str, ...], field: str) -> np.ndarray:
    """The table's numeric columns as an array, or ValueError naming the first bad cell."""
    if len(df) == 0:
        raise ValueError(t("widget.no_rows"))
    values = np.empty((len(df), len(columns)))
    for i, row in enumerate(zip(*(df[col].tolist() for col in columns), strict=True)):  # cells as entered, by row
        for k, (col, x) in enumerate(zip(columns, row, strict=True)):
            try:
                x = codec.number_of(x)
            except (TypeError, ValueError):
                raise ValueError(t("widget.bad_cell", row=i + 1, column=COLUMN_LABELS[col], value=x)) from None
            if not math.isfinite(x):
                raise ValueError(t("widget.empty_cell", row=i + 1, column=COLUMN_LABELS[col]))
            if abs(x) > state.MAX_ABS:
                raise ValueError(
                    t("widget.huge_cell", row=i + 1, column=COLUMN_LABELS[col], limit=f"{state.MAX_ABS:g}")
                )
            values[i, k] = x
    return values


def edits_fit(edits: object, rows: int, columns: Collection[str]) -> bool:
    """Whether a data editor's edits (``{"edited_rows": {"0": {column: value}}, "added_rows": [...],
    "deleted_rows": [...]}``, as the browser sends them) name only rows and columns of a table of ``rows`` rows
    and these ``columns``, rows added included. A browser's editor sends nothing else; a forged message may."""
    if not isinstance(edits, Mapping):
        return False
    edited, added, deleted = edits.get("edited_rows", {}), edits.get("added_rows", []), edits.get("deleted_rows", [])
    if not (isinstance(edited, Mapping) and isinstance(added, list) and isinstance(deleted, list)):
        return False
    known = set(columns)
    every = rows + len(added)

    def row_in(r: object, n: int) -> bool:
        k = codec.whole_of(str(r))
        return k is not None and k < n

    return (
        all(row_in(r, every) and isinstance(c, Mapping) and set(c) <= known for r, c in edited.items())
        and all(isinstance(a, Mapping) and set(a) <= known | {"_index"} for a in added)
        and all(row_in(r, rows) for r in deleted)
    )


def python_names(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` with its column names held as Python strings, not pandas 3's default pyarrow strings. Streamlit's
    data editor indexes the names on every run; on pyarrow strings that is a pyarrow compute call, which lets go
    of the GIL, and the script thread then waits for the server's event loop to give it back (see
    :mod:`ui.message_hash`): 1.1 ms of screen 3's 8 ms run, measured. (A column of text stays as pandas makes
    it: held as Python strings, the editor's check of its values costs more than it saves.)"""
    out = df.copy()
    out.columns = pd.Index([str(c) for c in df.columns], dtype=object)
    return out


def _editor(key: str, base: Callable[[], pd.DataFrame], name: str, **kwargs) -> pd.DataFrame:
    """A data editor whose starting table ``base()`` is fixed for this visit, so edits are not reset (and it is
    made only when the visit's first run needs it). Edits naming a row or a column the table does not have (a
    forged message: a browser's editor sends none) are dropped with a notice naming the table (the message
    ``name``), the table shown as it started."""
    forged.text_field(key, name)
    field = t(name)
    base_key = f"{key}_base"
    if key not in st.session_state or base_key not in st.session_state:
        st.session_state[base_key] = python_names(base())
    table = st.session_state[base_key]
    if key in st.session_state and not edits_fit(st.session_state[key], len(table), [str(c) for c in table.columns]):
        del st.session_state[key]
        st.error(plain(t("widget.edits_dropped", field=field)), icon=":material/error:")
    return st.data_editor(table, key=key, **kwargs)


def sources_editor(m: Model, key: str = "w_sources") -> Model:
    """The source tokens and their 2-D representations h_j, one row a position."""
    edited = _editor(
        key,
        lambda: pd.DataFrame({"token": list(m.tokens), "h1": m.H[:, 0], "h2": m.H[:, 1]}),
        "widget.sources",
        num_rows="dynamic",
        hide_index=True,
        width="stretch",
        column_config={
            "token": st.column_config.TextColumn(t("widget.token"), required=True, max_chars=codec.MAX_WORD),
            "h1": st.column_config.NumberColumn(COLUMN_LABELS["h1"], format="%.3f", required=True),
            "h2": st.column_config.NumberColumn(COLUMN_LABELS["h2"], format="%.3f", required=True),
        },
    )
    field = t("widget.sources")
    try:
        tokens = [str(x).strip() if x is not None and not pd.isna(x) else "" for x in edited["token"]]
        for i, tok in enumerate(tokens):
            if not tok or any(ch.isspace() for ch in tok):
                raise ValueError(t("widget.bad_token", row=i + 1))
            if len(tok) > codec.MAX_WORD:  # the browser's cell stops at it; a forged edit may not
                raise ValueError(t("codec.long_word", most=codec.MAX_WORD))
        H = _finite_table(edited, ("h1", "h2"), field)
        H = state.check_sources_2d(tokens, H)
        new = Model(tuple(tokens), H, m.params, m.s)
        state.set_model(new)
    except ValueError as exc:
        field_error(field, str(exc))
        return m
    return new


def scorer_editor(m: Model, key: str = "w_scorer") -> Model:
    """The additive scorer's parameters, one row a hidden unit k: (W_k1, W_k2, U_k, v_k, b_k)."""
    p = m.params
    edited = _editor(
        key,
        lambda: pd.DataFrame(np.column_stack([p.W, p.U, p.v, p.b]), columns=list(SCORER_COLUMNS)),
        "widget.scorer",
        num_rows="dynamic",
        hide_index=True,
        width="stretch",
        # five columns of 62 px fit a phone's width (390 px) beside nothing else
        column_config={
            c: st.column_config.NumberColumn(COLUMN_LABELS[c], format="%.3f", required=True, width=62)
            for c in SCORER_COLUMNS
        },
    )
    field = t("widget.scorer")
    try:
        X = _finite_table(edited, SCORER_COLUMNS, field)
        params = state.check_scorer(X[:, 0:2], X[:, 2:3], X[:, 3], X[:, 4])
        new = Model(m.tokens, m.H, params, m.s)
        state.set_model(new)
    except ValueError as exc:
        field_error(field, str(exc))
        return m
    return new
