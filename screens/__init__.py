"""The screens: Streamlit runs each ``N_name.py`` here as a page (and skips this file).

A screen too long for one file keeps its sections in a package of the same name (``learning/``).
"""
