import streamlit as st

from ui import layout
from ui.text import t

with layout.page("nav.fixed_summary"):
    st.title(t("nav.fixed_summary"))
