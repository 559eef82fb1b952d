"""Text forms of the dashboard's values, as they appear in the URL and in text fields.

A vector is written ``1.5,-2``; a matrix row by row, ``1,1;-1,-1``; a token
list with spaces, ``I like cats``. Parsing raises ``ValueError`` with a message
a reader can act on; values are checked further by ``core``.
"""

from __future__ import annotations

import math

import numpy as np

MAX_TEXT = 2000  # characters of any one parameter a link may carry
ECHO = 24  # characters of a refused value repeated in a message


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


def parse_number(text: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise ValueError(f"'{cut(text.strip())}' is not a number") from None
    if not math.isfinite(value):
        raise ValueError(f"'{cut(text.strip())}' is not a finite number")
    return value


def parse_matrix(text: str, max_rows: int = 64, max_cols: int = 64) -> np.ndarray:
    """'1,2;3,4' -> [[1, 2], [3, 4]]; every row must have the same length."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"too long ({len(text)} characters)")
    rows = [r for r in text.split(";")]
    if not text.strip():
        raise ValueError("empty")
    if len(rows) > max_rows:
        raise ValueError(f"{len(rows)} rows, at most {max_rows} allowed")
    parsed = [[parse_number(x) for x in row.split(",")] for row in rows]
    widths = {len(r) for r in parsed}
    if len(widths) != 1:
        raise ValueError(f"rows of different lengths {sorted(widths)}")
    if widths.pop() > max_cols:
        raise ValueError(f"more than {max_cols} columns")
    return np.array(parsed)


def parse_vector(text: str, max_len: int = 64) -> np.ndarray:
    if ";" in text:
        raise ValueError("expected one row of numbers separated by commas")
    return parse_matrix(text, max_rows=1, max_cols=max_len)[0]


def parse_tokens(text: str, max_tokens: int = 40) -> list[str]:
    """Split on white space: 'I like cats' -> ['I', 'like', 'cats']."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"too long ({len(text)} characters)")
    tokens = text.split()
    if not tokens:
        raise ValueError("no words")
    if len(tokens) > max_tokens:
        raise ValueError(f"{len(tokens)} words, at most {max_tokens} allowed")
    if any(len(t) > 40 for t in tokens):
        raise ValueError("a word longer than 40 characters")
    return tokens
