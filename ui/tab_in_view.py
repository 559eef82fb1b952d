"""A row of tabs wider than the screen (Streamlit scrolls it sideways, on a phone say) shows its open tab.

Opened from a link, a later tab was left out of sight past the row's right edge, so that no tab looked open.
:data:`SCRIPT`, installed once by :mod:`ui.frame`, scrolls each tab row, when its open tab changes or first
appears, just enough to show that tab whole (the page itself does not move).
"""

from __future__ import annotations

from ui import page_assets

ROOM = 8  # px between the open tab and the row's edge once scrolled to it

SCRIPT = page_assets.read("tab_in_view.js")
CONFIG = {"room": ROOM}  # the values the script reads (window.attentionConfig.tab_in_view)
