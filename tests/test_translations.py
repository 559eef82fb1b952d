"""The translators' catalogs: in step with the English, reviewed, compiled; a changed English text is caught."""

import ast
import gettext
import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.test_catalog import SOURCES
from tools import translations
from ui.text import CATALOG, COMPILED, PLURALS, TRANSLATED, mo_path, speaking, t, use


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_translates_todays_english_reviewed_and_compiled(code):
    assert translations.problems(code) == []


def test_the_template_holds_every_english_message_once_with_its_key_as_context():
    pot = translations.template()
    entries = [(m.context, m.id) for m in pot if m.id]
    assert entries == [(key, text) for key, text, _ in translations.english()]
    assert len({key for key, _ in entries}) == len(entries) == len(CATALOG["en"])


CHANGED = "The scorer's parameters, one row for each hidden unit k"  # score.params's English, reworded


def _template_with(key, english):
    """Today's template with ``key``'s English reading ``english``."""
    pot = translations.template()
    entry = next(m for m in pot if m.context == key)
    pot.delete(entry.id, context=key)
    pot.add(english, context=key, locations=entry.locations, flags=entry.flags)
    return pot


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_changed_english_sentence_marks_its_translation_fuzzy_and_the_reader_gets_the_english(code):
    key = "score.params"
    before = CATALOG[code][key]
    changed = translations.updated(translations.read(code), _template_with(key, CHANGED))
    entry = next(m for m in changed if m.context == key)
    assert entry.id == CHANGED and entry.fuzzy and entry.string == before  # the old translation kept, to review
    assert entry.previous_id == [CATALOG["en"][key]]  # with the English it translated, for the reviewer
    others = [m for m in changed if m.id and m.context != key]
    assert len(others) == len(CATALOG["en"]) - 1 and not any(m.fuzzy for m in others)
    compiled = gettext.GNUTranslations(io.BytesIO(translations.compiled(changed)))
    assert compiled.pgettext(key, CHANGED) == CHANGED  # a fuzzy translation is not compiled: the English shows
    assert compiled.pgettext("score.f", CATALOG["en"]["score.f"]) == CATALOG[code]["score.f"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_check_names_each_thing_left_to_do(code, tmp_path, monkeypatch):
    pot = _template_with("score.params", CHANGED)
    catalog = translations.updated(translations.read(code), pot)
    next(m for m in catalog if m.context == "score.f").string = ""
    po = tmp_path / "messages.po"
    po.write_text(translations.po_text(catalog), encoding="utf-8")
    monkeypatch.setattr(translations, "po_path", lambda c: po)
    monkeypatch.setattr(translations, "template", lambda: pot)
    found = translations.problems(code)
    assert found[0].endswith("is not the English messages' template: run python3 dev.py i18n")
    assert "score.params: the English changed; review the translation, then take off its fuzzy mark" in found
    assert "score.f: not translated" in found
    assert found[-1].endswith("is not compiled from its catalog: run python3 dev.py i18n")
    assert len(found) == 4
    # and against today's English (the template unchanged), the reworded entry translates another text
    monkeypatch.undo()
    monkeypatch.setattr(translations, "po_path", lambda c: po)
    assert "score.params: translates another English text (run python3 dev.py i18n)" in translations.problems(code)


def test_the_dashboard_reads_the_compiled_catalogs_that_the_po_files_hold():
    for code in TRANSLATED:
        with translations.po_path(code).open("rb") as fh:
            po = read_po(fh)
        form_for_two = COMPILED[code].plural(2)  # a message that states a count is read in its form for 2
        held = {m.context: m.string[form_for_two] if m.pluralizable else m.string for m in po if m.id and not m.fuzzy}
        assert CATALOG[code] == held
        assert mo_path(code).stat().st_size > 0


def test_every_message_is_a_format_template_with_the_fields_of_its_english():
    """One rule for braces: every message, in every language, formats with exactly its English's fields."""
    for code, catalog in CATALOG.items():
        for key, text in catalog.items():
            names = translations.fields(CATALOG["en"][key])
            parsed = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
            assert sorted(set(parsed)) == names, (code, key)


def _calls():
    """Each ``t("key", ...)`` call of the screens' code and of the tests whose key is written out: (file, key, the
    fields it names, whether it also passes ``**fields``). A key built at run time (``t(f"lim.tab_{name}")``) is
    left to the screens' tests, which draw every screen in every language."""
    for path in [*SOURCES, *sorted(Path(__file__).parent.glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "t" and node.args:
                if isinstance(node.args[0], ast.Constant):
                    named = sorted(k.arg for k in node.keywords if k.arg is not None)
                    yield path.name, node.args[0].value, named, any(k.arg is None for k in node.keywords)


def test_every_call_passes_exactly_the_fields_its_message_has():
    """A message written for no fields whose braces are not doubled would raise when the reader sees it; a field
    the message does not have would be dropped without a word."""
    wrong = []
    calls = list(_calls())
    for name, key, passed, spread in calls:
        wanted = translations.fields(CATALOG["en"][key])
        if (not spread and passed != wanted) or (spread and not set(passed) <= set(wanted)):
            wrong.append(f"{name}: t({key!r}) passes {passed}, the message has {wanted}")
    assert len(calls) > 400 and wrong == []


@pytest.mark.parametrize("code", ["en", *TRANSLATED])
def test_a_literal_brace_reaches_the_reader_single(code):
    with speaking(code):
        shown = t("fix.weights")
    assert "$\\alpha_{tj}$" in shown and "{{" not in shown


def test_a_message_that_states_a_count_has_a_form_for_one_and_the_same_fields_in_each():
    assert {"tr.row_source", "chart.description", "rev.vocab_numbers", "fix.sizes"} <= set(PLURALS)
    for key, plural in PLURALS.items():
        assert plural.count in translations.fields(plural.one) == translations.fields(plural.other), key
        assert plural.one != plural.other, key


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        ("en", "source (1 word)", "source (2 words)"),
        ("zh", "源句（1 个词）", "源句（2 个词）"),
        ("fr", "source (1 mot)", "source (2 mots)"),
    ],
)
def test_a_count_is_said_in_the_form_its_language_gives_it(code, one, two):
    with speaking(code):
        assert (t("tr.row_source", n=1), t("tr.row_source", n=2)) == (one, two)
        assert t("rev.vocab_numbers", wsum="1", T=1, csum="0") != t("rev.vocab_numbers", wsum="1", T=3, csum="0")


# --- What a translation says is what the reader of that language sees ---------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_note_on_other_sources_names_the_example_as_this_reader_reads_it(code):
    from tests.apptest import no_exception, run_page
    from ui import readings, text

    text.use(code)
    try:
        at = run_page("screens/learning/page.py", {"learn_tab": "train", "tokens": "a b c", "lang": code})
        no_exception(at)
        example = " / ".join(readings.READINGS[code]["source"])  # what readings.is_example compares with
        assert [c.value for c in at.caption if example in c.value], [c.value for c in at.caption]
        assert "I / like / cats" not in "\n".join(c.value for c in at.caption)
    finally:
        text.use("en")


def test_the_article_s_felix_keeps_his_name_in_chinese():
    with speaking("zh"):
        person = t("lim.phrase_person")
        sentences = [t("lim.sentence_plain"), t("lim.sentence_negated")]
    assert person == "费利克斯" and all(person in s for s in sentences)
    assert not [k for k, v in CATALOG["zh"].items() if "李明" in str(v)]


def test_the_chinese_forcing_lead_says_the_previous_word_and_scores_nothing():
    with speaking("zh"):
        lead = t("tr.forcing_lead", model=t("tr.reader_attention"))
    assert "一个前一个" not in lead and "解码器会被喂入前一个词" in lead
    assert "打分" not in lead  # 打分 is an attention score on every other screen; here it is -log p


# French sets a non-breaking space before a colon and inside guillemets, a narrow one before ; ! and ?, so that a line
# never starts with the mark (outside math, fields and code, which keep their own spacing)
NOT_PROSE = re.compile(r"\$[^$]*\$|\{[^{}]*\}|`[^`]*`|:material/[a-z_]+:|:[a-z]+\[")  # and icons, colours
BREAKABLE_BEFORE_MARK = re.compile(
    r"(?<=[^\s\u00a0\u202f]) ?[:;!?](?=\s|$|[)*»\"'])"  # a mark closing a clause, with no space or a breakable one
    r"|«(?=[^\u00a0\u202f])|(?<=[^\u00a0\u202f])»"  # guillemets not holding their quotation with fixed spaces
)


def marks(prose: str) -> list[re.Match]:
    return list(BREAKABLE_BEFORE_MARK.finditer(prose))


def test_french_punctuation_keeps_its_space_and_never_starts_a_line():
    catalog = translations.read("fr")
    found = []
    for message in catalog:
        if not message.id:
            continue
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            prose = NOT_PROSE.sub("X", text or "")  # math, a field or code stands where a word would
            found += [(message.context, prose[max(0, m.start() - 12) : m.end() + 4]) for m in marks(prose)]
    assert found == [], f"{len(found)} marks with no space or a breakable one, e.g. {found[:8]}"


def test_french_groups_thousands_by_a_space_not_a_comma():
    fields = {"least": 25231, "most": 31103, "steps": 1500}
    use("fr")
    try:
        french = t("tr.not", **fields)
    finally:
        use("en")
    assert "31\u202f103" in french and "1\u202f500" in french and "31,103" not in french  # 31,103 reads as 31.103
    assert "31,103" in t("tr.not", **fields)  # English keeps its comma
