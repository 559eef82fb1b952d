"""What a hostile or careless reader can do to a class through the page, over the websocket as a browser speaks it.

The app is served with the README's command and a class store of this module's own (``ATTENTION_DATA`` in a temporary
folder), which the test reads directly to see what changed. Each case is a link a reader can type or a message a
reader can write by hand: a class code that is no class's, a student sending the presses of the teacher's controls,
an answer no option or range offers, a teacher link with another secret, and the secret in the address bar.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench.streamlit_client import Run, Session, click
from classroom import codes
from classroom.settings import Settings
from classroom.sqlite_store import SqliteStore
from classroom.store import NewClass, Phase
from core.questions import ask, for_step
from screens.walkthrough.steps import STEPS
from tests.browser import app_server
from tests.classroom_stores import dump
from ui import classroom, clicker, codec, questions
from ui.format import num, unescaped
from ui.links import TEACHER_KEY
from ui.text import t

# The teacher's controls (ui.classroom), by their keys: a student's page never draws one of them.
TEACHERS = ("class_ask", "class_show", "class_another", "class_reveal", "class_again", "class_end", "class_export")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, SqliteStore]]:
    """The app with a class store of its own, and that store as the test reads it."""
    data = tmp_path_factory.mktemp("classes")
    store = SqliteStore(Settings(data_dir=Path(data)))
    with app_server(env=dict(os.environ, ATTENTION_DATA=str(data))) as url:
        yield url, store
    store.close()


def alerts(run: Run) -> list[str]:
    return [unescaped(a) for a in run.alerts]


def keys(s: Session) -> set[str]:
    return {w.key for w in s.widgets.values()}


def teacher_link(new: NewClass, step: int) -> str:
    return f"class={new.code}&{TEACHER_KEY}={new.secret}&present=1&step={step}"


async def opened(url: str, query: str) -> tuple[Session, Run]:
    """A new browser tab on the home page at ``?query``, after its first run."""
    s = Session(url, query)
    await s.__aenter__()
    return s, await s.rerun(page_name="")


def asked(url: str, store: SqliteStore, step: int) -> NewClass:
    """A class whose teacher stands on ``step`` and has asked its question, through the teacher's page."""

    async def go() -> None:
        teacher, _ = await opened(url, teacher_link(new, step))
        await teacher.rerun(widgets=[click(teacher.widget("button", "class_ask").id)])
        await teacher.__aexit__()

    new = store.create_class()
    asyncio.run(go())
    assert store.state(new.code).phase == Phase.OPEN
    return new


CODES = {"unknown": "ZZZ222", "unknown, typed": "zzz-222", "signs": "!!", "too short": "ABC", "too long": "A" * 300}


@pytest.mark.parametrize("code", CODES.values(), ids=CODES)
def test_a_link_with_an_unknown_or_malformed_class_code_says_so_and_joins_no_class(served, code):
    url, store = served
    before = dump(store)

    async def go() -> tuple[list[str], str, set[str]]:
        s, run = await opened(url, f"class={code}")
        await s.__aexit__()
        return alerts(run), s.query_string, keys(s)

    said, link, drawn = asyncio.run(go())
    unknown = t("class.refused.unknown")
    if len(code.replace("-", "")) == 6:  # a code's shape: no live class has it
        assert unknown in said
    else:  # no code's shape: the link's notice says why, in a reader's words (not the setting's key)
        assert t("class.bad_link_code", value=codec.cut(code), length=codes.CODE_LENGTH) in said
    assert "class=" not in link  # the address no longer names a class
    assert "class_leave" not in drawn and "class_send" not in drawn  # no student's banner
    assert dump(store) == before  # no class, no student


def test_a_student_cannot_ask_reveal_advance_or_end_by_sending_the_teachers_presses(served):
    """A student's session sends the presses of every control the teacher's page draws, by the ids the teacher's
    page gave them (as a reader who opened a class of their own would read them): the store does not change. The
    same presses from the teacher's session do change it, so the ids are the controls'."""
    url, store = served
    new = store.create_class()

    async def go() -> tuple[dict, dict, set[str], set[str]]:
        teacher, _ = await opened(url, teacher_link(new, 1))
        controls = {w.key: w for w in teacher.widgets.values() if w.key}
        for press in ("class_ask", "class_reveal", "class_again"):  # asked, revealed, and open again: round 2
            await teacher.rerun(widgets=[click(controls[press].id)])
            controls |= {w.key: w for w in teacher.widgets.values() if w.key}
        assert {"class_ask", "class_show", "class_reveal", "class_again", "class_end"} <= set(controls)
        student, _ = await opened(url, f"class={new.code}")
        shown = keys(student)
        before = dump(store)
        for key, w in controls.items():
            if w.kind in ("button", "download_button"):
                presses = [click(w.id)]
            elif w.kind == "checkbox":  # a toggle: students follow or not, the answers so far shown or not
                presses = [WidgetState(id=w.id, bool_value=value) for value in (False, True)]
            else:
                continue
            for press in presses:
                run = await student.rerun(widgets=[press])
                assert run.exceptions == [], (key, run.exceptions)
                shown |= keys(student)
        after = dump(store)
        # The same press of Reveal in the teacher's session reveals.
        await teacher.rerun(widgets=[click(controls["class_reveal"].id)])
        await teacher.__aexit__()
        await student.__aexit__()
        return before, after, shown, set(controls)

    before, after, shown, teachers = asyncio.run(go())
    assert after == before
    assert not shown & set(TEACHERS), shown & set(TEACHERS)  # the student's page drew none of them
    assert {clicker.NEXT, "class_reveal"} <= teachers
    assert store.state(new.code).phase == Phase.REVEALED


def test_a_student_the_teacher_leads_has_no_next_and_a_forged_one_moves_no_one(served):
    """A phone's Next during a question showed the next step's answer, the class's next question: a following
    student's page draws no Back or Next, and the press of the teacher's Next, sent from the student's session,
    moves neither the class nor the student."""
    url, store = served
    new = store.create_class()
    store.set_step(new.code, new.secret, 1)

    async def go() -> tuple[set[str], Run, str, int]:
        teacher, _ = await opened(url, teacher_link(new, 1))
        next_id = teacher.widget("button", clicker.NEXT).id
        await teacher.__aexit__()
        student, _ = await opened(url, f"class={new.code}")
        drawn, version = keys(student), store.version(new.code)
        run = await student.rerun(widgets=[click(next_id)])
        link = student.query_string
        await student.__aexit__()
        return drawn, run, link, version

    drawn, run, link, version = asyncio.run(go())
    assert run.exceptions == []
    assert not {clicker.BACK, clicker.NEXT} & drawn and "class_leave" in drawn
    assert store.state(new.code).step == 1 and store.version(new.code) == version
    assert "step=1" in link and not any(t("class.roaming", code=new.code).split("**")[-1] in x for x in run.texts)


def number_step() -> int:
    """The first step whose first question is answered with a number."""
    return next(k for k, s in enumerate(STEPS, 1) if ask(for_step(s.name)[0].id).kind == "number")


NUMBERS = {  # a number field's value no browser's field sends (its bounds are the question's range)
    "above the range": WidgetState(double_value=1e9),
    "below the range": WidgetState(double_value=-1.0),
    "not a number": WidgetState(double_value=float("nan")),
    "infinite": WidgetState(double_value=float("inf")),
}


@pytest.mark.parametrize("case", NUMBERS)
def test_a_number_outside_the_questions_range_is_refused_with_a_notice_and_not_counted(served, case):
    url, store = served
    k = number_step()
    new = asked(url, store, k)
    q = ask(for_step(STEPS[k - 1].name)[0].id)

    async def go() -> tuple[list[str], int, list[str], int]:
        student, _ = await opened(url, f"class={new.code}")
        field = student.widget("number_input", "q_class_answer")
        send = student.widget("button", "class_send")
        assert field is not None and send is not None, keys(student)
        forged = WidgetState()
        forged.CopyFrom(NUMBERS[case])
        forged.id = field.id
        await student.rerun(widgets=[forged])  # the field's change, then the press, as a browser sends them
        run = await student.rerun(widgets=[click(send.id)])
        refused = store.counts(new.code, new.secret).answered
        await student.rerun(widgets=[WidgetState(id=field.id, double_value=(q.low + q.high) / 2)])
        taken = await student.rerun(widgets=[click(send.id)])
        await student.__aexit__()
        return alerts(run) + run.exceptions, refused, taken.exceptions, store.counts(new.code, new.secret).answered

    said, refused, exceptions, counted = asyncio.run(go())
    d = questions.digits(q)
    assert t("class.send_empty_number", low=num(q.low, d), high=num(q.high, d)) in said  # what the field takes
    assert refused == 0
    assert exceptions == [] and counted == 1  # an answer in the range, sent after, is counted


def test_an_option_the_question_does_not_offer_is_refused_with_a_notice_and_not_counted(served):
    url, store = served
    k = next(k for k, s in enumerate(STEPS, 1) if ask(for_step(s.name)[0].id).kind != "number")
    new = asked(url, store, k)

    async def go() -> tuple[list[str], list[str], int, int]:
        student, _ = await opened(url, f"class={new.code}")
        choice = student.widget("radio", "q_class_answer")
        send = student.widget("button", "class_send")
        changed = await student.rerun(widgets=[WidgetState(id=choice.id, string_value="nosuch")])
        sent = await student.rerun(widgets=[click(send.id)])
        refused = store.counts(new.code, new.secret).answered
        await student.rerun(widgets=[WidgetState(id=choice.id, string_value=choice.proto.options[0])])
        taken = await student.rerun(widgets=[click(send.id)])
        await student.__aexit__()
        said = alerts(changed) + alerts(sent)
        return (
            said,
            changed.exceptions + sent.exceptions + taken.exceptions,
            refused,
            store.counts(new.code, new.secret).answered,
        )

    said, exceptions, refused, counted = asyncio.run(go())
    assert t("widget.forged") in said and t("class.send_empty_choice") in said  # the forged option put back to none
    assert exceptions == [] and refused == 0 and counted == 1


def test_a_teacher_link_with_another_secret_says_so_and_gives_no_teachers_control(served):
    url, store = served
    new = store.create_class()
    store.set_step(new.code, new.secret, 1)
    version = store.version(new.code)
    wrong = NewClass(new.code, "x" + new.secret[1:])

    async def go() -> tuple[list[str], set[str], str]:
        s, run = await opened(url, teacher_link(wrong, 1))
        await s.__aexit__()
        return alerts(run), keys(s), s.query_string

    said, drawn, link = asyncio.run(go())
    assert t("class.refused.not_teacher") in said
    assert not drawn & set(TEACHERS)
    assert TEACHER_KEY not in link and wrong.secret not in link
    assert store.version(new.code) == version  # the class is as it was (the reader may have joined as a student)


def test_the_teacher_secret_leaves_the_address_on_arrival_and_stays_out(served):
    url, store = served
    new = store.create_class()

    async def go() -> list[str]:
        teacher, run = await opened(url, f"class={new.code}&{TEACHER_KEY}={new.secret}&present=1")
        assert run.exceptions == [] and "class_end" in keys(teacher)  # it is the teacher's page
        links = [teacher.query_string]
        await teacher.rerun(widgets=[click(teacher.widget("button", "walk_start").id)])
        links.append(teacher.query_string)
        await teacher.rerun(widgets=[click(teacher.widget("button", "class_ask").id)])
        links.append(teacher.query_string)
        await teacher.__aexit__()
        return links

    links = asyncio.run(go())
    assert all(f"class={new.code}" in link for link in links), links
    assert not [link for link in links if TEACHER_KEY in link or new.secret in link], links


def test_a_teachers_second_device_follows_the_class_and_its_stale_ask_opens_no_second_round(served):
    """A laptop beside the projector, both the teacher's: the projector stayed on its step after the laptop moved
    the class on, and its Ask, drawn before the laptop asked, opened a second round over the answers coming in."""
    url, store = served
    new = store.create_class()

    async def go() -> tuple[str | None, int, int]:
        projector, _ = await opened(url, teacher_link(new, 1))
        laptop, _ = await opened(url, teacher_link(new, 1))
        await laptop.rerun(widgets=[click(laptop.widget("button", clicker.NEXT).id)])  # the class to step 2
        for fragment, every in list(projector.fragments.items()):  # the projector's look, on its timer
            if every == classroom.TEACHER_POLL:
                await projector.rerun(fragment_id=fragment)
        step = dict(parse_qsl(projector.query_string)).get("step")
        stale = projector.widget("button", "class_ask")  # the projector's Ask of step 2's question
        await laptop.rerun(widgets=[click(laptop.widget("button", "class_ask").id)])
        opened_round = store.state(new.code).round
        run = await projector.rerun(widgets=[click(stale.id)])
        assert run.exceptions == []
        for s in (projector, laptop):
            await s.__aexit__()
        return step, opened_round, store.state(new.code).round

    step, opened_round, after = asyncio.run(go())
    assert step == "2"  # the projector followed the class
    assert opened_round == after == 1  # the stale Ask left round 1 open
