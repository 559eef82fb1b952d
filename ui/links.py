"""What a link's setting is, the few parsers that read every setting, and the frame's own settings.

A screen's settings (an interval, a switch, a sentence...) are declared in
:mod:`ui.settings` (``ui/settings/scoring.py`` for screen 3), as
:class:`Binding` values made with the shared parsers here: a number in a range
(:func:`number`, :func:`clamped`, :func:`position`), a choice (:func:`choice`),
a switch (:func:`switch`), a sentence's tokens (:func:`parse_source`,
:func:`parse_target`). The frame's settings, the reader's language, presenter
mode and the class, are declared here; :func:`ui.settings.every` lists them all.

A binding holds no session state itself: :func:`ui.state.get` and
:func:`ui.state.put` read and write its value, and :func:`ui.widgets.bound`
draws the widget that edits it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from core.recurrent import check_tokens
from ui import codec
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


class Explained(ValueError):
    """A link value refused with a message that says it all to a reader, shown as it is (the default used): not
    wrapped in the general notice that names the setting's key."""


# --- Checks shared by the parsers and the widgets -------------------------------------------------


def checked_number(x: object, lo: float, hi: float, whole: bool = False, open_low: bool = False) -> float:
    """``x`` if it is a finite number within [lo, hi] ((lo, hi] with ``open_low``); ValueError otherwise."""
    if x is None:
        raise ValueError(t("learn.bad_empty"))
    try:
        value = codec.number_of(x)
    except (TypeError, ValueError):
        raise ValueError(t("learn.bad_number", value=codec.cut(str(x)))) from None
    if not math.isfinite(value):
        raise ValueError(t("learn.bad_number", value=codec.cut(str(x))))
    shown = codec.cut(x.strip() if isinstance(x, str) else codec.format_number(value))  # as given, every digit
    if whole and value != int(value):
        raise ValueError(t("learn.bad_whole", lo=f"{lo:g}", hi=f"{hi:g}", value=shown))
    if value > hi or value < lo or (open_low and value == lo):
        key = "learn.bad_whole" if whole else "learn.bad_positive" if open_low else "learn.bad_range"
        raise ValueError(t(key, lo=f"{lo:g}", hi=f"{hi:g}", value=shown))
    return int(value) if whole else value


def number(lo: float, hi: float, whole: bool = False, open_low: bool = False) -> Callable[[str], float]:
    """A link parser for a finite number in [lo, hi] ((lo, hi] with ``open_low``; a whole one, as an int, with
    ``whole``); ValueError, with the reason, otherwise (see :func:`checked_number`)."""

    def parse(text: str) -> float:
        codec.parse_number(text)  # what is not a number is refused in the words a link's number is
        return checked_number(text, lo, hi, whole=whole, open_low=open_low)  # a refusal repeats the text as given

    return parse


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
        raise Adjusted(t("link.clamped", value=codec.cut(text.strip()), lo=f"{lo:g}", hi=f"{hi:g}"), bound)

    return parse


@dataclass(frozen=True)
class Choice:
    """A link parser for one of ``names`` (a setting's choices: its tabs, its options)."""

    names: tuple[str, ...]

    def __call__(self, text: str) -> str:
        if text not in self.names:
            raise ValueError(t("link.bad_choice", value=codec.cut(text), names=", ".join(self.names)))
        return text


def choice(names: Iterable[str]) -> Choice:
    """A link parser for one of ``names``."""
    return Choice(tuple(names))


def parse_switch(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(t("link.bad_switch", value=codec.cut(text)))
    return text == "1"


def switch_text(on: bool) -> str:
    return "1" if on else "0"


def switch(key: str, default: bool = False) -> Binding[bool]:
    """A setting that is on or off: ``1`` or ``0`` in the link."""
    return Binding(key, default, parse_switch, switch_text)


# --- A sentence's tokens (screens 1 and 8) -------------------------------------------------------

MAX_SOURCE = 40  # tokens of the source sentence
MAX_TARGET = 10  # target steps


def parse_source(text: str) -> list[str]:
    return check_tokens("source", codec.parse_tokens(text, MAX_SOURCE), MAX_SOURCE)


def parse_target(text: str) -> list[str]:
    return check_tokens("target", codec.parse_tokens(text, MAX_TARGET), MAX_TARGET)


# --- The frame's settings: the reader's language, presenter mode ----------------------------------


def parse_language(text: str) -> str:
    """A language code whose catalog is complete (``en``, and ``zh`` or ``fr`` once translated)."""
    if text not in available_languages():
        raise ValueError(t("lang.unknown", value=text[:40], known=", ".join(available_languages())))
    return text


LANG = Binding("lang", "en", parse_language)
PRESENT = switch("present")


def parse_class(text: str) -> str:
    """A class's join code as the link carries it (any case, a space or hyphen between its halves), or none."""
    from classroom.codes import CODE_LENGTH, normalise

    if not text:
        return ""
    code = normalise(text)
    if code is None:
        raise Explained(t("class.bad_link_code", value=codec.cut(text), length=CODE_LENGTH))
    return code


CLASS = Binding("class", "", parse_class)  # the class this session teaches or attends (ui.classroom)
TEACHER_KEY = "teacher"  # the private teacher link's secret: read once by ui.classroom, never written back
PRIVATE = (TEACHER_KEY,)  # keys a link may carry that are not settings: no notice, never written back
