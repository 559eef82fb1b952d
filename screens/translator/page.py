"""Screen 6: a toy translator that learned where to look (article sections 2-3 and 7).

Two small translators trained in numpy, one reading with attention and one
with a fixed summary; the screen's parts live in ``screens/translator/``, one
module a concern.
"""

import streamlit as st

from screens.translator import section
from ui.text import t

st.title(t("nav.translator"))
section.draw()
