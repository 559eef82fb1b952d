"""The page's own scripts and style, kept as files in ``ui/assets/`` (JavaScript and CSS, which an editor and a
linter read as such), and the values Python gives them.

The frame writes them once a run (:mod:`ui.frame`): one style element, ``frame.css`` and, in presenter mode,
``present.css`` after it (two style elements could take effect apart), and one script, which sets the page's
language and ``window.attentionConfig`` (each script's values, by its module's name: a module's ``CONFIG``) before
the scripts themselves. A script reads its values from there (``const {restedMs} = window.attentionConfig.scrub``),
a style its numbers from custom properties written before it (``ui.present.CSS``). A file's opening comment is for
whoever reads the file and is not sent. A script holds no angle bracket that could read as a tag: Streamlit's html
element drops a script whose text holds one.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from types import ModuleType

ASSETS = Path(__file__).resolve().parent / "assets"
_OPENING = re.compile(r"\A(?:/\*.*?\*/\n|(?://[^\n]*\n)+)", re.S)  # a file's opening comment


@functools.cache
def read(name: str) -> str:
    """The file ``ui/assets/<name>`` as sent: without its opening comment."""
    return _OPENING.sub("", (ASSETS / name).read_text(encoding="utf-8"), count=1)


class Prepared(str):
    """HTML that is already what Streamlit's html element makes of a text (no indent common to its lines, nothing
    to strip at its ends): given to ``st.html``, it is sent as it is (``_repr_html_``, the element's public door for
    an object that writes its own HTML), not through ``textwrap.dedent``, which read the page's 39 KB script line
    by line on every whole run (1.1 ms)."""

    def _repr_html_(self) -> str:
        return str(self)


def script(language: str, modules: tuple[ModuleType, ...]) -> Prepared:
    """The page's one script element: its language (one of the app's language codes), each module's ``CONFIG`` and
    each module's ``SCRIPT``, in order."""
    config = {m.__name__.rsplit(".", 1)[-1]: m.CONFIG for m in modules if hasattr(m, "CONFIG")}
    scripts = "".join(m.SCRIPT for m in modules)
    return Prepared(
        f"<script>document.documentElement.lang = {json.dumps(language)};"
        f"window.attentionConfig = {json.dumps(config)};{scripts}</script>"
    )
