"""A class on the pages (ui.classroom): starting, joining, following, asking, answering, revealing; AppTest.

Each test keeps its classes in a store of its own (a SQLite file in a temporary folder): a teacher's session and
its students' sessions are separate AppTests of one process, as separate browsers are sessions of one server.
"""

from __future__ import annotations

import html

import pytest

import core.questions as qb
from classroom import codes
from classroom.backends import open_store
from classroom.export import export_csv
from classroom.store import Phase
from screens.walkthrough import asking
from screens.walkthrough.steps import STEPS
from tests.apptest import (
    HOME,
    chart_data,
    chart_spec,
    charts,
    in_container,
    no_exception,
    opened_on,
    run_page,
    shown_text,
)
from ui import classroom, questions, text
from ui.charts import answers as answer_charts
from ui.format import num
from ui.text import t


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTENTION_DATA", str(tmp_path))
    monkeypatch.delenv("ATTENTION_REDIS_URL", raising=False)
    return open_store()


def teacher_on_home(store):
    """A teacher's session that started a class from the home page, and the class's code."""
    at = run_page(HOME, {"present": "1"})
    at.button(key="class_start").click().run()
    no_exception(at)
    code = at.query_params["class"]
    return at, code


def student(code: str, lang: str = "en"):
    return run_page(HOME, {"class": code, "lang": lang})


def step_number(at) -> int | None:
    """The step the session shows (its link's step; the home page's own view has none)."""
    k = at.query_params.get("step")
    k = k[0] if isinstance(k, list) else k
    return int(k) if k else None


def test_a_teacher_starts_a_class_and_the_home_page_shows_how_to_join(store):
    at, code = teacher_on_home(store)
    assert codes.normalise(code) == code
    secret = at.session_state[classroom.SECRET]
    assert secret[0] == code and store.teacher(code, secret[1]).code == code  # the session holds the real secret
    text = shown_text(at)
    assert f"{code[:3]} {code[3:]}" in text  # the code in large type
    assert any(f"class={code}" in str(c.value) for c in at.code)  # the join link
    qr, named = 'class="attention-qr" src="data:image/svg+xml', f'alt="{html.escape(t("class.qr_caption"))}"'
    assert any(qr in str(h.proto.body) and named in str(h.proto.body) for h in at.get("html")), "the QR code"
    assert all("teacher" not in k for k in at.query_params)  # the secret is never in the address
    # the worked example's weights, which answer steps 2, 4 and 5, are not on the projector as the room joins, nor
    # on a phone that joined, before the class is asked; a reader on their own sees them
    s = student(code)
    assert charts(at) == [] and charts(s) == [] and charts(run_page(HOME))


def test_a_link_to_this_computer_is_flagged_as_one_no_phone_can_open(store, monkeypatch):
    """A lecturer who starts the class on their laptop's own address projected a link and QR code no phone in the
    room could open, with no word of it."""
    for link in ("http://localhost:8501/?class=A", "http://127.0.0.1:8655/?class=A", "http://[::1]:8501/?class=A"):
        assert classroom.this_computer(link), link
    for link in ("http://192.0.2.2:8501/?class=A", "https://attention.example.org/?class=A", "http://10.0.0.7/"):
        assert not classroom.this_computer(link), link
    for address, flagged in (("http://127.0.0.1:8501/", True), ("http://192.0.2.2:8501/", False)):
        monkeypatch.setattr(classroom, "app_address", lambda address=address: address)
        at, _ = teacher_on_home(store)
        assert (t("class.local_link") in [str(w.value) for w in at.warning]) == flagged, address


def test_a_student_joins_by_the_link_and_follows_the_teachers_step(store):
    teacher, code = teacher_on_home(store)
    s = student(code)
    no_exception(s)
    assert store.state(code).students == 1
    assert t("class.following", code=code) in shown_text(s)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()
    assert step_number(teacher) == 2 and store.state(code).step == 2
    s.run()
    assert step_number(s) == 2  # brought to the teacher's step
    # one way out, the class's: the steps' own Leave, a tap away from it on a phone, only left the steps
    keys = {b.key for b in s.button}
    assert "class_leave" in keys and "walk_leave" not in keys
    assert "walk_leave" in {b.key for b in teacher.button}


def test_a_student_the_teacher_leads_has_no_back_and_next_and_roams_only_by_going_elsewhere(store):
    """A phone's Next during a question showed the next step's answer, the class's next question. A student who
    opens a screen roams until they follow again; with the class let roam, the steps' Back and Next are theirs."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    s = student(code)
    s.run()
    assert step_number(s) == 1
    assert not {"walk_back", "walk_next"} & {b.key for b in s.button}, "the teacher leads"
    opened_on(s, "screens/revisitable_source/page.py").run()  # the step's screen, opened on their own
    assert s.session_state[classroom.ROAMING]
    teacher.button(key="walk_next").click().run()
    s.run()
    assert s.session_state[classroom.ROAMING] and t("class.roaming", code=code) in shown_text(s)  # left there
    # (Follow the class, from that screen back to the teacher's step: tests/test_classroom_browser.py)
    teacher.toggle(key=f"class_follow_{store.state(code).version}").set_value(False).run()  # the class may roam
    free = student(code)
    free.run()
    assert t("class.free", code=code) in shown_text(free)
    free.button(key="walk_start").click().run()
    free.button(key="walk_next").click().run()  # their own Back and Next
    assert step_number(free) == 2


def test_the_projector_counts_the_students_looking_around_on_their_own(store):
    """The projector said who joined, not who had left the teacher's step: a lecturer could not tell whether to call
    the class back. It counts those looking around on their own while the class follows."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    ann, ben = student(code), student(code)
    for s in (ann, ben):
        s.run()
    on_own = lambda n: t("class.roaming_count", roaming=n)  # noqa: E731
    assert on_own(1) not in in_container(teacher.run(), "class_bar")
    opened_on(ann, "screens/revisitable_source/page.py").run()  # the step's screen, opened on their own
    assert on_own(1) in in_container(teacher.run(), "class_bar")
    ann.button(key="class_follow").click().run()  # back with the class
    assert on_own(1) not in in_container(teacher.run(), "class_bar")
    for s in (ann, ben):
        opened_on(s, "screens/scoring/page.py").run()
    assert on_own(2) in in_container(teacher.run(), "class_bar")
    teacher.toggle(key=f"class_follow_{store.state(code).version}").set_value(False).run()  # the class may roam
    assert on_own(2) not in in_container(teacher, "class_bar")  # all of them may
    teacher.toggle(key=f"class_follow_{store.state(code).version}").set_value(True).run()  # called back
    assert store.counts(*teacher.session_state[classroom.SECRET]).roaming == 0
    bar = in_container(teacher.run(), "class_bar")
    assert t("class.bar", code=code, joined=2) in bar and not any(on_own(n) in bar for n in (1, 2))


def test_a_student_on_another_step_keeps_an_open_question_and_not_a_revealed_one(store):
    """A roaming phone kept step 1's revealed question ("The teacher asks (round 1) … Right.") at the top of step
    2, with no word of the step it belonged to, above that step's own question."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.toggle(key=f"class_follow_{store.state(code).version}").set_value(False).run()  # the class may roam
    s = student(code)
    s.run()
    s.button(key="walk_start").click().run()
    s.button(key="walk_next").click().run()
    assert step_number(s) == 2
    teacher.button(key="class_ask").click().run()
    s.run()
    assert t("class.question", round=1) in shown_text(s)  # open: theirs to answer wherever they are
    teacher.button(key="class_reveal").click().run()
    s.run()
    no_exception(s)
    assert t("class.question", round=1) not in shown_text(s)
    s.button(key="walk_back").click().run()  # on the class's step, the revealed question and its verdict
    assert step_number(s) == 1 and t("class.question", round=1) in shown_text(s)
    s.button(key="walk_next").click().run()  # and off it again
    assert step_number(s) == 2 and t("class.question", round=1) not in shown_text(s)


def test_a_question_asked_answered_revealed_and_asked_again(store):
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()  # step 2: its first question, the weight on "I"
    q = asking.question(2, STEPS[1])
    assert q is not None and q.kind == "number"
    right, wrong = student(code), student(code, lang="zh")
    for s in (right, wrong):
        s.run()
        assert step_number(s) == 2
        assert not charts(s)  # the step's chart waits for the teacher's reveal
    assert t("class.held_back") in shown_text(right)
    teacher.button(key="class_ask").click().run()
    assert store.state(code).phase == Phase.OPEN and store.state(code).question_id == q.id
    for s, value in ((right, float(q.answer)), (wrong, max(q.low, float(q.answer) - 0.5))):
        s.run()
        s.number_input(key=questions.answer_key("class")).set_value(value).run()
        s.button(key="class_send").click().run()
        no_exception(s)
    counts = store.counts(code, teacher.session_state[classroom.SECRET][1])
    assert (counts.answered, counts.joined) == (2, 2)
    teacher.run()
    assert t("class.counted", n=2, joined=2) in shown_text(teacher)
    # the count a heading at the top of the teacher's box, the question first in the step's wide column (large,
    # ui/assets/frame.css), where a projector's first screenful shows them; nothing to vote again on yet
    assert [str(h.value) for h in teacher.subheader] == [t("class.counted", n=2, joined=2)]
    assert questions.prompt(q) in in_container(teacher, classroom.QUESTION_WIDE)
    assert not [b for b in teacher.button if b.key == "class_again"]
    teacher.button(key="class_reveal").click().run()
    assert store.state(code).phase == Phase.REVEALED
    assert any(chart_spec(c).get("description", "").startswith("How many students") for c in charts(teacher))
    # the answer as every phone says it (the projector said 0.79, the phones 0.791 within ±0.05)
    assert t("q.correct_within", answer=num(float(q.answer), 3), tolerance=num(q.tolerance, 2)) in shown_text(teacher)
    # how many were right, said: ticks within the band are not counted at a glance from the back of a room
    assert t("class.right_count", round=t("class.round", n=1), right=1, answered=2) in shown_text(teacher)
    right.run()
    wrong.run()
    assert [str(e.value) for e in right.success] == [t("q.right")]
    text.use("zh")
    assert [str(e.value) for e in wrong.error] == [t("q.wrong")]
    text.use("en")
    teacher.button(key="class_again").click().run()
    now = store.state(code)
    assert (now.phase, now.round) == (Phase.OPEN, 2)
    # the round the phones name, on the projector too
    assert f"**{t('class.ask_heading')} · {t('class.round', n=2)}**" in shown_text(teacher)


def test_moving_on_takes_the_question_off_every_device_and_keeps_its_answers(store):
    """A revealed question stayed at the top of each phone through the teacher's next steps, above the step the
    projector shows."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    q = asking.question(1, STEPS[0])
    s = student(code)
    teacher.button(key="class_ask").click().run()
    s.run()
    label = questions.option_label(q, q.answer)
    s.radio(key=questions.answer_key("class")).set_value(label).run()
    s.button(key="class_send").click().run()
    assert [str(e.value) for e in s.success] == [t("class.sent", given=label)]  # in sight, not a small caption
    teacher.button(key="class_reveal").click().run()
    answers = next(c for c in charts(teacher) if chart_spec(c).get("description", "").startswith("How many students"))
    drawn = set(chart_data(answers)[t("class.answer_axis")])
    assert {x.replace("\n", " ") for x in drawn} == {
        t("class.right_label", label=label) if o == q.answer else label
        for o in q.options for label in [questions.drawn_label(q, o)]
    }  # fmt: skip  # the right one ticked
    assert max(len(line) for x in drawn for line in x.split("\n")) <= classroom.ANSWER_LINE  # in lines that fit
    # the right one in bold, read from the back of the room: the chart finds it by the tick its label starts with,
    # in every language
    [axis] = [layer["encoding"]["y"]["axis"] for layer in chart_spec(answers)["layer"] if "encoding" in layer]
    assert axis["labelFontWeight"]["condition"] == {"test": answer_charts.RIGHT_LABEL, "value": "bold"}
    for language in text.LANGUAGES:
        with text.speaking(language):
            assert t("class.right_label", label="x").startswith("✓"), language
    told = chart_spec(answers)["description"]  # what a screen reader reads: the right answer ticked, no "right True"
    assert "✓" in told and "True" not in told and "False" not in told
    s.run()
    assert t("class.question", round=1) in shown_text(s) and [str(e.value) for e in s.success] == [t("q.right")]
    teacher.button(key="walk_next").click().run()
    s.run()
    assert step_number(s) == 2
    assert t("class.question", round=1) not in shown_text(s) and not s.success  # step 2 as the projector shows it
    assert store.state(code).phase == Phase.NONE
    assert [(r.question_id, r.round) for r in store.results(code, teacher.session_state[classroom.SECRET][1])] == [
        (q.id, 1)
    ]
    teacher.button(key="walk_back").click().run()  # back at its step, the teacher may ask it again
    assert step_number(teacher) == 1 and store.state(code).phase == Phase.NONE


def test_another_question_holds_the_steps_chart_back_until_it_is_revealed(store):
    """The chart the last question's reveal showed answered the next one (its context c beside options naming c)."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()
    teacher.button(key="class_ask").click().run()
    teacher.button(key="class_reveal").click().run()
    assert len(charts(teacher)) > 1  # the class's answers and the step's own
    teacher.button(key="class_another").click().run()
    no_exception(teacher)
    # the projector says what it waits for in the teacher's words, not a student's ("the teacher asks…")
    assert charts(teacher) == [] and t("class.held_back_teacher") in shown_text(teacher)
    assert t("class.held_back") not in shown_text(teacher)
    teacher.button(key="class_show").click().run()  # shown without asking: for everyone
    assert charts(teacher)


def test_another_question_holds_the_steps_chart_back_on_the_students_devices_too(store):
    """The projector wrote the next question ("At s = -1.85, which word …") while every phone kept the step's live
    chart and its state slider: a student could set s = -1.85 and read the answer before it was asked."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()
    s = student(code)
    teacher.button(key="class_ask").click().run()
    teacher.button(key="class_reveal").click().run()
    s.run()
    assert charts(s)  # revealed: the step's chart on every device
    teacher.button(key="class_another").click().run()
    s.run()
    no_exception(s)
    assert charts(s) == [] and t("class.held_back") in shown_text(s)
    assert store.results(code, teacher.session_state[classroom.SECRET][1])  # the revealed round's answers are kept
    teacher.button(key="class_ask").click().run()
    teacher.button(key="class_reveal").click().run()
    s.run()
    assert charts(s)


def test_a_revealed_question_says_why_right_under_its_answer_on_the_projector(store):
    """The explanation came last, under the buttons and the question's options repeated: below a projector's first
    screenful, where the teacher scrolled for it in front of the room."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    q = asking.question(1, STEPS[0])
    teacher.button(key="class_ask").click().run()
    teacher.button(key="class_reveal").click().run()
    box = in_container(teacher, "class_teacher_question")
    answer, why, asked = questions.correct_line(q), questions.explanation(q), questions.prompt(q)
    assert answer in box and why in box and asked in box
    assert box.index(answer) < box.index(why) < box.index(asked)


def test_a_step_shown_without_asking_holds_its_chart_back_again_while_a_question_is_open(store):
    """Shown without asking, then asked: the projector held the chart back, every student's device kept it beside
    the open question (the outline that answers step 3's question, the context that answers step 2's); another
    question after it showed the live chart beside the new question on the projector before it was asked."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()
    s = student(code)
    teacher.button(key="class_show").click().run()
    s.run()
    assert charts(s) and charts(teacher)
    teacher.button(key="class_ask").click().run()
    s.run()
    assert charts(s) == [] and t("class.held_back") in shown_text(s)
    assert charts(teacher) == []
    # nor a way onto the step's screen, whose chart and controls answer the question, until the reveal
    assert t("walk.open") not in [link.proto.label for link in s.get("page_link")]
    teacher.button(key="class_reveal").click().run()
    s.run()
    assert charts(s) and t("walk.open") in [link.proto.label for link in s.get("page_link")]
    teacher.button(key="class_another").click().run()
    no_exception(teacher)
    assert charts(teacher) == []  # the next question waits to be asked, its chart held back
    teacher.button(key="class_ask").click().run()
    s.run()
    assert charts(s) == [] and charts(teacher) == []


def test_the_class_sees_its_answers_so_far_then_votes_again_before_any_reveal(store):
    """Peer instruction: the class votes, sees how it voted (not the right answer), talks it over and votes again;
    Vote again offered only once the round was revealed came after the answer the second round was to find."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    s = student(code)
    teacher.button(key="class_ask").click().run()
    q = asking.question(1, STEPS[0])
    s.run()
    s.radio(key=questions.answer_key("class")).set_value(q.options[0]).run()
    s.button(key="class_send").click().run()
    teacher.run()
    assert "class_again" not in {b.key for b in teacher.button}  # not while the class has seen nothing yet
    teacher.toggle(key=classroom.SHOW_RESULTS).set_value(True).run()
    teacher.button(key="class_again").click().run()
    no_exception(teacher)
    now = store.state(code)
    assert (now.phase, now.round) == (Phase.OPEN, 2)
    assert [r.answered for r in store.distribution(code, teacher.session_state[classroom.SECRET][1], q.id)] == [1, 0]
    s.run()
    assert t("class.question", round=2) in shown_text(s)
    assert not s.success and not s.error  # no one told right or wrong: the answer is still to find
    assert not teacher.toggle(key=classroom.SHOW_RESULTS).value  # round 2's answers so far start hidden
    # and the browser's switch is told so: a value only forgotten on the server left it on there, over no chart
    assert teacher.toggle(key=classroom.SHOW_RESULTS).proto.set_value


def test_a_step_revealed_before_shows_its_chart_when_the_class_comes_back_to_it(store):
    """Back at a step whose question was revealed, its chart waited again for a reveal or Show the step, on the
    projector and every phone; another question there holds it back again, and a step never revealed still waits."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()
    s = student(code)
    s.run()
    teacher.button(key="class_ask").click().run()
    s.run()
    s.number_input(key=questions.answer_key("class")).set_value(0.5).run()
    s.button(key="class_send").click().run()
    teacher.button(key="class_reveal").click().run()
    teacher.button(key="walk_next").click().run()  # step 3, never revealed: held back
    s.run()
    assert step_number(s) == 3 and not charts(s) and not charts(teacher)
    teacher.button(key="walk_back").click().run()  # step 2 again
    s.run()
    assert step_number(s) == 2 and store.state(code).phase == Phase.NONE
    assert charts(teacher) and charts(s), "a step revealed before shows its chart again"
    assert not in_container(teacher, classroom.QUESTION_WIDE)  # the question beside the chart, not over it
    # how the class answered, to talk over again, and Ask no longer the page's main button (Next more often is)
    assert any(chart_spec(c).get("description", "").startswith("How many students") for c in charts(teacher))
    assert teacher.button(key="class_ask").proto.type == "secondary"
    assert "class_show" not in {b.key for b in teacher.button}
    teacher.button(key="class_another").click().run()
    s.run()
    no_exception(teacher)
    assert not charts(teacher) and not charts(s) and t("class.held_back") in shown_text(s)


def test_a_notice_on_one_questions_send_is_not_shown_on_the_next(store):
    """A Send refused on step 1's question (nothing chosen) came back above the next question before the student
    had touched it."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    s = student(code)
    teacher.button(key="class_ask").click().run()
    s.run()
    s.button(key="class_send").click().run()
    assert [str(w.value) for w in s.warning] == [t("class.send_empty_choice")]  # what to do, not a refusal
    teacher.button(key="walk_next").click().run()
    teacher.button(key="class_ask").click().run()
    s.run()
    assert step_number(s) == 2 and t("class.question", round=1) in shown_text(s)
    assert not s.warning
    s.button(key="class_send").click().run()  # step 2's number, its field empty
    q = asking.question(2, STEPS[1])
    assert [str(w.value) for w in s.warning] == [t("class.send_empty_number", low="0.00", high="1.00")]
    assert (q.low, q.high, questions.digits(q)) == (0.0, 1.0, 2)


def test_a_french_student_types_a_number_with_a_decimal_comma(store):
    """A French student's number is typed as text (Streamlit's number field takes no comma), read on the server and
    sent through the question's door; text that is no number is named and not sent."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()  # step 2: the weight on "I", a number
    teacher.button(key="class_ask").click().run()
    q = asking.question(2, STEPS[1])
    s = student(code, lang="fr")
    s.run()
    assert not s.number_input
    field = s.text_input(key=questions.typed_key("class"))
    field.input("zéro virgule huit").run()
    s.button(key="class_send").click().run()
    no_exception(s)
    with text.speaking("fr"):
        refused = t("q.typed_not_number", typed="zéro virgule huit", low="0.00", high="1.00")
    assert refused in [w.value for w in s.warning]
    secret = teacher.session_state[classroom.SECRET][1]
    assert store.counts(code, secret).answered == 0
    s.text_input(key=questions.typed_key("class")).input("0,79").run()
    s.button(key="class_send").click().run()
    no_exception(s)
    assert store.counts(code, secret).answered == 1
    assert store.answer_of(code, s.session_state[classroom.STUDENT], q.id, 1) == 0.79


def test_a_link_to_no_class_and_a_wrong_teacher_link_get_notices_and_no_class(store):
    s = run_page(HOME, {"class": "ABC234"})
    assert t("class.refused.unknown") in shown_text(s)
    assert "class" not in s.query_params
    teacher, code = teacher_on_home(store)
    other = run_page(HOME, {"class": code, "teacher": "x" * 43})
    assert t("class.refused.not_teacher") in shown_text(other)
    assert classroom.SECRET not in other.session_state
    assert "teacher" not in other.query_params
    bad = run_page(HOME, {"class": "not a code"})
    assert "class" not in bad.query_params


def test_the_private_teacher_link_brings_the_teacher_back_and_leaves_the_address(store):
    teacher, code = teacher_on_home(store)
    secret = teacher.session_state[classroom.SECRET][1]
    back = run_page(HOME, {"class": code, "teacher": secret, "present": "1"})
    no_exception(back)
    assert back.session_state[classroom.SECRET] == (code, secret)
    assert "teacher" not in back.query_params
    assert store.state(code).students == 0  # the teacher is not counted as a student


def test_the_private_link_opened_on_another_device_brings_the_teacher_to_the_classs_step(store):
    """It opened the home page, whose Start took every student back to step 1."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()
    teacher.button(key="walk_next").click().run()
    secret = teacher.session_state[classroom.SECRET][1]
    other = run_page(HOME, {"class": code, "teacher": secret, "present": "1"})
    no_exception(other)
    assert step_number(other) == 3 and store.state(code).step == 3
    assert any(b.key == "class_ask" for b in other.button)  # the teacher's controls at the class's step


def test_a_teacher_who_ends_the_class_keeps_its_results_to_download(store):
    """Ending took the class's bar, and its Results button, away."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="class_ask").click().run()
    secret = teacher.session_state[classroom.SECRET][1]
    # asked once more: a click in the menu, under Results, ended the class for every student
    teacher.button(key="class_end").click().run()
    assert not store.state(code).ended and t("class.end_confirm") in shown_text(teacher)
    teacher.button(key="class_end_cancel").click().run()
    assert not store.state(code).ended and t("class.end_confirm") not in shown_text(teacher)
    teacher.button(key="class_end").click().run()
    teacher.button(key="class_end_confirm").click().run()
    no_exception(teacher)
    assert store.state(code).ended and t("class.ended_teacher", code=code) in shown_text(teacher)
    kept = [b for b in teacher.get("download_button") if b.proto.id and "class_export_ended" in b.proto.id]
    assert len(kept) == 1
    assert classroom.ENDED in teacher.session_state
    ended_code, csv_text, _ = teacher.session_state[classroom.ENDED]
    assert ended_code == code and csv_text == export_csv(store, code, secret, classroom._worded)


def test_an_ended_class_shows_the_projector_how_the_class_did_round_by_round(store):
    """Ending took every chart of the class off the projector, where a lecturer wraps the lesson up: each question
    asked, in order, with the share of each round's answers that was right."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    first = asking.question(1, STEPS[0])
    ann, ben = student(code), student(code)
    wrong_option = next(o for o in first.options if o != first.answer)

    def send(s, q, option):
        s.run()
        s.radio(key=questions.answer_key("class")).set_value(questions.option_label(q, option)).run()
        s.button(key="class_send").click().run()
        no_exception(s)

    teacher.button(key="class_ask").click().run()
    send(ann, first, first.answer)
    send(ben, first, wrong_option)
    teacher.button(key="class_reveal").click().run()
    teacher.button(key="class_again").click().run()
    send(ann, first, first.answer)
    send(ben, first, first.answer)
    teacher.button(key="class_reveal").click().run()
    teacher.button(key="walk_next").click().run()  # step 2: its question asked, one student answers it wrong
    second = asking.question(2, STEPS[1])
    teacher.button(key="class_ask").click().run()
    assert second.kind == "number"  # step 2's first question: a weight
    far = max((second.low, second.high), key=lambda end: abs(end - float(second.answer)))  # wrong, whatever the answer
    ben.run()
    ben.number_input(key=questions.answer_key("class")).set_value(far).run()
    ben.button(key="class_send").click().run()
    no_exception(ben)
    teacher.button(key="class_reveal").click().run()
    teacher.button(key="class_end").click().run()
    teacher.button(key="class_end_confirm").click().run()
    no_exception(teacher)
    assert t("class.went_heading") in [str(h.value) for h in teacher.subheader]
    [went] = [c for c in charts(teacher) if chart_spec(c).get("description", "").startswith("Each question the class")]
    data = chart_data(went)
    drawn = [
        (q.replace("\n", " "), r, round(float(share), 6), said)
        for q, r, share, said in zip(
            data[t("class.went_asked")], data[t("class.round_axis")], data[t("class.went_share")], data["said"],
            strict=True,
        )
    ]  # fmt: skip
    q1 = t("class.went_question", n=1, title=t("walk.fixed.title"))
    q2 = t("class.went_question", n=2, title=t("walk.compare.title"))
    assert drawn == [
        (q1, t("class.round", n=1), 0.5, t("class.went_said", right=1, answered=2)),
        (q1, t("class.round", n=2), 1.0, t("class.went_said", right=2, answered=2)),
        (q2, t("class.round", n=1), 0.0, t("class.went_said", right=0, answered=1)),
    ]


def test_a_revealed_round_pales_the_wrong_answers_and_counts_those_who_gave_none(store):
    """From the back of a room the right answer's thin green outline was missed among bars of one colour; "1 right
    answer of 1" read as the whole class where two had joined."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    q = asking.question(1, STEPS[0])
    ann, ben = student(code), student(code)
    ben.run()
    teacher.button(key="class_ask").click().run()
    ann.run()
    ann.radio(key=questions.answer_key("class")).set_value(questions.option_label(q, q.answer)).run()
    ann.button(key="class_send").click().run()
    answers = lambda: next(c for c in charts(teacher) if chart_spec(c).get("description", "").startswith("How many"))  # noqa: E731
    teacher.run()
    assert t("class.silent_count", silent=1) not in shown_text(teacher)  # not before the reveal
    teacher.button(key="class_reveal").click().run()
    line = t("class.right_count", round=t("class.round", n=1), right=1, answered=1)
    assert f"{line} · {t('class.silent_count', silent=1)}" in shown_text(teacher)
    drawn = chart_data(answers())
    right_label = t("class.right_label", label=questions.drawn_label(q, q.answer))
    faded = {a.replace("\n", " "): f for a, f in zip(drawn[t("class.answer_axis")], drawn["faded"], strict=True)}
    assert faded == {label.replace("\n", " "): label.replace("\n", " ") != right_label for label in faded}
    assert sum(not f for f in faded.values()) == 1
    [bars] = [layer for layer in chart_spec(answers())["layer"] if layer.get("mark", {}).get("type") == "bar"] or [
        chart_spec(answers())
    ]
    assert bars["encoding"]["opacity"]["condition"] == {"test": "datum.faded", "value": answer_charts.FADED}


def test_a_student_whose_class_ended_reads_the_step_on_their_own(store):
    """Ended, a phone kept "the teacher asks this step's question first" over a step no teacher would reveal any
    more: the chart held back for good, and no Back or Next to leave it."""
    teacher, code = teacher_on_home(store)
    teacher.button(key="walk_start").click().run()
    teacher.button(key="walk_next").click().run()
    s = student(code)
    s.run()
    assert step_number(s) == 2 and t("class.held_back") in shown_text(s)
    assert not [b for b in s.button if b.key == "walk_next"]  # the teacher's to press
    teacher.button(key="class_end").click().run()
    teacher.button(key="class_end_confirm").click().run()
    s.run()
    no_exception(s)
    assert t("class.ended") in shown_text(s) and t("class.held_back") not in shown_text(s)
    assert step_number(s) == 2 and [b for b in s.button if b.key == "walk_next"]  # their own way on
    assert t("q.held_back") in shown_text(s)  # the step asks its own question first, as to any reader


def test_the_teachers_link_is_shown_only_when_the_teacher_asks_for_it(store):
    """Opened on a projector, the popover showed the private link to the room, whose every phone could then lead
    the class."""
    teacher, code = teacher_on_home(store)
    secret = teacher.session_state[classroom.SECRET][1]
    assert not [c for c in teacher.code if secret in str(c.value)]
    teacher.toggle(key=classroom.SHOW_PRIVATE).set_value(True).run()
    assert [str(c.value) for c in teacher.code if secret in str(c.value)] == [classroom.teacher_link(code, secret)]


def test_a_step_opens_on_its_question_and_shows_its_chart_once_answered_or_skipped():
    at = run_page(HOME, {"step": "5"})
    no_exception(at)
    assert t("q.held_back") in shown_text(at)
    assert not charts(at)
    first = prompts(at)
    at.button(key="q_step5_skip").click().run()
    assert t("q.held_back") not in shown_text(at)
    assert charts(at)
    at.button(key="walk_another_5").click().run()
    assert not charts(at)  # another question holds the chart back again
    assert prompts(at) and prompts(at) != first


def prompts(at) -> set[str]:
    asked = {questions.prompt(qb.ask(f.id)) for f in qb.for_step(STEPS[4].name)}
    asked |= {questions.prompt(qb.varied(f.id, seed=1)) for f in qb.for_step(STEPS[4].name)}
    return {str(m.value) for m in at.markdown} & asked


@pytest.mark.parametrize("k", range(1, len(STEPS) + 1))
def test_the_next_question_is_not_asked_under_the_view_the_first_answer_revealed(k):
    """Answered (or skipped), a step shows its chart and its point at the step's view, which answer its next family
    under that view (step 11's point: "the fixed summary 0%", its next question: the fixed summary's share). The next
    question is asked under a drawn setting, and it names that setting."""
    at = run_page(HOME, {"step": str(k)})
    at.button(key=f"q_step{k}_skip").click().run()
    at.button(key=f"walk_another_{k}").click().run()
    no_exception(at)
    second = qb.for_step(STEPS[k - 1].name)[1]
    shown = {str(m.value) for m in at.markdown}
    assert questions.prompt(qb.ask(second.id)) not in shown  # not under the step's view
    assert questions.prompt(qb.varied(second.id, seed=1)) in shown


def test_a_question_asked_at_another_state_than_the_charts_says_so_beside_its_answer():
    """Step 2's second question, at a drawn state, revealed beside the chart at the step's s = -1: its explanation's
    weights and the chart's disagreed, with no word of why."""
    at = run_page(HOME, {"step": "2"})
    at.button(key="q_step2_skip").click().run()
    first = qb.ask(qb.for_step(STEPS[1].name)[0].id)
    assert not [c for c in at.caption if str(c.value) == questions.elsewhere(first, -1.0)]  # asked at the chart's
    at.button(key="walk_another_2").click().run()
    at.button(key="q_step2_skip").click().run()
    no_exception(at)
    second = qb.varied(qb.for_step(STEPS[1].name)[1].id, seed=1)
    assert second.setting.s != -1.0
    note = t("q.elsewhere", asked=f"{second.setting.s:g}", shown="-1")
    assert questions.elsewhere(second, -1.0) == note and note in [str(c.value) for c in at.caption]
    sweep = qb.ask("hard.slope")  # step 7's chart spans an interval of states: no one state to name
    assert questions.elsewhere(sweep, sweep.setting.s + 1) is None


@pytest.mark.parametrize("k", range(1, len(STEPS) + 1))
def test_every_step_asks_a_question_of_its_own_before_its_chart(k):
    at = run_page(HOME, {"step": str(k)})
    no_exception(at)
    assert qb.for_step(STEPS[k - 1].name), "every step has questions"
    assert at.button(key=f"q_step{k}_check") is not None
    assert not charts(at)


def test_a_student_joins_by_typing_the_code_as_the_projector_shows_it(store):
    teacher, code = teacher_on_home(store)
    s = run_page(HOME)
    s.text_input(key="class_code_typed").input(f"{code[:3].lower()} {code[3:]}").run()
    s.button(key="class_join").click().run()
    no_exception(s)
    assert s.query_params["class"] == code and store.state(code).students == 1
    wrong = run_page(HOME)
    wrong.text_input(key="class_code_typed").input("0O1IL").run()
    wrong.button(key="class_join").click().run()
    assert t("class.bad_code", length=codes.CODE_LENGTH) in shown_text(wrong)
    assert "class" not in wrong.query_params


def test_step_8_asks_the_sum_its_point_states_before_the_point_is_shown():
    """Step 8's point, shown once its first question is answered, says the gradients always sum to zero: asked
    second, the sum was given away. It is asked first."""
    at = run_page(HOME, {"step": "8"})
    total = questions.prompt(qb.ask("gradient.total"))
    assert total in {str(m.value) for m in at.markdown}
    at.button(key="q_step8_skip").click().run()
    assert "always sum to zero" in shown_text(at)
    at.button(key="walk_another_8").click().run()
    assert questions.prompt(qb.varied("gradient.sign", seed=1)) in {str(m.value) for m in at.markdown}


def test_a_number_given_by_several_students_is_one_tick_marked_with_how_many():
    """Three answers, 0.79, 0.3 and 0.79, read as two ticks on the projector: one tick over another."""
    spec = answer_charts.answer_strip(
        [{"r": "round 1", "v": 0.79}, {"r": "round 1", "v": 0.3}, {"r": "round 1", "v": 0.79}],
        "v",
        "r",
        (0, 1),
        0.79,
        0.05,
    )
    [ticks] = [layer for layer in spec["layer"] if layer["mark"]["type"] == "tick"]
    [many] = [layer for layer in spec["layer"] if layer["mark"]["type"] == "text"]
    assert ticks["data"] == many["data"]
    assert sorted((r["v"], r["count"], r["many"]) for r in ticks["data"]["values"]) == [(0.3, 1, ""), (0.79, 2, "×2")]
