"""The message catalog: every sentence, caption and label the reader sees.

Messages are looked up by key, ``t("sweep.caption")``, and may take named
fields, ``t("state.bad_group", group=..., reason=...)``. Each screen's messages
sit in a module of :mod:`ui.catalog`, one dictionary a language: ``EN``, and
``ZH`` and ``FR`` where translated.

The language is the reader's: every script run sets it with :func:`use` before
it draws (sessions run in threads of one process, so it is kept per thread),
and a message missing in that language falls back to English.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from ui.catalog import (
    common,
    fixed_summary,
    home,
    learning,
    limits,
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
)
CATALOG: dict[str, dict[str, str]] = {code: {} for code in LANGUAGES}
for _module in MODULES:
    for _code in LANGUAGES:
        for _key, _text in getattr(_module, _code.upper(), {}).items():
            if _key in CATALOG[_code]:
                raise KeyError(f"message key {_key!r} is defined twice in {_code}")
            CATALOG[_code][_key] = _text

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


def language() -> str:
    """The language of this thread's reader (English until :func:`use` says otherwise)."""
    return getattr(_reader, "code", "en")


def t(key: str, **fields: object) -> str:
    """The message for ``key`` in the reader's language, with ``fields`` filled in."""
    text = CATALOG[language()].get(key) or CATALOG["en"][key]
    return text.format(**fields) if fields else text


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
