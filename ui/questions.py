"""The one widget that asks a question of the bank (:mod:`core.questions`): predict, then check.

``ask(question, key)`` draws the prompt and the answer's control (a radio for a choice or a pick, a number field
for a number), Check and Skip; once answered or skipped it shows the reader's answer beside the right one, right
or wrong, and the explanation, computed by core with the question. It returns the question's state
(:data:`UNANSWERED`, :data:`RIGHT`, :data:`WRONG` or :data:`SKIPPED`), so that a caller holds back what would give
the answer away until it is revealed. A tally of this visit's answers is kept in the session.

Every word is a message of :mod:`ui.catalog.questions`; a question's words come from its id (the keys are
formed in :func:`prompt`, :func:`explanation` and :func:`option_label`). The control stays one column wide, so
that a phone (390 px) shows it whole and a projector's larger type (presenter mode) keeps it legible.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

import streamlit as st

from core.questions import (
    Named,
    Question,
    Word,
    admissible,
    check,
    for_screen,
    on_screen,
    question_from_json,
    question_json,
)
from core.questions import family as family_of
from ui import charts, forged, layout, present, readings, sections, state, text
from ui.format import num, plain
from ui.handout import plain_math
from ui.palette import position_labels
from ui.settings import state_sweep
from ui.state import model as shared_model
from ui.text import t

UNANSWERED, RIGHT, WRONG, SKIPPED = "unanswered", "right", "wrong", "skipped"
TALLY = "q_tally"  # this visit's answers: {"answered": n, "right": k}, skips not counted
START = "<s>"
ZERO = 1e-12  # a computed number closer to 0 than this is shown as 0


VERDICT = "_verdict"  # the key's end of the block that reveals a question's verdict (ui/verdict_in_view.py)


def record_key(key: str) -> str:
    return f"q_{key}_record"


def answer_key(key: str) -> str:
    return f"q_{key}_answer"


def typed_key(key: str) -> str:
    """The key of a number typed as text (:func:`typed_here`): a field of its own, so that a reader who changes
    language while a question waits keeps a field of the right kind."""
    return f"q_{key}_typed"


def pressed_key(key: str) -> str:
    """Whether Check was pressed on the question keyed ``key`` (an empty typed field is then named)."""
    return f"q_{key}_pressed"


def forget(key: str) -> None:
    """Empty what the control keyed ``key`` holds, before it is drawn: a new question opens on an empty control.

    A value the control holds is set to none, not dropped: a dropped value left the browser's field as it was (the
    control keeps its key from one question to the next), showing the last answer beside a Check that the server
    held off (no answer), or sending an option the new question no longer offers, which the page then called a
    value from outside it."""
    for k, empty in ((answer_key(key), None), (typed_key(key), "")):
        if k in st.session_state:
            st.session_state[k] = empty
    st.session_state.pop(pressed_key(key), None)


def tally() -> dict[str, int]:
    """This visit's answers so far: how many questions were answered and how many of them right."""
    return st.session_state.setdefault(TALLY, {"answered": 0, "right": 0})


# --- Words ---------------------------------------------------------------------------------------------------------


def short(x: float, digits: int = 3) -> str:
    """A number to at most ``digits`` decimals, without trailing zeros: 0.791, 1, -0.5 (never -0)."""
    text = num(x, digits)
    return text.rstrip("0").rstrip(".") if "." in text else text


def numbers(values: tuple) -> str:
    """A tuple of numbers as a list, '0.791, 0.147, 0.062'; a tuple of tuples as a matrix, '[(1, 1), (-1, -1)]'."""
    if values and isinstance(values[0], tuple):
        return "[" + ", ".join(f"({numbers(row)})" for row in values) + "]"
    return ", ".join(short(x) for x in values)


def sentence(question: Question, side: str) -> tuple[str, ...]:
    """The question's source or target sentence as the reader reads it (the worked example's in their language; a
    leading start token kept)."""
    words = question.source if side == "source" else question.target
    if words[:1] == (START,):
        return (START, *readings.shown(words[1:], side))
    return readings.shown(words, side)


def word(question: Question, w: Word) -> str:
    return plain(sentence(question, w.side)[w.j])


def picked(question: Question, option: str) -> str:
    """The word a pick's option offers, as the reader reads it, unescaped (for a chart's label, not Markdown)."""
    w = question.picks[int(option) - 1]
    return sentence(question, w.side)[w.j] if isinstance(w, Word) else w


def shown(question: Question, more: Mapping[str, object] | None = None) -> dict[str, object]:
    """The question's fields (and ``more``, a wrong option's own: :func:`miss`) as its messages show them: words in
    the reader's reading, terms in their language, lists of numbers written out; numbers stay numbers, for the
    messages' formats."""

    def one(value: object) -> object:
        if isinstance(value, Word):
            return word(question, value)
        if isinstance(value, Named):
            return t(f"q.term.{value.id}")
        if isinstance(value, str):
            return plain(value)
        if isinstance(value, tuple):
            return numbers(value)
        if isinstance(value, float) and abs(value) < ZERO:
            return 0.0  # a sum of rounding errors, written 0.000 and not -0.000
        return value

    return {name: one(value) for name, value in {**question.fields, **(more or {})}.items()}


def prompt(question: Question) -> str:
    return unbroken(t(f"q.{question.place}.{question.name}.prompt", **shown(question)))


# a one-letter symbol, " = ", and a number or a bracket after it, in the text outside TeX ($...$)
SETTING = re.compile(r"(?<![\w$])([A-Za-z]) = (?=[-−(\[\d])")


def unbroken(text: str) -> str:
    """``text`` with "s = 1" (a symbol set to a value, outside TeX) held on one line by no-break spaces: on a
    projector "Read at s" ended a line and "= 1: what is the context c?" began the next."""
    parts = text.split("$")
    parts[::2] = [SETTING.sub("\\1\u00a0=\u00a0", part) for part in parts[::2]]
    return "$".join(parts)


def explanation(question: Question) -> str:
    if question.why == "why":
        return t(f"q.{question.place}.{question.name}.why", **shown(question))
    return t(f"q.{question.place}.{question.name}.why_{question.why}", **shown(question))


def miss(question: Question, given: object) -> str | None:
    """Why the option ``given`` is not the answer, the misconception behind it in numbers computed for the setting
    (None for the answer, a number, or an option core words no "why not" for): a choice's
    ``q.<place>.<name>.miss_<option>``, a point pick's one ``q.<place>.<name>.miss`` filled with the point's own
    fields."""
    if not isinstance(given, str) or given == question.answer or given not in question.misses:
        return None
    more = question.misses[given]
    if question.kind == "pick":
        return t(f"q.{question.place}.{question.name}.miss", **shown(question, more))
    return t(f"q.{question.place}.{question.name}.miss_{given}", **shown(question, more))


def option_label(question: Question, option: str) -> str:
    """What the reader sees for an option: a choice's words, the word or the point a pick offers."""
    if question.kind == "choice":
        if question.named:
            return t(f"q.term.{option}")
        return t(f"q.{question.place}.{question.name}.option_{option}")
    k = int(option)
    if question.points:
        x, y = question.points[k - 1]
        return t("q.point", k=k, x=short(x), y=short(y))  # to 3 decimals, as the step's equations write c
    return plain(word_named(question, option))


def drawn_label(question: Question, option: str) -> str:
    """An option as a chart writes it: :func:`option_label` as plain text, its Markdown's escapes and its TeX read
    (a chart shows a label as it is: "red \\(2\\)", "Exactly $h$" there)."""
    return plain_math(option_label(question, option))


def word_named(question: Question, option: str) -> str:
    """A word pick's option as the reader reads it, unescaped: its word, with its place where its sentence repeats
    it, as the step's charts name it (a list tells its options by their labels)."""
    w = question.picks[int(option) - 1]
    return position_labels(sentence(question, w.side))[w.j] if isinstance(w, Word) else w


def digits(question: Question) -> int:
    """Decimals a number question's answer is entered and shown with: 0 for whole steps, else the step's."""
    step = question.increment or 0.01
    return 0 if step >= 1 else len(f"{step:g}".split(".")[1])


def answer_label(question: Question, answer: object) -> str:
    """An answer as the reveal writes it ("The answer: …"): a number with the question's decimals, a choice's words, a
    point, or a word quoted (unquoted, the French reveal of step 10 read "La réponse : car", "because")."""
    if question.kind == "number":
        return num(float(answer), digits(question))
    label = option_label(question, str(answer))
    return t("q.quoted", word=label) if question.kind == "pick" and not question.points else label


MOST_DIGITS = 6  # decimals a reader's own number is written with at most


def given_label(question: Question, given: object) -> str:
    """A reader's answer as they gave it: a number with as many decimals as it has (up to :data:`MOST_DIGITS`),
    never fewer than the question's. Written with the question's, 1.5 where the answers are whole read "2" beside
    "The answer: 2" under "Not quite"."""
    if question.kind != "number":
        return answer_label(question, given)
    x, d = float(given), digits(question)
    while d < MOST_DIGITS and round(x, d) != x:
        d += 1
    return num(x, d)


# --- The widget ----------------------------------------------------------------------------------------------------


def _record(key: str, question: Question) -> dict[str, object]:
    """This question's record in the session, started afresh when ``key`` now asks another question (or the same
    under another setting)."""
    name = question_json(question)
    record = st.session_state.get(record_key(key))
    if not isinstance(record, Mapping) or record.get("question") != name:
        record = {"question": name, "state": UNANSWERED, "given": None}
        st.session_state[record_key(key)] = record
        forget(key)
    return record


# --- A number typed as text --------------------------------------------------------------------------------------

# A number written with a point or a comma before its decimals, perhaps signed (a hyphen or a minus sign), its spaces
# (a French reader's thousands) left out before it is read
NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")


def typed_here(question: Question) -> bool:
    """Whether the reader types a number question's answer as text: a reader whose language writes a decimal comma
    (:data:`ui.text.DECIMAL_COMMA`) types "0,79", which Streamlit's number field does not take; the text is read on
    the server (:func:`read_number`) and the number goes through the question's door as any other."""
    return question.kind == "number" and text.language() in text.DECIMAL_COMMA


def read_number(typed: object) -> float | None:
    """The number ``typed`` writes, with a point or a comma before its decimals ("0,79", "0.79", "−0,5", "1 200");
    None for text that writes no number (or not one only)."""
    if not isinstance(typed, str):
        return None
    compact = re.sub(r"\s", "", typed).replace("\u2212", "-")  # \s takes the no-break spaces too
    return float(compact.replace(",", ".")) if NUMBER.fullmatch(compact) else None


def typed_key_drawn(key: str) -> str:
    """Whether the last run drew the control keyed ``key`` as a typed number (a callback runs before the run that
    would say the reader's language: it reads the control the reader saw)."""
    return f"q_{key}_typed_drawn"


def entered(question: Question, key: str) -> object:
    """The answer the control keyed ``key`` holds: an option, a number, or None for none (nothing chosen, nothing
    typed, or typed text that is no number). Still to go through the question's door (:func:`core.questions.admit`)."""
    if st.session_state.get(typed_key_drawn(key)):
        return read_number(st.session_state.get(typed_key(key)))
    return st.session_state.get(answer_key(key))


def typed_notice(question: Question, key: str) -> str | None:
    """What is wrong with the text typed for a number, in words (None when it is a number the question takes, or
    when nothing is typed and Check was not pressed)."""
    typed = st.session_state.get(typed_key(key))
    d = digits(question)
    low, high = num(question.low, d), num(question.high, d)
    if not isinstance(typed, str) or not typed.strip():
        return t("q.typed_empty") if st.session_state.get(pressed_key(key)) else None
    x = read_number(typed)
    if x is None:
        return t("q.typed_not_number", typed=plain(typed.strip()[:40]), low=low, high=high)
    if not admissible(question, x):
        return t("q.typed_outside", typed=plain(typed.strip()[:40]), low=low, high=high)
    return None


def _checked(key: str, question: Question) -> None:
    """Check's callback: judge the answer the control holds, once, and count it. An answer the question does not
    take (typed text that is no number, a number outside the range) is not judged: the field keeps it, and the
    widget says what is wrong (:func:`typed_notice`)."""
    record = st.session_state[record_key(key)]
    given = entered(question, key)
    st.session_state[pressed_key(key)] = True
    # The field shows what was read, as the server holds it: a number typed and Check pressed at once, the browser's
    # field showed the value it held before once the reveal drew it disabled ("0.30" beside "Your answer: 0.50")
    held = typed_key(key) if st.session_state.get(typed_key_drawn(key)) else answer_key(key)
    if held in st.session_state:
        st.session_state[held] = st.session_state[held]
    if record["state"] != UNANSWERED or given is None or not admissible(question, given):
        return
    right = check(question, given)
    record.update(state=RIGHT if right else WRONG, given=given)
    counts = tally()
    counts["answered"] += 1
    counts["right"] += int(right)


def _skipped(key: str) -> None:
    record = st.session_state[record_key(key)]
    if record["state"] == UNANSWERED:
        record["state"] = SKIPPED


def control(question: Question, key: str, done: bool) -> object:
    """The answer's control: a radio of the options (one under another, as a phone has room for), or a number (typed
    as text where the reader's language writes a decimal comma: :func:`typed_here`)."""
    st.session_state[typed_key_drawn(key)] = typed_here(question)
    if typed_here(question):
        d = digits(question)
        return st.text_input(
            t("q.number_answer", low=num(question.low, d), high=num(question.high, d)),  # the range in sight
            key=forged.text_field(typed_key(key), "q.answer"),
            disabled=done,  # no length shown: a count of characters under a number means nothing to a reader
            help=t("q.typed_help", low=num(question.low, d), high=num(question.high, d)),
        )
    if question.kind == "number":
        d = digits(question)
        return st.number_input(
            # the range in sight: behind the field's "?" alone, a phone's reader had to tap to find it
            t("q.number_answer", low=num(question.low, d), high=num(question.high, d)),
            min_value=question.low,
            max_value=question.high,
            value=None,
            step=question.increment or 0.01,
            format=f"%.{d}f",
            key=answer_key(key),
            disabled=done,
            help=t("q.range", low=num(question.low, d), high=num(question.high, d)),
        )
    return st.radio(
        t("q.answer"),
        question.options,
        index=None,
        format_func=lambda option: option_label(question, option),
        key=answer_key(key),
        disabled=done,
    )


def ask(question: Question, key: str) -> str:
    """Ask ``question`` in a bordered block of its own, keyed ``key`` (unique on the page); returns its state:
    UNANSWERED until Check or Skip, then RIGHT, WRONG or SKIPPED (kept for this question and setting)."""
    record = _record(key, question)
    with st.container(border=True, key=f"q_{key}"):
        st.markdown(f"**{t('q.heading')}**")
        st.markdown(prompt(question))
        done = record["state"] != UNANSWERED
        given = control(question, key, done)
        said = None if done or not typed_here(question) else typed_notice(question, key)
        if said is not None:
            st.warning(said, icon=":material/warning:")
        if not done:
            with st.container(horizontal=True):
                st.button(
                    t("q.check"),
                    key=f"q_{key}_check",
                    type="primary",
                    # a typed number reaches the server when the field loses focus, as Check is pressed: Check
                    # stays open, and the callback reads it
                    disabled=given is None and not typed_here(question),
                    on_click=_checked,
                    args=(key, question),
                    icon=":material/check:",
                )
                st.button(t("q.skip"), key=f"q_{key}_skip", on_click=_skipped, args=(key,), icon=":material/redo:")
        else:
            with st.container(key=f"q_{key}{VERDICT}"):  # brought into sight once Check is pressed (not on a projector)
                reveal(question, record)
        counts = tally()
        if counts["answered"]:
            st.caption(t("q.tally", hits=counts["right"], n=counts["answered"]))
    return str(record["state"])


def reveal(question: Question, record: Mapping[str, object], skipped: str | None = None) -> None:
    """Right or wrong (or skipped: ``skipped`` says so, "Skipped." unless given), the reader's answer beside the
    right one (for a number, on the question's range too: :func:`on_the_line`), why the reader's option is not the
    answer where core words it (:func:`miss`), and the explanation. A projector shows the "why not" too: a sentence
    or two, it answers aloud the wrong pick a room's reader made (only the charts are left out there)."""
    state = record["state"]
    if state == RIGHT:
        st.success(t("q.right"), icon=":material/check_circle:")
    elif state == WRONG:
        st.error(t("q.wrong"), icon=":material/cancel:")
    else:
        st.info(skipped or t("q.skipped"), icon=":material/redo:")
    lines = []
    if state != SKIPPED:
        lines.append(t("q.yours", given=given_label(question, record["given"])))
    lines.append(correct_line(question))
    st.markdown("  \n".join(lines))
    if state != SKIPPED and not present.on():  # a room reads the two lines above
        if question.kind == "number":
            on_the_line(question, float(record["given"]))
        elif question.points and question.plane:
            on_the_plane(question, str(record["given"]))
        elif question.picks:
            on_the_words(question, str(record["given"]))
    why_not = miss(question, record["given"]) if state == WRONG else None
    if why_not is not None:
        st.markdown(why_not)
    explain(question)


def explain(question: Question) -> None:
    """The explanation, and where the question was asked at another state than the chart's, a note that says so
    (:func:`elsewhere`): under a reader's reveal and on the projector alike."""
    st.markdown(explanation(question))
    for note in (elsewhere(question, shared_model().s), on_chart(question)):
        if note:
            st.caption(note)


def on_chart(question: Question) -> str | None:
    """Where the question changes what the chart beside its answer draws only when asked (tanh removed, identical
    sources), how the chart shows it or that it does not (``q.<place>.<name>.on_chart``): step 4's chart, drawn
    with tanh, read as a contradiction of "both give every word the same weight"; else None. Asked under another
    setting than its family's default (the one the chart draws), ``.on_chart_other`` where the question has one:
    another scorer's answer is not the example's, whatever f the chart is set to."""
    base = f"q.{question.place}.{question.name}"
    other = question.setting != family_of(question.id).default and f"{base}.on_chart_other" in text.CATALOG["en"]
    if other:
        return t(f"q.{question.place}.{question.name}.on_chart_other")
    if f"{base}.on_chart" not in text.CATALOG["en"]:
        return None
    return t(f"q.{question.place}.{question.name}.on_chart", none=t("score.f.identity"))


# The places whose chart reads the example at the one state the slider sets (step 4's reads states A and B, step 7's
# an interval): there a question asked at another state is not what the chart beside its answer shows.
AT_ONE_STATE = frozenset({"compare", "hull", "states", "gradient", "step"})


def elsewhere(question: Question, s: float) -> str | None:
    """Where ``question`` was asked at a state other than ``s``, the chart's, a note that says so and how to see
    its answer on the chart (the explanation's weights at s = 0.55 beside the chart's at s = -1 read as a
    contradiction); else None."""
    asked = getattr(question.setting, "s", None)
    if question.place not in AT_ONE_STATE or asked is None or abs(float(asked) - float(s)) < 1e-9:
        return None
    return t("q.elsewhere", asked=f"{float(asked):g}", shown=f"{float(s):g}")


def correct_line(question: Question) -> str:
    """The answer's line, as every device says it (the projector's said 0.79 where the phones said 0.791)."""
    if question.kind == "number" and question.tolerance > 0:
        tolerance = num(question.tolerance, digits(question))
        return t("q.correct_within", answer=right_answer(question), tolerance=tolerance)
    return t("q.correct", answer=right_answer(question))


def right_answer(question: Question) -> str:
    """The right answer as the answer's line writes it (:func:`correct_line`), the results' CSV too."""
    if question.kind == "number" and question.tolerance > 0:
        # one decimal more than the answer is entered with: the band's edges are then the ones the check uses (0.791
        # within 0.05 takes 0.841 and not 0.74, where "0.79" would have a reader expect both)
        return num(float(question.answer), digits(question) + 1)
    return answer_label(question, question.answer)


LINE_CHART = "q_answer_line"  # the charts' names among the page's (a page asks one question at a time)
PLANE_CHART = "q_answer_plane"
WORDS_CHART = "q_answer_words"


def on_the_line(question: Question, given: float) -> None:
    """A number question's range with the reader's answer as a tick, the right one as a line and the band within the
    tolerance shaded: how far off, at a glance. (Skipped, there is nothing to place: the written answer says it.)"""
    row, value = t("q.line_row"), t("q.line_value")
    rows = [{row: t("q.line_yours"), value: given}]
    spec = charts.answer_strip(rows, value, row, (question.low, question.high), float(question.answer),
                               question.tolerance)  # fmt: skip
    caption = t("q.line_caption") if question.tolerance > 0 else t("q.line_caption_exact")
    layout.chart(spec, LINE_CHART, caption, rows=rows)


def on_the_plane(question: Question, given: str) -> None:
    """A point pick's points where they lie: the sources and the triangle they span, the right point in green and the
    reader's, if another, in purple; every point labelled as the options are, the answer's and the reader's with
    their role."""
    right, yours, other = t("q.plane_right"), t("q.plane_yours"), t("q.plane_other")
    x, y = t("q.plane_coordinate", i=1), t("q.plane_coordinate", i=2)
    roles = {question.answer: right, given: yours} if given != question.answer else {given: right}
    options = [
        {x: px, y: py, "label": t("q.plane_label", k=k, role=roles[o]) if o in roles else f"P{k}",
         "role": roles.get(o, other)}
        for k, (o, (px, py)) in enumerate(zip(question.options, question.points, strict=True), start=1)
    ]  # fmt: skip
    words = [plain(w) for w in sentence(question, "source")]
    spec = charts.answer_points(options, question.plane, words, x, y, (right, yours, other))
    layout.chart(spec, PLANE_CHART, t("q.plane_caption"), rows=options)


def on_the_words(question: Question, given: str) -> None:
    """A word pick's words in the order offered, the right one in green and the reader's, if another, in purple, each
    named with its role; where the answer is read from attention weights, each word's weight (core's) as a bar."""
    right, yours, other = t("q.plane_right"), t("q.plane_yours"), t("q.plane_other")
    roles = {question.answer: right, given: yours} if given != question.answer else {given: right}
    field, weight = t("q.words_word"), t("weight") if question.weights else None
    rows = []
    for k, o in enumerate(question.options):
        name = t("q.word_label", word=word_named(question, o), role=roles[o]) if o in roles else word_named(question, o)
        if weight:  # its weight written beside its name: a word read hardly at all has no bar to see
            name = t("q.word_weight", label=name, weight=num(question.weights[k], 3))
        rows.append({field: name, "role": roles.get(o, other)} | ({weight: question.weights[k]} if weight else {}))
    spec = charts.answer_words(rows, field, weight, (right, yours, other))
    layout.chart(spec, WORDS_CHART, t("q.words_caption") if weight else t("q.words_caption_plain"), rows=rows)


# --- A screen's "Check yourself" -------------------------------------------------------------------------------------


def asked_on_screen(screen: str) -> str:
    """The session key of how many questions the screen ``screen`` has asked this visit, after its first."""
    return f"q_screen_{screen}_asked"


def _another_on_screen(screen: str) -> None:
    key = asked_on_screen(screen)
    st.session_state[key] = st.session_state.get(key, 0) + 1


SCREEN_SECTION = "q.screen"  # the section of a screen's "Check yourself"


def check_yourself(screen: str, slider: str) -> None:
    """A fold under the screen ``screen`` (its navigation key without "nav.") that asks its questions in turn, at
    the reader's state where a question has one, then each again under a drawn setting.

    The question is a section of its own that follows the state slider ``slider`` (:func:`ui.sections.follows`):
    its controls rerun it alone, and a move of the slider asks it again at the new state at once, so that the
    question on the screen is always the one at the state the charts show (drawn before the next whole run, it had
    quoted the old state, and an answer typed then went to a question the rerun replaced)."""
    families = for_screen(screen)
    if not families:
        return
    with st.expander(t("q.check_yourself"), icon=":material/quiz:"):
        ask_here = functools.partial(_ask_on_screen, screen, families)
        sections.follows(slider, SCREEN_SECTION, ask_here, settles=lambda: shared_model().s)


def answered_on_screen(screen: str) -> str:
    """Session key: the turn whose question a screen's reader answered or skipped (its record holds the question)."""
    return f"q_screen_{screen}_answered"


def _ask_on_screen(screen: str, families: tuple) -> None:
    """The screen's question in turn at the reader's state; once answered or skipped, the same question with its
    verdict while the reader moves the slider (to check it on the chart, as the verdict invites), until "Ask me
    another"."""
    n, key = st.session_state.get(asked_on_screen(screen), 0), f"screen_{screen}"
    record = st.session_state.get(record_key(key))
    if st.session_state.get(answered_on_screen(screen)) == n and isinstance(record, Mapping):
        question = question_from_json(record["question"])
    else:
        low, high = state.get(state_sweep.SWEEP)
        question = on_screen(tuple(f.id for f in families), n, shared_model().s, low, high)
    if ask(question, key=key) != UNANSWERED:
        st.session_state[answered_on_screen(screen)] = n
        st.button(
            t("q.another"),
            key=f"q_screen_{screen}_another",
            on_click=_another_on_screen,
            args=(screen,),
            icon=":material/redo:",
        )
