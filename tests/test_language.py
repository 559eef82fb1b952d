"""The reader's language: kept per reader, carried by the link, refused with a notice when unknown."""

from __future__ import annotations

import threading

import pytest

from tests.apptest import run_page, shown_text, unescaped
from tests.language_check import english_left, visible_text
from ui import text
from ui.format import plain
from ui.text import t

MARK = "〔中〕"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    text.use("en")


@pytest.fixture
def marked_chinese(monkeypatch) -> None:
    """A complete stand-in Chinese catalog: every English message behind a mark, placeholders kept."""
    monkeypatch.setitem(text.CATALOG, "zh", {k: MARK + v for k, v in text.CATALOG["en"].items()})


def test_each_thread_speaks_its_own_readers_language(marked_chinese):
    heard: dict[str, str] = {}
    zh_ready, en_done = threading.Event(), threading.Event()

    def chinese_reader() -> None:
        text.use("zh")
        zh_ready.set()
        en_done.wait(5)  # the other reader speaks while this one has chosen Chinese
        heard["zh"] = t("app.title")

    def english_reader() -> None:
        zh_ready.wait(5)
        heard["en"] = t("app.title")
        en_done.set()

    threads = [threading.Thread(target=chinese_reader), threading.Thread(target=english_reader)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(10)
    assert heard == {"zh": MARK + text.CATALOG["en"]["app.title"], "en": text.CATALOG["en"]["app.title"]}


def test_a_message_keeps_its_fields_in_every_language(marked_chinese):
    text.use("zh")
    try:
        said = t("nav.current", s="1", tokens="I · like · cats", d_a=2)
        assert said.startswith(MARK) and "s = 1" in said
    finally:
        text.use("en")


def test_an_unknown_language_in_a_link_falls_back_to_english_with_a_notice():
    at = run_page("app.py", {"lang": "xx<b>"})
    assert not at.exception
    warnings = " ".join(w.value for w in at.warning)
    assert f"'{plain('xx<b>')}' is not a language of this dashboard" in warnings  # the link's text, escaped
    assert at.title[0].value == text.CATALOG["en"]["app.title"]
    assert "lang" not in at.query_params


def test_an_incomplete_translation_is_not_offered(monkeypatch):
    """One message missing in Chinese: the link's zh is refused with a notice and the switch is not offered."""
    missing = dict(text.CATALOG["zh"])
    missing.pop("nav.sweep", None)
    monkeypatch.setitem(text.CATALOG, "zh", missing)
    monkeypatch.setitem(text.CATALOG, "fr", {})
    assert not text.complete("zh")
    at = run_page("app.py", {"lang": "zh"})
    assert "is not a language of this dashboard" in " ".join(w.value for w in at.warning)
    assert "w_lang" not in [r.key for r in at.radio]  # no switch while English is the only language


def test_a_link_in_a_complete_language_shows_every_sentence_in_it_and_keeps_it_across_screens(marked_chinese):
    text.use("zh")  # AppTest formats widget options in this thread too
    try:
        shows_chinese_across_screens()
    finally:
        text.use("en")


def shows_chinese_across_screens() -> None:
    at = run_page("screens/scoring/page.py", {"lang": "zh"})
    assert not at.exception
    assert at.title[0].value.startswith(MARK)
    assert all(line.startswith(MARK) for line in (c.value for c in at.caption) if line)
    assert at.query_params["lang"] == "zh"
    at.switch_page("screens/state_sweep/page.py").run()
    assert at.title[0].value == MARK + text.CATALOG["en"]["nav.sweep"]
    assert MARK in shown_text(at)


def test_the_sidebar_switch_changes_the_language_and_the_link(marked_chinese):
    at = run_page("screens/revisitable_source/page.py")
    switch = at.radio(key="w_lang")
    assert switch.value == "en" and at.title[0].value == text.CATALOG["en"]["nav.revisitable"]
    switch.set_value("zh").run()
    assert at.title[0].value == MARK + text.CATALOG["en"]["nav.revisitable"]
    assert at.query_params["lang"] == "zh"


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_a_link_that_cannot_be_used_is_explained_in_the_readers_language(code, monkeypatch):
    text.use(code)
    at = run_page("screens/scoring/page.py", {"lang": code, "H": "1,2,3;4,5,6;7,8,9", "W": "1,2;3,x", "s": "9"})
    notices = "\n".join(unescaped(w.value) for w in at.warning)
    assert t("check.shape_got", name="H", expected="(T, 2)", got="(3, 3)") in notices  # core's shapes, in its words
    assert t("codec.not_number", value="x") in notices
    assert t("check.state_range", lo="-5", hi="5", got="9") in notices
    assert english_left(notices, code) == []


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_the_take_home_dialog_speaks_the_readers_language(code, monkeypatch):
    text.use(code)
    at = run_page("screens/revisitable_source/page.py", {"lang": code})
    at.sidebar.button(key="numbers").click().run()
    labels = [b.proto.label for b in at.get("download_button")]
    files = ("export.handout", "export.example_json", "export.example_csv")
    assert labels[:4] == [*(t(key) for key in files), t("export.chart_csv", k=1)]
    assert english_left(visible_text(at), code) == []
