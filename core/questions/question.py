"""A question of the bank, the settings it is asked under, and the door every answer comes in by.

A *family* (``compare.weight``: the weight on one word at a state s) asks one question under many *settings*:
the values it is computed from (the state s, the sources H, a sentence, a snapshot...). Under each setting
``core`` computes the answer, never a person; a second try under another setting is not a memorised answer.

- :class:`Question`: what an interface shows and checks. Its words are not here: the interface words it from
  message keys built from its id, ``q.<place>.<name>.prompt`` and the explanation ``q.<place>.<name>.why`` (or
  ``.why_<why>``, a variant the answer picks), filled with ``fields``; a choice's options from
  ``q.<place>.<name>.option_<option>`` (or ``q.term.<option>`` when ``named``). A field is a number, a literal
  word (a word of the toy language), :class:`Word` (a word of the question's source or target sentence, which
  the interface shows in the reader's reading of the worked example), :class:`Named` (a term, ``q.term.<id>``),
  or a tuple of numbers (a list, a vector; nested, a matrix).
- A wrong option may have a "why not", shown to a reader who chose it: the misconception behind that option, with
  numbers computed for the setting. ``misses`` lists the options that have one (never the answer), each with the
  fields its message adds to ``fields``. A choice's is ``q.<place>.<name>.miss_<option>``, worded from ``fields``
  alone (every choice of three or more options has one for each wrong option; with two, the explanation already
  refutes the only wrong one); a point pick's options are positions, so its one message ``q.<place>.<name>.miss``
  is filled with the point's own fields (the mix of the sources that would give it).
- Kinds: "choice", one of ``options`` (ids such as "uniform"); "pick", one of ``options`` = "1".."n", the word
  ``picks[k - 1]`` or the point ``points[k - 1]`` picked on a chart (a word pick read from attention weights
  carries the weight on each word offered, ``weights``, for the interface to draw); "number", a finite number in
  [low, high], right within ``tolerance``.
- :func:`admit` is the door: an answer that is no option, not finite or outside the range is refused, so a
  server can call it on every answer a student sends. :func:`check` says whether an admitted answer is right.
- :class:`Family` draws settings (:meth:`Family.settings`) and asks (:meth:`Family.ask`). A setting whose answer
  would be ambiguous (two options within the tolerance, a tie, a near-zero sign) is never drawn, and asking
  under one raises :class:`Ambiguous`. A setting is a frozen dataclass of numbers, strings and tuples of them;
  :func:`setting_json` and :meth:`Family.setting_from_json` carry it through small JSON unchanged.
"""

from __future__ import annotations

import math
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Literal, NamedTuple, Union

import numpy as np

from core.refusal import Refusal

Kind = Literal["choice", "number", "pick"]
KINDS: tuple[Kind, ...] = ("choice", "number", "pick")
MAX_DRAWS = 2000  # draws a family may reject in a row before its generator is called broken


class Word(NamedTuple):
    """Word ``j`` (0-based) of a question's ``source`` sentence, or of its ``target`` sentence (side "target")."""

    j: int
    side: Literal["source", "target"] = "source"


class Named(NamedTuple):
    """A term the interface words as the message ``q.term.<id>`` (a model's name, a question asked)."""

    id: str


Field = Union[float, int, str, Word, Named, tuple]  # noqa: UP007 (a runtime alias)
Point = tuple[float, float]


class Ambiguous(Refusal):
    """A setting under which a question's answer is not clear-cut: two options within the tolerance, a tie, a sign
    too close to zero. Such a setting is never drawn, and asked under it a family refuses."""

    def __init__(self, family: str, reason: str) -> None:
        super().__init__(f"{family}: ambiguous under this setting ({reason})", "question.ambiguous", id=family)
        self.reason = reason


@dataclass(frozen=True)
class Posed:
    """What a family computes under one setting: everything of a :class:`Question` but its name and setting."""

    kind: Kind
    answer: str | float
    fields: Mapping[str, Field] = field(default_factory=dict)
    options: tuple[str, ...] = ()
    picks: tuple[Word | str, ...] = ()
    points: tuple[Point, ...] = ()
    plane: tuple[Point, ...] = ()
    weights: tuple[float, ...] = ()
    source: tuple[str, ...] = ()
    target: tuple[str, ...] = ()
    low: float = 0.0
    high: float = 0.0
    tolerance: float = 0.0
    increment: float = 0.0
    why: str = "why"
    named: bool = False
    misses: Mapping[str, Mapping[str, Field]] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    """One question under one setting, with its answer computed.

    id: "<place>.<name>", place a walkthrough step's name or a screen's; step: the walkthrough step it belongs
    to (None for a screen's own); screen: the screen it belongs to (its navigation key without "nav.").
    For "choice" and "pick" ``answer`` is an option id; for "number" a float in [low, high], right within
    ``tolerance``, entered in steps of ``increment`` (1 for a whole number). ``why`` names the explanation's
    message (see the module docstring); ``fields`` fill the prompt and the explanation alike.
    """

    id: str
    step: str | None
    screen: str
    setting: object
    kind: Kind
    answer: str | float
    fields: Mapping[str, Field] = field(default_factory=dict)
    options: tuple[str, ...] = ()
    picks: tuple[Word | str, ...] = ()  # a word pick: option "k" is picks[k - 1]
    points: tuple[Point, ...] = ()  # a point pick: option "k" is points[k - 1], a point of the plane (x, y)
    plane: tuple[Point, ...] = ()  # a point pick's sources h_j, one a row (the j-th the source's word j): the points
    # are read against them (the triangle they span)
    weights: tuple[float, ...] = ()  # a word pick read from attention weights: the weight on each word offered (picks
    # order), the answer the word weighted most
    source: tuple[str, ...] = ()  # the source sentence a Word indexes
    target: tuple[str, ...] = ()  # the target sentence a Word(j, "target") indexes
    low: float = 0.0
    high: float = 0.0
    tolerance: float = 0.0
    increment: float = 0.0
    why: str = "why"
    named: bool = False  # a choice whose options are terms (models...), worded as Named ones are
    misses: Mapping[str, Mapping[str, Field]] = field(default_factory=dict)  # a wrong option's "why not": option ->
    # the fields its message adds to ``fields`` (see the module docstring)

    @property
    def place(self) -> str:
        return self.id.split(".")[0]

    @property
    def name(self) -> str:
        return self.id.split(".")[1]

    @property
    def whole(self) -> bool:
        """Whether a number question's answer is entered as a whole number (in steps of 1)."""
        return self.kind == "number" and self.increment == 1


def misses_of(options: tuple[str, ...], answer: str) -> dict[str, Mapping[str, Field]]:
    """Every option but the answer, each with a "why not" worded from the question's ``fields`` alone (a choice's)."""
    return {option: {} for option in options if option != answer}


def pick_options(n: int) -> tuple[str, ...]:
    """The option ids of a pick among n words or points: "1".."n" (as the article counts positions)."""
    return tuple(str(k) for k in range(1, n + 1))


# --- The door: admissible answers, and right ones ---------------------------------------------------------------


def admit(question: Question, answer: object) -> str | float:
    """``answer`` as the question takes it (an option id, or a float), or a :class:`Refusal` saying why not: an option
    the question does not have, a number that is not a finite real or lies outside [low, high]."""
    if question.kind in ("choice", "pick"):
        if not isinstance(answer, str) or answer not in question.options:
            raise Refusal(
                f"{question.id}: expected one of {list(question.options)}, got {answer!r:.40}",
                "question.option",
                id=question.id,
            )
        return answer
    if isinstance(answer, bool) or not isinstance(answer, int | float | np.integer | np.floating):
        raise Refusal(f"{question.id}: expected a number, got {answer!r:.40}", "question.number", id=question.id)
    x = float(answer)
    if not math.isfinite(x):
        raise Refusal(f"{question.id}: expected a finite number, got {x}", "question.number", id=question.id)
    if not question.low <= x <= question.high:
        raise Refusal(
            f"{question.id}: expected a number from {question.low:g} to {question.high:g}, got {x:g}",
            "question.range",
            id=question.id,
            low=question.low,
            high=question.high,
        )
    return x


def admissible(question: Question, answer: object) -> bool:
    """Whether :func:`admit` takes ``answer``."""
    try:
        admit(question, answer)
    except Refusal:
        return False
    return True


ROUNDING = 1e-9  # a number entered as the tolerance's edge, in decimal, is still within it


def check(question: Question, answer: object) -> bool:
    """Whether ``answer`` is right: the right option, or a number within the tolerance of the answer (a refused
    answer raises :class:`Refusal`, see :func:`admit`)."""
    given = admit(question, answer)
    if question.kind == "number":
        return abs(float(given) - float(question.answer)) <= question.tolerance + ROUNDING
    return given == question.answer


# --- Ambiguity rules shared by the families ----------------------------------------------------------------------


def clear_lead(family: str, values: np.ndarray, margin: float) -> int:
    """The index of the largest of ``values`` (T,), or :class:`Ambiguous` when the second is within ``margin``."""
    order = np.argsort(values)[::-1]
    if len(values) > 1 and values[order[0]] - values[order[1]] < margin:
        raise Ambiguous(family, f"the two largest are within {margin:g}")
    return int(order[0])


def clear_sign(family: str, x: float, margin: float) -> int:
    """+1 or -1, the sign of ``x``, or :class:`Ambiguous` when |x| < margin."""
    if abs(x) < margin:
        raise Ambiguous(family, f"|{x:.2g}| is below {margin:g}")
    return 1 if x > 0 else -1


def apart(family: str, points: np.ndarray, margin: float) -> None:
    """:class:`Ambiguous` when two of ``points`` (n, 2) lie within ``margin`` of each other."""
    gaps = np.linalg.norm(points[:, None, :] - points[None, :, :], axis=-1)  # (n, n)
    np.fill_diagonal(gaps, np.inf)
    if gaps.min() < margin + ROUNDING:  # at the margin to a hair too: 0.1 in one sum is 0.0999… in another
        raise Ambiguous(family, f"two points lie within {margin:g} of each other")


# --- Settings as JSON --------------------------------------------------------------------------------------------


def setting_json(setting: object) -> dict[str, object]:
    """A setting as JSON-ready data: its fields, tuples as lists."""

    def plain(x: object) -> object:
        return [plain(y) for y in x] if isinstance(x, tuple) else x

    return {f.name: plain(getattr(setting, f.name)) for f in fields(setting)}


def _convert(name: str, value: object, hint: object) -> object:
    """``value`` read from JSON as the type ``hint`` says (float, int, str, or tuples of them); Refusal otherwise."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple):
            raise Refusal(f"setting: {name} must be a list", "question.setting", name=name)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(name, v, args[0]) for v in value)
        if len(value) != len(args):
            raise Refusal(f"setting: {name} must have {len(args)} entries", "question.setting", name=name)
        return tuple(_convert(name, v, a) for v, a in zip(value, args, strict=True))
    if hint is float and isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    if hint is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if hint is str and isinstance(value, str):
        return value
    raise Refusal(f"setting: {name} must be of type {getattr(hint, '__name__', hint)}", "question.setting", name=name)


def setting_from_json(cls: type, data: object) -> object:
    """The setting of class ``cls`` that :func:`setting_json` wrote as ``data``; Refusal for missing, unknown or
    mistyped fields."""
    if not isinstance(data, Mapping):
        raise Refusal("setting: expected an object", "question.setting", name="")
    hints = typing.get_type_hints(cls)
    names = [f.name for f in fields(cls)]
    if sorted(data) != sorted(names):
        raise Refusal(f"setting: expected the fields {names}, got {sorted(data)}", "question.setting", name="")
    return cls(**{n: _convert(n, data[n], hints[n]) for n in names})


# --- A family of questions ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Family:
    """One question asked under many settings.

    ``draw(rng)`` proposes a setting of class ``setting``, perhaps an ambiguous one; ``pose(setting)`` computes the
    question under it, raising :class:`Ambiguous` where its answer is not clear-cut. ``default`` is the setting of
    the view the question belongs to (the walkthrough step's own values). ``printed``: the screen writes the answer
    at the reader's state (a weight on its bar), so a screen asks it at another state (:func:`core.questions.at_state`).
    """

    id: str
    step: str | None
    screen: str
    setting: type
    default: object
    draw: Callable[[np.random.Generator], object]
    pose: Callable[[object], Posed]
    printed: bool = False

    def ask(self, setting: object | None = None) -> Question:
        """The question under ``setting`` (the default setting when None); :class:`Ambiguous` if it is ambiguous."""
        chosen = self.default if setting is None else setting
        if not isinstance(chosen, self.setting):
            raise TypeError(f"{self.id}: expected a {self.setting.__name__}, got {type(chosen).__name__}")
        posed = self.pose(chosen)
        computed = {f.name: getattr(posed, f.name) for f in fields(posed)}
        return Question(self.id, self.step, self.screen, chosen, **computed)

    def settings(self, rng: np.random.Generator) -> object:
        """A setting drawn with ``rng`` under which the question is not ambiguous (ambiguous draws are redrawn)."""
        for _ in range(MAX_DRAWS):
            candidate = self.draw(rng)
            try:
                self.pose(candidate)
            except Ambiguous:
                continue
            return candidate
        raise RuntimeError(f"{self.id}: {MAX_DRAWS} draws in a row were ambiguous")

    def setting_from_json(self, data: object) -> object:
        """The setting :func:`setting_json` wrote, read back (:class:`Refusal` for data that is not one)."""
        return setting_from_json(self.setting, data)
