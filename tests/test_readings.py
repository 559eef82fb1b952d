"""The worked example's sentence follows the reader's language; links keep one reading; numbers stay identical."""

from __future__ import annotations

import hypothesis
import hypothesis.strategies as st
import pytest

from tests.apptest import chart_data, charts, no_exception, run_page
from ui import codec, readings, text


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    text.use("en")


@pytest.mark.parametrize("code", ["en", "zh", "fr"])
def test_shown_and_stored_undo_each_other_and_leave_other_sentences_alone(code):
    text.use(code)
    for role in ("source", "target"):
        english = readings.READINGS["en"][role]
        assert readings.stored(readings.shown(english, role), role) == english
        assert readings.shown(("the", "cat"), role) == ("the", "cat") == readings.stored(("the", "cat"), role)
    assert readings.shown(readings.READINGS["en"]["source"]) == readings.READINGS[code]["source"]
    assert len({len(r["source"]) for r in readings.READINGS.values()}) == 1  # three positions in every reading


READ = [("zh", "我 喜欢 猫", "I like cats"), ("fr", "J'aime Paris", "我 喜欢 巴黎")]


@pytest.mark.parametrize(("code", "source", "target"), READ)
def test_a_link_in_another_language_reads_the_example_in_it(code, source, target):
    text.use(code)
    at = run_page("screens/fixed_summary/page.py", {"lang": code})
    no_exception(at)
    assert at.text_input(key="w_fix_source").value == source
    assert at.text_input(key="w_fix_target").value == target
    assert "fix_source" not in at.query_params  # the link keeps the English reading: the default, left out


def test_the_charts_label_the_example_in_the_readers_language_with_the_same_numbers():
    def weights(code: str) -> tuple[list[str], list[float]]:
        text.use(code)
        at = run_page("screens/revisitable_source/page.py", {"lang": code})
        no_exception(at)
        frame = next(df for df in map(chart_data, charts(at)) if "weight" in df.columns)
        return list(frame["position"]), list(frame["weight"])

    en, zh, fr = weights("en"), weights("zh"), weights("fr")
    assert (en[0], zh[0], fr[0]) == (["I", "like", "cats"], ["我", "喜欢", "猫"], ["J'", "aime", "Paris"])
    assert en[1] == zh[1] == fr[1]


def test_switching_language_reads_the_sentence_anew_and_keeps_an_edited_one():
    at = run_page("screens/fixed_summary/page.py")
    assert at.text_input(key="w_fix_source").value == "I like cats"
    text.use("zh")
    at.radio(key="w_lang").set_value("zh").run()
    assert at.text_input(key="w_fix_source").value == "我 喜欢 猫"
    at.text_input(key="w_fix_source").set_value("the old cat sleeps").run()
    text.use("fr")
    at.radio(key="w_lang").set_value("fr").run()
    no_exception(at)
    assert at.text_input(key="w_fix_source").value == "the old cat sleeps"
    assert at.text_input(key="w_fix_target").value == "我 喜欢 巴黎"  # the example's target, read in French
    assert at.query_params["fix_source"] == "the old cat sleeps"


def test_screen_1_encodes_the_example_alike_in_every_language():
    # Its encoder embeds each word, so a reading must not change the words it embeds: the numbers stay English's.
    def numbers(code: str) -> list[list[float]]:
        text.use(code)
        at = run_page("screens/fixed_summary/page.py", {"lang": code})
        no_exception(at)
        return [df.select_dtypes("number").round(12).values.tolist() for df in map(chart_data, charts(at))]

    en, zh, fr = numbers("en"), numbers("zh"), numbers("fr")
    assert en and en == zh == fr


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("J'aime Paris", ["J'", "aime", "Paris"]),
        ("J' aime Paris", ["J'", "aime", "Paris"]),
        ("qu’il l'homme", ["qu’", "il", "l'", "homme"]),
        ("don't aujourd'hui", ["don't", "aujourd'hui"]),  # no elided clitic: one word each
        ("我 喜欢 猫", ["我", "喜欢", "猫"]),
    ],
)
def test_an_elided_clitic_is_a_word_written_against_the_next(text, tokens):
    assert codec.parse_tokens(text) == tokens
    written = codec.joined(tokens)
    assert codec.parse_tokens(written) == tokens
    assert written == text.replace("' ", "'")  # no space after the apostrophe, one between words


@hypothesis.given(
    st.lists(st.sampled_from(["J'", "l’", "qu'", "aime", "homme", "Paris", "don't", "猫", "I"]), min_size=1, max_size=8)
)
def test_joined_tokens_read_back_as_the_same_tokens(tokens):
    assert codec.parse_tokens(codec.joined(tokens)) == tokens
