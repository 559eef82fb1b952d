"""A number typed as text opens a phone's number keys.

Where the reader's language writes a decimal comma, a question's number is a text field (``ui.questions.typed_here``:
Streamlit's number field takes no comma), and a phone opened its letters' keyboard for it. :data:`SCRIPT`, installed
once by :mod:`ui.frame`, gives every such field ``inputmode="decimal"``: the digits and the language's decimal mark.
A screen's own number field (``st.number_input``) takes the point alone: Chromium drops a comma typed or pasted into
it, in a French browser too, so that "0,5" was read 5. The script writes such a comma as the point.
"""

from __future__ import annotations

from ui import page_assets

TYPED = "_typed"  # how the key of a number typed as text ends (ui.questions.typed_key)

SCRIPT = page_assets.read("number_keys.js")
CONFIG = {"typed": TYPED}  # the values the script reads (window.attentionConfig.number_keys)
