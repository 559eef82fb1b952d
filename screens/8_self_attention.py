"""Screen 8: masks, and the road to self-attention (article section 8).

The screen's sections, one a header, each in its own module of ``screens/self_attention/``:
who may use what, keys and values, and self-attention.
"""

import streamlit as st

from screens.self_attention import key_value, visibility
from ui import widgets
from ui.text import t

st.title(t("nav.self_attention"))
st.markdown(t("sa.lead"))
visibility.draw()
key_value.heading()
slider, below = st.container(), st.container()


def key_values_with_the_state() -> None:
    with below:
        key_value.draw()


widgets.state_section(slider, then=key_values_with_the_state)
