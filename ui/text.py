"""The message catalog: every sentence, caption and label the reader sees.

Messages are looked up by key, ``t("sweep.caption")``, and may take named
fields, ``t("state.bad_group", group=..., reason=...)``. Every message is a
``str.format`` template, whether or not it takes fields: a brace meant
literally is doubled (``$e_{{tj}}$``). Each screen's English messages sit in a
module of :mod:`ui.catalog` (an ``EN`` dictionary); every other language in a
gettext catalog, ``locale/<code>/LC_MESSAGES/messages.po``, read from its
compiled ``messages.mo`` (:mod:`tools.translations` keeps them in step).

The language is the reader's: every script run sets it with :func:`use` before
it draws (sessions run in threads of one process, so it is kept per thread),
and a message missing in that language falls back to English.
"""

from __future__ import annotations

import gettext
import re
import string
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ui.catalog import (
    Plural,
    chrome,
    classroom,
    common,
    fixed_summary,
    home,
    learning,
    limits,
    questions,
    revisitable,
    scoring,
    self_attention,
    sweep,
    translator,
    walkthrough,
)

LANGUAGES = {"en": "English", "zh": "中文", "fr": "Français"}  # code -> the language's own name
MODULES = (
    common,
    home,
    walkthrough,
    fixed_summary,
    revisitable,
    scoring,
    sweep,
    learning,
    translator,
    limits,
    self_attention,
    questions,
    classroom,
    chrome,
)
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"


def po_path(code: str) -> Path:
    """Language ``code``'s catalog, the file a translator edits."""
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    """Language ``code``'s compiled catalog, the file the dashboard reads."""
    return po_path(code).with_suffix(".mo")


class _Missing(gettext.NullTranslations):
    """What a compiled catalog falls back on: nothing, so that a message it lacks reads as missing."""

    def pgettext(self, context: str, message: str) -> None:  # type: ignore[override]
        return None

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> None:  # type: ignore[override]
        return None


def _compiled(code: str) -> gettext.GNUTranslations:
    with mo_path(code).open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    compiled.add_fallback(_Missing())
    return compiled


def _translations(compiled: gettext.GNUTranslations, english: dict[str, str]) -> dict[str, str]:
    """Key -> text of every message that a compiled catalog translates from today's English (a message with a
    count: its form for 2, the form the checks of fields and equations read)."""
    found = {}
    for key, text in english.items():
        plural = PLURALS.get(key)
        found[key] = compiled.npgettext(key, plural.one, plural.other, 2) if plural else compiled.pgettext(key, text)
    return {key: text for key, text in found.items() if text is not None}


# key -> text in English; a message that states a count is there as its form for any number but one
CATALOG: dict[str, dict[str, str]] = {"en": {}}
PLURALS: dict[str, Plural] = {}  # the English of each message that states a count
for _module in MODULES:
    for _key, _text in _module.EN.items():
        if _key in CATALOG["en"]:
            raise KeyError(f"message key {_key!r} is defined twice")
        if isinstance(_text, Plural):
            PLURALS[_key] = _text
        CATALOG["en"][_key] = _text.other if isinstance(_text, Plural) else _text
COMPILED = {code: _compiled(code) for code in TRANSLATED}
for _code in TRANSLATED:
    CATALOG[_code] = _translations(COMPILED[_code], CATALOG["en"])

_reader = threading.local()


def use(code: str) -> None:
    """Speak ``code`` (a key of LANGUAGES) in this thread, that is, to this run's reader."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}")
    _reader.code = code


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` in this thread for a while, for work done outside the reader's run (a file made on request)."""
    before = language()
    use(code)
    try:
        yield
    finally:
        use(before)


def _no_session() -> str | None:
    return None


# The language of the session this thread runs for, where a run has not yet said it with use(): a widget's
# callback runs before the page's script does. This module knows no session: read_session_language_with says how.
_session_language: Callable[[], str | None] = _no_session


def read_session_language_with(reader: Callable[[], str | None]) -> None:
    """Where :func:`language` finds the reader's session's language when this run has not said it yet: ``reader()``,
    a language code or None (the frame gives :func:`ui.state.session_language` on every whole run, before any
    callback of the session can run)."""
    global _session_language
    _session_language = reader


def language() -> str:
    """The language of this thread's reader: what :func:`use` said in this run, else the reader's session's (a
    callback runs before the run says it: :func:`read_session_language_with`), else English."""
    code = getattr(_reader, "code", None)
    return code if code is not None else _session_language() or "en"


class _GroupedBySpaces(string.Formatter):
    """``str.format`` but for a number's thousands: grouped by a narrow non-breaking space (31 103), as French
    writes them, not by a comma (French reads 31,103 as a decimal); and a percentage with that space before its sign
    (92 %), as ``ui.format.percent`` writes one."""

    def format_field(self, value: object, format_spec: str) -> str:
        text = super().format_field(value, format_spec)
        number = isinstance(value, int | float)
        if number and "," in format_spec:
            text = text.replace(",", "\u202f")
        return text.replace("%", "\u202f%") if number and format_spec.endswith("%") else text


GROUPED_BY_SPACES = frozenset({"fr"})  # languages whose thousands a space groups
DECIMAL_COMMA = frozenset({"fr"})  # languages whose readers write a decimal comma (a question's number is typed)
_SPACED = _GroupedBySpaces()


# An inline formula followed by a comma, a full stop or a semicolon. A line may break between a formula (drawn as a
# box) and the text after it, whatever joiner stands between them, so that the mark began the next line (". Le
# terme de l'état" on a phone; ", a convex combination" at 1920 px): inside the formula it stays on its line.
FORMULA_THEN_MARK = re.compile(r"(?<!\$)\$(?!\$)([^$\n]+?)\$([.,;])")


def marks_inside(text: str) -> str:
    """``text`` with each mark of :data:`FORMULA_THEN_MARK` taken into the formula before it ("$c$," -> "$c,$")."""
    return FORMULA_THEN_MARK.sub(r"$\1\2$", text) if "$" in text else text


def t(key: str, **fields: object) -> str:
    """The message for ``key`` in the reader's language, with ``fields`` filled in (a message that states a count
    in the form its field's number takes; thousands grouped as the language groups them; a comma or a full stop
    right after an inline formula taken into it, :data:`FORMULA_THEN_MARK`)."""
    plural = PLURALS.get(key)
    message = template(key, fields[plural.count] if plural else None)
    filled = _SPACED.format(message, **fields) if language() in GROUPED_BY_SPACES else message.format(**fields)
    return marks_inside(filled)


def template(key: str, count: object = None) -> str:
    """The message for ``key`` in the reader's language as written, its fields not filled in (for code that reads
    the fields' order, as a sentence's word order differs between languages); a message that states a count, in
    the form for ``count``."""
    code, plural = language(), PLURALS.get(key)
    if plural is None:
        return CATALOG[code].get(key) or CATALOG["en"][key]
    n = int(count) if isinstance(count, int | float) and float(count).is_integer() else 2
    translated = COMPILED[code].npgettext(key, plural.one, plural.other, n) if code in COMPILED else None
    return translated or (plural.one if n == 1 else plural.other)


def field_title(field: str) -> str:
    """What the reader sees for a chart's data field ``position``: its ``field.position`` message, else its name."""
    return t(f"field.{field}") if f"field.{field}" in CATALOG["en"] else field


# (code, the catalogs' ids) -> (the catalogs, kept so that their ids stay theirs; the answer)
_COMPLETE: dict[tuple[str, int, int], tuple[tuple[dict, dict], bool]] = {}


def complete(code: str) -> bool:
    """Whether every English message has a non-empty translation in ``code`` (worked out once a catalog)."""
    ours, english = CATALOG[code], CATALOG["en"]
    key = (code, id(ours), id(english))
    if key not in _COMPLETE:
        _COMPLETE[key] = ((ours, english), all(ours.get(k) for k in english))
    return _COMPLETE[key][1]


def available_languages() -> list[str]:
    """The languages a reader may choose: English and every complete translation."""
    return [code for code in LANGUAGES if code == "en" or complete(code)]
