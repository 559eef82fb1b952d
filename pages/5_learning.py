import streamlit as st

from ui import layout
from ui.text import t

with layout.page("nav.learning"):
    st.title(t("nav.learning"))
