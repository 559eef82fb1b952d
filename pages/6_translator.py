"""Screen 6: a toy translator that learned where to look (article sections 2-3 and 7).

Two small translators trained in numpy, one reading with attention and one
with a fixed summary; the screen's parts live in ``pages/translator/``, one
module a concern.
"""

import streamlit as st

from pages.translator import section
from ui import layout
from ui.text import t

with layout.page("nav.translator"):
    st.title(t("nav.translator"))
    section.draw()
