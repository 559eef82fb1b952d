"""Screen 7, what attention is not: its page, ``page.py``, and its sections, a module each."""

from __future__ import annotations

from ui.charts.spec import Rows


def in_words(rows: Rows, names: dict[str, str]) -> Rows:
    """``rows`` with each field renamed to the reader's words for it: the numbers a chart's description and CSV list."""
    return [{names[k]: v for k, v in row.items()} for row in rows]
