"""A class in the room: a teacher leads every student's screen, asks the class, and sees the answers.

Nothing of a class lives in this process: every read and write goes to the class store (:mod:`classroom.store`,
SQLite on one host, Redis where a setting names one), so any replica serves any teacher or student.

- The link names the class (``class=CODE``, :data:`ui.links.CLASS`), for the teacher and the students alike; the
  join link is the app's address with that key alone. The teacher's session holds the class's secret. It arrives
  once, by the private teacher link (``?class=CODE&teacher=SECRET``), and is never written back into the address
  (the link writes only the settings it knows), so a projected address bar never shows it.
- A student is an anonymous id (:func:`classroom.codes.new_student`), kept in a cookie so that a reload is the
  same student (one counted answer a round), never a name.
- Students follow the teacher's step: a student's page looks at the class's version every :data:`POLL` seconds
  (one small read, in a section of its own) and, when it has moved, runs again: onto the teacher's step while
  they follow, with the question the teacher opened. A student who moves on their own roams until they choose to
  follow again, or the teacher calls the class back.
- A step's view is the class's: its chart and its point are held back while a question of the step is open, and
  shown once the teacher reveals it (or shows the step without asking), on the projector and every student's
  device alike (:func:`step_revealed`).
"""

from __future__ import annotations

import html
import json
import textwrap
from collections.abc import Callable
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from classroom import codes
from classroom.backends import open_store
from classroom.export import export_csv, for_spreadsheets
from classroom.store import ClassState, Phase, RoundResult
from core.questions import Question, admit, check, question_from_json, question_json
from core.refusal import Refusal
from ui import charts, forged, layout, present, questions, sections, state, to_top
from ui.format import num
from ui.handout import plain_math
from ui.links import CLASS, PRESENT, TEACHER_KEY
from ui.settings.walkthrough import STEP
from ui.text import t

SECRET = "_class_secret"  # session: (code, secret) of the class this session teaches
STUDENT = "_class_student"  # session: this browser's anonymous student id
JOINED = "_class_joined"  # session: the code of the class this session joined as a student
SEEN = "_class_seen"  # session: (code, version, follow) of the class as this session last drew it
ROAMING = "_class_roaming"  # session: the student left the teacher's step on their own
SHOW_RESULTS = "_class_show_so_far"  # session: the teacher shows the answers so far, without the right one
SHOW_PRIVATE = "class_show_private"  # widget: the teacher's link shown in its popover
CONFIRM_END = "_class_confirm_end"  # session: the teacher pressed End the class, and is asked once more
QUESTION_WIDE = "class_question_wide"  # the question's words in the step's wide column, before the reveal
TEACHER_SAID = "_class_teacher_said"  # session: the notice on the teacher's last action, drawn by the next run
FORGET_TEACHER = "_class_forget_teacher"  # session: clear the teacher's cookie on the next run (the class ended)
ENDED = "_class_ended"  # session: (code, results CSV) of the class this teacher ended
SAID = "_class_said"  # session: the notice on the student's last Send (refused, or the class unreachable)
COOKIE = "attention_student"  # the browser's cookie that keeps its student id across reloads
TEACHER_COOKIE = "attention_teacher"  # the teacher's browser's cookie: CODE.SECRET, so a reload or a lost replica
# keeps the teacher at their class (set only in the teacher's browser, never sent to a student)
COOKIE_SECONDS = 6 * 3600  # as long as a class lives without activity (classroom.settings)
POLL = 1.5  # seconds between a student's looks at the class's version
TEACHER_POLL = 1.0  # seconds between the projector's counts of answers
SHOWN = "shown"  # a step's class setting: the teacher showed the step without asking
SEEN_STEPS = "seen"  # a step's class setting: the steps shown or revealed so far, carried from step to step
BRING = "_class_bring"  # session: the teacher moved, and this following student is brought to the home page's step


# --- Who this session is in the class ------------------------------------------------------------------------------


def store():  # noqa: ANN201 (a Store: the backend the settings name, one a process)
    return open_store()


def code() -> str:
    return state.get(CLASS)


def teaching() -> bool:
    """Whether this session teaches the class the link names."""
    kept = st.session_state.get(SECRET)
    return bool(code()) and isinstance(kept, tuple) and kept[0] == code()


def secret() -> str:
    return st.session_state[SECRET][1]


def attending() -> bool:
    """Whether this session is a student of the class the link names."""
    return bool(code()) and not teaching() and st.session_state.get(JOINED) == code()


def paced() -> bool:
    """Whether this session is a student whose screen the teacher leads now (the class follows the teacher's step,
    and they have not gone off on their own): the walkthrough's own Back and Next are the teacher's."""
    if not attending() or st.session_state.get(ROAMING):
        return False
    now = class_state()
    return now is not None and now.follow and not now.ended


def in_class() -> bool:
    return teaching() or attending()


def student() -> str:
    """This browser's anonymous id: from its cookie when it has a valid one, else a new one (kept by the cookie)."""
    sid = st.session_state.get(STUDENT)
    if sid is None:
        cookie = st.context.cookies.get(COOKIE)
        sid = cookie if codes.is_student(cookie) else codes.new_student()
        st.session_state[STUDENT] = sid
    return sid


def refused(refusal: Refusal) -> str:
    """A class refusal in the reader's language."""
    reason = refusal.code.removeprefix("class.")
    if refusal.code.startswith("class.") and f"class.refused.{reason}" in _KNOWN:
        return t(f"class.refused.{reason}", **refusal.fields)
    return t("class.refused.other")


_KNOWN = frozenset(
    f"class.refused.{r}"
    for r in ("unknown", "ended", "full", "not_teacher", "not_joined", "no_question", "not_open", "other_question",
              "other_round", "inadmissible", "bad_value", "rate_limited")
)  # fmt: skip


def _warn(message: str) -> None:
    st.warning(message, icon=":material/warning:")


def _attempt(action: Callable[[], object]) -> object | None:
    """``action()``, or None with a notice saying why the class refused it (nothing changed then)."""
    try:
        return action()
    except Refusal as r:
        _warn(refused(r))
    except OSError:  # the store cannot be reached (a Redis down)
        _warn(t("class.unreachable"))
    return None


def _act(action: Callable[[], object]) -> None:
    """A teacher's button's callback: ``action()`` on the class, then the whole page drawn again. A button in the
    step's section reran that section alone, which holds the step's controls back while a round is open and draws
    them again once revealed: a slider drawn again in a section's run alone came back at its lowest value (step 10's
    snapshot went to 0 beside a question about snapshot 1500). A refusal's notice waits for that run (an element
    drawn in a callback lands at the page's top)."""
    try:
        action()
    except Refusal as r:
        st.session_state[TEACHER_SAID] = refused(r)
    except OSError:
        st.session_state[TEACHER_SAID] = t("class.unreachable")
    to_top.next_run()  # and from its top, where the room reads the step and the class's state
    st.rerun()


def class_state() -> ClassState | None:
    """The class as the store has it now, or None (a notice) when it cannot be read."""
    c = code()
    if not c:
        return None
    return _attempt(lambda: store().state(c))  # type: ignore[return-value]


# --- Arriving, starting, joining, leaving --------------------------------------------------------------------------


def arrive() -> None:
    """On a whole run, before the screen: take the teacher's secret the private link offers (checked by the store,
    never written back into the address), and join the class the link names as a student."""
    c = code()
    offered = st.query_params.get(TEACHER_KEY) or kept_secret(c)
    if c and offered and not teaching():
        now = _attempt(lambda: store().teacher(c, offered))
        if now is not None:
            st.session_state[SECRET] = (c, offered)
            if isinstance(now, ClassState) and not now.ended and isinstance(now.step, int) and now.step > 0:
                # a teacher's new session (the private link on another device, a reload) at the class's step: the
                # home page's Start took every student to step 1, a stale link's step took them back there
                state.put(STEP, now.step)
    if c and not teaching() and st.session_state.get(JOINED) != c:
        if _attempt(lambda: store().join(c, student())) is not None:
            st.session_state[JOINED] = c
            to_top.next_run()  # to the banner that says so: a phone that typed the code stayed
            if st.session_state.pop(ROAMING, None):  # scrolled down at the field, the confirmation above its screen
                _tell_roaming(False)
        else:
            state.put(CLASS, "")
    if attending():  # the cookie that keeps this browser the same student after a reload
        _cookie(COOKIE, student(), COOKIE_SECONDS)
    if teaching():  # and the one that keeps the teacher at their class
        _cookie(TEACHER_COOKIE, f"{c}.{secret()}", COOKIE_SECONDS)
    elif st.session_state.pop(FORGET_TEACHER, False):  # a class this browser taught has ended
        _cookie(TEACHER_COOKIE, "", 0)


def kept_secret(c: str) -> str | None:
    """The teacher's secret of class ``c`` that this browser's cookie keeps, if any."""
    kept = st.context.cookies.get(TEACHER_COOKIE)
    if not isinstance(kept, str):  # no cookie (or none a browser could send)
        return None
    kept_code, _, secret_kept = kept.partition(".")
    return secret_kept if c and kept_code == c and secret_kept else None


def _cookie(name: str, value: str, seconds: int) -> None:
    """Set a cookie of this app's in the browser (the value is ours: a code, an id, a secret; never a reader's text)."""
    cookie = f"{name}={value}; path=/; max-age={seconds}; SameSite=Lax"
    st.html(f"<script>document.cookie = {json.dumps(cookie)};</script>", unsafe_allow_javascript=True)


def start(step: int) -> None:
    """Start a class led from ``step`` (0: the home page): this session is its teacher."""
    made = _attempt(lambda: store().create_class())
    if made is None:
        return
    st.session_state[SECRET] = (made.code, made.secret)
    to_top.next_run()  # the page from its top, where the code and its QR code are
    st.session_state.pop(ENDED, None)
    state.put(CLASS, made.code)
    _attempt(lambda: store().set_step(made.code, made.secret, step))


def join(typed: str) -> bool:
    """Join the class whose code a student typed; False (a notice) when it cannot be a code."""
    c = codes.normalise(typed)
    if c is None:
        _warn(t("class.bad_code", length=codes.CODE_LENGTH))
        return False
    st.session_state.pop(SECRET, None)
    state.put(CLASS, c)
    return True


def leave() -> None:
    """Leave the class (a student) or stop teaching it here (the class goes on until the teacher ends it)."""
    if st.session_state.pop(ROAMING, None):
        _tell_roaming(False)
    st.session_state.pop(JOINED, None)
    state.put(CLASS, "")


def _ask_to_end() -> None:
    st.session_state[CONFIRM_END] = True


def _keep_teaching() -> None:
    st.session_state.pop(CONFIRM_END, None)


def end() -> None:
    """The teacher ends the class: every student is told, and nothing more changes in it. Its results stay with the
    teacher's session (:func:`ended_results`): the class's bar, with its Results button, goes."""
    c, s = (code(), secret()) if teaching() else ("", "")
    st.session_state.pop(CONFIRM_END, None)
    st.session_state.pop(SECRET, None)
    state.put(CLASS, "")

    def ending() -> None:
        csv = export_csv(store(), c, s, _worded)
        went = how_it_went(store().results(c, s))
        store().end(c, s)
        st.session_state[ENDED] = (c, csv, went)
        st.session_state[FORGET_TEACHER] = True  # the browser's teacher cookie, cleared by the next run

    if c:
        _act(ending)  # the whole page: the class's bar and banner go, the notice that it ended comes


# --- Links ---------------------------------------------------------------------------------------------------------


def app_address() -> str:
    """The app's address as this session reached it (scheme, host, the app's base path), without a query."""
    url = st.context.url or "http://localhost:8501/"
    parts = urlsplit(url)
    base = (st.get_option("server.baseUrlPath") or "").strip("/")
    return urlunsplit((parts.scheme, parts.netloc, f"/{base}/" if base else "/", "", ""))


def join_link(c: str) -> str:
    return app_address() + "?" + urlencode({CLASS.key: c})


def teacher_link(c: str, s: str) -> str:
    return app_address() + "?" + urlencode({CLASS.key: c, TEACHER_KEY: s, PRESENT.key: "1"})


QR_SCALE = 8  # px a module of the QR code: 232 px for a class's link, read by a phone from the back of a room


def qr_image(link: str, name: str) -> str:
    """The link as a QR code: an image whose source is its SVG as a data URI, named ``name`` for a screen reader
    (escaped). Streamlit's sanitiser keeps an image and drops inline SVG, and a data URI needs no request to the
    replica that drew the page."""
    import segno

    uri = segno.make(link, error="m").svg_data_uri(scale=QR_SCALE, border=2, dark="#000", light="#fff")
    return f'<img class="attention-qr" src="{html.escape(uri, quote=True)}" alt="{html.escape(name, quote=True)}">'


JOIN_LINK = "class_join_link"  # the join link's containers' keys start so (ui/assets/present.css)


def join_panel(c: str, where: str) -> None:
    """How to join: the code in large type, the link, and its QR code, for a projector."""
    link = join_link(c)
    text, code_box = st.columns([3, 2], vertical_alignment="center")
    with text:
        st.markdown(t("class.join_at", heading=t("class.heading")))
        st.markdown(f"<div class='attention-class-code'>{' '.join((c[:3], c[3:]))}</div>", unsafe_allow_html=True)
        with st.container(key=f"{JOIN_LINK}_{where}"):  # read from the back of the room: as the sentences there
            st.code(link, language=None, wrap_lines=True)
        if this_computer(link):
            st.warning(t("class.local_link"), icon=":material/wifi_off:")
    with code_box:
        st.html(qr_image(link, t("class.qr_caption")))
        st.caption(t("class.qr_caption"))


def this_computer(link: str) -> bool:
    """Whether ``link`` names the computer that opened it (localhost, 127.x.x.x, ::1): no phone in the room can
    open it."""
    host = (urlsplit(link).hostname or "").lower()
    return host == "localhost" or host.endswith(".localhost") or host == "::1" or host.startswith("127.")


# --- The teacher's step, the students' following -------------------------------------------------------------------


def moved(k: int, was: int | None = None) -> bool:
    """This session moved to step ``k`` (0: the home page) from step ``was``: a teacher's class goes there; a student
    who leaves the teacher's step roams. Whether the student's banner must be drawn again: they began to roam just now
    (to say so and offer to follow the class), or came onto or left the class's step while its question is
    revealed."""
    if teaching():
        now = class_state()
        if now is not None and now.question_id and now.phase is not Phase.NONE and now.step != k:
            # moving on takes the question off every device (its answers stay in the results): a revealed one
            # stayed at the top of each phone's next steps, pushing the step the projector shows below the screen
            _attempt(lambda: store().clear_question(code(), secret()))
        seen = sorted(seen_steps(now))  # a step revealed once shows its chart when the class comes back to it
        _attempt(lambda: store().set_step(code(), secret(), k, {SEEN_STEPS: seen}))
        st.session_state.pop(SHOW_RESULTS, None)
    elif attending():
        now = class_state()
        if now is None:
            return False
        if not st.session_state.get(ROAMING) and now.follow and now.step != k:
            st.session_state[ROAMING] = True
            _tell_roaming(True)
            return True
        # onto or off the class's step while its question is revealed: the banner shows its verdict there alone
        return now.phase == Phase.REVEALED and not now.ended and now.step in (k, was)
    return False


def led_step(current: int) -> int | None:
    """The teacher's step when this session is a student who follows the class and stands elsewhere; else None."""
    if not attending() or st.session_state.get(ROAMING):
        return None
    now = class_state()
    if now is None or now.ended or not now.follow or not isinstance(now.step, int) or now.step == current:
        return None
    return now.step


def on_class_step(k: int) -> bool:
    """Whether step ``k`` is the class's step (so its view is the class's); an ended class's step is no longer:
    no teacher will reveal it, and its student reads it as any reader does."""
    if not in_class() or st.session_state.get(ROAMING):
        return False
    now = class_state()
    return now is not None and not now.ended and now.step == k


def _revealed_here(now: ClassState) -> bool:
    """Whether the class's step, as it stands, shows its chart: shown without asking, or its question revealed (a
    question is asked on the class's step alone, and taken off when the class moves on)."""
    return bool(now.step_settings.get(SHOWN)) or now.phase == Phase.REVEALED


def seen_before(now: ClassState | None) -> set[int]:
    """The steps the class saw revealed (or shown without asking) on its visits before this one."""
    kept = now.step_settings.get(SEEN_STEPS, []) if now is not None else []
    return {k for k in kept if isinstance(k, int) and not isinstance(k, bool)} if isinstance(kept, list) else set()


def seen_steps(now: ClassState | None) -> set[int]:
    """The steps the class has seen revealed (or shown without asking), the step it stands on included if so."""
    seen = seen_before(now)
    if now is not None and isinstance(now.step, int) and _revealed_here(now):
        seen.add(now.step)
    return seen


def step_revealed(k: int, step_name: str) -> bool:
    """Whether the class's step ``k`` shows its chart and point: once the teacher revealed a question of the step,
    or showed the step without asking, or on coming back to a step revealed before while no question is open; held
    back while one of its questions is open or none was asked yet."""
    now = class_state()
    if now is None:
        return True
    its_own = bool(now.question_id) and now.question_id.split(".")[0] == step_name
    if its_own and now.phase == Phase.OPEN:  # shown before it was asked, the chart answered it on every phone
        return False
    if now.step_settings.get(SHOWN) or (now.phase == Phase.NONE and k in seen_before(now)):
        return True
    return its_own and now.phase == Phase.REVEALED


def show_step(k: int) -> None:
    """The teacher shows the step without asking (for everyone)."""
    seen = sorted(seen_steps(class_state()))
    _act(lambda: store().set_step(code(), secret(), k, {SHOWN: True, SEEN_STEPS: seen}))


_lead: Callable[[int], None] | None = None  # how a page enters the class's step: the walkthrough's, once loaded


def leads_with(enter: Callable[[int], None]) -> None:
    """Name how a following student's page enters the teacher's step ``k`` (0: the home page itself), so that the
    look that sees the class moved enters it at once: one run of the page, not one that sees the move and a second
    on the new step. Code's wiring, the same in every process; nothing of a class."""
    global _lead
    _lead = enter


def _tell_roaming(roaming: bool) -> None:
    """Tell the class whether this student now reads on their own, for the projector's count of them. A refusal (the
    class ended, too many moves a minute) or a store out of reach changes nothing the student sees."""
    try:
        store().roam(code(), student(), roaming)
    except (Refusal, OSError):
        pass


def _remember(now: ClassState) -> None:
    st.session_state[SEEN] = (now.code, now.version, now.follow)


def _poll() -> None:
    """A student's look at the class: when the teacher changed something, the page runs again (onto the teacher's
    step while following); a class called back after roaming brings the student back."""
    c = code()
    seen = st.session_state.get(SEEN)
    try:
        version = store().version(c)
    except (Refusal, OSError):
        return
    if seen is None or seen[0] != c or seen[1] == version:
        return
    now = class_state()
    if now is None:
        return
    if now.follow and not seen[2]:
        st.session_state.pop(ROAMING, None)  # called back
    if now.follow and not st.session_state.get(ROAMING):
        st.session_state[BRING] = True  # from another screen, back to the walkthrough
        if _lead is not None and not now.ended and isinstance(now.step, int) and now.step != state.get(STEP):
            _lead(now.step)  # onto the teacher's step now: the page's run below is on it
    _remember(now)
    st.rerun(scope="app")


polled = sections.section("class_poll", run_every=POLL)(_poll)


def follow_again() -> None:
    """Follow the class again: onto the teacher's step, from another screen too (where the next run took the
    student for one who opened that screen themselves, roaming again)."""
    if st.session_state.pop(ROAMING, None):
        _tell_roaming(False)
    st.session_state[BRING] = True


def ended_results() -> None:
    """A teacher who ended a class: that it ended, and its results to download, for the rest of the visit (or until
    they start another)."""
    if ENDED not in st.session_state or teaching():
        return
    c, csv, (rows, order) = st.session_state[ENDED]
    with st.container(border=True, key="class_ended"):
        st.markdown(t("class.ended_teacher", code=c))
        if rows:  # the lesson's wrap-up on the projector: what the room got right, and what a second vote changed
            st.subheader(t("class.went_heading"))
            spec = charts.right_shares(rows, t("class.went_asked"), t("class.went_share"), t("class.round_axis"), order)
            layout.chart(spec, "class_went", t("class.went_caption"), rows=rows)
        st.download_button(t("class.export"), for_spreadsheets(csv), file_name=f"class-{c}.csv", mime="text/csv",
                           icon=":material/download:", key="class_export_ended")  # fmt: skip


Went = tuple[list[dict[str, object]], list[str]]  # a class's rounds as right_shares draws them, and its questions


def how_it_went(results: list[RoundResult]) -> Went:
    """Each answered round of ``results`` (in the order opened) as a row of :func:`ui.charts.right_shares`: the
    question (numbered in the order first asked, named by its step's title), the round, the share of its answers
    that was right and "right of answered"; and the questions in that order. A round nobody answered, or a question
    the bank cannot ask again, is left out."""
    asked: dict[tuple[str, str], str] = {}  # (question, its settings) -> its label
    rows: list[dict[str, object]] = []
    for r in results:
        try:
            q = question_from_json({"id": r.question_id, "setting": r.settings})
            right = right_of(q, r)
        except (Refusal, ValueError, TypeError, KeyError):
            continue
        if not r.answered:
            continue
        key = (r.question_id, json.dumps(r.settings, sort_keys=True))
        if key not in asked:
            title = t(f"walk.{q.step or q.place}.title")
            asked[key] = wrapped(t("class.went_question", n=len(asked) + 1, title=title))
        rows.append({
            t("class.went_asked"): asked[key],
            t("class.round_axis"): t("class.round", n=r.round),
            t("class.went_share"): right / r.answered,
            "said": t("class.went_said", right=right, answered=r.answered),
        })  # fmt: skip
    return rows, list(asked.values())


def banner(home: bool, go_home: Callable[[], None]) -> None:
    """At the top of a student's page: the class, whether they follow, the question on; and the look that follows
    the teacher. A following student on another screen is brought back to the walkthrough (on the home page) when
    the teacher moves; one who opened another screen themselves roams. A teacher away from the walkthrough is told
    where the class is led from. ``home``: this page is the home page; ``go_home`` goes there."""
    bring = st.session_state.pop(BRING, False)
    ended_results()
    said = st.session_state.pop(TEACHER_SAID, None)
    if said:
        _warn(said)
    to_top.draw()
    if teaching():
        if not home:
            st.caption(t("class.teaching_here", code=code()))
        return
    if not attending():
        return
    now = class_state()
    if now is None:
        return
    if not home and now.follow and not now.ended and not st.session_state.get(ROAMING):
        if bring:
            go_home()
        st.session_state[ROAMING] = True  # they opened this screen themselves
        _tell_roaming(True)
    _remember(now)
    with st.container(border=True, key="class_banner"):
        row = st.container(horizontal=True, vertical_alignment="center")
        with row:
            if now.ended:
                st.markdown(t("class.ended"))
            elif st.session_state.get(ROAMING) and now.follow:
                st.markdown(t("class.roaming", code=now.code))
                st.button(t("class.follow"), key="class_follow", on_click=follow_again, icon=":material/sync:")
            elif now.follow:
                st.markdown(t("class.following", code=now.code))
            else:
                st.markdown(t("class.free", code=now.code))
            st.button(t("class.leave"), key="class_leave", on_click=leave, icon=":material/logout:")
        # an open question wherever the student is (theirs to answer); a revealed one on the class's step alone:
        # a roaming phone kept step 1's verdict at the top of step 2, above that step's own question
        here = home and state.get(STEP) == now.step
        if not now.ended and now.question_id and (now.phase == Phase.OPEN or (now.phase == Phase.REVEALED and here)):
            student_question(now)
    if not now.ended:
        polled()


# --- Questions -----------------------------------------------------------------------------------------------------


def class_question(now: ClassState) -> Question | None:
    """The question the class is asked, under the setting it was opened with."""
    try:
        return question_from_json({"id": now.question_id, "setting": now.question_settings})
    except (Refusal, ValueError, TypeError, KeyError):
        return None


def _send(q: Question, round: int) -> None:
    """A student's Send: the answer the control holds, checked by the question's door and counted by the store."""
    given = questions.entered(q, "class")
    # None (nothing chosen, typed text that is no number, or a number past the field's bounds, which Streamlit puts
    # back to none) is refused with a notice, as any answer the question does not take
    try:
        answer = admit(q, given)
    except Refusal:
        typed = questions.typed_here(q) and questions.typed_notice(q, "class")
        if not typed and given is None:  # nothing chosen, or a number field left empty or put back to none
            d = questions.digits(q)
            typed = (
                t("class.send_empty_number", low=num(q.low, d), high=num(q.high, d))
                if q.kind == "number"
                else t("class.send_empty_choice")
            )
        st.session_state[SAID] = typed or t("class.refused.inadmissible")
        return
    try:
        store().submit(code(), student(), q.id, round, answer, lambda a: _admissible(q, a))
        st.session_state[SAID] = None
    except Refusal as r:
        st.session_state[SAID] = refused(r)
    except OSError:
        st.session_state[SAID] = t("class.unreachable")


def _admissible(q: Question, answer: object) -> bool:
    try:
        admit(q, answer)
    except Refusal:
        return False
    return True


def student_question(now: ClassState) -> None:
    """The question the teacher opened, on a student's device: answer (and change it until the reveal), then
    right or wrong and the explanation."""
    q = class_question(now)
    if q is None:
        return
    mine = _attempt(lambda: store().answer_of(code(), student(), q.id, now.round))
    st.markdown(f"**{t('class.question', round=now.round)}**")
    st.markdown(questions.prompt(q))
    if now.phase == Phase.OPEN:
        record = st.session_state.get("_class_asked")
        if record != (q.id, now.round, json.dumps(now.question_settings, sort_keys=True)):
            st.session_state["_class_asked"] = (q.id, now.round, json.dumps(now.question_settings, sort_keys=True))
            questions.forget("class")
            st.session_state.pop(SAID, None)  # a notice about the last question's answer is not this one's
        questions.control(q, "class", done=False)
        st.button(
            t("class.send"),
            key="class_send",
            type="primary",
            on_click=_send,
            args=(q, now.round),
            icon=":material/send:",
        )
        said = st.session_state.get(SAID)
        if said:
            _warn(said)
        if mine is not None:  # in sight at a glance: a small caption was missed on a phone
            st.success(t("class.sent", given=questions.given_label(q, mine)), icon=":material/check:")
        return
    if mine is None:
        questions.reveal(q, {"state": questions.SKIPPED, "given": None}, skipped=t("class.no_answer"))
    else:
        right = check(q, mine)
        questions.reveal(q, {"state": questions.RIGHT if right else questions.WRONG, "given": mine})


def _open(q: Question, at: int) -> None:
    """Ask ``q``, if the class is still at the version the button was drawn at: asked from another of the teacher's
    devices, or the same press carried out twice, it opens no second round."""
    st.session_state[SHOW_RESULTS] = False  # and the switch in the browser off: popped, it stayed on there
    _act(lambda: store().open_question(code(), secret(), q.id, question_json(q)["setting"], at))


def _reveal(at: int) -> None:
    """Reveal, if the class is still at the version the button was drawn at (as every press of a round's)."""
    _act(lambda: store().reveal(code(), secret(), at))


def _again(at: int) -> None:
    """The next round, if the class is still at the version the button was drawn at: a press the server carried
    out twice (a run that called its callback again) opened two rounds, round 3 after one press in round 1."""
    st.session_state[SHOW_RESULTS] = False  # and the switch in the browser off: popped, it stayed on there
    _act(lambda: store().vote_again(code(), secret(), at))


def _another(k: int, another: Callable[[], None]) -> None:
    """Another question on the class's step: its chart held back until that one is revealed, on every device (the
    last question, revealed, is taken off, its answers kept: the phones kept the live chart that answered the next
    question while the projector showed it), also on a step the class comes back to (whose chart showed again, as
    revealed before)."""
    now = class_state()
    if now is not None and now.phase is not Phase.NONE:
        _attempt(lambda: store().clear_question(code(), secret()))
    if now is not None and (k in seen_before(now) or now.step_settings.get(SHOWN)):
        # and shown without asking before, the projector showed the live chart beside the next question
        settings = {**now.step_settings, SEEN_STEPS: sorted(seen_before(now) - {k})}
        settings.pop(SHOWN, None)
        _attempt(lambda: store().set_step(code(), secret(), k, settings))
    another()


def _count_line(now: ClassState) -> None:
    counts = _attempt(lambda: store().counts(code(), secret()))
    if counts is not None:
        st.subheader(t("class.counted", n=counts.answered, joined=counts.joined), anchor=False)  # no link icon


@sections.section("class_joined", run_every=TEACHER_POLL)
def _joined() -> None:
    """The class and how many students joined, counted again every second (joins do not move the version); and the
    teacher's look at the class: changed from another of the teacher's devices (a laptop beside the projector), the
    page is drawn again on the class's step, its question and round (a stale Ask opened a second round over the
    answers coming in)."""
    now = class_state()
    if now is None:
        return
    seen = st.session_state.get(SEEN)
    if sections.alone() and seen is not None and seen[0] == now.code and seen[1] != now.version:
        _remember(now)
        if not now.ended and isinstance(now.step, int) and now.step != state.get(STEP) and _lead is not None:
            _lead(now.step)
        st.rerun(scope="app")
    bar = t("class.bar", code=now.code, joined=now.students)
    if now.follow and not now.ended:  # who left the teacher's step to look around on their own, while the class follows
        counts = _attempt(lambda: store().counts(code(), secret()))
        if counts is not None and counts.roaming:
            bar += " · " + t("class.roaming_count", roaming=counts.roaming)
    st.markdown(bar)


@sections.section("class_counts", run_every=TEACHER_POLL)
def _counts() -> None:
    """The projector's count of answers, drawn again every second while the round is open."""
    now = class_state()
    if now is not None:
        _count_line(now)


def teacher_question(
    q: Question, k: int, another: Callable[[], None] | None, wide: DeltaGenerator | None = None
) -> bool:
    """The step's question on the teacher's projector with the class's controls; whether the step is revealed.

    Before it is asked: the prompt and options, Ask the class, Show the step without asking. While open: the count
    of answers (n of N joined), Reveal, and the answers so far without the right one on request, and with them Vote
    again. Once revealed: every round's answers against the right one, Vote again, another question, the
    explanation."""
    now = class_state()
    if now is None:
        return True
    asked = now.question_id == q.id and now.phase != Phase.NONE
    with st.container(border=True, key="class_teacher_question"):
        heading = t("class.ask_heading")
        if asked:  # the round the phones name ("The teacher asks (round 2)"), on the projector too
            heading += " · " + t("class.round", n=now.round)
        st.markdown(f"**{heading}**")
        if asked and now.phase == Phase.OPEN:
            _counts()  # first, large: the room and the teacher watch it while the question's options run below
        revealed = asked and now.phase == Phase.REVEALED
        if revealed:  # first: what the room waited for, in the projector's first screen
            # (the step's wide column where there is one: in the question's third its text was 11 px from the back)
            with _answers_place(wide):
                answers_chart(q, now, right=True)
            st.markdown(questions.correct_line(q))
            why = st.container()  # why, under the answer: under the question and its options it fell below a
            # projector's first screenful, where the teacher scrolled for it in front of the room
            row = st.container(horizontal=True)  # what comes next, under the answer: under the question and its
            # options it stood below a projector's first screenful
        # while the step's chart waits, its wide column holds only the note that it does: the question goes there,
        # large, read from the back of the room (in the controls' third it was body text beside an empty column)
        back = k in seen_before(now)  # a step the class saw revealed on an earlier visit
        shown = bool(now.step_settings.get(SHOWN)) or back  # its chart in sight until a question is asked
        held = now.phase == Phase.OPEN if asked else not shown
        with _question_place(wide, not held):
            st.markdown(questions.prompt(q))
            if q.kind != "number":
                st.markdown("\n".join(f"- {questions.option_label(q, o)}" for o in q.options))
            else:
                st.caption(t("q.range", low=num(q.low, questions.digits(q)), high=num(q.high, questions.digits(q))))
        if not revealed:
            row = st.container(horizontal=True)
        if not asked:
            # held back until this question is revealed, or the step shown without asking: the chart of a question
            # revealed before it answered this one too ("Another question" beside c = (-0.645, -0.085))
            if back:  # how the class answered, to talk over again: the room came back to the step for it
                with _answers_place(wide):
                    answers_chart(q, now, right=True, none_said=False)
            with row:
                # asked already, the next move is more often Next than asking again: not the page's main button
                st.button(t("class.ask"), key="class_ask", type="secondary" if back else "primary", on_click=_open,
                          args=(q, now.version), icon=":material/campaign:")  # fmt: skip
                if not shown:
                    st.button(t("class.show_step"), key="class_show", on_click=show_step, args=(k,),
                              icon=":material/visibility:")  # fmt: skip
                if another is not None and step_revealed(k, q.step or q.place):
                    st.button(t("class.another"), key="class_another", on_click=_another, args=(k, another),
                              icon=":material/redo:")  # fmt: skip
            return shown
        if now.phase == Phase.OPEN:
            with row:
                st.button(t("class.reveal"), key="class_reveal", type="primary", on_click=_reveal,
                          args=(now.version,), icon=":material/visibility:")  # fmt: skip
                if st.session_state.get(SHOW_RESULTS):  # peer instruction: the class saw how it voted, not the
                    # right answer, talked it over, and votes again before the reveal (offered after it alone,
                    # the second round came after the answer it was to find)
                    st.button(t("class.again"), key="class_again", on_click=_again, args=(now.version,),
                              icon=":material/replay:")  # fmt: skip
            so_far = st.toggle(t("class.so_far"), key=SHOW_RESULTS)
            if so_far:
                with _answers_place(wide):
                    answers_chart(q, now, right=False)
            return False
        with row:
            st.button(t("class.again"), key="class_again", on_click=_again, args=(now.version,),
                      icon=":material/replay:")  # fmt: skip
            if another is not None:
                st.button(t("class.another"), key="class_another", on_click=_another, args=(k, another),
                          icon=":material/redo:")  # fmt: skip
        with why:
            questions.explain(q)
    return True


def _question_place(wide: DeltaGenerator | None, shown: bool) -> DeltaGenerator:
    """Where the question's words go: while the step's chart is held back, first in the step's wide column, in large
    type (``QUESTION_WIDE``, ui/assets/frame.css); once the chart is shown, or where there is no wide column, here."""
    return st.container() if wide is None or shown else wide.container(key=QUESTION_WIDE)


def _answers_place(wide: DeltaGenerator | None) -> DeltaGenerator:
    """Where the class's answers go: first in the step's wide column, else here."""
    return st.container() if wide is None else wide.container(key=present.ANSWERS_FIRST)


ANSWER_LINE = 32  # characters: an answer's label in the class's chart (the step's wide column), lines at most this long


def wrapped(label: str) -> str:
    """An answer's label in lines of at most :data:`ANSWER_LINE` characters, at spaces where it has them (a
    language written without them, at any character), split by "\\n" as the chart splits it."""
    return "\n".join(textwrap.wrap(label, ANSWER_LINE, break_long_words=True)) or label


def answers_chart(q: Question, now: ClassState, right: bool, none_said: bool = True) -> None:
    """Every round's answers to ``q`` in this class: bars a round for a choice or a pick, a strip of ticks for a
    number; the right answer marked only once revealed (``right``). None yet: said so (``none_said``) or nothing."""
    rounds: list[RoundResult] = _attempt(lambda: store().distribution(code(), secret(), q.id)) or []  # type: ignore
    setting = json.dumps(question_json(q)["setting"], sort_keys=True)
    rounds = [r for r in rounds if json.dumps(r.settings, sort_keys=True) == setting]
    if not any(r.answered for r in rounds):
        if none_said:
            st.caption(t("class.none_yet"))
        return
    round_name = t("class.round_axis")
    if q.kind == "number":
        rows = [
            {round_name: t("class.round", n=r.round), t("class.value"): float(v)}
            for r in rounds
            for v, n in r.values()
            for _ in range(n)
        ]
        spec = charts.answer_strip(rows, t("class.value"), round_name, (q.low, q.high),
                                   float(q.answer) if right else None, q.tolerance)  # fmt: skip
    else:
        labels = {o: questions.drawn_label(q, o) for o in q.options}
        if right:  # marked in words too, read from the back of a room (its bars are outlined)
            labels[q.answer] = t("class.right_label", label=labels[q.answer])
        labels = {o: wrapped(label) for o, label in labels.items()}
        rows = [
            {
                round_name: t("class.round", n=r.round),
                t("class.answer_axis"): labels[o],
                t("class.students"): dict(r.values()).get(o, 0),
                "right": bool(right and o == q.answer),
                "faded": bool(right and o != q.answer),  # once revealed, the wrong answers' bars pale
            }
            for r in rounds
            for o in q.options
        ]
        spec = charts.answer_bars(rows, t("class.answer_axis"), t("class.students"), round_name,
                                  [labels[o] for o in q.options])  # fmt: skip
    # what a screen reader reads and the take-home holds: the answers, the right one ticked in its label (not a
    # column "right True")
    told = [{k: v for k, v in r.items() if k not in ("right", "faded")} for r in rows]
    layout.chart(spec, "class_answers", t("class.answers_caption"), rows=told)
    if right:  # how many were right, said: a number's ticks within the band are not counted at a glance; and how
        # many of those who joined gave none ("2 right of 2" read as the whole class where three had joined)
        st.markdown("  \n".join(right_count(q, r, now.students) for r in rounds if r.answered))


def right_count(q: Question, r: RoundResult, joined: int) -> str:
    """A revealed round's line: how many of its answers were right, and how many of the ``joined`` students gave
    none (a student who joined after the round is counted among them, as in the results' CSV)."""
    line = t("class.right_count", round=t("class.round", n=r.round), right=right_of(q, r), answered=r.answered)
    silent = joined - r.answered
    return line + (" · " + t("class.silent_count", silent=silent) if silent > 0 else "")


def right_of(q: Question, r: RoundResult) -> int:
    """How many of round ``r``'s answers to ``q`` are right."""
    return sum(n for value, n in r.values() if check(q, value))


def teacher_bar(k: int) -> None:
    """The teacher's class controls above the step: the class, how many joined, follow or roam, how to join, the
    private teacher link, the results, and ending the class."""
    now = class_state()
    if now is None:
        return
    _remember(now)  # the class as this page draws it: its look sees a change made elsewhere
    if st.session_state.get(CONFIRM_END):  # once more before every student's screen says the class has ended: one
        # click in the menu, under Results, ended it
        with st.container(border=True, key="class_end_box"):
            st.warning(t("class.end_confirm"), icon=":material/stop_circle:")
            with st.container(horizontal=True):
                st.button(t("class.end_yes"), key="class_end_confirm", type="primary", on_click=end)
                st.button(t("class.end_no"), key="class_end_cancel", on_click=_keep_teaching)
    with st.container(horizontal=True, vertical_alignment="center", key="class_bar"):
        _joined()
        follow = st.toggle(t("class.follow_me"), value=now.follow, key=f"class_follow_{now.version}")
        if follow != now.follow:
            _attempt(lambda: store().set_follow(code(), secret(), follow))
            st.rerun()
        with st.popover(t("class.how_to_join"), icon=":material/qr_code_2:"):
            join_panel(now.code, "bar")
        # what a lesson needs once or at its end, in one menu: the bar in one row on a 1280-wide projector, where
        # its second row pushed the step's charts to half their size
        with st.popover(t("class.more"), icon=":material/more_horiz:"):
            csv = _attempt(lambda: export_csv(store(), code(), secret(), _worded))
            if csv is not None:
                st.download_button(t("class.export"), for_spreadsheets(csv), file_name=f"class-{now.code}.csv",
                                   mime="text/csv", icon=":material/download:", key="class_export")  # fmt: skip
            st.button(t("class.end"), key="class_end", on_click=_ask_to_end, icon=":material/stop_circle:")
            st.divider()
            st.markdown(f"**{t('class.private')}**")
            st.caption(t("class.private_help"))
            # hidden until asked for: a projector showed it to the room, whose every phone could then lead the class
            if st.toggle(t("class.private_show"), key=SHOW_PRIVATE):
                st.code(teacher_link(now.code, secret()), language=None, wrap_lines=True)


def _worded(result: RoundResult, answer: object) -> tuple[str, str, bool | None, str]:
    """A result's question as the students read it, an answer as they saw it (None: a round nobody answered),
    whether it is right, and the right answer as they saw it, for the results' CSV (in plain text: a spreadsheet
    shows no Markdown or TeX); empty where the question cannot be asked again (a question the bank no longer has)."""

    try:
        q = question_from_json({"id": result.question_id, "setting": result.settings})
        asked, right_answer = plain_math(questions.prompt(q)), plain_math(questions.right_answer(q))
        if answer is None:
            return asked, "", None, right_answer
        # the student's answer as they gave it (1.5 where the answers are whole read "2" beside the right "2" and
        # "no"), an option as drawn
        return asked, plain_math(questions.given_label(q, answer)), check(q, answer), right_answer
    except (Refusal, ValueError, TypeError, KeyError):
        return "", "", None, ""


def teacher_home() -> None:
    """On a teacher's home page: how to join, large, and the class's controls."""
    now = class_state()
    if now is None:
        return
    with st.container(border=True, key="class_home"):
        join_panel(now.code, "home")
        teacher_bar(0)


def join_or_start() -> None:
    """On the home page: a student's way into a class by its code, and a teacher's way to start one."""
    with st.expander(t("class.heading"), icon=":material/groups:", expanded=False):
        st.markdown(t("class.intro"))
        typed = st.text_input(
            t("class.code_field"), key=forged.text_field("class_code_typed", "class.code_field"), max_chars=20
        )
        if st.button(t("class.join"), key="class_join", icon=":material/login:") and join(typed):
            st.rerun()
        st.divider()
        st.button(t("class.start"), key="class_start", on_click=start, args=(0,), icon=":material/school:")
        st.caption(t("class.start_help"))
