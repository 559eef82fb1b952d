"""Streamlit's own words in the reader's language.

Streamlit writes its menu ("System", "Light", "Dark", "Print"), its buttons' names and tips ("Download as PNG",
"Fullscreen", "Help for ..."), its fields' hints ("Press Enter to apply") and its skip link in English, whatever the
page's language. :data:`SCRIPT`, installed once by :mod:`ui.frame`, puts the reader's language in their place (the
page's ``lang``, which the frame's script sets): a name or tip (``aria-label``, ``title``, ``placeholder``) that is
one of them, on any element but a chart's drawing, and a text that is one of them in Streamlit's menu, tips, fields'
hints, lists, pop-ups, a table's search (and what it counts) and skip link; now, whenever one appears or changes,
and again when the language changes (back to English too: every language's words are known). The words are the
messages below (ui/catalog/chrome.py), whose English is Streamlit's own; one that names fields (``Help for
{label}``, ``{k} of {results}``) is matched as a pattern, its fields carried over (a key's name and a phrase of
Streamlit's said in the language).
"""

from __future__ import annotations

from ui import page_assets, text

WORDS = (
    "chrome.skip",
    "chrome.heading_link",
    "chrome.pages",
    "chrome.sidebar",
    "chrome.collapse_sidebar",
    "chrome.expand_sidebar",
    "chrome.main_menu",
    "chrome.theme",
    "chrome.theme_system",
    "chrome.theme_light",
    "chrome.theme_dark",
    "chrome.print",
    "chrome.record",
    "chrome.copy_version",
    "chrome.fullscreen",
    "chrome.close_fullscreen",
    "chrome.png",
    "chrome.spec",
    "chrome.csv",
    "chrome.search",
    "chrome.search_type",
    "chrome.search_previous",
    "chrome.search_next",
    "chrome.search_close",
    "chrome.columns",
    "chrome.select_all",
    "chrome.add_row",
    "chrome.delete_rows",
    "chrome.clear_value",
    "chrome.increment",
    "chrome.decrement",
    "chrome.help",
    "chrome.tabs_left",
    "chrome.tabs_right",
    "chrome.choose",
    "chrome.no_results",
    "chrome.open",
    "chrome.close",
    "chrome.running",
    "chrome.made_with",
    "chrome.results_none",
    "chrome.result_one",
)
# A message that names fields -> its fields, in the order the English writes them. Tried in this order: "3 of 12
# results" is a count at a place before it is a count.
PATTERNS = {
    "chrome.help_for": ("label",),
    "chrome.apply": ("keys",),
    "chrome.result_at": ("k", "results"),
    "chrome.results": ("n",),
    "chrome.results_over": ("n",),
}
KEYS = ("chrome.key_enter",)  # the names of keys, said in a pattern's field "keys" (Ctrl+Enter: Ctrl+Entrée)
# What the script does with a field's text: a key's names said in the language, a phrase of Streamlit's said in the
# language ("12 results" in "3 of 12 results"), anything else carried over as it is
KINDS = {"keys": "keys", "results": "phrase"}
SEARCH = ".gdg-search-bar"  # a table's search, where its counts are written
# the patterns said only within a place (a count's "{k} of {results}" would take any sentence with "of" in a tip)
SCOPES = {"chrome.result_at": SEARCH, "chrome.results": SEARCH, "chrome.results_over": SEARCH}


def hole(j: int) -> str:
    """Where a pattern's ``j``-th field goes, in the script's patterns."""
    return "{" + str(j) + "}"


def _said(code: str, key: str) -> str:
    return text.CATALOG[code].get(key) or text.CATALOG["en"][key]


def _holed(message: str, fields: tuple[str, ...]) -> str:
    """A pattern's message with each field's name replaced by its place in ``fields``: "{k} sur {results}" is
    "{0} sur {1}" (a language may write them in another order)."""
    for j, field in enumerate(fields):
        message = message.replace("{" + field + "}", hole(j))
    return message


# the values the script reads (window.attentionConfig.chrome_words): each language's words by Streamlit's English,
# and its patterns, in the same order in every language
CONFIG = {
    "words": {code: {_said("en", k): _said(code, k) for k in WORDS} for code in text.LANGUAGES},
    "keys": {code: {_said("en", k): _said(code, k) for k in KEYS} for code in text.LANGUAGES},
    "kinds": [[KINDS.get(field, "text") for field in fields] for fields in PATTERNS.values()],
    "scopes": [SCOPES.get(k) for k in PATTERNS],
    "patterns": {code: [_holed(_said(code, k), fields) for k, fields in PATTERNS.items()] for code in text.LANGUAGES},
}
SCRIPT = page_assets.read("chrome_words.js")
