"""Every link a reader or a class holds opens the same view, on a served app as a browser opens it.

The addresses are those the screens have had since their files were ``screens/N_name.py`` (Streamlit took the
address from the file's name without the number: ``screens/4_state_sweep.py`` -> ``/state_sweep``): each screen's,
the home page's, with the settings a link may carry (a walkthrough step, a tab, a language, a class). Wherever the
screens' files live, a link opens the screen it named with the settings it holds.

The server is a fresh one and the first link it opens names a screen: that is the run in which Streamlit, where a
``pages/`` folder sits beside the entry script, still discovers that folder's pages as its old multipage apps did and
answers a screen's address with "Page not found" (the test client raises on that message), although ``st.navigation``
draws the right screen behind the dialog. So no ``pages/`` folder sits beside ``app.py``.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from bench.streamlit_client import Session
from classroom.backends import open_store
from classroom.settings import Settings
from screens.walkthrough.steps import STEPS
from tests.apptest import unescaped
from tests.browser import app_server
from ui.settings import every
from ui.text import speaking, t

ROOT = Path(__file__).resolve().parents[1]
TITLES = {  # an old address -> the title key of the screen it opened
    "": "app.title",
    "fixed_summary": "nav.fixed_summary",
    "revisitable_source": "nav.revisitable",
    "scoring": "nav.scoring",
    "state_sweep": "nav.sweep",
    "learning": "nav.learning",
    "translator": "nav.translator",
    "limits": "nav.limits",
    "self_attention": "nav.self_attention",
}
CLASS = "{class}"  # a live class's code, filled in once the class is made
LINKS = [  # (address, query), the first a screen's: a fresh server's first run
    ("state_sweep", "s=2&points=41"),
    ("", ""),
    ("fixed_summary", "fix_target=le chat"),
    ("revisitable_source", "rev_tab=hard"),
    ("scoring", "score_tab=luong&q1=2"),
    ("learning", "learn_tab=train"),
    ("translator", "tr_tab=live"),
    ("limits", "lim_tab=work"),
    ("self_attention", "sa_tab=keys"),
    ("", "step=6"),
    ("scoring", "lang=fr&f=relu"),
    ("", "lang=zh&step=2"),
    ("", f"class={CLASS}"),
    ("state_sweep", f"class={CLASS}&step=6"),
]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A fresh server with a class store of its own, and the code of a live class in it."""
    data = tmp_path_factory.mktemp("classes")
    code = open_store(Settings(data_dir=data)).create_class().code
    with app_server(env=dict(os.environ, ATTENTION_DATA=str(data))) as url:
        yield url, code


async def _open(url: str, path: str, query: str) -> tuple[str, list[str], list[str], list[tuple[str, str]]]:
    """Open the link as a browser's first run does: the screen's address shown, the run's exceptions, what it
    wrote, and the link the app wrote back."""
    async with Session(url, query) as s:
        run = await s.rerun(page_name=path)
        return s.path, run.exceptions, [unescaped(x) for x in run.texts], parse_qsl(s.query_string)


def test_pages_is_no_folder_beside_the_entry_script():
    assert not (ROOT / "pages").exists(), "Streamlit would answer a fresh server's first link with 'Page not found'"


def test_every_old_link_opens_the_same_screen_with_its_settings(served):
    url, code = served
    for path, query in LINKS:
        query = query.replace(CLASS, code)
        shown, exceptions, texts, written = asyncio.run(_open(url, path, query))
        link = f"/{path}?{query}"
        assert exceptions == [], link
        assert shown == path, link
        settings = dict(parse_qsl(query))
        with speaking(settings.get("lang", "en")):
            if "step" in settings and not path:  # the home page with a step draws that step
                k = int(settings["step"])
                heading = t("walk.heading", k=k, n=len(STEPS), title=t(f"walk.{STEPS[k - 1].name}.title"))
            else:
                heading = t(TITLES[path])
        assert heading in texts, (link, heading, texts[:5])
        kept = {b.key: b.default_text for b in every()} | dict(written)  # a default is left out of a link
        assert settings.items() <= kept.items(), (link, written)  # the link keeps what it said
