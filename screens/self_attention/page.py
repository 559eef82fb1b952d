"""Screen 8: masks, and the road to self-attention (article section 8).

The screen's parts, one a tab, each in its own module of ``screens/self_attention/``: who may
use what, keys and values, and self-attention. Only the open tab is drawn (the link keeps
which one); self-attention reads the keys and values the link holds when its tab opens.
"""

from collections.abc import Callable

import streamlit as st

from screens.self_attention import key_value, self_read, visibility
from ui import sections, widgets
from ui.settings import self_attention as settings
from ui.text import t


def keys() -> None:
    key_value.heading()
    widgets.state_control()
    sections.follows(widgets.STATE_KEY, key_value.KEY, key_value.draw)  # its table and sentences quote the state


PARTS: dict[str, Callable[[], None]] = {"masks": visibility.draw, "keys": keys, "self": self_read.draw}


st.title(t("nav.self_attention"))
st.markdown(t("sa.lead"))
widgets.open_tab(settings.SA_TAB, PARTS, lambda name: t(f"sa.tab_{name}"))
