"""Text forms of the dashboard's values, as they appear in the URL and in text fields.

A vector is written ``1.5,-2``; a matrix row by row, ``1,1;-1,-1``; a token
list with spaces, ``I like cats``. Parsing raises ``ValueError`` with a message
a reader can act on; values are checked further by ``core``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np

from ui.text import t

MAX_TEXT = 2000  # characters of any one parameter a link may carry
ECHO = 24  # characters of a refused value repeated in a message
MAX_WORD = 40  # characters of one token


def cut(text: str, limit: int = ECHO) -> str:
    """``text`` as a message repeats it: at most ``limit`` characters, '…' marking a cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def format_number(x: float) -> str:
    """Shortest text that reads back to exactly the same float."""
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text


def format_vector(x: np.ndarray) -> str:
    return ",".join(format_number(v) for v in np.ravel(x))


def format_matrix(x: np.ndarray) -> str:
    return ";".join(format_vector(row) for row in np.atleast_2d(x))


# A number as a link or a reader writes one: ASCII digits, an optional sign, point and exponent. Python's float()
# takes more ("1_0" as 10, "١٠" as 10, "inf", "nan"), which no reader means as a number here.
NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)


def parse_number(text: str) -> float:
    written = text.strip()
    if not NUMBER.fullmatch(written):
        if written.lower().lstrip("+-") in ("inf", "infinity", "nan"):
            raise ValueError(t("codec.not_finite", value=cut(written)))
        raise ValueError(t("codec.not_number", value=cut(written)))
    value = float(written)
    if not math.isfinite(value):
        raise ValueError(t("codec.not_finite", value=cut(text.strip())))
    return value


def number_of(x: object) -> float:
    """A number a widget or a table cell holds: text read as strictly as a link's (:func:`parse_number`), anything
    else by ``float`` (TypeError or ValueError where it is none)."""
    return parse_number(x) if isinstance(x, str) else float(x)  # type: ignore[arg-type]


def whole_of(text: str) -> int | None:
    """A count written in ASCII digits alone ("12"), else None: no sign, no "1_0", no other script's digits."""
    return int(text) if text.isascii() and text.isdigit() else None


def parse_matrix(text: str, max_rows: int = 64, max_cols: int = 64) -> np.ndarray:
    """'1,2;3,4' -> [[1, 2], [3, 4]]; every row must have the same length."""
    if len(text) > MAX_TEXT:
        raise ValueError(t("codec.too_long", n=len(text)))
    rows = [r for r in text.split(";")]
    if not text.strip():
        raise ValueError(t("codec.empty"))
    if len(rows) > max_rows:
        raise ValueError(t("codec.too_many_rows", n=len(rows), most=max_rows))
    parsed = [[parse_number(x) for x in row.split(",")] for row in rows]
    widths = {len(r) for r in parsed}
    if len(widths) != 1:
        raise ValueError(t("codec.ragged", lengths=sorted(widths)))
    if widths.pop() > max_cols:
        raise ValueError(t("codec.too_many_columns", most=max_cols))
    return np.array(parsed)


def parse_vector(text: str, max_len: int = 64) -> np.ndarray:
    if ";" in text:
        raise ValueError(t("codec.one_row"))
    return parse_matrix(text, max_rows=1, max_cols=max_len)[0]


# French elision: a clitic whose vowel gives way to an apostrophe is a word of its own, written against the next one
# (J'aime is J' and aime, as tokenisers split it); the apostrophe straight or curly.
CLITIC = re.compile(r"(?:[jlmtsdcn]|qu|jusqu|lorsqu|puisqu)['’]", re.IGNORECASE)
_ELIDED = re.compile(rf"({CLITIC.pattern})(\S+)", re.IGNORECASE)


def parse_tokens(text: str, max_tokens: int = 40) -> list[str]:
    """Split on white space, and an elided clitic from its word: 'I like cats' -> ['I', 'like', 'cats'],
    "J'aime Paris" -> ["J'", 'aime', 'Paris'] (as "J' aime Paris" is); :func:`joined` writes them back."""
    if len(text) > MAX_TEXT:
        raise ValueError(t("codec.too_long", n=len(text)))
    tokens = [part for word in text.split() for part in _unelided(word)]
    if not tokens:
        raise ValueError(t("codec.no_words"))
    if len(tokens) > max_tokens:
        raise ValueError(t("codec.too_many_words", n=len(tokens), most=max_tokens))
    if any(len(t) > MAX_WORD for t in tokens):
        raise ValueError(t("codec.long_word", most=MAX_WORD))
    return tokens


def _unelided(word: str) -> list[str]:
    m = _ELIDED.fullmatch(word)
    return [m[1], *_unelided(m[2])] if m else [word]


def joined(tokens: Sequence[str]) -> str:
    """The tokens as a sentence is written: a space between words, none after an elided clitic
    (["J'", 'aime', 'Paris'] -> "J'aime Paris"); :func:`parse_tokens` reads it back."""
    out = ""
    for k, token in enumerate(tokens):
        out += token if k == 0 or CLITIC.fullmatch(tokens[k - 1]) else " " + token
    return out
