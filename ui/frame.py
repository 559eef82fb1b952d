"""The frame around every screen: the page set-up, the screens as pages, the sidebar, and what follows a screen's run.

``app.py`` declares the screens (:class:`Screen`: script, title, icon, address) and, on every full run, calls
:func:`set_up` (the reader's language, the tab's icon and the layout), hands :func:`pages` (the screens as
``st.Page``, titled in the reader's language) to ``st.navigation`` and :func:`run` the page it returns: the frame
draws the sidebar, runs the screen, then shows the link's notices and writes the link. A section that reruns on its
own (a fragment, see :mod:`ui.sections`) skips all of this and writes the link itself
(:func:`ui.sections.after_section`).
"""

from __future__ import annotations

import base64
import copy
import threading
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from ui import (
    chrome_words,
    classroom,
    clicker,
    gradient_refs,
    kept,
    links,
    number_keys,
    page_assets,
    paste_guard,
    player,
    present,
    questions,
    readings,
    scrub,
    sections,
    spoken,
    state,
    tab_in_view,
    text,
    verdict_in_view,
    walkthrough,
)
from ui.forged import say_ignored
from ui.format import plain
from ui.sections import CHARTS, DRAWN_IN
from ui.take_home import numbers_button, open_numbers
from ui.text import t
from ui.widgets import STATE_KEY

# The tab's icon as a data URL, read once: given a file, st.set_page_config reads it and registers it
# with the session's media files on every run.
ICON = "data:image/png;base64," + base64.b64encode(
    (Path(__file__).resolve().parents[1] / "assets" / "icon.png").read_bytes()
).decode("ascii")
SHARED_SECTION = "shared"  # the sidebar's caption of the shared state, a section that follows the state slider
NOTICES = "_frame_notices"  # the slot above the screen for notices about the link
WHOLE_RUNS = "_whole_runs"  # how many whole runs this session has had
# The page's own style (ui/assets/frame.css), once a run, in one style element with presenter mode's (present.CSS).
STYLE = page_assets.read("frame.css")


@dataclass(frozen=True)
class Screen:
    """A screen as ``app.py`` declares it: the script Streamlit runs for it (``screens/<name>/page.py``), the message
    key of its title, its icon, and its address: ``/<url_path>``, the home page's empty. The address is declared
    there alone; a link to a screen names it by it (:func:`link_to`), and so do the tests and the benches."""

    script: str
    title: str
    icon: str
    url_path: str


# The page's one script element (ui/page_assets.py) holds its declared language (for screen readers' voices and
# the browser's offer to translate; the code is one of LANGUAGES' keys, never the link's text), the script that
# moves charts with their sliders, and the one that gives a label holding TeX its spoken form for screen readers,
# the walkthrough's arrow keys, the one that scrolls a row of tabs to its open tab, the one that keeps a step's
# chart on a short projector, and the one that keeps a colour key's gradient once the address changes, the one
# that cuts a paste past what any field takes to a text the server refuses with a notice, the one that opens a
# phone's number keys for a number typed as text, and the one that writes Streamlit's own words in the reader's
# language. ui/assets/*.js
PAGE_SCRIPTS = (
    scrub,
    spoken,
    clicker,
    player,
    tab_in_view,
    present,
    gradient_refs,
    paste_guard,
    verdict_in_view,
    number_keys,
    chrome_words,
)


def set_up() -> None:
    """Before the screens are declared: this run's language, and the page's set-up."""
    st.session_state[WHOLE_RUNS] = st.session_state.get(WHOLE_RUNS, 0) + 1
    speak_the_readers_language()
    # The tab's icon before the screens are declared: Streamlit's page, told a screen's ':material/…:' icon before
    # any other, fetches that icon's picture from fonts.gstatic.com (the page's address as Referer), a request to
    # Google on every load; once the page has an icon of its own it takes none from a screen.
    st.set_page_config(page_icon=ICON, layout="wide", initial_sidebar_state="collapsed" if present.on() else "auto")


def run(current: st.Page) -> None:
    """The whole app's run once ``st.navigation`` chose the screen ``current``: the frame, the screen, the link."""
    presenting = present.on()
    key = next(s.title for s in _DECLARED if s.url_path == current.url_path)
    st.set_page_config(page_title=t(key) + " · " + t("app.title"))
    if st.session_state.get("_page") != key:
        # A new visit to this screen: widgets are seeded afresh from the shared values
        # (a widget state left over from another screen is not carried to this one).
        state.forget_widgets()
        st.session_state["_page"] = key
    st.html(f"<style>{STYLE}{present.CSS if presenting else ''}</style>")  # our own constant style, no reader text
    st.html(page_assets.script(text.language(), PAGE_SCRIPTS), unsafe_allow_javascript=True)
    st.session_state[NOTICES] = st.container()
    say_ignored(st.session_state[NOTICES])  # values no control could have sent
    with st.session_state[NOTICES]:
        classroom.arrive()  # the teacher's private link, a student's joining: refusals said here
    present.unfilled()
    sections.forget_all_followers()
    asked_for_numbers = _sidebar(presenting)
    st.session_state[CHARTS], st.session_state[DRAWN_IN] = {}, {}
    # a student's class: following the teacher, the question on
    classroom.banner(key == "nav.home", lambda: st.switch_page(link_to("")))
    if key != "nav.home":  # a screen opened from a walkthrough step: the way back to it
        walkthrough.way_back(lambda: st.switch_page(link_to("")))
    with kept.first_run(key):
        current.run()
    if key != "nav.home":  # every screen's own question, at the reader's state
        questions.check_yourself(key.removeprefix("nav."), STATE_KEY)
    finish()
    if asked_for_numbers:
        open_numbers()


_DECLARED: tuple[Screen, ...] = ()  # the screens app.py declared, for the pages' links to them
_MADE: dict[tuple[str, tuple[Screen, ...]], tuple[st.Page, ...]] = {}  # (language, screens) -> st.Page each, made once
_MADE_LOCK = threading.Lock()


def pages(declared: tuple[Screen, ...]) -> list[st.Page]:
    """The screens ``app.py`` declares, for ``st.navigation``: in their order, titled in the reader's language, the
    home page (the one whose address is empty) the default.

    Each is a copy of one made once a language (making one resolves and checks its file), for this run alone:
    ``st.navigation`` marks the page it returns as the one this run may call.
    """
    global _DECLARED
    _DECLARED = declared
    return [copy.copy(page) for page in _made()]


def screens() -> tuple[Screen, ...]:
    """The screens ``app.py`` declared, in their order (the home page first)."""
    return _DECLARED


def _made() -> tuple[st.Page, ...]:
    key = (text.language(), _DECLARED)
    with _MADE_LOCK:
        made = _MADE.get(key)
        if made is None:
            made = _MADE[key] = tuple(
                st.Page(s.script, title=t(s.title), icon=s.icon, url_path=s.url_path, default=not s.url_path)
                for s in _DECLARED
            )
    return made


def link_to(url_path: str) -> st.Page:
    """The screen at ``/<url_path>`` (the home page's: empty) for ``st.page_link`` and ``st.switch_page``: found by
    the page Streamlit registered for it, not by resolving its file on every run."""
    return _made()[[s.url_path for s in _DECLARED].index(url_path)]


def finish() -> None:
    """After the screen has drawn: the link's notices, the link, and what follows a slider the screen lacks."""
    notices = state.notices()
    if notices:
        with st.session_state[NOTICES]:
            for message in notices:
                st.warning(plain(message), icon=":material/warning:")  # it may repeat what the link says
    state.sync_url()


def shared_state() -> None:
    """The sidebar's caption: the shared state, and that the link holds this view."""
    m = state.model()
    tokens = " · ".join(plain(x) for x in readings.shown(m.tokens))  # named: a count read as screen 1's sentence's
    st.caption(t("nav.current", s=f"{m.s:g}", tokens=tokens, d_a=m.params.d_a) + "\n\n" + t("nav.share"))


RESET = "nav_reset"  # the sidebar's reset button's widget key
SPOKEN = "spoken"  # the language this session's widgets were last drawn in


def speak_the_readers_language() -> None:
    """Set this run's language from the link, or from the switch the reader just moved; and a callback's, which runs
    before the next run sets it: the language the session stores."""
    text.read_session_language_with(state.session_language)
    chosen = st.session_state.get(links.LANG.widget_key)
    if chosen in text.available_languages():
        state.put(links.LANG, chosen)
    code = state.get(links.LANG)
    text.use(code)
    if links.LANG.widget_key in st.session_state and chosen != code:
        st.session_state[links.LANG.widget_key] = code  # the switch shows the language the link chose
    if st.session_state.get(SPOKEN, code) != code:
        state.forget_widgets()  # seeded again: the example's sentences in the new reading, tabs and options relabelled
    st.session_state[SPOKEN] = code


def _sidebar(presenting: bool) -> bool:
    """The language, reset and presenter switches, the shared state and the take-home button (whether pressed)."""

    with st.sidebar:
        if len(text.available_languages()) > 1:
            state.seed(links.LANG.widget_key, text.language())
            st.radio(  # a radio: a segmented control writes the chosen language in the accent colour, below 4.5:1
                t("nav.language"),
                options=text.available_languages(),
                format_func=text.LANGUAGES.get,
                key=links.LANG.widget_key,
                horizontal=True,
                label_visibility="collapsed",
            )
        if st.button(t("nav.reset"), help=t("nav.reset_help"), key=RESET):
            state.reset_model()
            state.forget_widgets()
        present.toggle()
        sections.follows(STATE_KEY, SHARED_SECTION, shared_state, settles=lambda: state.model().s)
        return not presenting and bool(_numbers())


@sections.section("numbers")
def _numbers() -> bool:
    """The take-home button, in a section of its own: pressed, it reruns alone and opens the dialog over the page as
    it is. Pressed in a whole run (a test's), the frame opens the dialog once the screen has drawn its charts."""
    pressed = numbers_button()
    if pressed and sections.alone():
        open_numbers()
    return pressed
