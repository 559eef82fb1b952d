"""Streamlit's own words on the page: its menu, its buttons' names and tips, its fields' hints. Each English text
is Streamlit's exactly (1.67's, checked against its page's scripts by tests/test_chrome_words.py); ui/chrome_words.py
puts the reader's language in their place."""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    "chrome.skip": "Skip to main content",
    "chrome.heading_link": "Link to heading",
    "chrome.pages": "App pages",
    "chrome.sidebar": "Sidebar",
    "chrome.collapse_sidebar": "Collapse sidebar",
    "chrome.expand_sidebar": "Expand sidebar",
    "chrome.main_menu": "Main menu",
    "chrome.theme": "Theme",
    "chrome.theme_system": "System",
    "chrome.theme_light": "Light",
    "chrome.theme_dark": "Dark",
    "chrome.print": "Print",
    "chrome.record": "Record screen",
    "chrome.copy_version": "Copy version to clipboard",
    "chrome.fullscreen": "Fullscreen",
    "chrome.close_fullscreen": "Close fullscreen",
    "chrome.png": "Download as PNG",
    "chrome.spec": "Copy Vega-Lite spec",
    "chrome.csv": "Download as CSV",
    "chrome.search": "Search",
    "chrome.search_type": "Type to search",
    "chrome.search_previous": "Previous Result",
    "chrome.search_next": "Next Result",
    "chrome.search_close": "Close Search",
    "chrome.columns": "Show/hide columns",
    "chrome.select_all": "Select all",
    "chrome.add_row": "Add row",
    "chrome.delete_rows": "Delete row(s)",
    "chrome.clear_value": "Clear value",
    "chrome.increment": "Increment",
    "chrome.decrement": "Decrement",
    "chrome.help": "Help",
    "chrome.help_for": "Help for {label}",
    "chrome.tabs_left": "Scroll tabs left",
    "chrome.tabs_right": "Scroll tabs right",
    "chrome.choose": "Choose an option",
    "chrome.no_results": "No results",
    "chrome.open": "Open",
    "chrome.close": "Close",
    "chrome.running": "Running...",
    "chrome.made_with": "Made with Streamlit v",  # the menu's last line, before the version's number
    "chrome.apply": "Press {keys} to apply",
    "chrome.key_enter": "Enter",  # a key's name in "Press {keys} to apply" ("Enter", "Ctrl+Enter")
    # a table's search counts what it found: "0 results", "1 result", "12 results", "over 1000"; once the reader
    # steps to one of them, "3 of 12 results" ({results} is one of the counts, said in the reader's language)
    "chrome.results_none": "0 results",
    "chrome.result_one": "1 result",
    "chrome.result_at": "{k} of {results}",
    "chrome.results": "{n} results",
    "chrome.results_over": "over {n}",
}
