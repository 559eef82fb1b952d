"""Every setting a link may carry: its URL key, its default, and how its text is read and written.

A screen's own settings (an interval, a switch, a sentence...) are declared here
once, before any page runs, as :class:`Binding` values. The shared state
(:mod:`ui.state`) knows every key and its default from this table, so what a
copied link contains never depends on which screens a server has drawn, and a
key is never dropped because its screen has not run yet in this process.

A binding holds no session state itself: :func:`ui.state.get` and
:func:`ui.state.put` read and write its value, and :func:`ui.widgets.bound`
draws the widget that edits it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

import core.translator as tr
from core import selecting
from core.example import TARGET_TOKENS, TOKENS, worked_example
from core.masks import ENCODERS
from core.recurrent import check_tokens
from core.scorers import NONLINEARITIES
from core.translator import run
from ui import codec, reasons
from ui.text import available_languages, t

V = TypeVar("V")

S_RANGE = (-5.0, 5.0)  # the scalar state's slider range (shared by every screen)
MAX_POSITIONS = 12  # source positions the 2-D screens accept


@dataclass(frozen=True)
class Binding(Generic[V]):
    """One URL-backed setting: ``?key=text`` holds ``encode(value)``; ``parse`` reads it back.

    ``parse`` raises ValueError with a reason a reader can act on; the default
    is shown then, with a notice. A number outside its range is not refused but
    moved to the nearest bound: ``parse`` raises :class:`Adjusted` carrying that
    value, shown with a notice. The widget that edits the setting is keyed
    ``w_<key>``.
    """

    key: str
    default: V
    parse: Callable[[str], V]
    encode: Callable[[V], str] = str
    reading: str = ""  # "source" or "target": a sentence whose example default is read in the reader's language

    @property
    def widget_key(self) -> str:
        return f"w_{self.key}"

    @property
    def default_text(self) -> str:
        return self.encode(self.default)


class Adjusted(ValueError):
    """A link value moved into its range: ``value`` is used instead, and the message says why."""

    def __init__(self, message: str, value: object) -> None:
        super().__init__(message)
        self.value = value


# --- Checks shared by the parsers and the widgets -------------------------------------------------


def checked_number(x: object, lo: float, hi: float, whole: bool = False, open_low: bool = False) -> float:
    """``x`` if it is a finite number within [lo, hi] ((lo, hi] with ``open_low``); ValueError otherwise."""
    if x is None:
        raise ValueError(t("learn.bad_empty"))
    try:
        value = float(x)
    except (TypeError, ValueError):
        raise ValueError(t("learn.bad_number", value=codec.cut(str(x)))) from None
    if not math.isfinite(value):
        raise ValueError(t("learn.bad_number", value=codec.cut(str(x))))
    if whole and value != int(value):
        raise ValueError(t("learn.bad_whole", lo=f"{lo:g}", hi=f"{hi:g}", value=f"{value:g}"))
    if value > hi or value < lo or (open_low and value == lo):
        key = "learn.bad_whole" if whole else "learn.bad_positive" if open_low else "learn.bad_range"
        raise ValueError(t(key, lo=f"{lo:g}", hi=f"{hi:g}", value=f"{value:g}"))
    return int(value) if whole else value


def number(lo: float, hi: float, whole: bool = False, open_low: bool = False) -> Callable[[str], float]:
    """A link parser for a finite number in [lo, hi] ((lo, hi] with ``open_low``; a whole one, as an int, with
    ``whole``); ValueError, with the reason, otherwise (see :func:`checked_number`)."""
    return lambda text: checked_number(codec.parse_number(text), lo, hi, whole=whole, open_low=open_low)


def position(key: str, default: int, hi: int = 0) -> Binding[int]:
    """A setting that picks one of at most ``hi`` (default MAX_POSITIONS) positions or tokens: an index from 0 in
    the code, numbered from 1 in the link, as a reader counts."""
    parse = number(1, hi or MAX_POSITIONS, whole=True)
    return Binding(key, default, lambda text: int(parse(text)) - 1, lambda k: str(k + 1))


def clamped(lo: float, hi: float) -> Callable[[str], float]:
    """A link parser for a finite number in [lo, hi]; a number outside is moved to the nearest bound (Adjusted)."""

    def parse(text: str) -> float:
        value = codec.parse_number(text)
        if lo <= value <= hi:
            return value
        bound = lo if value < lo else hi
        raise Adjusted(t("link.clamped", value=codec.cut(f"{value:g}"), lo=f"{lo:g}", hi=f"{hi:g}"), bound)

    return parse


def choice(names: tuple[str, ...]) -> Callable[[str], str]:
    """A link parser for one of ``names``."""

    def parse(text: str) -> str:
        if text not in names:
            raise ValueError(t("link.bad_choice", value=codec.cut(text), names=", ".join(names)))
        return text

    return parse


def parse_switch(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(t("link.bad_switch", value=codec.cut(text)))
    return text == "1"


def _switch(on: bool) -> str:
    return "1" if on else "0"


# --- Screen 1: fixed summary ----------------------------------------------------------------------

MAX_SOURCE = 40  # tokens of the source sentence
MAX_TARGET = 10  # target steps


def parse_source(text: str) -> list[str]:
    return check_tokens("source", codec.parse_tokens(text, MAX_SOURCE), MAX_SOURCE)


def parse_target(text: str) -> list[str]:
    return check_tokens("target", codec.parse_tokens(text, MAX_TARGET), MAX_TARGET)


FIX_SOURCE = Binding("fix_source", list(TOKENS), parse_source, " ".join, reading="source")
FIX_TARGET = Binding("fix_target", list(TARGET_TOKENS), parse_target, " ".join, reading="target")

# --- Screen 2: revisitable source -----------------------------------------------------------------

REV_TABS = ("raw", "hard", "vocab", "same")  # the panels' names in the link
REV_TAB = Binding("rev_tab", REV_TABS[0], choice(REV_TABS))
SAME_FROMS = ("sources", "hand")  # identical sources read with the real sources' weights, or with weights set by hand
SAME_FROM = Binding("same_from", SAME_FROMS[0], choice(SAME_FROMS))


def parse_hand_weights(text: str) -> tuple[float, ...]:
    """Raw weights set by hand, one a position, each in [0, 1]; empty for 'all at 1'."""
    if not text.strip():
        return ()
    values = codec.parse_vector(text, max_len=MAX_POSITIONS)
    return tuple(float(checked_number(x, 0.0, 1.0)) for x in values)


SAME_HAND = Binding("same_w", (), parse_hand_weights, lambda w: ",".join(codec.format_number(x) for x in w))
HAND_WIDGET = "w_same_{j}"  # the slider of position j; its values are stored together in SAME_HAND

# --- Screen 3: scoring ----------------------------------------------------------------------------


LUONG_RANGE = (-10.0, 10.0)  # the entries of q and W_a
SHIFT_RANGE = (-10.0, 10.0)  # the constant added to every score

F = Binding("f", "tanh", choice(tuple(NONLINEARITIES)))
Q1 = Binding("q1", 1.0, clamped(*LUONG_RANGE), codec.format_number)
Q2 = Binding("q2", 0.0, clamped(*LUONG_RANGE), codec.format_number)
WA1 = Binding("wa1", 1.0, clamped(*LUONG_RANGE), codec.format_number)
WA2 = Binding("wa2", -1.0, clamped(*LUONG_RANGE), codec.format_number)
LUONG = (Q1, Q2, WA1, WA2)  # the dot score's query q, then the general score's W_a
SHIFT = Binding("shift", 3.0, clamped(*SHIFT_RANGE), codec.format_number)
SCORE_TABS = ("removed", "shift", "luong")  # screen 3's parts below the scorer, one a tab, in the link
SCORE_TAB = Binding("score_tab", SCORE_TABS[0], choice(SCORE_TABS))

# --- Screen 4: state sweep ------------------------------------------------------------------------

POINTS_RANGE = (20, 2000)


def parse_interval(text: str) -> tuple[float, float]:
    lo, hi = S_RANGE
    ends = codec.parse_vector(text)
    if len(ends) != 2 or not lo <= ends[0] < ends[1] <= hi:
        raise ValueError(t("sweep.bad_link_interval", lo=f"{lo:g}", hi=f"{hi:g}", value=codec.cut(text)))
    return float(ends[0]), float(ends[1])


def ordered_interval(interval: tuple[float, float]) -> tuple[float, float]:
    """An interval of s whose low end is below its high end, as a reader sets it with a range slider (a link's
    interval is checked by :func:`parse_interval`)."""
    low, high = interval
    if low >= high:
        raise ValueError(t("sweep.low_not_below_high"))
    return low, high


SWEEP = Binding("sweep", (-3.0, 3.0), parse_interval, codec.format_vector)
POINTS = Binding("points", 301, number(*POINTS_RANGE, whole=True))
SWEEP_COORD = Binding("coord", 1, number(1, 2, whole=True))  # which coordinate of c the soft/hard chart draws

# --- Screen 5: learning ---------------------------------------------------------------------------

G_LIMIT = 1000.0  # |g_i| the probe accepts
LR_LIMIT = 10.0
STEPS_LIMIT = 500  # steps one press of Run takes


def check_g(x: object) -> float:
    return checked_number(x, -G_LIMIT, G_LIMIT)


def check_lr(x: object) -> float:
    return checked_number(x, 0.0, LR_LIMIT, open_low=True)


def check_steps(x: object) -> float:
    return checked_number(x, 1, STEPS_LIMIT, whole=True)


_g = worked_example().g
LEARN_G = tuple(
    Binding(f"learn_g{k + 1}", float(_g[k]), number(-G_LIMIT, G_LIMIT), codec.format_number) for k in range(len(_g))
)
LEARN_LR = Binding("learn_lr", 0.5, number(0.0, LR_LIMIT, open_low=True), codec.format_number)
LEARN_STEPS = Binding("learn_steps", 100, number(1, STEPS_LIMIT, whole=True), codec.format_number)
LEARN_TARGET = position("learn_target", 2)  # 猫: A reads mostly "I"
TRAINING_STATES = ("s", "AB")  # train at the state s, or at the example's states A and B together


LEARN_STATES = Binding("learn_states", TRAINING_STATES[0], choice(TRAINING_STATES))
LEARN_TARGET_B = position("learn_target_b", 0)  # 我: B reads mostly "cats"
LEARN_PARAMS = Binding("learn_params", False, parse_switch, _switch)  # the table of the scorer's parameters shown
LEARN_TABS = ("check", "train", "derivation", "sequence")  # the screen's parts, one a tab, in the link
LEARN_TAB = Binding("learn_tab", LEARN_TABS[0], choice(LEARN_TABS))

# --- Screen 6: the toy translator -----------------------------------------------------------------

TRANSLATOR_TABS = ("alignment", "results", "forcing", "live")  # the tabs' names in the link
DEFAULT_SENTENCE = "every new blue woman sees his big blue tree with your small red book"


def parse_sentence(text: str) -> str:
    """The sentence in its plain form (lower case, single spaces); ValueError naming unknown words."""
    try:
        return " ".join(tr.tokenize(text))
    except ValueError as exc:
        raise ValueError(reasons.reason(exc)) from None


def parse_step(text: str) -> int:
    steps = tr.snapshot_steps()
    try:
        step = int(text)
    except ValueError:
        step = None
    if step not in steps:
        raise ValueError(t("tr.bad_step", value=codec.cut(text), steps=", ".join(str(s) for s in steps)))
    return step


TR_SENTENCE = Binding("tr_sentence", DEFAULT_SENTENCE, parse_sentence)
# The last snapshot is the shipped model's final step: known from its training settings without loading it.
TR_STEP = Binding("tr_step", run.DEFAULTS["attention"][1].steps, parse_step)
TR_OVERLAY = Binding("tr_overlay", False, parse_switch, _switch)
TR_TAB = Binding("tr_tab", TRANSLATOR_TABS[0], choice(TRANSLATOR_TABS))

# --- Screen 7: what attention is not -------------------------------------------------------------

LIM_ACTION_RANGE = (0.0, 6.0)  # the question's weight on the action phrase
LIM_SHIFT_RANGE = (-4.0, 4.0)  # added to one score e_k
LIM_LENGTH_RANGE = (1, 60)  # source and target lengths T, T'
LIM_D_RANGE = (0, 20)  # the local window's half-width D


LIM_GOAL = Binding("lim_goal", "follow", choice(tuple(selecting.CAFE_GOALS)))
LIM_QUESTION = Binding("lim_question", "where", choice(selecting.QUESTIONS))
LIM_NOT = Binding("lim_not", False, parse_switch, _switch)
LIM_ACTION = Binding("lim_action", 0.0, number(*LIM_ACTION_RANGE), codec.format_number)
LIM_POSITION = position("lim_k", 1)  # the score moved
LIM_SHIFT = Binding("lim_shift", 0.0, number(*LIM_SHIFT_RANGE), codec.format_number)
LIM_T = Binding("lim_T", 20, number(*LIM_LENGTH_RANGE, whole=True), codec.format_number)
LIM_TP = Binding("lim_Tp", 20, number(*LIM_LENGTH_RANGE, whole=True), codec.format_number)
LIM_D = Binding("lim_D", 2, number(*LIM_D_RANGE, whole=True), codec.format_number)
LIM_TABS = ("select", "hard", "work")  # screen 7's parts, one a tab, in the link
LIM_TAB = Binding("lim_tab", LIM_TABS[0], choice(LIM_TABS))
# --- Screen 8: masks and self-attention -----------------------------------------------------------

PROJECTION_LIMIT = 100.0  # |entry| of W_K, W_V, W_Q the screen accepts


Matrix = tuple[tuple[float, ...], ...]  # a small matrix as a value that compares with ==


def projection_parser(rows: int, cols: int) -> Callable[[str], Matrix]:
    """A parser for a rows x cols matrix written '1,0;0,1', entries at most PROJECTION_LIMIT in size."""

    def parse(text: str) -> Matrix:
        X = codec.parse_matrix(str(text), max_rows=8, max_cols=8)  # any small shape, then the one it must be
        if X.shape != (rows, cols):
            raise ValueError(t("sa.bad_shape", rows=rows, cols=cols, shape=f"{X.shape[0]} x {X.shape[1]}"))
        if np.abs(X).max() > PROJECTION_LIMIT:
            raise ValueError(t("sa.bad_size", limit=f"{PROJECTION_LIMIT:g}"))
        return tuple(tuple(float(x) for x in row) for row in X)

    return parse


SA_MASKS = ("none", "causal")
MASK_SOURCE = Binding("mask_source", list(TOKENS), parse_source, " ".join, reading="source")
MASK_TARGET = Binding("mask_target", list(TARGET_TOKENS), parse_target, " ".join, reading="target")
MASK_ENCODER = Binding("mask_encoder", ENCODERS[0], choice(tuple(ENCODERS)))
KV_SEPARATE = Binding("kv", False, parse_switch, _switch)
W_K = Binding("wk", ((-1.0, 0.0), (0.0, -1.0)), projection_parser(2, 2), codec.format_matrix)  # k_j = -h_j
W_V = Binding("wv", ((1.0, 0.0), (0.0, 1.0)), projection_parser(2, 2), codec.format_matrix)
W_Q = Binding("wq", ((1.0, 1.0),), projection_parser(1, 2), codec.format_matrix)  # q_i = h_i1 + h_i2
SA_MASK = Binding("sa_mask", SA_MASKS[0], choice(SA_MASKS))
SA_TABS = ("masks", "keys", "self")  # screen 8's parts, one a tab, in the link
SA_TAB = Binding("sa_tab", SA_TABS[0], choice(SA_TABS))

# --- The walkthrough and presenter mode (home page) -----------------------------------------------

MAX_WALK_STEP = 99  # a larger step number is refused in the link; the walkthrough names its real range


STEP = Binding("step", 0, number(0, MAX_WALK_STEP, whole=True))  # the walkthrough's step; 0 for the home page
PRESENT = Binding("present", False, parse_switch, _switch)

# --- Every screen: the reader's language ----------------------------------------------------------


def parse_language(text: str) -> str:
    """A language code whose catalog is complete (``en``, and ``zh`` or ``fr`` once translated)."""
    if text not in available_languages():
        raise ValueError(t("lang.unknown", value=text[:40], known=", ".join(available_languages())))
    return text


LANG = Binding("lang", "en", parse_language)

VIEWS: tuple[Binding, ...] = (
    LANG,
    FIX_SOURCE,
    FIX_TARGET,
    REV_TAB,
    SAME_FROM,
    SAME_HAND,
    F,
    *LUONG,
    SHIFT,
    SCORE_TAB,
    SWEEP,
    POINTS,
    SWEEP_COORD,
    *LEARN_G,
    LEARN_LR,
    LEARN_STEPS,
    LEARN_TARGET,
    LEARN_STATES,
    LEARN_TARGET_B,
    LEARN_PARAMS,
    LEARN_TAB,
    TR_SENTENCE,
    TR_STEP,
    TR_OVERLAY,
    TR_TAB,
    LIM_GOAL,
    LIM_QUESTION,
    LIM_NOT,
    LIM_ACTION,
    LIM_POSITION,
    LIM_SHIFT,
    LIM_T,
    LIM_TP,
    LIM_D,
    LIM_TAB,
    MASK_SOURCE,
    MASK_TARGET,
    MASK_ENCODER,
    KV_SEPARATE,
    W_K,
    W_V,
    W_Q,
    SA_MASK,
    SA_TAB,
    STEP,
    PRESENT,
)
