"""Screen 8: masks, and the road to self-attention (article section 8).

The screen's sections, one a header, each in its own module of ``screens/self_attention/``:
who may use what, keys and values, and self-attention.
"""

import streamlit as st

from screens.self_attention import key_value, self_read, visibility
from ui import sections, widgets
from ui.text import t

st.title(t("nav.self_attention"))
st.markdown(t("sa.lead"))
visibility.draw()
key_value.heading()
widgets.state_control()
sections.follows(widgets.STATE_KEY, key_value.KEY, key_value.draw)  # its table and sentences quote the state
self_read.draw()
