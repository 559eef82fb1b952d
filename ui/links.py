"""What a link's setting is, the few parsers that read every setting, and where the settings are declared.

A screen's settings (an interval, a switch, a sentence...) are declared beside
the screen, in its package's ``settings`` module (``screens/scoring/settings.py``
for ``screens/3_scoring.py``), as :class:`Binding` values made with the shared
parsers here: a number in a range (:func:`number`, :func:`clamped`,
:func:`position`), a choice (:func:`choice`), a switch (:func:`switch`), a
sentence's tokens (:func:`parse_source`, :func:`parse_target`). The frame's two
settings, the reader's language and presenter mode, are declared here.

:func:`settings` finds every screen's settings module (one a screen of
``screens/``, in the screens' order) the first time it is asked: the shared
state (:mod:`ui.state`) knows every key and its default from it, so what a
copied link contains never depends on which screens a server has drawn, and a
key is never dropped because its screen has not run yet in this process.
Another screen or a shared view in ``ui/`` that reads a setting (the
walkthrough shows several screens' settings) imports it from its screen's
settings module.

A binding holds no session state itself: :func:`ui.state.get` and
:func:`ui.state.put` read and write its value, and :func:`ui.widgets.bound`
draws the widget that edits it.
"""

from __future__ import annotations

import functools
import importlib
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from core.recurrent import check_tokens
from ui import codec
from ui.text import available_languages, t

V = TypeVar("V")

S_RANGE = (-5.0, 5.0)  # the scalar state's slider range (shared by every screen)
MAX_POSITIONS = 12  # source positions the 2-D screens accept
SCREENS = Path(__file__).resolve().parent.parent / "screens"


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
        raise ValueError(t("class.bad_link_code", value=codec.cut(text), length=CODE_LENGTH))
    return code


CLASS = Binding("class", "", parse_class)  # the class this session teaches or attends (ui.classroom)
TEACHER_KEY = "teacher"  # the private teacher link's secret: read once by ui.classroom, never written back
PRIVATE = (TEACHER_KEY,)  # keys a link may carry that are not settings: no notice, never written back

# --- Every setting, found beside its screen -------------------------------------------------------

HOME = "walkthrough"  # the package of the home page's settings (its walkthrough's step)


def settings_modules() -> list[str]:
    """The settings modules of the screens, in the screens' order (``screens/N_name.py`` by N, then the home
    page's), each ``screens.<name>.settings`` where ``screens/<name>/settings.py`` exists."""
    numbered = sorted(
        (int(m.group(1)), m.group(2)) for p in SCREENS.glob("*.py") if (m := re.fullmatch(r"(\d+)_(\w+)\.py", p.name))
    )
    names = [name for _, name in numbered] + [HOME]
    return [f"screens.{name}.settings" for name in names if (SCREENS / name / "settings.py").is_file()]


def declared(module: object) -> list[Binding]:
    """The bindings a module declares at its top level, in the order it declares them (a tuple of bindings, as a
    screen's group of numbers, counts as its members)."""
    found: list[Binding] = []
    for value in vars(module).values():
        members = value if isinstance(value, tuple) else (value,)
        found += [b for b in members if isinstance(b, Binding) and b not in found]
    return found


@functools.cache
def settings() -> tuple[Binding, ...]:
    """Every setting a link may carry, in the order a link writes them: the language, each screen's settings in
    the screens' order, presenter mode. Raises KeyError if two settings share a key."""
    found = [LANG]
    for name in settings_modules():
        found += [b for b in declared(importlib.import_module(name)) if b not in found and b is not PRESENT]
    found += [PRESENT, CLASS]
    keys = [b.key for b in found]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise KeyError(f"link keys declared twice: {', '.join(twice)}")
    return tuple(found)
