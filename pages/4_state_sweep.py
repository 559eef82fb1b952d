import streamlit as st

from ui import layout
from ui.text import t

with layout.page("nav.sweep"):
    st.title(t("nav.sweep"))
