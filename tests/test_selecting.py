"""Selecting is not understanding (section 1): identical weights, different meanings."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.selecting import (
    CAFE_GOALS,
    QUESTIONS,
    cafe,
    dot_read,
    most_weighted,
    notebook,
    question_query,
    stated_answer,
)
from core.softmax import softmax

actions = st.floats(-10.0, 10.0, allow_nan=False, width=64)


@given(st.sampled_from(QUESTIONS), actions)
def test_both_sentences_get_exactly_the_same_scores_and_weights(question, action):
    plain, negated = notebook(False), notebook(True)
    a = dot_read(plain, plain.query(question_query(question, action)))
    b = dot_read(negated, negated.query(question_query(question, action)))
    assert np.array_equal(a.scores, b.scores)
    assert np.array_equal(a.weights, b.weights)


@given(st.sampled_from(QUESTIONS), actions)
def test_the_contexts_differ_only_in_not_by_the_action_phrases_weight(question, action):
    plain, negated = notebook(False), notebook(True)
    a = dot_read(plain, plain.query(question_query(question, action)))
    b = dot_read(negated, negated.query(question_query(question, action)))
    diff = b.context - a.context
    k = negated.feature("not")
    assert diff[k] == pytest.approx(b.weights[negated.labels.index("did not leave")], rel=1e-12)
    assert np.all(np.delete(diff, k) == 0)


@given(st.sampled_from(QUESTIONS), actions)
def test_the_read_is_the_dot_score_softmax_and_weighted_sum(question, action):
    scene = notebook(True)
    q = scene.query(question_query(question, action))
    r = dot_read(scene, q)
    np.testing.assert_allclose(r.scores, scene.H @ q, rtol=1e-14)
    np.testing.assert_allclose(r.weights, softmax(scene.H @ q), rtol=1e-14)
    np.testing.assert_allclose(r.context, r.weights @ scene.H, rtol=1e-14, atol=1e-15)


@given(st.floats(-10.0, 3.99, allow_nan=False, width=64))
def test_the_most_weighted_phrase_is_the_same_while_what_the_sentences_say_differs(action):
    for negated in (False, True):
        scene = notebook(negated)
        r = dot_read(scene, scene.query(question_query("where", action)))
        assert scene.labels[most_weighted(r)] == "in the meeting room"
    assert notebook(False).labels[stated_answer(notebook(False), "where")] == "in the meeting room"
    assert stated_answer(notebook(True), "where") is None
    for negated in (False, True):
        assert notebook(negated).labels[stated_answer(notebook(negated), "colour")] == "blue"


def test_a_large_weight_on_the_action_phrase_makes_it_the_most_weighted():
    scene = notebook(True)
    r = dot_read(scene, scene.query(question_query("where", 5.0)))
    assert scene.labels[most_weighted(r)] == "did not leave"


def test_the_cafe_goal_changes_what_is_read():
    scene = cafe()
    tops = {g: scene.labels[most_weighted(dot_read(scene, scene.query(q)))] for g, q in CAFE_GOALS.items()}
    assert tops == {"follow": "your friend's voice", "phone": "the phone on the table"}


def test_bad_questions_and_features_are_refused():
    with pytest.raises(ValueError, match="question"):
        question_query("why")
    with pytest.raises(ValueError, match="question"):
        stated_answer(notebook(False), "why")
    with pytest.raises(ValueError, match="unknown features"):
        notebook(False).query({"smell": 1.0})
