"""Entry point of the dashboard: ``streamlit run app.py``."""

import streamlit as st

from core.example import reading_of, worked_example

st.set_page_config(page_title="How does a model decide where to look?", page_icon="👀", layout="wide")
st.title("How does a model decide where to look?")
st.write(
    "An interactive walk through early soft attention (Bahdanau, Cho and Bengio, 2014): "
    "compare the decoder state with every source position, normalise the scores with Softmax, "
    "and read a context vector as their weighted sum."
)
example = worked_example()
for name in example.states:
    weights = reading_of(example, name).weights
    st.write(
        f"State {name}: weights " + ", ".join(f"{tok} {w:.3f}" for tok, w in zip(example.tokens, weights, strict=True))
    )
