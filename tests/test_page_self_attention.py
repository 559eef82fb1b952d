"""Screen 8, masks and self-attention: AppTest."""

import numpy as np
import pytest

from tests.apptest import REPORT, chart_data, charts, errors, no_exception, run_page, shown_text
from tests.language_check import english_left, visible_text
from ui import text
from ui.text import t

PAGE = "screens/self_attention/page.py"
A, B = (np.array(REPORT["readings"][s]["weights"]) for s in ("A", "B"))
KEYS, SELF = {"sa_tab": "keys"}, {"sa_tab": "self"}  # the screen opens on visibility; its other parts are tabs


def open_tab(at, name):
    """Open the screen's tab ``name`` (masks, keys, self) as a reader's click does."""
    at.session_state["w_sa_tab"] = t(f"sa.tab_{name}")
    return at.run()


def chart(at, name_column, value=None):
    """The first chart whose data has the column ``name_column`` (holding ``value``, if given)."""
    for c in charts(at):
        df = chart_data(c)
        if name_column in df.columns and (value is None or value in df[name_column].tolist()):
            return df
    raise AssertionError(f"no chart with {name_column}={value}")


def decoder_mask(at) -> dict[str, dict[str, bool]]:
    """{part: {'step|column': may use}} from the decoder's visibility chart, part = source or target."""
    df = chart(at, "part")
    out: dict[str, dict[str, bool]] = {}
    for _, r in df.iterrows():
        out.setdefault(r["part"], {})[f"{r['row']}|{r['column']}"] = r["state"] == t("sa.may_use")
    return out


def annotation_mask(at) -> np.ndarray:
    """Row j, column k: whether annotation h_j has read word x_k, from the encoder's visibility chart."""
    df = next(d for d in map(chart_data, charts(at)) if "state" in d.columns and "part" not in d.columns)
    T = int(np.sqrt(len(df)))
    return (df["state"].to_numpy() == t("sa.has_read")).reshape(T, T)


def bars(at) -> dict[str, np.ndarray]:
    df = chart(at, "reading")
    return {g: part["weight"].to_numpy() for g, part in df.groupby("reading", sort=False)}


def self_weights(at) -> tuple[np.ndarray, np.ndarray]:
    df = chart(at, "asks")
    T = int(np.sqrt(len(df)))
    return df["alpha"].to_numpy().reshape(T, T), df["visible"].to_numpy().reshape(T, T)


def test_the_decoder_may_use_every_source_word_and_only_the_target_tokens_before_its_own():
    at = run_page(PAGE)
    no_exception(at)
    mask = decoder_mask(at)
    source, target = mask[t("sa.panel.source")], mask[t("sa.panel.target")]
    assert all(source.values()) and len(source) == 9  # 3 steps x 3 words
    expected = {  # step t may use y_0 = <s> .. y_{t-1}
        "1 · 我": ["<s>"],
        "2 · 喜欢": ["<s>", "我"],
        "3 · 猫": ["<s>", "我", "喜欢"],
    }
    for step, visible in expected.items():
        assert sorted(k.split("|")[1] for k, v in target.items() if v and k.startswith(step)) == sorted(visible)
    text = shown_text(at)
    assert "may use 3 of the 3 source words, `<s>`, and 2 of the 3 target tokens" in text
    assert t("sa.decoder_ahead_none") in text


def test_a_sentence_the_reader_types_sets_the_mask_and_the_link():
    at = run_page(PAGE)
    at.text_input(key="w_mask_source").set_value("the cat sat on the mat").run()
    at.text_input(key="w_mask_target").set_value("le chat").run()
    no_exception(at)
    mask = decoder_mask(at)
    assert len(mask[t("sa.panel.source")]) == 2 * 6
    assert "2 · chat|the (5)" in mask[t("sa.panel.source")]  # a repeated word keeps its place
    assert mask[t("sa.panel.target")]["2 · chat|le"] and not mask[t("sa.panel.target")]["2 · chat|chat"]
    assert "may use 6 of the 6 source words, `<s>`, and 1 of the 2 target tokens" in shown_text(at)
    assert at.query_params["mask_target"] in ("le chat", ["le chat"])
    assert annotation_mask(at).shape == (6, 6)


def test_an_empty_sentence_is_named_and_the_last_valid_one_kept():
    at = run_page(PAGE)
    at.text_input(key="w_mask_target").set_value("   ").run()
    no_exception(at)
    assert any(e.startswith(t("sa.target_field")) for e in errors(at)), errors(at)
    assert len(decoder_mask(at)[t("sa.panel.target")]) == 3 * 4


@pytest.mark.parametrize(
    "encoder, expected, said",
    [
        ("bidirectional", np.ones((3, 3), dtype=bool), "every annotation has read 3 of the 3 source words"),
        ("forward", np.tril(np.ones((3, 3), dtype=bool)), "have read from 1 to 3 of the 3 source words"),
        ("backward", np.triu(np.ones((3, 3), dtype=bool)), "have read from 1 to 3 of the 3 source words"),
    ],
)
def test_the_encoder_choice_sets_what_each_annotation_has_read(encoder, expected, said):
    at = run_page(PAGE)
    at.radio(key="w_mask_encoder").set_value(encoder).run()
    no_exception(at)
    np.testing.assert_array_equal(annotation_mask(at), expected)
    assert said in shown_text(at) and "from 3 to 3" not in shown_text(at)


def test_with_the_same_representation_the_read_is_the_additive_one():
    at = run_page(PAGE, KEYS)
    b = bars(at)
    np.testing.assert_allclose(b[t("sa.reading.additive")], A, rtol=1e-12)
    np.testing.assert_array_equal(b[t("sa.reading.kv")], b[t("sa.reading.additive")])
    assert "0 in any weight and 0 in the context." in shown_text(at)  # an exact zero, not 0.0e+00
    assert not {"w_wk", "w_wv"} & {w.key for w in at.text_input}  # no W_K, W_V fields while they are the same
    at.slider(key="w_s").set_value(1.0).run()
    np.testing.assert_allclose(bars(at)[t("sa.reading.kv")], B, rtol=1e-12)


def test_separate_keys_move_the_weights_and_values_move_what_is_read():
    at = run_page(PAGE, KEYS)
    at.radio(key="w_kv").set_value(True).run()
    no_exception(at)
    # our default keys k_j = -h_j: state A now reads "cats" as it read "I"
    np.testing.assert_allclose(bars(at)[t("sa.reading.kv")], A[::-1], rtol=1e-12)
    table = at.dataframe[0].value
    assert table[t("sa.col.most")].tolist() == ["I", "cats"]
    assert at.query_params["kv"] in ("1", ["1"])
    # keys h_j again, values 2 h_j: the article's weights, and twice its context
    at.text_input(key="w_wk").set_value("1,0;0,1").run()
    at.text_input(key="w_wv").set_value("2,0;0,2").run()
    np.testing.assert_allclose(bars(at)[t("sa.reading.kv")], A, rtol=1e-12)
    c = REPORT["readings"]["A"]["context"]
    table = at.dataframe[0].value
    assert table[t("sa.col.c1")].tolist() == [f"{c[0]:.4f}", f"{2 * c[0]:.4f}"]
    assert table[t("sa.col.c2")].tolist() == [f"{c[1]:.4f}", f"{2 * c[1]:.4f}"]


@pytest.mark.parametrize(
    "key, text, fragment",
    [
        ("w_wk", "1,2,3", "Key projection: expected 2 rows of 2 numbers, got 1 x 3"),
        ("w_wv", "1,0;0,nan", "Value projection: 'nan' is not a finite number"),
        ("w_wv", "1e9,0;0,1", "Value projection: entries must be at most 100 in size"),
    ],
)
def test_a_bad_projection_is_named_and_the_last_valid_one_kept(key, text, fragment):
    at = run_page(PAGE, KEYS)
    at.radio(key="w_kv").set_value(True).run()
    at.text_input(key=key).set_value(text).run()
    no_exception(at)
    assert any(fragment in e for e in errors(at)), errors(at)
    np.testing.assert_allclose(bars(at)[t("sa.reading.kv")], A[::-1], rtol=1e-12)


def test_every_position_asks_its_own_question_and_a_causal_mask_hides_the_later_ones():
    at = run_page(PAGE, SELF)
    alpha, visible = self_weights(at)
    assert visible.all()
    np.testing.assert_allclose(alpha.sum(axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(alpha[0], A, rtol=1e-12)  # "I" asks q = -1, state A's question
    np.testing.assert_allclose(alpha[2], B, rtol=1e-12)  # "cats" asks q = +1, state B's
    table = at.dataframe[0].value
    assert table[t("sa.col.query")].tolist() == ["-1.0000", "0.0000", "1.0000"]
    assert table[t("sa.col.state")].tolist() == ["A", "", "B"]
    assert "largest difference 0)" in shown_text(at)

    at.radio(key="w_sa_mask").set_value("causal").run()
    no_exception(at)
    alpha, visible = self_weights(at)
    np.testing.assert_array_equal(visible, np.tril(np.ones((3, 3), dtype=bool)))
    assert np.all(alpha[~visible] == 0.0)
    np.testing.assert_allclose(alpha.sum(axis=1), 1.0, atol=1e-12)
    assert alpha[0, 0] == 1.0  # the first position may read only itself
    assert at.dataframe[0].value[t("sa.col.state")].tolist() == ["", "", "B"]
    assert "the causal mask depends on where a word stands" in shown_text(at)


def test_the_query_projection_is_the_readers_and_a_bad_one_is_refused():
    at = run_page(PAGE, SELF)
    at.text_input(key="w_wq").set_value("0,0").run()  # every query 0: every row reads alike
    alpha, _ = self_weights(at)
    np.testing.assert_allclose(alpha, np.repeat(alpha[:1], 3, axis=0), rtol=1e-12)
    at.text_input(key="w_wq").set_value("1;1").run()
    assert any("Query projection: expected 1 row of 2 numbers, got 2 x 1" in e for e in errors(at)), errors(at)


def test_a_shared_link_reproduces_the_view_and_a_bad_link_falls_back_with_notices():
    at = run_page(PAGE, query={"kv": "1", "wk": "0,1;1,0", "sa_mask": "causal", "mask_encoder": "forward"})
    no_exception(at)
    assert not at.warning
    assert at.radio(key="w_mask_encoder").value == "forward"
    open_tab(at, "keys")
    assert at.radio(key="w_kv").value is True and at.text_input(key="w_wk").value == "0,1;1,0"
    open_tab(at, "self")
    assert at.radio(key="w_sa_mask").value == "causal"
    np.testing.assert_array_equal(self_weights(at)[1], np.tril(np.ones((3, 3), dtype=bool)))
    at = run_page(PAGE, query={"kv": "2", "wq": "<b>1</b>", "sa_mask": "all", "mask_source": ""})
    no_exception(at)
    assert len(at.warning) == 4  # every setting of the link is checked on the first view, whichever tab reads it
    open_tab(at, "keys")
    assert at.radio(key="w_kv").value is False
    open_tab(at, "self")
    assert at.radio(key="w_sa_mask").value == "none" and at.text_input(key="w_wq").value == "1,1"


def test_the_home_page_lists_the_screen_on_its_route():
    at = run_page("app.py")
    no_exception(at)
    assert t("home.step8") in shown_text(at)
    assert any(link.proto.page == "self_attention" for link in at.get("page_link"))


def test_a_target_token_spelled_like_a_source_word_keeps_a_column_of_its_own():
    at = run_page(PAGE, query={"mask_source": "le chat noir", "mask_target": "le chat"})
    no_exception(at)
    target = decoder_mask(at)[t("sa.panel.target")]
    assert sorted({k.split("|")[1] for k in target}) == sorted(["<s>", "le (y_1)", "chat (y_2)"])
    assert target["2 · chat|le (y_1)"] and not target["2 · chat|chat (y_2)"]


def test_a_repeated_target_token_is_named_by_its_index():
    at = run_page(PAGE, query={"mask_target": "le chat le"})
    target = decoder_mask(at)[t("sa.panel.target")]
    assert sorted({k.split("|")[1] for k in target}) == sorted(["<s>", "le (y_1)", "chat", "le (y_3)"])


TYPED = {"zh": ("那只 黑 猫 在 睡觉", "黑 猫 黑"), "fr": ("le chat noir dort", "le chat le")}


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_every_control_of_the_screen_speaks_the_readers_language(code, monkeypatch):
    text.use(code)  # AppTest formats widget options in this thread
    try:
        at = run_page(PAGE, {"lang": code})
        views = [visible_text(at)]
        source, target = TYPED[code]  # the reader's own sentences, in the reader's language
        at.text_input(key="w_mask_source").set_value(source).run()
        at.text_input(key="w_mask_target").set_value(target).run()  # repeated, and spelled like a source word
        views.append(visible_text(at))
        for encoder in ("forward", "backward"):
            at.radio(key="w_mask_encoder").set_value(encoder).run()
            views.append(visible_text(at))
        open_tab(at, "keys")
        views.append(visible_text(at))
        at.radio(key="w_kv").set_value(True).run()
        views.append(visible_text(at))
        at.text_input(key="w_wk").set_value("1,2,3").run()  # a refused shape, named in the reader's language
        assert any(e.startswith(t("sa.w_k_field")) for e in errors(at)), errors(at)
        views.append(visible_text(at))
        open_tab(at, "self")
        views.append(visible_text(at))
        at.radio(key="w_sa_mask").set_value("causal").run()
        at.text_input(key="w_wq").set_value("1;1").run()
        assert any(e.startswith(t("sa.w_q_field")) for e in errors(at)), errors(at)
        assert text.CATALOG[code]["sa.order_changes"].split("{gap}")[0] in shown_text(at)  # the causal mask is on
        views.append(visible_text(at))
        no_exception(at)
        assert at.query_params["lang"] == code
        for shown in views:
            assert english_left(shown, code) == []
    finally:
        text.use("en")
