"""The message catalog: every sentence, caption and label the reader sees.

Messages are looked up by key, ``t("sweep.caption")``, and may take named
fields, ``t("state.bad_group", group=..., reason=...)``. Each screen's English
messages sit in a module of :mod:`ui.catalog`; a translation adds a second
dictionary per module under another language code.
"""

from __future__ import annotations

from ui.catalog import (
    common,
    fixed_summary,
    home,
    learning,
    revisitable,
    scoring,
    self_attention,
    sweep,
    translator,
)

LANGUAGE = "en"
CATALOG: dict[str, dict[str, str]] = {"en": {}}
for _module in (common, home, fixed_summary, revisitable, scoring, sweep, learning, translator, self_attention):
    for _key, _text in _module.EN.items():
        if _key in CATALOG["en"]:
            raise KeyError(f"message key {_key!r} is defined twice")
        CATALOG["en"][_key] = _text


def t(key: str, **fields: object) -> str:
    """The message for ``key`` in the current language, with ``fields`` filled in."""
    text = CATALOG[LANGUAGE].get(key) or CATALOG["en"][key]
    return text.format(**fields) if fields else text
