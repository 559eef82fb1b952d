"""Is any English left on a page shown in another language?

``visible_text`` gathers every piece of text an AppTest run puts before the
reader: prose, captions, equations, notices, headings, widget labels, help and
options, tab and expander labels, table headers and cells, and inside each
chart its titles, axis and legend titles (a field without a title shows its
name), tooltips' titles, its description and the words in its data.
``english_left`` then looks for English in it two ways: sentences of the
English catalog that were not translated, and English words that no other
language of the dashboard uses.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from streamlit.testing.v1 import AppTest

from core.translator.task import SOURCE_VOCAB, TARGET_VOCAB
from tests.apptest import chart_data, charts, unescaped
from ui.text import CATALOG

PROSE = ("markdown", "caption", "latex", "error", "warning", "info", "success", "title", "header", "subheader")
LABELLED = (
    "text_input",
    "text_area",
    "number_input",
    "slider",
    "select_slider",
    "selectbox",
    "radio",
    "multiselect",
    "checkbox",
    "toggle",
    "button",
    "button_group",
    "tabs",
    "expander",
    "metric",
)
CHANNEL_TEXT = ("title", "description")
SILENT_CHANNELS = ("detail", "order", "key", "sort")  # channels that put no text before the reader

# English words that neither French nor Chinese prose uses; one of them on a translated page is English left.
ENGLISH_ONLY = frozenset(
    """the of and is are was were with which this that these those from into their its it's each every
    when where what while whose how why than then there here not only also but because between
    without within through about after before would should could can cannot does doesn't isn't
    weight weights state states step steps read reads word words sentence sentences chart charts shows show
    shown value values number numbers learn learning context vector vectors training model loss click choose
    drag move""".split()
)
TOY_WORDS = frozenset(SOURCE_VOCAB) | frozenset(TARGET_VOCAB)
_TOY = "|".join(sorted(map(re.escape, TOY_WORDS), key=len, reverse=True))
TOY_RUN = re.compile(rf"(?<![\w<])(?:{_TOY})(?:[ ,]+(?:{_TOY})){{2,}}(?![\w>])")  # three toy words or more in a row
WORD = re.compile(r"[A-Za-z][A-Za-z']+")
FIELD = re.compile(r"\{[^{}]*\}")
LATEX_COMMAND = re.compile(r"\\(?:begin|end)\{[a-z*]+\}|\\[A-Za-z]+")
LINK_KEY = re.compile(r"[?&][a-z_]+=")  # a link's setting name (?step=K) is the address's syntax, not prose


def visible_text(at: AppTest) -> str:
    """Every text the page shows, one piece a line."""
    return "\n".join(_pieces(at))


def _pieces(at: AppTest) -> Iterator[str]:
    for kind in PROSE:
        for element in getattr(at, kind):
            yield unescaped(str(element.value))
    for kind in LABELLED:
        for widget in getattr(at, kind):
            for attr in ("label", "help", "placeholder"):
                value = getattr(widget, attr, None)
                if isinstance(value, str):
                    yield value
            yield from (str(o) for o in getattr(widget, "options", None) or ())
    for link in at.get("page_link"):
        yield link.proto.label
    for progress in at.get("progress"):
        yield progress.proto.text
    for table in (*at.dataframe, *at.table):
        frame = table.value
        yield from (str(c) for c in frame.columns)
        yield from (str(i) for i in frame.index if isinstance(i, str))
        yield from (v for v in frame.to_numpy().ravel() if isinstance(v, str))
    for chart in charts(at):
        yield from _chart_text(json.loads(chart.proto.spec))
        yield from (v for v in chart_data(chart).to_numpy().ravel() if isinstance(v, str))


def _chart_text(node: object, channel: bool = False) -> Iterator[str]:
    """Titles, descriptions, untitled fields' names and constant texts of a Vega-Lite spec."""
    if isinstance(node, list):
        for item in node:
            yield from _chart_text(item, channel)
        return
    if not isinstance(node, dict):
        return
    for key in CHANNEL_TEXT:
        value = node.get(key)
        if isinstance(value, str):
            yield value
        elif isinstance(value, list):
            yield from (v for v in value if isinstance(v, str))
        elif isinstance(value, dict) and isinstance(value.get("text"), (str, list)):
            text = value["text"]
            yield from ([text] if isinstance(text, str) else text)
    if channel and "field" in node and "title" not in node and not _hidden(node):
        yield str(node["field"])
    if isinstance(node.get("text"), dict) and isinstance(node["text"].get("value"), str):
        yield node["text"]["value"]  # a constant text mark
    if isinstance(node.get("values"), list):
        yield from (v for row in node["values"] if isinstance(row, dict) for v in row.values() if isinstance(v, str))
    for key, value in node.items():
        if key in ("encoding", "layer", "concat", "hconcat", "vconcat", "spec", "facet", "repeat"):
            yield from _chart_text(value, channel=key == "encoding")
        elif channel and isinstance(value, (dict, list)) and key not in SILENT_CHANNELS:
            yield from _chart_text(value, channel=True)
        elif key == "data" or key == "mark":
            yield from _chart_text(value)


def _hidden(channel: dict) -> bool:
    """A channel whose axis or legend is switched off shows no title."""
    return channel.get("axis", True) is None or channel.get("legend", True) is None


def untranslated_sentences(code: str) -> list[str]:
    """Pieces of English messages (between their fields) that read as English and differ in ``code``."""
    pieces = []
    for key, english in CATALOG["en"].items():
        if CATALOG[code].get(key) == english:
            continue  # the same in both languages: a symbol, a name, an equation
        for piece in FIELD.split(LATEX_COMMAND.sub(" ", english)):
            words = WORD.findall(piece)
            if len(words) >= 3 and any(w.lower() in ENGLISH_ONLY for w in words):
                pieces.append(piece.strip(" .,:;()'\"·—–-"))
    return pieces


def without_toy_sentences(shown: str) -> str:
    """``shown`` without the toy translator's sentences: its source language is data, as the tokens are."""
    lines = (line for line in shown.splitlines() if not set(line.split()) <= TOY_WORDS)
    return TOY_RUN.sub(" ", "\n".join(lines))


def english_left(shown: str, code: str) -> list[str]:
    """The English the text ``shown`` on a ``code`` page still holds: whole phrases, then stray words."""
    found = [p for p in untranslated_sentences(code) if p and p in shown]
    prose = LINK_KEY.sub(" ", LATEX_COMMAND.sub(" ", without_toy_sentences(shown)))
    words = {w for w in WORD.findall(prose) if w.lower() in ENGLISH_ONLY}
    return found + sorted(words)
