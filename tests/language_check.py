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

import functools
import json
import re
from collections.abc import Iterator

from streamlit.testing.v1 import AppTest

from core.translator.task import SOURCE_VOCAB, TARGET_VOCAB
from tests.apptest import chart_data, charts, unescaped
from ui.charts import Spec
from ui.readings import READINGS
from ui.state import defaults
from ui.text import CATALOG, LANGUAGES

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
SILENT_CHANNELS = ("detail", "order", "key")  # channels that put no text before the reader
# channels whose field's name is never written out (a text mark writes the values; offsets draw no axis)
NAMELESS_CHANNELS = (*SILENT_CHANNELS, "text", "xOffset", "yOffset", "href", "url", "description")

# English words that neither French nor Chinese prose uses; one of them on a translated page is English left.
ENGLISH_ONLY = frozenset(
    """the of and is are was were with which this that these those from into their its it's each every
    when where what while whose how why than then there here not only also because between
    without within through about after before would should could can cannot does doesn't isn't
    weight weights state states step steps read reads word words sentence sentences chart charts shows show
    shown value values number numbers learn learning context vector vectors training model loss click choose
    drag move""".split()
)
TOY_WORDS = frozenset(SOURCE_VOCAB) | frozenset(TARGET_VOCAB)
_TOY = "|".join(sorted(map(re.escape, TOY_WORDS), key=len, reverse=True))
TOY_RUN = re.compile(rf"(?<![\w<])(?:{_TOY})(?:[ ,]+(?:{_TOY})){{2,}}(?![\w>])")  # three toy words or more in a row
# one toy word as a value: in a chart's numbers, or in a table's cell alone or with its number ("| the (0.912) |")
TOY_CELL = re.compile(rf"(?<= )(?:{_TOY})(?=[;.；。]|$)|(?<=\| )(?:{_TOY})(?= \(\d| \|)", re.M)
WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|')+")  # letters, accented ones too: « début » is not "but"
LATIN = re.compile(r"[A-Za-z][A-Za-z']{2,}")  # a run of unaccented Latin letters, as it stands in Chinese text
FIELD = re.compile(r"\{[^{}]*\}")
LATEX_COMMAND = re.compile(r"\\(?:begin|end)\{[a-z*]+\}|\\[A-Za-z]+")
MATH_NAME = re.compile(r"\\(?:mathrm|operatorname|mathit|mathbf)\{[^{}]*\}")
MATH_WORDS = frozenset({"log", "exp", "tanh", "max", "min", "argmax", "softmax", "sgn"})  # as written in equations
LINK_KEY = re.compile(r"[?&][a-z_]+=")  # a link's setting name (?step=K) is the address's syntax, not prose
_KEYS = "|".join(sorted(map(re.escape, defaults()), key=len, reverse=True))
QUOTED_KEY = re.compile(rf"[“'«‘]\s?(?:{_KEYS})\s?[”'»’]")  # a notice naming the link's setting: « sweep »


def visible_text(at: AppTest) -> str:
    """Every text the page shows, one piece a line."""
    return "\n".join(_pieces(at))


def _pieces(at: AppTest) -> Iterator[str]:
    for kind in PROSE:
        for element in getattr(at, kind):
            if not str(element.value).lstrip().startswith("<style>"):  # a style sheet is not shown
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
    for button in at.get("download_button"):
        yield from (button.proto.label, button.proto.help)
    for progress in at.get("progress"):
        yield progress.proto.text
    for table in (*at.dataframe, *at.table):
        yield from _table_text(table)
    for chart in charts(at):
        spec = json.loads(chart.proto.spec)
        shown = _shown_fields(spec)
        yield from _chart_text(spec)
        table = chart_data(chart)
        yield from (v for c in table.columns if c in shown for v in table[c] if isinstance(v, str))


def _table_text(table) -> Iterator[str]:
    """A table's headers (as its column configuration labels them), help texts and word cells."""
    frame = table.value
    config = json.loads(getattr(table.proto, "columns", "") or "{}")
    order = list(getattr(table.proto, "column_order", []) or frame.columns)
    for column in order:
        if column not in frame.columns:
            continue
        settings = config.get(str(column), {})
        yield from (settings[k] for k in ("label", "help") if isinstance(settings.get(k), str))
        if "label" not in settings:
            yield str(column)
        yield from (v for v in frame[column] if isinstance(v, str))
    yield from (str(i) for i in frame.index if isinstance(i, str))


def _nodes(node: object) -> Iterator[dict]:
    """Every mapping inside a spec, depth first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _nodes(value)
    elif isinstance(node, list):
        for item in node:
            yield from _nodes(item)


def _channels(spec: Spec) -> Iterator[tuple[str, dict]]:
    """(channel name, definition) for every encoding channel of the spec and its layers; tooltip lists unrolled."""
    for node in _nodes(spec):
        for name, channel in (node.get("encoding") or {}).items():
            for definition in channel if isinstance(channel, list) else [channel]:
                if isinstance(definition, dict):
                    yield name, definition


def _shown_fields(spec: Spec) -> set[str]:
    """The data fields whose values the chart writes out: on an axis, in a legend, a tooltip or a text mark."""
    return {d["field"] for name, d in _channels(spec) if "field" in d and name not in SILENT_CHANNELS}


def _chart_text(spec: Spec) -> Iterator[str]:
    """Titles, descriptions, untitled fields' names, constant texts and the words of the data a spec shows."""
    for node in _nodes(spec):
        for key in CHANNEL_TEXT:
            value = node.get(key)
            if isinstance(value, str):
                yield value
            elif isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            elif isinstance(value, dict) and isinstance(value.get("text"), (str, list)):
                yield from [value["text"]] if isinstance(value["text"], str) else value["text"]
    for name, d in _channels(spec):
        if name == "text" and isinstance(d.get("value"), str):
            yield d["value"]  # a constant text
        if "field" in d and "title" not in d and name not in NAMELESS_CHANNELS and not _hidden(d):
            yield str(d["field"])  # Vega-Lite titles an untitled axis, legend or tooltip line with the field's name
    shown = _shown_fields(spec)
    for node in _nodes(spec):
        if isinstance(node.get("values"), list):
            rows = [row for row in node["values"] if isinstance(row, dict)]
            yield from (v for row in rows for k, v in row.items() if k in shown and isinstance(v, str))


def _hidden(channel: dict) -> bool:
    """A channel whose axis or legend is switched off, or drawn without a title, shows no title."""
    guides = [channel.get(g, {}) for g in ("axis", "legend", "header")]
    return any(g is None or (isinstance(g, dict) and "title" in g and g["title"] is None) for g in guides)


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
    return TOY_CELL.sub(" ", TOY_RUN.sub(" ", "\n".join(lines)))


@functools.cache
def latin_in_chinese() -> frozenset[str]:
    """Latin words a Chinese page may show: those its own catalog uses (Softmax, tanh, JSON, ...), the example's
    readings, the toy translator's words and the languages' names; never an English-only word."""
    sources = [*CATALOG["zh"].values(), *LANGUAGES.values(), *TOY_WORDS]
    sources += [" ".join(r) for reading in READINGS.values() for r in reading.values()]
    words = {w for w in LATIN.findall(LATEX_COMMAND.sub(" ", " ".join(sources)))}
    return frozenset(w for w in words if w.lower() not in ENGLISH_ONLY)


def english_left(shown: str, code: str) -> list[str]:
    """The English the text ``shown`` on a ``code`` page still holds: whole phrases, then stray words.

    On a Chinese page any Latin word its catalog does not use counts (French shares words such as
    "position" with English; Chinese does not).
    """
    found = [p for p in untranslated_sentences(code) if p and p in shown]
    prose = QUOTED_KEY.sub(" ", LINK_KEY.sub(" ", LATEX_COMMAND.sub(" ", without_toy_sentences(shown))))
    words = {w for w in WORD.findall(prose) if w.lower() in ENGLISH_ONLY}
    if code == "zh":
        notation = MATH_NAME.sub(" ", without_toy_sentences(shown))  # \\mathrm{tgt}, log: shared notation
        notation = QUOTED_KEY.sub(" ", LINK_KEY.sub(" ", LATEX_COMMAND.sub(" ", notation)))
        words |= {w for w in LATIN.findall(notation) if w not in latin_in_chinese() and w not in MATH_WORDS}
    return found + sorted(words)
