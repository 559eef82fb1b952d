"""Screen 1, the fixed summary: AppTest."""

import re

import numpy as np
import pandas as pd
import pytest

from core.recurrent import decode, encode, largest_step_change, schematic_model
from tests.apptest import chart_data, charts, errors, no_exception, run_page, shown_text
from tests.language_check import english_left, visible_text
from ui import text
from ui.format import num

PAGE = "screens/fixed_summary/page.py"
MODEL = schematic_model()
SOURCE = ["I", "like", "cats"]
TARGET = ["我", "喜欢", "猫"]


def chart_with(at, column):
    """The data of the first chart (in page order) that has ``column``, joined with its other panels'."""
    tables = [chart_data(c) for c in charts(at)]
    first = next(k for k, df in enumerate(tables) if column in df.columns)
    panels = [tables[first]]
    for df in tables[first + 1 :]:
        if column not in df.columns or list(df.columns) != list(panels[0].columns):
            break
        panels.append(df)
    return pd.concat(panels, ignore_index=True)


def annotations(at) -> np.ndarray:
    """The annotation heatmap back as a matrix: rows in page order, [forward; backward] columns."""
    df = chart_with(at, "half")
    rows = list(dict.fromkeys(df["row"]))
    return np.array([df[df["row"] == r]["value"].to_numpy() for r in rows]), rows


def contexts(at, mode) -> np.ndarray:
    df = chart_with(at, "cₜ")
    part = df[df["decoder"] == mode]
    steps = list(dict.fromkeys(part["target step t"]))
    return np.array([part[part["target step t"] == s]["cₜ"].to_numpy() for s in steps]), steps


def weights(at) -> np.ndarray:
    df = chart_with(at, "αₜⱼ")
    steps = list(dict.fromkeys(df["target step t"]))
    return np.array([df[df["target step t"] == s]["αₜⱼ"].to_numpy() for s in steps]), list(
        dict.fromkeys(df["position"])
    )


def expected(source, target):
    ann = encode(MODEL, source)
    return ann, decode(MODEL, ann, target, attention=False), decode(MODEL, ann, target, attention=True)


def check_numbers(at, source, target):
    ann, fixed, soft = expected(source, target)
    H, rows = annotations(at)
    np.testing.assert_allclose(H[:-1], ann.H, rtol=1e-12)
    np.testing.assert_allclose(H[-1], ann.summary, rtol=1e-12)
    assert rows[-1] == "fixed summary c" and len(rows) == len(source) + 1
    C_fixed, steps = contexts(at, "fixed summary")
    np.testing.assert_allclose(C_fixed, fixed.contexts, rtol=1e-12)
    assert steps == [f"{i} · {tok}" for i, tok in enumerate(target, start=1)]
    np.testing.assert_allclose(contexts(at, "attention")[0], soft.contexts, rtol=1e-12)
    W, positions = weights(at)
    np.testing.assert_allclose(W, soft.weights, rtol=1e-12)
    assert len(positions) == len(source)
    return ann, fixed, soft


def test_default_page_shows_the_encoder_the_summary_and_both_decoders():
    at = run_page(PAGE)
    no_exception(at)
    assert not errors(at) and not at.warning
    assert at.text_input(key="w_fix_source").value == "I like cats"
    assert at.text_input(key="w_fix_target").value == "我 喜欢 猫"
    ann, fixed, soft = check_numbers(at, SOURCE, TARGET)
    text = shown_text(at)
    assert "schematic interface, not learned alignment" in text
    assert r"\mathbb{R}^{6}" in text and "T = 3" in text
    assert r"\overleftarrow{h}_j" in text and r"W_h\, h_{j-1}" in text  # recurrence and [forward; backward]
    assert "T = 3 annotations of width 6 (18 numbers)" in text
    # the comparison table: the fixed summary's context never moves, the attention context does
    assert f"| largest step-to-step change of $c_t$ | 0.0000 | {num(largest_step_change(soft.contexts))} |" in text
    s_fixed, s_soft = num(largest_step_change(fixed.states[1:])), num(largest_step_change(soft.states[1:]))
    assert f"| largest step-to-step change of the decoder state $s_t$ | {s_fixed} | {s_soft} |" in text
    assert "| width of $c_t$ | 6 numbers | 6 numbers |" in text


def test_fixed_summary_is_flat_and_attention_changes_across_steps():
    at = run_page(PAGE)
    C_fixed, _ = contexts(at, "fixed summary")
    C_soft, _ = contexts(at, "attention")
    assert np.ptp(C_fixed, axis=0).max() == 0.0  # flat: the same vector at every step
    assert np.ptp(C_soft, axis=0).max() > 0.3  # changing: a new reading at every step
    W, _ = weights(at)
    np.testing.assert_allclose(W.sum(axis=1), 1.0)
    assert np.abs(W[0] - W[1]).sum() > 0.3 and np.abs(W[1] - W[2]).sum() > 0.3


def test_editing_the_source_sentence_changes_every_number_and_the_url():
    at = run_page(PAGE)
    at.text_input(key="w_fix_source").set_value("we like dogs and cats").run()
    no_exception(at)
    assert not errors(at)
    check_numbers(at, ["we", "like", "dogs", "and", "cats"], TARGET)
    assert "T = 5 annotations of width 6 (30 numbers)" in shown_text(at)
    assert at.query_params["fix_source"] in ("we like dogs and cats", ["we like dogs and cats"])


def test_editing_the_target_tokens_changes_the_steps():
    at = run_page(PAGE)
    at.text_input(key="w_fix_target").set_value("a b c d e").run()
    no_exception(at)
    check_numbers(at, SOURCE, ["a", "b", "c", "d", "e"])
    at.text_input(key="w_fix_target").set_value("猫").run()
    check_numbers(at, SOURCE, ["猫"])
    assert "— (one step only)" in shown_text(at)


def test_repeated_words_and_a_single_word_are_drawn():
    at = run_page(PAGE)
    at.text_input(key="w_fix_source").set_value("the cat saw the cat").run()
    no_exception(at)
    _, rows = annotations(at)
    assert rows[:2] == ["the (1)", "cat (2)"]
    check_numbers(at, ["the", "cat", "saw", "the", "cat"], TARGET)
    at.text_input(key="w_fix_source").set_value("cats").run()
    W, _ = weights(at)
    np.testing.assert_allclose(W, 1.0)  # one position: all weight on it, context = summary
    np.testing.assert_allclose(contexts(at, "attention")[0], contexts(at, "fixed summary")[0], rtol=1e-12)


@pytest.mark.parametrize(
    "key, text, fragment",
    [
        ("w_fix_source", "", "Source sentence: no words"),
        ("w_fix_source", "   ", "Source sentence: no words"),
        ("w_fix_source", " ".join(["w"] * 41), "Source sentence: 41 words, at most 40 allowed"),
        ("w_fix_source", "a " + "x" * 41, "Source sentence: a word longer than 40 characters"),
        ("w_fix_source", "x " * 1200, "Source sentence: too long"),
        ("w_fix_target", "", "Target tokens: no words"),
        ("w_fix_target", " ".join(["我"] * 11), "Target tokens: 11 words, at most 10 allowed"),
    ],
)
def test_bad_input_shows_an_error_and_keeps_the_last_valid_sentence(key, text, fragment):
    at = run_page(PAGE)
    at.text_input(key="w_fix_source").set_value("we like dogs").run()
    at.text_input(key=key).set_value(text).run()
    no_exception(at)
    assert any(e.startswith(fragment) for e in errors(at)), errors(at)
    check_numbers(at, ["we", "like", "dogs"], TARGET)  # the last valid sentence, not the default


def test_a_shared_link_reproduces_the_view():
    at = run_page(PAGE, query={"fix_source": "we like dogs", "fix_target": "我们 喜欢 狗"})
    no_exception(at)
    assert not at.warning
    assert at.text_input(key="w_fix_source").value == "we like dogs"
    assert at.text_input(key="w_fix_target").value == "我们 喜欢 狗"
    check_numbers(at, ["we", "like", "dogs"], ["我们", "喜欢", "狗"])


@pytest.mark.parametrize(
    "query",
    [
        {"fix_source": ""},
        {"fix_source": " ".join(["w"] * 41)},
        {"fix_source": "x" * 2500},
        {"fix_target": " ".join(["t"] * 11)},
        {"fix_target": "   "},
    ],
)
def test_malformed_links_fall_back_with_a_notice(query):
    at = run_page(PAGE, query=query)
    no_exception(at)
    assert at.warning, "a notice about the link"
    assert not errors(at)
    check_numbers(at, SOURCE, TARGET)


def test_captions_are_one_sentence_and_the_screen_stays_short():
    at = run_page(PAGE)
    captions = [c.value for c in at.main.caption]
    assert len(captions) == 4
    for caption in captions:
        assert re.search(r"[.!?]\s+[A-Z]", caption) is None, caption  # one sentence
    prose = [e.value for kind in ("title", "subheader", "markdown", "caption") for e in getattr(at.main, kind)]
    words = sum(len(p.split()) for p in prose)
    assert words < 500, words  # the schematic caveat is said once, not under every chart
    assert shown_text(at).count("not learned alignment") == 1


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_every_control_and_state_of_the_screen_speaks_the_readers_language(code, monkeypatch):
    text.use(code)  # AppTest formats widget values in this thread
    try:
        at = run_page(PAGE, {"lang": code})
        typed = {"zh": "猫 喜欢 狗", "fr": "les chats dorment"}[code]  # the reader's own sentence
        steps = [
            ("w_fix_source", typed),
            ("w_fix_target", "a b c d e"),  # more than four steps: the weights go below the table
            ("w_fix_target", "猫"),  # one step: no step-to-step change to show
        ]
        for key, value in [(None, None), *steps]:
            if key:
                at.text_input(key=key).set_value(value).run()
            no_exception(at)
            assert not errors(at)
            assert english_left(visible_text(at), code) == [], (key, value)
        df = chart_with(at, "αₜⱼ")  # the weights, in fields named in the reader's language
        assert df[text.t("fix.position")].tolist() == typed.split()
        assert set(df[text.t("fix.step_axis")]) == {"1 · 猫"}
        assert text.t("fix.compare.one_step") in shown_text(at)
        assert at.text_input(key="w_fix_source").label == text.t("fix.source") != text.CATALOG["en"]["fix.source"]
    finally:
        text.use("en")


def test_the_lead_names_both_interfaces_and_the_one_drawn_is_a_summary_fed_at_every_step():
    """Sutskever et al. give the summary as the decoder's first state, Cho et al. as an input at every step; the
    screen draws the second: the decoder starts from zeros and gets the same summary at every target step."""
    model = schematic_model()
    annotations = encode(model, ["I", "like", "cats"])
    trace = decode(model, annotations, ["我", "喜欢", "猫"], attention=False)
    assert np.array_equal(trace.states[0], np.zeros_like(trace.states[0]))
    assert all(np.array_equal(c, annotations.summary) for c in trace.contexts)
    lead = text.t("fix.lead")
    assert "as its first state (Sutskever et al., 2014)" in lead and "as drawn here, as the same input" in lead


def test_the_sidebar_names_the_shared_sources_beside_a_sentence_of_other_length():
    """Screen 1 reads a sentence of its own; the sidebar's caption of the shared state named a count, '3 source
    positions', beside a 12-word sentence. It names the shared sources instead."""
    sentence = "the quick brown fox jumps over the lazy dog and then sleeps"
    at = run_page(PAGE, query={"fix_source": sentence})
    no_exception(at)
    assert at.text_input(key="w_fix_source").value == sentence and len(sentence.split()) == 12
    shared = " ".join(c.value for c in at.sidebar.caption)
    assert "I · like · cats" in shared and "source positions" not in shared
