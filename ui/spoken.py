"""Labels a screen reader reads as a reader hears them.

A widget's label may hold inline TeX (``Decoder state $s$``): Streamlit draws it
with KaTeX on the page, but writes the label as it was given into the control's
``aria-label`` (and its help button's), so a screen reader says "dollar s
dollar". :data:`SCRIPT`, installed once by :mod:`ui.frame`, rewrites each such
``aria-label`` in the page, now and whenever one appears or changes, to its
spoken form: the TeX's dollars, backslashes and braces dropped, a subscript's
or a superscript's mark read as a space (``$y_t$`` -> "y t", ``$\\alpha$`` ->
"alpha").
"""

from __future__ import annotations

from ui import page_assets

SCRIPT = page_assets.read("spoken.js")
