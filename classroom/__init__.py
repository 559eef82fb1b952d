"""A class the teacher leads: join codes, the shared state of a class, its students' answers (no Streamlit here).

:func:`classroom.backends.open_store` gives the store the settings name (SQLite by default, Redis for replicas on
several hosts); ``docs/classroom.md`` describes what it keeps and why.
"""
