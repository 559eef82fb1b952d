"""A chart's gradient, such as a heatmap's colour key, drawn whatever the page's address has become since.

Vega's SVG renderer refers to a gradient by the page's address at the moment it draws: a colour key's bar is filled
with ``url(http://host/?step=10&...#gradient_0)``. The app writes the reader's settings into the address after the
chart is drawn (a step reached with PageDown, a slider released), and a reference to another address than the
page's own names another document: the next time the browser styles the bar (a hover, a tooltip, a resize), the
key is drawn blank. :data:`SCRIPT`, installed once by :mod:`ui.frame`, rewrites each such reference as it is written
to the fragment alone (``url(#gradient_0)``), which names the page's own gradient at any address. (A clip path's
reference is a fragment already; the page has no ``<base>`` element, which is why Vega writes the address.)
"""

from __future__ import annotations

from ui import page_assets

# (No angle brackets in it, even in a comment: Streamlit's html element drops a script whose text holds a tag.)
SCRIPT = page_assets.read("gradient_refs.js")
