"""The worked example's sentence read in the reader's language: its labels follow the language, its numbers do not.

Our example translates the source I / like / cats into the target 我 / 喜欢 / 猫.
A Chinese reader reads the source as 我 / 喜欢 / 猫 (and its translation as
I / like / cats). French needs an article before « chats », a fourth word, so a
French reader reads another sentence of three: J' / aime / Paris ("I like
Paris", the clitic J' a word of its own as tokenisers split it), translated
我 / 喜欢 / 巴黎; the positions keep their roles (who, the verb, what). Links and
exports keep the English reading, so one link opens the same view in every
language: :func:`shown` turns it into the reader's reading, :func:`stored` back.
A sentence that is not the example's stays exactly as typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from core.example import TARGET_TOKENS, TOKENS
from ui.text import language

Role = Literal["source", "target"]

READINGS: dict[str, dict[Role, tuple[str, ...]]] = {
    "en": {"source": TOKENS, "target": TARGET_TOKENS},
    "zh": {"source": TARGET_TOKENS, "target": TOKENS},
    "fr": {"source": ("J'", "aime", "Paris"), "target": ("我", "喜欢", "巴黎")},
}


def shown(tokens: Sequence[str], role: Role = "source") -> tuple[str, ...]:
    """The example's sentence (as links keep it) in the reader's reading; any other sentence unchanged."""
    if tuple(tokens) == READINGS["en"][role]:
        return READINGS[language()][role]
    return tuple(tokens)


def stored(tokens: Sequence[str], role: Role = "source") -> tuple[str, ...]:
    """Back to the form links keep: the example's sentence in the reading of the reader's language becomes English."""
    if tuple(tokens) == READINGS[language()][role]:
        return READINGS["en"][role]
    return tuple(tokens)


def is_example(tokens: Sequence[str]) -> bool:
    """Whether ``tokens`` are the example's source as the reader reads it."""
    return tuple(tokens) == READINGS[language()]["source"]


def translation() -> tuple[str, ...]:
    """The example's target as the reader reads it (the translation of the sentence :func:`is_example` names)."""
    return READINGS[language()]["target"]
