"""Names of single array entries as the reader sees them: 1-based, like the article's subscripts."""

from __future__ import annotations


def entry_label(name: str, index: tuple[int, ...]) -> str:
    """'W', (0, 1) -> 'W[1,2]'; an empty index (a scalar) gives the name alone."""
    return name + ("[" + ",".join(str(i + 1) for i in index) + "]" if index else "")
