"""The widget that asks a question (ui.questions.ask): answered right, answered wrong, skipped; the tally; words."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

import core.questions as qb
from tests.apptest import ROOT, charts, no_exception, run_page, shown_text
from tests.chart_meaning import meaning
from ui import questions, text
from ui.format import num, plain
from ui.text import t

PAGE = str(ROOT / "tests" / "question_page.py")
ANSWER, CHECK, SKIP = (f"q_probe_{part}" for part in ("answer", "check", "skip"))


def page(question: str, seed: int | None = None, lang: str = "en") -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=30)
    at.session_state["question"] = question
    at.session_state["seed"] = seed
    at.session_state["lang"] = lang
    return at.run()


def state(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("state: ")).removeprefix("state: ")


def tally(at: AppTest) -> dict[str, int]:
    return at.session_state[questions.TALLY] if questions.TALLY in at.session_state else {}


def test_a_choice_answered_right_reveals_the_answer_and_its_explanation():
    at = page("tanh.removed")
    no_exception(at)
    q = qb.ask("tanh.removed")
    assert state(at) == questions.UNANSWERED
    assert questions.prompt(q) in shown_text(at)
    radio = at.radio(key=ANSWER)
    assert list(radio.options) == [questions.option_label(q, o) for o in q.options]
    assert at.button(key=CHECK).disabled  # nothing chosen yet
    assert questions.explanation(q) not in shown_text(at)  # nothing given away before an answer
    radio.set_value("uniform").run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    assert state(at) == questions.RIGHT
    shown = shown_text(at)
    assert t("q.right") in [s.value for s in at.success]
    assert t("q.yours", given=questions.option_label(q, "uniform")) in shown
    assert questions.explanation(q) in shown and "1/3" not in questions.explanation(q)
    assert at.radio(key=ANSWER).disabled and not at.button  # answered once: no second try at the same setting
    assert tally(at) == {"answered": 1, "right": 1}


def test_a_number_answered_wrong_shows_both_answers_and_counts_it():
    q = qb.ask("compare.weight")  # the weight on "I" at s = -1: 0.791
    at = page("compare.weight")
    # the range in the field's label, in sight: behind its "?" alone, a phone's reader had to tap to find it
    assert at.number_input(key=ANSWER).label == t("q.number_answer", low="0.00", high="1.00")
    at.number_input(key=ANSWER).set_value(0.5).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    assert state(at) == questions.WRONG
    shown = shown_text(at)
    assert t("q.wrong") in [e.value for e in at.error]
    assert "Your answer: 0.50" in shown
    assert "The answer: 0.791 (within ±0.05 counts as right)" in shown  # a decimal more: the band's edges are exact
    assert questions.explanation(q) in shown and "“I” gets 0.791" in shown
    assert tally(at) == {"answered": 1, "right": 0}
    # and on the question's range: the reader's 0.5 as a tick, the right 0.791 as a line in its band of ±0.05
    (chart,) = charts(at)
    drawn = {v["mark"]["type"]: v["rows"] for v in meaning(chart)}
    assert drawn["tick"] == [{t("q.line_row"): t("q.line_yours"), t("q.line_value"): 0.5}]
    (right,) = drawn["rule"]
    ((band),) = drawn["rect"]
    assert right["right"] == pytest.approx(q.answer) and q.answer == pytest.approx(0.791, abs=5e-4)
    assert (band["low"], band["high"]) == pytest.approx((q.answer - q.tolerance, q.answer + q.tolerance))


def test_a_skipped_number_places_nothing_on_a_range():
    """Skipped, there is no answer to place: the step's own charts are all the page draws (a projector's step keeps
    its room)."""
    at = page("compare.weight")
    at.button(key=SKIP).click().run()
    no_exception(at)
    assert charts(at) == []


def test_on_a_projector_a_number_is_placed_in_words_only():
    """A range a column wide is too small for a room to read: presenting, the two written lines say it."""
    at = AppTest.from_file(PAGE, default_timeout=30)
    at.session_state["question"], at.session_state["seed"], at.session_state["present"] = "compare.weight", None, True
    at.run()
    at.number_input(key=ANSWER).set_value(0.5).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    assert "Your answer: 0.50" in shown_text(at) and charts(at) == []


def test_a_point_pick_draws_the_points_where_they_lie_with_the_readers_and_the_right_one():
    q = qb.ask("hull.point")  # P2 (0.3, 0.1) is the one inside the sources' triangle
    wrong = next(o for o in q.options if o != q.answer)
    at = page("hull.point")
    at.radio(key=ANSWER).set_value(wrong).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    (chart,) = charts(at)
    x, y = t("q.plane_coordinate", i=1), t("q.plane_coordinate", i=2)
    views = meaning(chart)
    offered = next(v["rows"] for v in views if v["mark"]["type"] == "point" and "role" in v["rows"][0])
    labelled = {(r[x], r[y]): (r["label"], r["role"]) for r in offered}
    right, yours, other = t("q.plane_right"), t("q.plane_yours"), t("q.plane_other")
    assert labelled == {
        point: (t("q.plane_label", k=k, role=right), right) if o == q.answer
        else (t("q.plane_label", k=k, role=yours), yours) if o == wrong
        else (f"P{k}", other)
        for k, (o, point) in enumerate(zip(q.options, q.points, strict=True), start=1)
    }  # fmt: skip
    assert sorted((r[x], r[y]) for r in offered) == sorted(q.points)
    outline = next(v["rows"] for v in views if v["mark"]["type"] == "line")
    corners = [(r[x], r[y]) for r in sorted(outline, key=lambda r: r["k"])]
    assert corners == [*q.plane, q.plane[0]]  # the triangle, closed
    named = next(v["rows"] for v in views if v["mark"]["type"] == "text" and "word" in v["rows"][0])
    assert {r["word"] for r in named} == {questions.word(q, qb.Word(j)) for j in range(3)}  # each source named


def test_a_point_picked_right_is_the_answer_and_no_point_is_another_of_the_readers():
    q = qb.ask("hull.point")
    at = page("hull.point")
    at.radio(key=ANSWER).set_value(q.answer).run()
    at.button(key=CHECK).click().run()
    (chart,) = charts(at)
    offered = next(v["rows"] for v in meaning(chart) if v["mark"]["type"] == "point" and "role" in v["rows"][0])
    assert sorted(r["role"] for r in offered) == sorted([t("q.plane_right")] + [t("q.plane_other")] * 3)


def words_drawn(at: AppTest) -> list[dict]:
    """The rows of the one chart the reveal drew: a word pick's words."""
    (chart,) = charts(at)
    (view,) = meaning(chart)
    return view["rows"]


def test_a_word_pick_answered_wrong_marks_the_readers_word_and_the_right_one_with_the_weights():
    """Step 5 at s = +1: "cats" is read most; the reader picked "I". Each word a bar of core's weight, the answer's
    and the reader's named with their role and coloured by it."""
    q = qb.ask("states.largest")
    assert q.answer == "3"
    at = page("states.largest")
    at.radio(key=ANSWER).set_value("1").run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    word, weight = t("q.words_word"), t("weight")
    right, yours, other = t("q.plane_right"), t("q.plane_yours"), t("q.plane_other")
    named = [t("q.word_label", word="I", role=yours), "like", t("q.word_label", word="cats", role=right)]
    expected = [  # each named with its weight too, as a word read hardly at all has no bar to see
        {word: t("q.word_weight", label=name, weight=num(w, 3)), "role": role, weight: round(w, 12)}
        for name, role, w in zip(named, (yours, other, right), q.weights, strict=True)
    ]
    by_word = lambda r: r[word]  # noqa: E731
    assert sorted(words_drawn(at), key=by_word) == sorted(expected, key=by_word)  # the weights core computed
    (chart,) = charts(at)
    assert meaning(chart)[0]["mark"]["type"] == "bar"
    assert t("q.words_caption") in shown_text(at)


def test_a_word_picked_right_is_the_answer_alone():
    q = qb.ask("states.largest")
    at = page("states.largest")
    at.radio(key=ANSWER).set_value(q.answer).run()
    at.button(key=CHECK).click().run()
    roles = [r["role"] for r in words_drawn(at)]
    assert roles == [t("q.plane_other"), t("q.plane_other"), t("q.plane_right")]


def test_a_word_pick_not_read_from_weights_marks_its_words_without_bars():
    """Step 10's second question (which word teacher forcing feeds): the words offered as dots, no weight axis."""
    q = qb.ask("align.fed")
    wrong = next(o for o in q.options if o != q.answer)
    at = page("align.fed")
    at.radio(key=ANSWER).set_value(wrong).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    rows = words_drawn(at)
    named = {r["role"]: r[t("q.words_word")] for r in rows}
    assert named[t("q.plane_right")] == t("q.word_label", word=q.picks[int(q.answer) - 1], role=t("q.plane_right"))
    assert named[t("q.plane_yours")] == t("q.word_label", word=q.picks[int(wrong) - 1], role=t("q.plane_yours"))
    assert all(t("weight") not in r for r in rows)
    assert t("q.words_caption_plain") in shown_text(at)


def test_a_word_pick_in_a_sentence_that_repeats_a_word_names_each_by_its_place():
    """Step 10's sentence has "red" twice: each keeps a row of its own."""
    at = page("align.read")
    at.radio(key=ANSWER).set_value("1").run()
    at.button(key=CHECK).click().run()
    words = [r[t("q.words_word")].split(" · ")[0] for r in words_drawn(at)]
    assert len(set(words)) == len(words) == 8 and "red (2)" in words and "red (6)" in words


def test_the_first_of_two_same_words_picked_is_the_one_judged_and_drawn():
    """A list tells its options apart by their labels: two "red" chose the second when the first was picked."""
    q = qb.ask("align.read")
    first = next(o for o in q.options if questions.picked(q, o) == "red")
    at = page("align.read")
    at.radio(key=ANSWER).set_value(first).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    yours = [r[t("q.words_word")] for r in words_drawn(at) if r["role"] == t("q.plane_yours")]
    assert [name.rsplit(" · ", 1)[0] for name in yours] == [t("q.word_label", word="red (2)", role=t("q.plane_yours"))]


@pytest.mark.parametrize("id", [f for f in qb.FAMILIES if qb.family(f).default is not None])
def test_no_two_options_of_a_question_read_alike(id):
    """Under its default setting and fifty drawn ones."""
    for q in [qb.ask(id), *(qb.varied(id, seed) for seed in range(50))]:
        if q.kind in ("choice", "pick"):
            labels = [questions.option_label(q, o) for o in q.options]
            assert len(set(labels)) == len(labels), (id, labels)
            # nor as a chart writes them (the class's answers), in plain text: no Markdown escape, no TeX
            drawn = [questions.drawn_label(q, o) for o in q.options]
            assert len(set(drawn)) == len(drawn) and not [x for x in drawn if re.search(r"[\\$]", x)], (id, drawn)


def test_a_skipped_word_pick_and_a_projected_one_mark_nothing():
    at = page("states.largest")
    at.button(key=SKIP).click().run()
    assert charts(at) == []
    at = answered_on_a_projector("states.largest", "1")
    assert "Your answer: “I”" in shown_text(at) and charts(at) == []


def answered_on_a_projector(id: str, option: str) -> AppTest:
    """Question ``id`` under its default setting, answered ``option`` and checked in presenter mode."""
    at = AppTest.from_file(PAGE, default_timeout=30)
    at.session_state["question"], at.session_state["seed"], at.session_state["present"] = id, None, True
    at.run()
    at.radio(key=ANSWER).set_value(option).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    return at


def test_a_whole_number_is_drawn_without_a_band_and_said_so():
    """A count (step 6: how many times the lead changes) is right only exactly: no band, and the caption says so."""
    q = qb.ask("sweep.switches")
    assert q.tolerance == 0
    at = page("sweep.switches")
    at.number_input(key=ANSWER).set_value(int(q.answer) + 1).run()
    at.button(key=CHECK).click().run()
    (chart,) = charts(at)
    drawn = {v["mark"]["type"]: v["rows"] for v in meaning(chart)}
    assert drawn["rect"] == [{"low": q.answer, "high": q.answer}]  # a band of no width
    shown = shown_text(at)
    assert t("q.line_caption_exact") in shown and t("q.line_caption") not in shown


@pytest.mark.parametrize(("given", "verdict"), [(0.74, "q.wrong"), (0.84, "q.right")])
def test_the_edges_of_the_band_are_judged_as_the_answer_is_written(given, verdict):
    """0.791 within 0.05: 0.74 is outside and 0.84 inside, as "0.791" says (written "0.79", both looked inside)."""
    at = page("compare.weight")
    at.number_input(key=ANSWER).set_value(given).run()
    at.button(key=CHECK).click().run()
    assert t(verdict) in [m.value for m in (*at.success, *at.error)]
    assert "The answer: 0.791" in shown_text(at)


def test_a_choice_draws_no_range():
    at = page("tanh.removed")
    at.radio(key=ANSWER).set_value("uniform").run()
    at.button(key=CHECK).click().run()
    assert charts(at) == []


def test_a_skipped_question_reveals_the_answer_and_is_not_counted():
    at = page("states.largest")
    at.button(key=SKIP).click().run()
    no_exception(at)
    assert state(at) == questions.SKIPPED
    shown = shown_text(at)
    assert t("q.skipped") in [i.value for i in at.info]
    assert "The answer: “cats”" in shown and "Your answer" not in shown
    assert tally(at).get("answered", 0) == 0


def test_another_setting_is_a_new_question_and_the_tally_runs_on():
    at = page("gradient.sign", seed=1)
    q = qb.varied("gradient.sign", 1)
    at.radio(key=ANSWER).set_value(q.answer).run()
    at.button(key=CHECK).click().run()
    assert state(at) == questions.RIGHT
    at.session_state["seed"] = 2
    at.run()
    assert state(at) == questions.UNANSWERED and at.radio(key=ANSWER).value is None
    assert "This visit: 1 of 1 question answered right." in shown_text(at)


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_a_word_pick_on_the_worked_example_reads_in_the_readers_language(lang):
    at = page("states.largest", lang=lang)
    no_exception(at)
    assert list(at.radio(key=ANSWER).options) == {"zh": ["我", "喜欢", "猫"], "fr": ["J'", "aime", "Paris"]}[lang]


def test_a_point_pick_names_each_point_with_its_coordinates():
    at = page("hull.point")
    assert list(at.radio(key=ANSWER).options) == ["P1 (1, 1)", "P2 (0.3, 0.1)", "P3 (-1, -1)", "P4 (1.5, 0)"]


@pytest.mark.parametrize("lang", ["en", "zh", "fr"])
def test_every_question_is_worded_under_its_default_and_drawn_settings(lang):
    """Every message a question names exists and is filled from its fields (a field it lacks raises), in every
    language."""
    import numpy as np

    from ui import text

    rng = np.random.default_rng(11)
    with text.speaking(lang):
        for family in qb.FAMILIES.values():
            for setting in (family.default, family.settings(rng), family.settings(rng)):
                q = family.ask(setting)
                words = [questions.prompt(q), questions.explanation(q)]
                words += [questions.option_label(q, o) for o in q.options]
                words += [questions.answer_label(q, q.answer)]
                words += [questions.miss(q, o) for o in q.misses]
                for said in words:
                    assert said.strip(), q.id


# --- A French reader types a number with a decimal comma -------------------------------------------------------

TYPED = "q_probe_typed"


def typed_page(question: str = "compare.weight") -> AppTest:
    at = page(question, lang="fr")
    no_exception(at)
    assert not at.number_input and [f.key for f in at.text_input] == [TYPED]
    q = qb.ask(question)
    d = questions.digits(q)
    with text.speaking("fr"):  # the range in the field's label, in sight
        assert at.text_input(key=TYPED).label == t("q.number_answer", low=num(q.low, d), high=num(q.high, d))
    return at


def said(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


@pytest.mark.parametrize(("typed", "verdict"), [("0,79", questions.RIGHT), ("0.79", questions.RIGHT),
                                                 (" 0,5 ", questions.WRONG), ("−0,0", questions.WRONG)])  # fmt: skip
def test_a_french_reader_types_a_number_with_a_comma_or_a_point(typed, verdict):
    """Streamlit's number field takes no comma: in French the answer is typed as text and read on the server, the
    number then judged by the question's door as any other."""
    at = typed_page()
    at.text_input(key=TYPED).input(typed).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    assert state(at) == verdict and said(at) == []
    with text.speaking("fr"):
        yours = t("q.yours", given=num(float(typed.strip().replace(",", ".").replace("−", "-")), 2))
    assert yours in shown_text(at)
    assert tally(at) == {"answered": 1, "right": int(verdict == questions.RIGHT)}


def test_a_number_between_whole_answers_is_written_as_given_not_rounded_to_the_right_one():
    """Step 6's crossings are whole: 1.5 typed read "Your answer: 2" beside "The answer: 2" under "Not quite"."""
    q = qb.ask("sweep.switches")
    assert questions.digits(q) == 0 and float(q.answer) == 2
    at = typed_page("sweep.switches")
    at.text_input(key=TYPED).input("1,5").run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    assert state(at) == questions.WRONG
    with text.speaking("fr"):
        assert t("q.yours", given="1.5") in shown_text(at)
    assert questions.given_label(q, 2.0) == "2" and questions.given_label(q, 0.125) == "0.125"


@pytest.mark.parametrize(
    ("typed", "notice"),
    [("", "q.typed_empty"), ("zéro virgule huit", "q.typed_not_number"), ("0,7,9", "q.typed_not_number"),
     ("1,5", "q.typed_outside"), ("nan", "q.typed_not_number"), ("1e-1", "q.typed_not_number")],
)  # fmt: skip
def test_a_french_answer_that_is_no_number_in_range_is_named_kept_and_not_judged(typed, notice):
    at = typed_page()
    at.text_input(key=TYPED).input(typed).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    assert state(at) == questions.UNANSWERED and tally(at).get("answered", 0) == 0
    with text.speaking("fr"):
        expected = t(notice, typed=plain(typed.strip()), low="0.00", high="1.00")  # as Markdown shows it
    assert said(at) == [expected]
    assert at.text_input(key=TYPED).value == typed and not at.text_input(key=TYPED).disabled  # nothing lost
    at.text_input(key=TYPED).input("0,8").run()  # and mended, it is judged
    at.button(key=CHECK).click().run()
    assert state(at) == questions.RIGHT and said(at) == []


def test_a_reader_who_changes_language_while_a_number_waits_gets_a_field_of_the_right_kind():
    at = page("compare.weight")
    at.number_input(key=ANSWER).set_value(0.5).run()
    at.session_state["lang"] = "fr"
    at.run()
    no_exception(at)
    assert [f.key for f in at.text_input] == [TYPED]
    at.session_state["lang"] = "en"
    at.run()
    no_exception(at)
    assert at.number_input(key=ANSWER) and state(at) == questions.UNANSWERED


@pytest.mark.parametrize(
    ("typed", "number"),
    [("0,79", 0.79), ("0.79", 0.79), ("-0,5", -0.5), ("\u22120,5", -0.5), ("1\u202f200", 1200.0), (",5", 0.5),
     ("3,", 3.0), ("+2", 2.0), ("", None), ("1,2,3", None), ("1.2,3", None), ("inf", None), ("0x1", None),
     ("1e3", None), (None, None), (0.5, None)],
)  # fmt: skip
def test_a_typed_number_is_read_with_a_comma_or_a_point_and_nothing_else(typed, number):
    assert questions.read_number(typed) == number


# --- Why the reader's option is not the answer ------------------------------------------------------------------

MISSED = sorted(id for id, family in qb.FAMILIES.items() if family.ask().misses)


def misses_shown(at: AppTest, q: qb.Question) -> list[str]:
    """Which of the question's "why not" messages the page shows (by option)."""
    shown = [m.value for m in at.markdown]
    return [o for o in q.misses if questions.miss(q, o) in shown]


@pytest.mark.parametrize("id", MISSED)
def test_a_wrong_option_shows_why_it_is_wrong_and_the_right_one_does_not(id):
    """Above the explanation, the misconception behind the reader's own option, in numbers for the setting."""
    q = qb.ask(id)
    assert MISSED == ["hard.slope", "hull.point", "states.identical", "tanh.removed", "tanh.shift"]
    for wrong in q.misses:
        at = page(id)
        at.radio(key=ANSWER).set_value(wrong).run()
        at.button(key=CHECK).click().run()
        no_exception(at)
        assert state(at) == questions.WRONG and misses_shown(at, q) == [wrong]
        shown = [m.value for m in at.markdown]
        assert shown.index(questions.miss(q, wrong)) == shown.index(questions.explanation(q)) - 1  # just above it
    at = page(id)
    at.radio(key=ANSWER).set_value(q.answer).run()
    at.button(key=CHECK).click().run()
    assert state(at) == questions.RIGHT and misses_shown(at, q) == [] and questions.explanation(q) in shown_text(at)
    at = page(id)
    at.button(key=SKIP).click().run()
    assert state(at) == questions.SKIPPED and misses_shown(at, q) == []


def test_a_point_picked_wrong_is_named_as_the_mix_of_the_sources_that_would_give_it():
    q = qb.ask("hull.point")  # P1 (1, 1) = -2/3 "I" + 1/3 "like" + 4/3 "cats"
    at = page("hull.point")
    at.radio(key=ANSWER).set_value("1").run()
    at.button(key=CHECK).click().run()
    assert questions.miss(q, "1") == (
        "P1 is the mix [-0.667, 0.333, 1.333] of “I”, “like” and “cats”: its weights sum to 1, but the one on “I” is "
        "negative. No positive weights summing to 1 reach P1."
    )
    assert questions.miss(q, "1") in shown_text(at)


def test_on_a_projector_a_wrong_option_shows_why_too():
    """A sentence or two the room reads with the explanation (only the reveal's charts are left out there)."""
    q = qb.ask("tanh.shift")
    at = answered_on_a_projector("tanh.shift", "sharper")
    assert misses_shown(at, q) == ["sharper"] and "“I” still leads the next by 1.686" in questions.miss(q, "sharper")


@pytest.mark.parametrize(("lang", "wrong"), [("en", "same"), ("fr", "differ"), ("zh", "same")])
def test_step_4_answered_wrong_says_why_that_option_is_wrong_in_the_readers_language(lang, wrong):
    """The walkthrough's step 4 (tanh removed) as a reader answers it: their option's "why not"; none once right."""
    q = qb.ask("tanh.removed")
    english = questions.miss(q, wrong)
    with text.speaking(lang):  # AppTest formats a radio's options in this thread
        said, every = questions.miss(q, wrong), [questions.miss(q, o) for o in q.misses]
        at = run_page("app.py", {"step": "4", "lang": lang})
        at.radio(key="q_step4_answer").set_value(wrong).run()
        at.button(key="q_step4_check").click().run()
        no_exception(at)
        assert said in shown_text(at) and (lang == "en" or said != english)  # in the reader's language
        at = run_page("app.py", {"step": "4", "lang": lang})
        at.radio(key="q_step4_answer").set_value(q.answer).run()
        at.button(key="q_step4_check").click().run()
        no_exception(at)
        assert questions.explanation(q) in shown_text(at) and not any(m in shown_text(at) for m in every)


@pytest.mark.parametrize("id", ["tanh.removed", "states.identical", "fixed.same"])
def test_a_question_that_changes_what_the_chart_draws_says_how_the_chart_shows_it(id):
    """Step 4's chart, drawn with tanh, read as a contradiction of "both give every word the same weight"; step 5's,
    drawn with our example's sources, of the identical ones' weights."""
    q = qb.ask(id)
    at = page(id)
    at.radio(key=ANSWER).set_value(questions.option_label(q, q.answer)).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    notes = {
        "tanh.removed": t("q.tanh.removed.on_chart", none=t("score.f.identity")),
        "states.identical": t("q.states.identical.on_chart"),
    }
    captions = [str(c.value) for c in at.caption]
    assert [c for c in captions if c in notes.values()] == ([notes[id]] if id in notes else [])
    assert "“none (identity)”" in notes["tanh.removed"]  # the option's own name, as its control writes it


def test_a_prompt_keeps_a_symbol_and_its_value_on_one_line():
    """On a projector "Read at s" ended a line and "= 1: what is the context c?" began the next."""
    assert "Read at s\u00a0=\u00a01:" in questions.prompt(qb.ask("states.identical"))
    for id in qb.FAMILIES:
        written = questions.prompt(qb.ask(id))
        outside_tex = written.split("$")[::2]
        assert not [p for p in outside_tex if re.search(r"(?<![\w$])[A-Za-z] = [-(\[\d]", p)], (id, written)
    assert questions.unbroken("$s = 1$ and s = 2") == "$s = 1$ and s\u00a0=\u00a02"  # TeX as it is


def test_a_varied_scorer_is_not_sent_to_the_chart_to_see_its_answer():
    """The chart draws our example's scorer: under another scorer, whose weights without tanh are the same for both
    states but not equal, "choose none (identity) for f" showed the example's equal weights beside that answer."""
    q = qb.varied("tanh.removed", 1)
    assert q.setting != qb.family("tanh.removed").default and q.answer == "same"
    at = page("tanh.removed", seed=1)
    at.radio(key=ANSWER).set_value(questions.option_label(q, q.answer)).run()
    at.button(key=CHECK).click().run()
    no_exception(at)
    captions = [str(c.value) for c in at.caption]
    assert t("q.tanh.removed.on_chart", none=t("score.f.identity")) not in captions
    assert t("q.tanh.removed.on_chart_other") in captions
