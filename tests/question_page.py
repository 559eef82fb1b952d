"""A page that asks one question of the bank with ui.questions.ask, for the widget's AppTest
(tests/test_question_widget.py): the session's "question" names it, "seed" varies its setting, "lang" the language."""

import streamlit as st

import core.questions as qb
from ui import questions, text

text.use(st.session_state.get("lang", "en"))
if st.session_state.get("present"):
    st.query_params["present"] = "1"
seed = st.session_state.get("seed")
question = qb.varied(st.session_state["question"], seed) if seed is not None else qb.ask(st.session_state["question"])
state = questions.ask(question, "probe")
st.markdown(f"state: {state}")
