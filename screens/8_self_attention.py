"""Screen 8: masks, and the road to self-attention (article section 8).

The screen's sections, one a header, each in its own module of ``screens/self_attention/``:
who may use what, keys and values, and self-attention.
"""

import streamlit as st

from screens.self_attention import key_value, self_read, visibility
from ui import state
from ui.text import t

st.title(t("nav.self_attention"))
st.markdown(t("sa.lead"))
visibility.draw()
model, W_K, W_V = key_value.draw(state.model())
self_read.draw(model, W_K, W_V)
