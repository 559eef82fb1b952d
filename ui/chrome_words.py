"""Streamlit's own words in the reader's language.

Streamlit writes its menu ("System", "Light", "Dark", "Print"), its buttons' names and tips ("Download as PNG",
"Fullscreen", "Help for ..."), its fields' hints ("Press Enter to apply") and its skip link in English, whatever the
page's language. :data:`SCRIPT`, installed once by :mod:`ui.frame`, puts the reader's language in their place (the
page's ``lang``, which the frame's script sets): a name or tip (``aria-label``, ``title``, ``placeholder``) that is
one of them, on any element but a chart's drawing, and a text that is one of them in Streamlit's menu, tips, fields'
hints, lists, pop-ups, a table's search and skip link; now, whenever one appears or changes, and again when the
language changes (back to English too: every language's words are known). The words are the messages below
(ui/catalog/chrome.py), whose English is Streamlit's own; one that names a field (``Help for {label}``) is matched
as a pattern, its field carried over.
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
)
PATTERNS = {"chrome.help_for": "label", "chrome.apply": "keys"}  # a message that names a field -> the field
KEYS = ("chrome.key_enter",)  # the names of keys, said in a pattern's field "keys" (Ctrl+Enter: Ctrl+Entrée)
HOLE = "{}"  # where a pattern's field goes, in the script's patterns


def _said(code: str, key: str) -> str:
    return text.CATALOG[code].get(key) or text.CATALOG["en"][key]


# the values the script reads (window.attentionConfig.chrome_words): each language's words by Streamlit's English,
# and its patterns, in the same order in every language
CONFIG = {
    "words": {code: {_said("en", k): _said(code, k) for k in WORDS} for code in text.LANGUAGES},
    "keys": {code: {_said("en", k): _said(code, k) for k in KEYS} for code in text.LANGUAGES},
    "keyed": [field == "keys" for field in PATTERNS.values()],  # which patterns' field names keys
    "patterns": {
        code: [_said(code, k).replace("{" + field + "}", HOLE) for k, field in PATTERNS.items()]
        for code in text.LANGUAGES
    },
}
SCRIPT = page_assets.read("chrome_words.js")
