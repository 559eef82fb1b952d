"""Number formatting and the row tables charts are drawn from."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from ui.charts import Rows
from ui.palette import position_labels


def num(x: float, digits: int = 4) -> str:
    """A number to ``digits`` decimals, as the reproduction report prints it; never '-0.0000'."""
    text = f"{float(x):.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def markdown_literal(text: str) -> str:
    """``text`` with every Markdown special character escaped, so a reader's token shows as typed, never as markup."""
    return MARKDOWN_SPECIALS.sub(r"\\\1", str(text))


def position_rows(tokens: Sequence[str], **columns: np.ndarray) -> Rows:
    """One row a source position: its label and each named column's value there."""
    labels = position_labels(tokens)
    return [
        {"position": label, **{name: float(values[j]) for name, values in columns.items()}}
        for j, label in enumerate(labels)
    ]


def source_rows(tokens: Sequence[str], H: np.ndarray) -> Rows:
    """Rows 'position', 'h1', 'h2' for the 2-D sources."""
    return position_rows(tokens, h1=H[:, 0], h2=H[:, 1])


def latex_weighted_sum(weights: np.ndarray, context: np.ndarray, per_line: int = 2) -> str:
    """'c = 0.7914 h_1 + 0.1467 h_2 + ... = (c_1, c_2)^T' in LaTeX, broken into short lines."""
    terms = [rf"{num(a)}\,h_{{{j + 1}}}" for j, a in enumerate(weights)]
    lines = [" + ".join(terms[i : i + per_line]) for i in range(0, len(terms), per_line)]
    body = r" \\ &\quad + ".join(lines)
    vector = r" \\ ".join(num(x) for x in context)
    return rf"\begin{{aligned}} c &= {body} \\ &= \begin{{pmatrix}} {vector} \end{{pmatrix}} \end{{aligned}}"
