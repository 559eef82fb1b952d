"""Number formatting, text a reader supplies as Markdown, and the row tables charts are drawn from."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ui import text
from ui.charts import Rows
from ui.charts.state_rows import StateRows
from ui.palette import position_labels

HAN = re.compile(r"[\u3400-\u9fff]")  # a Chinese character
LATIN_WORD = re.compile(r"[A-Za-zÀ-ÿ0-9]+(?:['’-][A-Za-zÀ-ÿ]+)*")
HAN_PER_WORD = 1.7  # characters of a Chinese word, on average: a reader's time for Chinese text, counted in words


def reading_length(text: str) -> float:
    """How many words ``text`` asks a reader to read, its TeX left out: words of Latin letters and digits, and Chinese
    characters at :data:`HAN_PER_WORD` a word."""
    prose = re.sub(r"\$[^$]*\$", " ", text)
    return len(LATIN_WORD.findall(HAN.sub(" ", prose))) + len(HAN.findall(prose)) / HAN_PER_WORD


SUBSCRIPT_DIGITS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def indexed(symbol: str, k: int) -> str:
    """``symbol`` with the index ``k`` written below it, as text can (c, 1 -> c₁): a label or a chart's title draws
    no TeX."""
    return symbol + str(k).translate(SUBSCRIPT_DIGITS)


def num(x: float, digits: int = 4) -> str:
    """A number to ``digits`` decimals, as the reproduction report prints it; never '-0.0000'."""
    text = f"{float(x):.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


MARKDOWN_MARKS = frozenset("\\`*_{}[]()<>#+-.!|~$&:@=")  # characters that can start Markdown, HTML or math
JOINER = "\u2060"  # an invisible word joiner: splits what Markdown would turn into a link or an emoji


def percent(x: float) -> str:
    """A share as a whole percentage, written as the reader's language writes it: 92% (English, Chinese), 92 %
    (French, a narrow no-break space before the sign)."""
    text_ = f"{x:.0%}"
    return text_.replace("%", "\u202f%") if text.language() in text.GROUPED_BY_SPACES else text_


def grouped(n: int) -> str:
    """A whole number with its thousands grouped as the reader's language writes them: 3,939 in English and
    Chinese, 3 939 in French (a narrow no-break space, as :func:`ui.text.t` groups a message's fields)."""
    text_ = f"{n:,}"
    return text_.replace(",", "\u202f") if text.language() in text.GROUPED_BY_SPACES else text_


def scientific(x: float) -> str:
    """A difference or an error that may be tiny, in scientific notation to 1 decimal ('3.3e−16', the exponent's sign
    a minus sign, which a line does not break after as it does after a hyphen: '3.3e-' then '16' on the next line);
    an exact zero as '0', not '0.0e+00'."""
    return "0" if x == 0 else f"{x:.1e}".replace("e-", "e\u2212")


def plain(text: str) -> str:
    """Text a reader or a link supplied, as Markdown that shows exactly its characters, on one line.

    Every character that could start a link, an image, emphasis, HTML, math or a
    heading is escaped with a backslash, and line breaks become spaces. Bare
    addresses (``https://…``, ``www.…``, ``a@b.c``) and ``:emoji:`` codes are
    found in the text after parsing, where escapes no longer count, so an
    invisible word joiner follows each ':' and '@' and splits 'www.'. Use it
    wherever such text enters ``st.markdown``, a caption, an alert, or a
    widget's label or options (all Markdown).
    """
    flat = re.sub(r"(?i)(www)\.", rf"\1{JOINER}.", " ".join(str(text).splitlines()))
    escaped = "".join("\\" + ch if ch in MARKDOWN_MARKS else ch for ch in flat)
    return escaped.replace(":", ":" + JOINER).replace("@", "@" + JOINER)


def unescaped(markdown: str) -> str:
    """The characters a reader sees of text :func:`plain` escaped: its backslashes before punctuation and its word
    joiners gone (for a medium that is not Markdown, such as the handout's HTML, which escapes in its own way)."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown).replace(JOINER, "")


def position_rows(tokens: Sequence[str], **columns: np.ndarray) -> Rows:
    """One row a source position: its label and each named column's value there."""
    labels = position_labels(tokens)
    return [
        {"position": label, **{name: float(values[j]) for name, values in columns.items()}}
        for j, label in enumerate(labels)
    ]


def state_rows(tokens: Sequence[str], states: np.ndarray, **columns: np.ndarray) -> StateRows:
    """One row a (state, position): 's', the position's label and each named column's value there.

    ``states`` (N,) are scalar states s; each column is (N, T), row n for state n. The rows are held as these
    arrays (:class:`ui.charts.state_rows.StateRows`) and read as a list of dicts.
    """
    return StateRows.of(position_labels(tokens), states, [({}, columns)])


def state_groups(
    tokens: Sequence[str], states: np.ndarray, tag: str, groups: Sequence[tuple[Any, Mapping[str, np.ndarray]]]
) -> StateRows:
    """:func:`state_rows` of several readings, one after the other: each row's ``tag`` names its reading, first."""
    return StateRows.of(position_labels(tokens), states, [({tag: name}, columns) for name, columns in groups])


def at_state(rows: Rows, s: float) -> Rows:
    """The rows of the state ``s`` (of rows tagged with 's', as :func:`state_rows` makes), without their 's': the
    numbers a chart that follows the state slider shows there."""
    if isinstance(rows, StateRows) and rows.unique_states():
        at = [n for n, v in enumerate(rows.states) if v == s]
        return [{k: v for k, v in r.items() if k != "s"} for r in rows.at(at[0])] if at else []
    return [{k: v for k, v in r.items() if k != "s"} for r in rows if r["s"] == s]


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
