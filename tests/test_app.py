from streamlit.testing.v1 import AppTest


def test_app_starts_and_shows_the_worked_example():
    at = AppTest.from_file("../app.py").run(timeout=30)
    assert not at.exception
    assert at.title[0].value == "How does a model decide where to look?"
    text = " ".join(m.value for m in at.markdown)
    assert "State A: weights I 0.791" in text
