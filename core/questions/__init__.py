"""The question bank: "predict, then check", computed by ``core`` (issue 43).

Every question belongs to a family (``compare.weight``, ``hull.point``...) that asks it under a setting; the
answer is computed here under that setting, never typed. At least two families a walkthrough step and one a
screen; each family has a default setting, the view of the step or screen it belongs to, and draws others, so
that a second try is not a memorised answer. Questions are data: an interface words them through its message
catalog (see :mod:`core.questions.question` for the keys and fields), and a class sends them to a room as
``{"id": ..., "setting": ...}`` (:func:`question_json`, :func:`question_from_json`).

API::

    FAMILIES: dict[str, Family]                    # id -> family, in the walkthrough's order, then screens 7 and 8
    family(id) -> Family                           # Refusal for an unknown id
    for_step(name) -> tuple[Family, ...]           # a walkthrough step's families ("compare")
    for_screen(name) -> tuple[Family, ...]         # a screen's families ("revisitable"), its steps' included
    ask(id, setting=None) -> Question              # under the default setting when None; Ambiguous if ambiguous
    at_state(id, s) -> Question                    # at the reader's state s where the setting has one, else default
    takes_interval(id) -> bool                     # whether the family's setting is an interval of s
    within(id, low, high) -> Question | None       # an interval family's, inside the interval a chart shows
    varied_within(id, seed, low, high) -> Question | None   # drawn, inside the interval a chart shows
    on_screen(ids, n, s, low, high) -> Question    # a screen's n-th question, in the reader's view
    varied(id, seed) -> Question                   # under a setting drawn from a seed
    Family.settings(rng) -> setting                # a drawn setting, never an ambiguous one
    admit(question, answer) -> str | float         # the door: Refusal for no option, NaN, out of range
    admissible(question, answer) -> bool
    check(question, answer) -> bool                # right option, or within the tolerance
    question_json(question) -> dict; question_from_json(data) -> Question   # small JSON, round trip
"""

from __future__ import annotations

import dataclasses
import functools
import zlib

import numpy as np

from core.questions import learning, limits, reading, sweep, translation
from core.questions.question import (
    KINDS,
    Ambiguous,
    Family,
    Kind,
    Named,
    Question,
    Word,
    admissible,
    admit,
    check,
    setting_json,
)
from core.refusal import Refusal

FAMILIES: dict[str, Family] = {
    f.id: f
    for f in (
        *translation.FAMILIES[:2],  # step 1, fixed
        *reading.FAMILIES,  # steps 2-5
        *sweep.FAMILIES,  # steps 6-7
        *learning.FAMILIES,  # steps 8-9
        *translation.FAMILIES[2:],  # steps 10-11
        *limits.FAMILIES,  # screens 7 and 8
    )
}


def family(id: str) -> Family:
    """The family named ``id``; a :class:`Refusal` for a name the bank does not have."""
    try:
        return FAMILIES[id]
    except (KeyError, TypeError):
        raise Refusal(f"question: unknown id {id!r:.40}", "question.unknown", id=str(id)[:40]) from None


def for_step(name: str) -> tuple[Family, ...]:
    """The families of the walkthrough step ``name`` (as in screens/walkthrough/steps.py)."""
    return tuple(f for f in FAMILIES.values() if f.step == name)


def for_screen(name: str) -> tuple[Family, ...]:
    """The families of the screen ``name`` (its navigation key without "nav."), those of its walkthrough steps
    included: a screen's "Check yourself"."""
    return tuple(f for f in FAMILIES.values() if f.screen == name)


def ask(id: str, setting: object | None = None) -> Question:
    """Question ``id`` under ``setting`` (its family's default when None)."""
    return family(id).ask(setting)


def at_state(id: str, s: float) -> Question:
    """Question ``id`` at the reader's state ``s`` where its setting holds a state and the answer there is clear-cut
    (a screen's "Check yourself" asks about what the reader is looking at), else under its default setting.

    A family whose answer the screen writes at the reader's state (``Family.printed``: a word's weight on its bar)
    is asked at the mirrored state -s instead (at s = 0, at its default's): the reader predicts it, then moves the
    slider there to check, where at s itself the answer could be read off the screen."""
    f = family(id)
    if dataclasses.is_dataclass(f.default) and any(x.name == "s" for x in dataclasses.fields(f.default)):
        asked = (-s if s != 0 else f.default.s) if f.printed else s  # type: ignore[attr-defined]
        try:
            return f.ask(dataclasses.replace(f.default, s=float(asked) + 0.0))  # + 0.0: never -0.0
        except Refusal:  # ambiguous there (a near-tie, a sign near zero), or a state the family does not ask at
            pass
    return f.ask()


def takes_interval(id: str) -> bool:
    """Whether family ``id``'s setting is an interval of the state s (:func:`within` asks it inside a chart's)."""
    return isinstance(family(id).default, sweep.Interval)


@functools.lru_cache(maxsize=256)
def within(id: str, low: float, high: float) -> Question | None:
    """Question ``id``, whose setting is an interval of s, at the widest interval inside [low, high] (the one the
    reader's chart shows) where its answer is clear-cut (:func:`core.questions.sweep.inside` lists them in order);
    None where the family takes no interval or no interval inside is clear-cut (the lead tied throughout; a question
    on the one switch of an interval where every interval holds none or two)."""
    if not takes_interval(id):
        return None
    for setting in sweep.inside(id, float(low), float(high)):
        try:
            return family(id).ask(setting)
        except Refusal:  # ambiguous on its own finer grid: the next
            continue
    return None


DRAWS = 50  # settings drawn for a question inside a shown interval before the widest clear-cut one is taken


def _draws(id: str, seed: int) -> np.random.Generator:
    """The draws of question ``id``'s settings from ``seed``: the same seed, the same settings; another family's
    question of the same seed, other draws (with the seed alone, every step's second question was asked at the same
    s = -0.15)."""
    return np.random.default_rng([seed, zlib.crc32(id.encode())])


def varied_within(id: str, seed: int, low: float, high: float) -> Question | None:
    """Question ``id``, whose setting is an interval of s, under the first setting drawn from ``seed`` (as
    :func:`varied` draws) that lies inside [low, high], the interval the reader's chart shows; after :data:`DRAWS`
    draws outside it, :func:`within`'s (None where none inside is clear-cut)."""
    if not takes_interval(id):
        return None
    f, rng = family(id), _draws(id, seed)
    for _ in range(DRAWS):
        setting = f.settings(rng)
        if low <= setting.low and setting.high <= high:
            return f.ask(setting)
    return within(id, low, high)


def varied(id: str, seed: int) -> Question:
    """Question ``id`` under a setting its family draws from ``seed`` and its id (:func:`_draws`)."""
    f = family(id)
    return f.ask(f.settings(_draws(id, seed)))


def on_screen(ids: tuple[str, ...], n: int, s: float, low: float, high: float) -> Question:
    """A screen's ``n``-th question, of the families ``ids`` in turn, for a reader at the state ``s`` whose sweep
    chart shows the interval [low, high]: in the first round, in the reader's view (:func:`at_state`, or
    :func:`within` the interval; a family with no clear-cut question there gives its turn to the next, which asks
    under a drawn setting: its own turn asks in view, and the same question twice showed the second time as answered
    already); after that, each family's under a drawn setting (:func:`varied`, an interval drawn inside the one
    shown: :func:`varied_within`)."""
    k = n % len(ids)
    for turn, id in enumerate(ids[k:] + ids[:k]):
        own = n < len(ids) and turn == 0
        if not takes_interval(id):
            return at_state(id, s) if own else varied(id, seed=n)
        shown = within(id, low, high) if own else varied_within(id, n, low, high)
        if shown is not None:
            return shown
    return varied(ids[k], seed=n)


def question_json(question: Question) -> dict[str, object]:
    """What names a question under its setting, as small JSON: {"id": ..., "setting": {...}}."""
    return {"id": question.id, "setting": setting_json(question.setting)}


def question_from_json(data: object) -> Question:
    """The question :func:`question_json` wrote, computed again; a :class:`Refusal` for data that is not one (an
    unknown id, a malformed or an ambiguous setting)."""
    if not isinstance(data, dict) or sorted(data) != ["id", "setting"]:
        raise Refusal("question: expected {'id': ..., 'setting': {...}}", "question.setting", name="")
    f = family(data["id"])
    return f.ask(f.setting_from_json(data["setting"]))


__all__ = [
    "FAMILIES",
    "KINDS",
    "Ambiguous",
    "Family",
    "Kind",
    "Named",
    "Question",
    "Word",
    "admissible",
    "admit",
    "ask",
    "check",
    "family",
    "for_screen",
    "for_step",
    "question_from_json",
    "question_json",
    "setting_json",
    "on_screen",
    "takes_interval",
    "varied",
    "varied_within",
    "within",
]
